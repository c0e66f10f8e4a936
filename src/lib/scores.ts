// Score lines of a match card: '184/6 (20)', a Test side's two innings joined by '&'.
import type { InningsScore } from '../server/services/match-object.ts';
import { oversText, scoreText } from './match-view.ts';

export function inningsText(innings: InningsScore, withOvers: boolean): string {
  const { runs, wickets, overs } = innings.score;
  if (innings.forfeited) return 'forfeited';
  const score = `${scoreText(runs, wickets)}${innings.declared ? 'd' : ''}`;
  return withOvers ? `${score} (${oversText(overs)})` : score;
}

/** One side's line: a single innings with overs, or two innings joined by '&' (Tests). */
export function sideScore(first: InningsScore | undefined, second: InningsScore | undefined): string | null {
  if (!first) return null;
  if (!second) return inningsText(first, true);
  return `${inningsText(first, false)} & ${inningsText(second, false)}`;
}
