// Score lines of a match card: '184/6 (20)', a Test side's two innings joined by '&'.
import type { InningsScore } from '../server/services/match-object.ts';

export function inningsText(innings: InningsScore, withOvers: boolean): string {
  const { runs, wickets, overs } = innings.score;
  const score = wickets >= 10 ? `${runs}` : `${runs}/${wickets}`;
  const marker = innings.declared ? 'd' : '';
  if (innings.forfeited) return 'forfeited';
  const oversText = overs[1] === 0 ? `${overs[0]}` : `${overs[0]}.${overs[1]}`;
  return withOvers ? `${score}${marker} (${oversText})` : `${score}${marker}`;
}

/** One side's line: a single innings with overs, or two innings joined by '&' (Tests). */
export function sideScore(first: InningsScore | undefined, second: InningsScore | undefined): string | null {
  if (!first) return null;
  if (!second) return inningsText(first, true);
  return `${inningsText(first, false)} & ${inningsText(second, false)}`;
}
