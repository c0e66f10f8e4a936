// What the open data is missing of a tournament (issue 28 §5): gaps in the event's match
// numbers, put on a withheld side only when the other sides' fixtures show an absent side.
import { describe, expect, it } from 'vitest';
import { tournamentGap, WITHHELD_SIDES, type HeldMatch } from '../../../src/server/domain/withheld-matches.ts';

const men = { gender: 'male' as const, teamType: 'international', bilateral: false, formatType: 'odi' as const, lastDay: '2023-11-19' };

/** A single round robin of `sides`, numbered in order, less the numbers in `skip`. */
function roundRobin(sides: string[], skip: (teams: [string, string]) => boolean): HeldMatch[] {
  const matches: HeldMatch[] = [];
  let number = 0;
  for (let i = 0; i < sides.length; i++) {
    for (let j = i + 1; j < sides.length; j++) {
      number++;
      const teams: [string, string] = [sides[i]!, sides[j]!];
      if (!skip(teams)) matches.push({ number, group: null, stage: null, teams });
    }
  }
  return matches;
}

const SIDES = ['Afghanistan', 'Australia', 'England', 'India', 'Pakistan', 'South Africa'];
// Afghanistan third: its matches are numbered 2, 6, 10, 11 and 12, all between held numbers (1 to 15).
const MIDDLE = ['Australia', 'England', 'Afghanistan', 'India', 'Pakistan', 'South Africa'];
const withoutAfghanistan = (teams: [string, string]) => teams.includes('Afghanistan');

describe('tournamentGap', () => {
  it('the withheld list names its source: the archives’ own README', () => {
    expect(WITHHELD_SIDES.map((side) => side.name)).toEqual(['Afghanistan']);
    expect(WITHHELD_SIDES[0]!.source).toContain('README.txt');
  });

  it('puts the gap on the withheld side when the held sides all met: one match against each of them', () => {
    // Numbered first, Afghanistan's matches (1 to 5) leave no gap between the numbers held: nothing to go on.
    expect(tournamentGap(roundRobin(SIDES, withoutAfghanistan), men)).toBeNull();
    expect(tournamentGap(roundRobin(MIDDLE, withoutAfghanistan), men)).toEqual({ side: 'Afghanistan', missing: 5, atLeast: false, others: 0 });
  });

  it('names no side when the gap does not fit the other sides’ fixtures exactly (the last numbers are not seen)', () => {
    // Afghanistan's matches are numbered 5, 9, 12, 14 and 15: only three fall between the held numbers (1 to 13).
    const matches = roundRobin([...SIDES.slice(1), 'Afghanistan'], withoutAfghanistan);
    expect(tournamentGap(matches, men)).toEqual({ side: null, missing: 3, atLeast: true, others: 0 });
  });

  it('names no side before it played the type, nor in a round robin of fewer than four held sides', () => {
    const middle = roundRobin(MIDDLE, withoutAfghanistan);
    expect(tournamentGap(middle, { ...men, lastDay: '2004-09-25' })).toMatchObject({ side: null, missing: 5 });
    expect(tournamentGap(middle, { ...men, formatType: 'test', lastDay: '2017-01-01' })).toMatchObject({ side: null, missing: 5 });
    // Afghanistan's matches 1, 4 and 5: 4 and 5 lie between held numbers.
    const three = roundRobin(['Nepal', 'Afghanistan', 'Bhutan', 'Maldives'], withoutAfghanistan);
    expect(tournamentGap(three, men)).toEqual({ side: null, missing: 2, atLeast: true, others: 0 });
  });

  it('reads no gap in numbers used twice (an event numbering several series apart)', () => {
    const twice: HeldMatch[] = [1, 1, 2, 4].map((number, index) => ({ number, group: null, stage: null, teams: [SIDES[index + 1]!, SIDES[index + 2]!] }));
    expect(tournamentGap(twice, men)).toBeNull();
  });

  it('reads no gap up to a stray number at an end (another season’s match filed under this one)', () => {
    const league = [12, 61, 62, 63, 64, 66].map((number, index): HeldMatch => ({ number, group: null, stage: null, teams: [SIDES[index % 5]!, SIDES[(index % 5) + 1]!] }));
    expect(tournamentGap(league, men)).toEqual({ side: null, missing: 1, atLeast: true, others: 0 });
  });

  it('tells a washed-out meeting of two held sides apart from the absent side’s matches', () => {
    const matches = roundRobin(MIDDLE, (teams) => teams.includes('Afghanistan') || (teams[0] === 'India' && teams[1] === 'Pakistan'));
    expect(tournamentGap(matches, men)).toEqual({ side: 'Afghanistan', missing: 5, atLeast: false, others: 1 });
  });

  it('puts nothing on a side when the missing matches are between held sides, or no withheld side could play', () => {
    const washed = roundRobin(SIDES.slice(1), (teams) => teams[0] === 'England' && teams[1] === 'India');
    expect(tournamentGap(washed, men)).toEqual({ side: null, missing: 1, atLeast: true, others: 0 });
    const women = roundRobin(MIDDLE, withoutAfghanistan);
    expect(tournamentGap(women, { ...men, gender: 'female' })).toEqual({ side: null, missing: 5, atLeast: true, others: 0 });
  });

  it('says nothing without a gap, without numbers, or for a series between two sides', () => {
    expect(tournamentGap(roundRobin(SIDES, () => false), men)).toBeNull();
    const unnumbered = roundRobin(MIDDLE, withoutAfghanistan).map((match) => ({ ...match, number: null }));
    expect(tournamentGap(unnumbered, men)).toBeNull();
    const tour: HeldMatch[] = [1, 3].map((number) => ({ number, group: null, stage: null, teams: ['India', 'England'] }));
    expect(tournamentGap(tour, { ...men, bilateral: true })).toBeNull();
  });

  it('in groups: the one group whose fixtures fit the gap', () => {
    const a = roundRobin(['Australia', 'England', 'India', 'Sri Lanka', 'Afghanistan'], withoutAfghanistan).map((match) => ({ ...match, group: 'A' }));
    const b = roundRobin(['Pakistan', 'South Africa', 'New Zealand', 'Ireland', 'Netherlands'], () => false).map((match) => ({ ...match, number: match.number! + 10, group: 'B' }));
    expect(tournamentGap([...a, ...b], men)).toEqual({ side: 'Afghanistan', missing: 4, atLeast: false, others: 0 });
  });
});
