// The one-line state of a match in progress: need, trail by, lead by.
export interface SituationInnings {
  battingTeam: 'a' | 'b';
  runs: number;
  legalBalls: number;
  targetRuns: number | null;
  targetBalls: number | null;
}

export type Situation =
  | { kind: 'need'; team: 'a' | 'b'; runs: number; balls: number | null }
  | { kind: 'trail'; team: 'a' | 'b'; runs: number }
  | { kind: 'lead'; team: 'a' | 'b'; runs: number }
  | { kind: 'level'; team: 'a' | 'b' };

/**
 * Innings in the order played (super overs excluded). Limited-overs chases give 'need'
 * with balls left; in a Test the side batting gets its lead or deficit on the totals once
 * both sides have batted (none in the first innings), and in the fourth innings what it needs.
 */
export function matchSituation(
  format: 't20' | 'oneday' | 'test',
  innings: readonly SituationInnings[],
  oversLimitBalls: number | null,
): Situation | null {
  const current = innings.at(-1);
  if (!current) return null;
  const team = current.battingTeam;
  if (format !== 'test') {
    if (current.targetRuns === null) return null;
    const limit = current.targetBalls ?? oversLimitBalls;
    return {
      kind: 'need',
      team,
      runs: Math.max(0, current.targetRuns - current.runs),
      balls: limit === null ? null : Math.max(0, limit - current.legalBalls),
    };
  }
  // A Test's first innings leads or trails nobody yet: the other side has not batted.
  if (innings.length === 1) return null;
  const totals = { a: 0, b: 0 };
  for (const inn of innings) totals[inn.battingTeam] += inn.runs;
  if (innings.length === 4) {
    const other = team === 'a' ? 'b' : 'a';
    return { kind: 'need', team, runs: Math.max(0, totals[other] - totals[team] + 1), balls: null };
  }
  const other = team === 'a' ? 'b' : 'a';
  const difference = totals[team] - totals[other];
  if (difference === 0) return { kind: 'level', team };
  return difference < 0 ? { kind: 'trail', team, runs: -difference } : { kind: 'lead', team, runs: difference };
}
