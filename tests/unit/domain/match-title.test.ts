import { describe, expect, it } from 'vitest';
import { matchTitle } from '../../../src/server/domain/match-title.ts';

const title = (overrides: Partial<Parameters<typeof matchTitle>[0]>, lang: 'en' | 'hi' = 'en') =>
  matchTitle({ stage: null, matchNumber: null, group: null, matchType: 'T20', ...overrides }, lang);

describe('matchTitle', () => {
  it('numbers league matches and Tests with English ordinals', () => {
    expect(title({ matchNumber: 1 })).toBe('1st Match');
    expect(title({ matchNumber: 12 })).toBe('12th Match');
    expect(title({ matchNumber: 22 })).toBe('22nd Match');
    expect(title({ matchNumber: 113 })).toBe('113th Match');
    expect(title({ matchNumber: 2, matchType: 'Test' })).toBe('2nd Test');
    expect(title({ matchNumber: 3, matchType: 'ODI' })).toBe('3rd ODI');
  });

  it('a stage wins over the number, and the group is added', () => {
    expect(title({ stage: 'Final', matchNumber: 74 })).toBe('Final');
    expect(title({ matchNumber: 5, group: 'B' })).toBe('5th Match, Group B');
  });

  it('speaks Hindi: masculine ordinals, stage names, groups', () => {
    expect(title({ matchNumber: 1 }, 'hi')).toBe('पहला मैच');
    expect(title({ matchNumber: 5, matchType: 'Test' }, 'hi')).toBe('5वाँ टेस्ट');
    expect(title({ matchNumber: 2, matchType: 'ODI' }, 'hi')).toBe('दूसरा वनडे');
    expect(title({ stage: 'Semi-Final' }, 'hi')).toBe('सेमीफ़ाइनल');
    expect(title({ stage: 'Qualifier 1' }, 'hi')).toBe('क्वालीफ़ायर 1');
    expect(title({ stage: '3rd Place Play-Off' }, 'hi')).toBe('तीसरे स्थान का प्ले-ऑफ़');
    expect(title({ matchNumber: 5, group: 'B' }, 'hi')).toBe('5वाँ मैच, ग्रुप B');
    // A stage we have no Hindi for keeps Cricsheet's words rather than guessing.
    expect(title({ stage: 'Plate Final' }, 'hi')).toBe('Plate Final');
  });

  it('falls back to the match type when the event gives neither', () => {
    expect(title({ matchType: 'IT20' })).toBe('T20I');
    expect(title({ matchType: 'MDM' }, 'hi')).toBe('मैच');
  });
});
