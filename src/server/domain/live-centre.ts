// The live centre's cricket (issue 26, decision 073): the stand in progress, the last wicket,
// the totals a limited-overs innings is heading for at its current and at nominated run rates,
// a chase's required rate against the current one, and the win probability as whole percents.
// Pure, and free of the services, the database and the API: the live state (domain/live.ts)
// fills the stand and the last wicket on the server; the live island computes the projections,
// the chase's rates and the percents from the state it holds, so they cost the socket nothing.
import { runRate, RATE_BALLS } from './overs.ts';
import { isAllOut, type InningsTallyState } from './scorecard.ts';
import type { BallPosition, DismissalKind, Fielder, PlayerId } from './types.ts';

export interface StandInProgress {
  /** Runs added by the pair at the crease (extras included), and the legal balls bowled to them. */
  runs: number;
  balls: number;
}

/**
 * The stand in progress: the innings' last stand while unbroken; after a wicket (or a
 * retirement), until the next pair's first ball, the new stand at nothing. Null before the first
 * ball and once the side is all out.
 */
export function currentStand(tally: Pick<InningsTallyState, 'partnerships' | 'fallOfWickets'>, absentBatters = 0): StandInProgress | null {
  const last = tally.partnerships.at(-1);
  if (last === undefined || isAllOut(tally.fallOfWickets.length, absentBatters)) return null;
  return last.unbroken ? { runs: last.runs, balls: last.balls } : { runs: 0, balls: 0 };
}

export interface FallenWicket {
  player: PlayerId;
  /** The batter's runs and balls faced. */
  runs: number;
  balls: number;
  kind: DismissalKind;
  /** The bowler credited with it; null for a run out and the other kinds not credited to a bowler. */
  bowler: PlayerId | null;
  fielders: Fielder[];
  wicketNumber: number;
  /** The team's runs when it fell, and the overs as the fall of wickets prints them. */
  teamRuns: number;
  position: BallPosition;
}

/** The innings' latest team wicket with the batter's innings; null before the first. */
export function lastWicket(tally: Pick<InningsTallyState, 'fallOfWickets' | 'batting'>): FallenWicket | null {
  const fall = tally.fallOfWickets.at(-1);
  if (fall === undefined) return null;
  const entry = tally.batting.find((candidate) => candidate.player === fall.player);
  // The batter's dismissal as recorded (the same kind, bowler and fielders the scorecard prints);
  // a batter out twice in an innings is impossible, so the entry's dismissal is this fall's.
  const dismissal = entry?.dismissal ?? null;
  return {
    player: fall.player,
    runs: entry?.runs ?? 0,
    balls: entry?.balls ?? 0,
    kind: fall.kind,
    bowler: dismissal?.bowler ?? null,
    fielders: dismissal?.fielders ?? [],
    wicketNumber: fall.wicketNumber,
    teamRuns: fall.teamRuns,
    position: fall.position,
  };
}

/** Nominated run rates (runs per six balls) the projection shows beside the current one. */
export const PROJECTION_RATES: Record<'t20' | 'oneday', readonly number[]> = {
  // A T20's totals run from about 120 (six an over) to 240 (twelve).
  t20: [6, 8, 10, 12],
  // An ODI's from 200 (four an over) to 350 (seven).
  oneday: [4, 5, 6, 7],
};

export interface ProjectionInput {
  format: 't20' | 'oneday' | 'test';
  runs: number;
  /** Legal balls bowled, and the overs as called in balls (what the run rate is from). */
  legalBalls: number;
  calledBalls: number;
  /** The innings' limit in legal balls; null in a Test. */
  limitBalls: number | null;
}

export interface Projection {
  /** Runs per six balls; `current` marks the innings' own run rate. */
  rate: number;
  current: boolean;
  /** The total if the balls left go at this rate, to the nearest run. */
  total: number;
}

/**
 * The totals a limited-overs innings is heading for: the runs so far plus the balls left at its
 * current run rate (once a ball is bowled), then at each nominated rate of its format. Empty in a
 * Test and once no ball is left.
 */
export function projectedTotals(input: ProjectionInput): Projection[] {
  if (input.format === 'test' || input.limitBalls === null) return [];
  const left = input.limitBalls - input.legalBalls;
  if (left <= 0) return [];
  const at = (rate: number) => Math.round(input.runs + (rate * left) / RATE_BALLS);
  const current = input.calledBalls > 0 ? runRate(input.runs, input.calledBalls) : null;
  const nominated = PROJECTION_RATES[input.format].map((rate) => ({ rate, current: false, total: at(rate) }));
  return current === null ? nominated : [{ rate: current, current: true, total: at(current) }, ...nominated];
}

export interface ChaseRates {
  /** Runs per six balls needed from the balls left, and scored so far (as called). */
  required: number;
  current: number;
  /** Required minus current: above zero, the chase must speed up by this much an over. */
  gap: number;
  /** Where the current rate ends up over the balls left, against the target. */
  projected: number;
}

/**
 * A limited-overs chase's required rate against its current one. Null with no balls left or no
 * limit (a Test's fourth innings), and before the first legal ball (no current rate yet).
 */
export function chaseRates(input: { runs: number; calledBalls: number; requiredRuns: number; ballsLeft: number | null }): ChaseRates | null {
  if (input.ballsLeft === null || input.ballsLeft <= 0 || input.calledBalls === 0) return null;
  const required = runRate(input.requiredRuns, input.ballsLeft);
  const current = runRate(input.runs, input.calledBalls);
  return { required, current, gap: required - current, projected: Math.round(input.runs + (current * input.ballsLeft) / RATE_BALLS) };
}

/**
 * The win probability as whole percents for side a, side b and the draw (null outside Tests)
 * that add up to 100: each share rounded down, the points left over given to the largest remainders.
 */
export function winPercents(aWin: number, draw: number | null): { a: number; b: number; draw: number | null } {
  const shares = [aWin, Math.max(0, 1 - aWin - (draw ?? 0)), draw ?? 0].map((share) => Math.min(1, Math.max(0, share)) * 100);
  const whole = shares.map(Math.floor);
  const order = shares.map((share, index) => ({ index, rest: share - whole[index]! })).sort((x, y) => y.rest - x.rest);
  let left = 100 - whole.reduce((sum, value) => sum + value, 0);
  for (const { index } of order) {
    if (left <= 0) break;
    if (draw === null && index === 2) continue;
    whole[index]! += 1;
    left -= 1;
  }
  return { a: whole[0]!, b: whole[1]!, draw: draw === null ? null : whole[2]! };
}
