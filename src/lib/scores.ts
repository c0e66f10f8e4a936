// Score lines of a match card: '184/6 (20)', a Test side's two innings joined by '&'.
import { ballsToOvers } from '../server/domain/overs.ts';
import type { TeamSide } from '../server/db/schema.ts';
import type { MatchSummary } from '../server/services/match-summary.ts';
import { oversText, scoreText } from './ball-view.ts';

/** What a score line shows of one innings. */
export interface InningsLine {
  runs: number;
  wickets: number;
  /** [whole overs, balls]. */
  overs: readonly [number, number];
  declared: boolean;
  forfeited: boolean;
}

export function inningsText(innings: InningsLine, withOvers: boolean): string {
  const { runs, wickets, overs } = innings;
  if (innings.forfeited) return 'forfeited';
  const score = `${scoreText(runs, wickets)}${innings.declared ? 'd' : ''}`;
  return withOvers ? `${score} (${oversText(overs)})` : score;
}

/** One side's line: a single innings with overs, or two innings joined by '&' (Tests). */
export function sideScore(first: InningsLine | undefined, second: InningsLine | undefined): string | null {
  if (!first) return null;
  if (!second) return inningsText(first, true);
  return `${inningsText(first, false)} & ${inningsText(second, false)}`;
}

/** A side's line of a match summary, overs as the umpires called them (as on the scorecard). */
export function summarySideScore(match: Pick<MatchSummary, 'innings' | 'ballsPerOver'>, side: TeamSide): string | null {
  const [first, second] = match.innings
    .filter((inn) => inn.side === side && inn.number <= 2)
    .map((inn) => ({ ...inn, overs: ballsToOvers(inn.calledBalls, match.ballsPerOver) }));
  return sideScore(first, second);
}
