import { describe, expect, it } from 'vitest';
import { foldWords, initialsOf, queryWords, searchTerms, matchQuery, MAX_QUERY_WORDS } from '../../src/server/domain/search-terms.ts';

describe('search terms', () => {
  it('folds accents, case and punctuation into words', () => {
    expect(foldWords('Mohammed Shami')).toEqual(['mohammed', 'shami']);
    expect(foldWords("D'Arcy Short")).toEqual(['darcy', 'short']);
    expect(foldWords('Héctor  Pérez-Núñez')).toEqual(['hector', 'perez', 'nunez']);
    expect(foldWords('Søren Ærø')).toEqual(['soren', 'aero']);
    expect(foldWords('M. Chinnaswamy Stadium, Bengaluru')).toEqual(['m', 'chinnaswamy', 'stadium', 'bengaluru']);
    // Devanagari keeps its vowel signs (only Latin accents are folded).
    expect(foldWords('विराट कोहली')).toEqual(['विराट', 'कोहली']);
  });

  it("reads a player's initials as Cricsheet writes them", () => {
    expect(initialsOf('V Kohli')).toEqual(['v']);
    expect(initialsOf('MS Dhoni')).toEqual(['m', 's']);
    expect(initialsOf('AB de Villiers')).toEqual(['a', 'b']);
    expect(initialsOf('Shubman Gill')).toEqual([]);
    expect(initialsOf('Rashid Khan')).toEqual([]);
  });

  it('makes initials searchable for players only', () => {
    expect(searchTerms('JJ Bumrah', 'player')).toBe(' jj bumrah ~j ');
    expect(searchTerms('MI Cape Town', 'team')).toBe(' mi cape town ');
    expect(searchTerms('Punjab Kings', 'team', ['Kings XI Punjab'])).toBe(' punjab kings xi ');
  });

  it('matches each query word at the start of a word, or a word before the last at an initial', () => {
    const kohli = searchTerms('V Kohli', 'player');
    expect(matchQuery(kohli, ['koh'])).toBe('words');
    expect(matchQuery(kohli, ['v', 'kohli'])).toBe('words');
    expect(matchQuery(kohli, ['virat', 'kohli'])).toBe('initials');
    // The last word is the surname as typed: never an initial.
    expect(matchQuery(kohli, ['kohli', 'virat'])).toBeNull();
    expect(matchQuery(kohli, ['virat'])).toBeNull();
    expect(matchQuery(kohli, ['ohli'])).toBeNull();
    expect(matchQuery(kohli, ['rohit', 'kohli'])).toBeNull();
    // 'V Kohli' must not find MK Villiers through his initial K.
    expect(matchQuery(searchTerms('MK Villiers', 'player'), ['v', 'kohli'])).toBeNull();
    // One letter never stands for an initial.
    expect(matchQuery(searchTerms('MS Dhoni', 'player'), ['s', 'dhoni'])).toBeNull();
    expect(matchQuery(searchTerms('MS Dhoni', 'player'), ['mahendra', 'singh', 'dhoni'])).toBe('initials');
    expect(matchQuery(searchTerms('Mumbai Indians', 'team'), ['mahendra', 'indians'])).toBeNull();
    expect(matchQuery(kohli, [])).toBeNull();
  });

  it('limits the words of a query', () => {
    expect(queryWords('  Virat   KOHLI ')).toEqual(['virat', 'kohli']);
    expect(queryWords('a b c d e f g h')).toHaveLength(MAX_QUERY_WORDS);
    expect(queryWords('kohli kohli')).toEqual(['kohli']);
    expect(queryWords('%_\\')).toEqual([]);
  });
});
