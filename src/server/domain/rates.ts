// Batting and bowling rates as every figure shows them: from legal balls, per six balls for
// economy (overs.ts RATE_BALLS), to two decimals.
import { round2, runRate } from './overs.ts';

/** Runs per hundred balls faced, to two decimals; 0 before a ball has been faced. */
export function strikeRate(runs: number, balls: number): number {
  return balls === 0 ? 0 : round2((runs * 100) / balls);
}

/** Runs conceded per six balls, to two decimals; null before a legal ball has been bowled. */
export function economy(runs: number, legalBalls: number): number | null {
  return legalBalls === 0 ? null : round2(runRate(runs, legalBalls));
}
