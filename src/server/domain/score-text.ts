// A score with its overs in words, in the page's or answer's language (docs/hindi-style-guide.md).
import { ballsToOvers, formatOvers } from './overs.ts';
import type { Lang } from './result.ts';

/**
 * A score with its overs as one line of words, as the provider's API sends it (score_str,
 * the live score's title). English is the provider's own form, byte for byte: '120/3 in 15.2',
 * '180/6 in 20.0'. Hindi as the style guide writes it and the Hindi scorecards print it:
 * '120/3 (15.2 ओवर)', '180/6 (20 ओवर)'.
 */
export function scoreWithOvers(runs: number, wickets: number, legalBalls: number, ballsPerOver: number, lang: Lang): string {
  if (lang === 'hi') return `${runs}/${wickets} (${formatOvers(legalBalls, ballsPerOver)} ओवर)`;
  const [overs, balls] = ballsToOvers(legalBalls, ballsPerOver);
  return `${runs}/${wickets} in ${overs}.${balls}`;
}
