// Overs arithmetic. Overs are kept as legal balls; the 'O.B' form is for display only,
// because 19.4 overs is 118 balls, not 19.4 × 6.
import type { BallPosition, Delivery } from './types.ts';

/** Whole overs and the balls of the over in progress: 118 balls → [19, 4]. */
export function ballsToOvers(legalBalls: number, ballsPerOver = 6): [number, number] {
  return [Math.floor(legalBalls / ballsPerOver), legalBalls % ballsPerOver];
}

/** 'O.B' as scorecards print it: '19.4'; a complete number of overs prints without '.0' ('20'). */
export function formatOvers(legalBalls: number, ballsPerOver = 6): string {
  const [overs, balls] = ballsToOvers(legalBalls, ballsPerOver);
  return balls === 0 ? String(overs) : `${overs}.${balls}`;
}

/**
 * Legal balls in a Cricsheet overs figure such as 33.3 (33 overs and 3 balls).
 * Throws a RangeError for figures that cannot be overs (negative, or a ball part ≥ ballsPerOver).
 */
export function oversToBalls(overs: number, ballsPerOver = 6): number {
  const whole = Math.floor(overs);
  // The ball digit sits after the decimal point: round away binary noise (33.3 - 33 = 0.2999…).
  const balls = Math.round((overs - whole) * 10);
  if (!Number.isFinite(overs) || overs < 0 || balls >= ballsPerOver) {
    throw new RangeError(`${overs} is not an overs figure with ${ballsPerOver}-ball overs`);
  }
  return whole * ballsPerOver + balls;
}

/** Rates and averages are shown to two decimals. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Rates are runs per six balls everywhere: on every scorecard (The Hundred's five-ball sets
 * included), in careers, tables and live views, so one figure can be compared with another.
 */
export const RATE_BALLS = 6;

/** Runs per six balls, from legal balls (as called). 0 before any legal ball has been bowled. */
export function runRate(runs: number, legalBalls: number): number {
  return legalBalls === 0 ? 0 : (runs * RATE_BALLS) / legalBalls;
}

/** A ball's place as commentary and the fall of wickets print it: over index and ball number, '12.3'. */
export function formatBallPosition(position: { over: number; ball: number }): string {
  return `${position.over}.${position.ball}`;
}

/**
 * Where a wicket fell, as scorecards give the fall of wickets: the overs bowled when it fell
 * (O.B: the over's index and its legal balls bowled by then). The ball it fell on counts only
 * when it was legal: a stumping off a wide, or a run out off a no-ball, after the over's first
 * ball fell at 10.1, not at the delivery's place in the over ([10, 2]); a wicket off the sixth
 * legal ball at 10.6. `position` is the delivery's place: its over and the legal balls before it, plus one.
 */
export function fallOfWicketOvers(position: BallPosition, legal: boolean): BallPosition {
  return legal ? position : { over: position.over, ball: position.ball - 1 };
}

/** A delivery that counts towards the over: neither a wide nor a no-ball. */
export function isLegalDelivery(delivery: Delivery): boolean {
  return delivery.extras.wides === 0 && delivery.extras.noballs === 0;
}
