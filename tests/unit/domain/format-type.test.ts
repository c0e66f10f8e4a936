// Real files' facts (Cricsheet match_type, team_type, balls_per_over) and the type fans give them.
import { describe, expect, it } from 'vitest';
import {
  broadFormatOf,
  careerTypesOf,
  beyondInternational,
  widerCareerHoldsMore,
  formatTypeLabel,
  formatTypeOf,
  orderedFormatTypes,
  type FormatTypeInput,
} from '../../../src/server/domain/format-type.ts';

const of = (matchType: string, teamType: string, ballsPerOver = 6, format: FormatTypeInput['format'] = 't20') =>
  formatTypeOf({ matchType, teamType, ballsPerOver, format });

describe('formatTypeOf', () => {
  it('keeps the international formats', () => {
    // 1448349: India v England, Headingley 2025.
    expect(of('Test', 'international', 6, 'test')).toBe('test');
    // 1479573: India v South Africa, Ranchi 2025.
    expect(of('ODI', 'international', 6, 'oneday')).toBe('odi');
    // 1479576: India v South Africa, Cuttack 2025 (T20 between international sides).
    expect(of('T20', 'international')).toBe('t20i');
  });

  it('names domestic matches as fans do, never as Tests or ODIs', () => {
    // Sheffield Shield, County Championship: MDM (multi-day domestic).
    expect(of('MDM', 'club', 6, 'test')).toBe('first_class');
    // One-Day Cup, Marsh Cup: ODM (one-day domestic); also CWC Challenge League between nations without ODI status.
    expect(of('ODM', 'club', 6, 'oneday')).toBe('list_a');
    expect(of('ODM', 'international', 6, 'oneday')).toBe('list_a');
    // IPL, Vitality Blast, Big Bash.
    expect(of('T20', 'club')).toBe('t20');
    // The Hundred: 100 balls as twenty sets of five.
    expect(of('T20', 'club', 5)).toBe('hundred');
    // Continental Cup final 2024, Gibraltar v Hungary: a T20 between nations without T20I status.
    expect(of('IT20', 'international')).toBe('t20');
  });

  it("a scorer's fixture with a match type of its own words: the format and the sides decide", () => {
    expect(of('Friendly', 'international', 6, 'test')).toBe('test');
    expect(of('Friendly', 'club', 6, 'test')).toBe('first_class');
    expect(of('50-over cup', 'club', 6, 'oneday')).toBe('list_a');
    expect(of('Exhibition', 'international', 6, 't20')).toBe('t20i');
  });
});

describe('the record books around the types', () => {
  it('keeps the provider’s three formats', () => {
    expect(['test', 'first_class', 'odi', 'list_a', 't20i', 't20', 'hundred'].map((type) => broadFormatOf(type as never))).toEqual([
      'test', 'test', 'oneday', 'oneday', 't20', 't20', 't20',
    ]);
  });

  it('counts a Test in first-class careers, an ODI in List A, a T20I in T20; The Hundred only as itself', () => {
    expect(careerTypesOf('test')).toEqual(['test', 'first_class']);
    expect(careerTypesOf('odi')).toEqual(['odi', 'list_a']);
    expect(careerTypesOf('t20i')).toEqual(['t20i', 't20']);
    expect(careerTypesOf('first_class')).toEqual(['first_class']);
    expect(careerTypesOf('hundred')).toEqual(['hundred', 't20']);
  });

  it('keeps an umbrella row only where it holds matches beyond its international row', () => {
    expect(widerCareerHoldsMore('test', ['test'])).toBe(true);
    expect(widerCareerHoldsMore('first_class', ['test', 'test'])).toBe(false);
    expect(widerCareerHoldsMore('first_class', ['test', 'first_class'])).toBe(true);
    expect(widerCareerHoldsMore('list_a', ['odi'])).toBe(false);
    expect(widerCareerHoldsMore('t20', ['t20i', 'hundred'])).toBe(true);
    // What the row adds: its domestic matches held here.
    expect(beyondInternational('first_class', ['test', 'first_class', 'test', 'first_class'])).toBe(2);
    expect(beyondInternational('list_a', ['odi', 'odi'])).toBe(0);
    expect(beyondInternational('t20', ['t20i', 't20', 'hundred'])).toBe(2);
  });

  it('orders and names them', () => {
    expect(orderedFormatTypes(['t20', 'first_class', 'test', 't20i'])).toEqual(['test', 't20i', 'first_class', 't20']);
    expect(formatTypeLabel('first_class', 'en')).toBe('First-class');
    expect(formatTypeLabel('t20i', 'en')).toBe('T20I');
    expect(formatTypeLabel('odi', 'hi')).toBe('वनडे');
  });
});
