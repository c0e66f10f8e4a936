import { describe, expect, it } from 'vitest';
import { formLetter, headToHead } from '../../../src/server/domain/form.ts';

describe('formLetter', () => {
  it('is W for the winner and L for the other side', () => {
    // 2023 World Cup final: Australia (b, chasing) beat India by 6 wickets.
    const final = { winner: 'b', result: null } as const;
    expect(formLetter(final, 'b')).toBe('W');
    expect(formLetter(final, 'a')).toBe('L');
  });

  it('keeps a tie a tie when a super over then decided the match', () => {
    // 2019 World Cup final: tied on 241, the super over tied too, England won on boundaries;
    // Cricsheet records result 'tie' with England as the eliminator, and no winner.
    const final = { winner: null, result: 'tie' } as const;
    expect([formLetter(final, 'a'), formLetter(final, 'b')]).toEqual(['T', 'T']);
  });

  it('tells a draw from a no result', () => {
    expect(formLetter({ winner: null, result: 'draw' }, 'a')).toBe('D');
    expect(formLetter({ winner: null, result: 'no result' }, 'b')).toBe('NR');
  });
});

describe('headToHead', () => {
  it("counts the meetings from team a's results in them", () => {
    const counts = headToHead(['W', 'L', 'W', 'T', 'NR', 'D', 'W']);
    expect(counts).toEqual({ played: 7, won: { a: 3, b: 1 }, tied: 1, noResult: 1, drawn: 1 });
  });

  it('is all zeros before the sides have met', () => {
    expect(headToHead([])).toEqual({ played: 0, won: { a: 0, b: 0 }, tied: 0, noResult: 0, drawn: 0 });
  });
});
