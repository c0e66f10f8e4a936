import { afterEach, describe, expect, it } from 'vitest';
import { bookOf, installLocalNames, localName, localNameSource, lookupName, SHIPPED_NAME_ROWS, venueIdentity, venuePlaces } from '../../../src/i18n/names.ts';

afterEach(() => installLocalNames([]));

describe('localName', () => {
  it('keeps the Latin name in English and where no Hindi name is known', () => {
    expect(localName('team', 'India', 'en')).toBe('India');
    expect(localName('team', 'Nowhere XI', 'hi')).toBe('Nowhere XI');
    expect(localName('player', 'Z Nobody', 'hi', '00000000')).toBe('Z Nobody');
  });

  it("gives a national side its country's Hindi name, and a women's side the same with महिला", () => {
    expect(localName('team', 'India', 'hi')).toBe('भारत');
    expect(localName('team', 'India Women', 'hi')).toBe('भारत महिला');
    expect(localNameSource('team', 'India')).toMatch(/Wikidata Q668/);
  });

  it('finds a player by register id first, by a Latin name only one player has otherwise', () => {
    const book = bookOf([
      { kind: 'player', key: 'aaaaaaaa', latin: 'R Sharma', hi: 'राहुल शर्मा', source: 'test' },
      { kind: 'player', key: 'bbbbbbbb', latin: 'R Sharma', hi: 'रोहित शर्मा', source: 'test' },
      { kind: 'player', key: 'cccccccc', latin: 'V Kohli', hi: 'विराट कोहली', source: 'test' },
    ]);
    expect(lookupName(book, 'player', 'R Sharma', 'bbbbbbbb')?.name).toBe('रोहित शर्मा');
    expect(lookupName(book, 'player', 'R Sharma')).toBeNull();
    expect(lookupName(book, 'player', 'V Kohli')?.name).toBe('विराट कोहली');
  });

  it('puts names installed at run time (profiles) over the shipped ones', () => {
    installLocalNames([{ kind: 'team', key: 'India', hi: 'इंडिया', source: 'a profile' }]);
    expect(localName('team', 'India', 'hi')).toBe('इंडिया');
    expect(localNameSource('team', 'India')).toBe('a profile');
  });

  it('reads a venue under its variant names as one', () => {
    expect(venueIdentity('Wankhede Stadium, Mumbai')).toBe(venueIdentity('Wankhede Stadium'));
    expect(venueIdentity('M.Chinnaswamy Stadium')).toBe(venueIdentity('M Chinnaswamy Stadium, Bengaluru'));
    expect(venueIdentity("Lord's, London")).toBe('lords');
    expect(venueIdentity('MA Chidambaram Stadium, Chepauk, Chennai')).toBe(venueIdentity('MA Chidambaram Stadium, Chepauk'));
    expect(venueIdentity('Gahanga International Cricket Stadium. Rwanda')).toBe(venueIdentity('Gahanga International Cricket Stadium, Rwanda'));
    expect(venuePlaces('Kensington Oval, Bridgetown', 'Barbados')).toEqual(['bridgetown', 'barbados']);
    const book = bookOf([{ kind: 'venue', key: 'Wankhede Stadium', hi: 'वानखेड़े स्टेडियम', source: 'test' }]);
    expect(lookupName(book, 'venue', 'Wankhede Stadium, Mumbai')?.name).toBe('वानखेड़े स्टेडियम');
  });

  it('names the final of IPL 2025 in Hindi: Kohli and Royal Challengers Bengaluru', () => {
    expect(localName('player', 'V Kohli', 'hi', 'ba607b88')).toBe('विराट कोहली');
    expect(localName('team', 'Royal Challengers Bengaluru', 'hi')).toBe('रॉयल चैलेंजर्स बेंगलुरु');
    expect(localName('venue', 'Wankhede Stadium, Mumbai', 'hi')).toBe('वानखेड़े स्टेडियम');
    expect(localName('venue', 'Narendra Modi Stadium, Ahmedabad', 'hi')).toBe('नरेंद्र मोदी स्टेडियम');
  });

  it('ships at least 500 players, 100 grounds and every side held, each once', () => {
    const count = (kind: string) => SHIPPED_NAME_ROWS.filter((row) => row.kind === kind).length;
    expect(count('player')).toBeGreaterThanOrEqual(500);
    expect(count('venue')).toBeGreaterThanOrEqual(100);
    expect(count('team')).toBeGreaterThanOrEqual(280);
    const keys = SHIPPED_NAME_ROWS.map((row) => `${row.kind}:${row.kind === 'player' ? row.key : venueIdentity(row.key)}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('ships a source with every Hindi name, in Devanagari', () => {
    for (const row of SHIPPED_NAME_ROWS) {
      expect(row.source.length, row.key).toBeGreaterThan(5);
      expect(row.hi, row.key).toMatch(/^[\u0900-\u097F\u200c\u200d .()'0-9-]+$/);
    }
  });

  it('says of every player name either that it is not yet checked or which page it was checked against', () => {
    const unchecked = 'written for Crease; not yet checked against a second source';
    const checked = /^written for Crease; (agrees with https?:\/\/\S+|spelling taken from https?:\/\/\S+ \(first written [\u0900-\u097F\u200c\u200d .()'-]+\))$/;
    const players = SHIPPED_NAME_ROWS.filter((row) => row.kind === 'player');
    expect(players.length).toBeGreaterThan(0);
    for (const row of players) {
      if (row.source !== unchecked) expect(row.source, row.key).toMatch(checked);
    }
  });
});
