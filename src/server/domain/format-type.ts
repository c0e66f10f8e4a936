// What kind of cricket a match is, as fans and record books name it: Test, ODI, T20I,
// first-class, List A, T20 (domestic and franchise) or The Hundred. The provider API's `format`
// (t20, oneday, test) is the broad class of each.
//
// From Cricsheet's match_type and team_type (docs/decisions/031-formats-and-series.md):
//   Test → Test; ODI → ODI; T20 between international sides → T20I;
//   MDM (multi-day domestic) → first-class; ODM (one-day, domestic or without ODI status) → List A;
//   T20 between clubs → T20, or The Hundred when its overs are five-ball sets;
//   IT20 (a T20 between international sides without T20I status) → T20.
// A match made here (a scorer's fixture) may carry a match type of its own words: its broad
// format and whether both sides are international decide then.
import type { Lang } from './result.ts';

export const FORMAT_TYPES = ['test', 'odi', 't20i', 'first_class', 'list_a', 't20', 'hundred'] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

export type BroadFormat = 't20' | 'oneday' | 'test';

export interface FormatTypeInput {
  /** Cricsheet info.match_type: Test, ODI, T20, IT20, MDM, ODM (or a scorer's own words). */
  matchType: string;
  teamType: string;
  ballsPerOver: number;
  /** The broad format, for a match type Cricsheet does not use. */
  format: BroadFormat;
}

/** The Hundred bowls 100 balls an innings as twenty five-ball sets; no other T20 does. */
const HUNDRED_BALLS_PER_OVER = 5;

export function formatTypeOf(match: FormatTypeInput): FormatType {
  const international = match.teamType === 'international';
  switch (match.matchType) {
    case 'Test':
      return 'test';
    case 'ODI':
      return 'odi';
    case 'MDM':
      return 'first_class';
    case 'ODM':
      return 'list_a';
    case 'IT20':
      return 't20';
    case 'T20':
      if (international) return 't20i';
      return match.ballsPerOver === HUNDRED_BALLS_PER_OVER ? 'hundred' : 't20';
    default:
      if (match.format === 'test') return international ? 'test' : 'first_class';
      if (match.format === 'oneday') return international ? 'odi' : 'list_a';
      return international ? 't20i' : 't20';
  }
}

const BROAD: Record<FormatType, BroadFormat> = {
  test: 'test',
  first_class: 'test',
  odi: 'oneday',
  list_a: 'oneday',
  t20i: 't20',
  t20: 't20',
  hundred: 't20',
};

/** The provider's three formats: Tests and first-class are 'test', ODIs and List A 'oneday', the rest 't20'. */
export function broadFormatOf(type: FormatType): BroadFormat {
  return BROAD[type];
}

/** Test, ODI and T20I: the international formats with official status. */
export function isInternationalType(type: FormatType): boolean {
  return type === 'test' || type === 'odi' || type === 't20i';
}

/**
 * The career a match counts in besides its own type, as the record books keep them: a Test is
 * also first-class, an ODI also List A, a T20I also T20, and a match of The Hundred (official T20
 * status: its matches count in T20 records) also T20, beside its own row.
 */
export const WIDER_CAREER: Partial<Record<FormatType, FormatType>> = { test: 'first_class', odi: 'list_a', t20i: 't20', hundred: 't20' };

/**
 * Whether a wider career (first-class, List A, T20) is worth a row of its own: only when it holds
 * matches beyond its international type's (a Test-only player's first-class row would repeat his
 * Test row and read as his whole first-class career); any other career always is. `types`: the
 * types of the matches it holds.
 */
export function widerCareerHoldsMore(career: FormatType, types: readonly FormatType[]): boolean {
  return beyondInternational(career, types) > 0;
}

/**
 * How many of a career's matches are not of the international type it includes: for a wider
 * career (first-class, List A, T20) its domestic matches held here, the count its row says it
 * adds ("domestic first-class matches held here: 3"); for any other career all of them.
 */
export function beyondInternational(career: FormatType, types: readonly FormatType[]): number {
  return types.filter((type) => !(isInternationalType(type) && WIDER_CAREER[type] === career)).length;
}

/** The careers a match of this type counts in, its own first. */
export function careerTypesOf(type: FormatType): FormatType[] {
  const wider = WIDER_CAREER[type];
  return wider ? [type, wider] : [type];
}

const LABELS: Record<Lang, Record<FormatType, string>> = {
  en: { test: 'Test', odi: 'ODI', t20i: 'T20I', first_class: 'First-class', list_a: 'List A', t20: 'T20', hundred: 'The Hundred' },
  hi: {
    test: 'टेस्ट',
    odi: 'वनडे',
    t20i: 'टी20 इंटरनेशनल',
    first_class: 'प्रथम श्रेणी',
    list_a: 'लिस्ट ए',
    t20: 'टी20',
    hundred: 'द हंड्रेड',
  },
};

/** 'Test', 'First-class', 'T20I' (or in Hindi): the name of the type on pages and in titles. */
export function formatTypeLabel(type: FormatType, lang: Lang): string {
  return LABELS[lang][type];
}

/** The types in their display order that occur in `types`. */
export function orderedFormatTypes(types: Iterable<FormatType>): FormatType[] {
  const present = new Set(types);
  return FORMAT_TYPES.filter((type) => present.has(type));
}

export function isFormatType(value: string): value is FormatType {
  return (FORMAT_TYPES as readonly string[]).includes(value);
}
