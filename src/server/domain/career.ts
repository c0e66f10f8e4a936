// Career batting and bowling figures, added up from a player's per-innings records.
import { bestBowling } from './leaderboard.ts';
import { round2 } from './overs.ts';
import { economy, strikeRate } from './rates.ts';
import type { CareerBatting, CareerBowling } from './types.ts';

export interface BattingInnings {
  matchId: number;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  dismissed: boolean;
  /** Retired hurt or retired not out: the innings counts as not out even when `dismissed` is set. */
  retiredNotOut?: boolean;
}

export interface BowlingInnings {
  matchId: number;
  legalBalls: number;
  runs: number;
  wickets: number;
  maidens: number;
}

function isOut(innings: BattingInnings): boolean {
  return innings.dismissed && !innings.retiredNotOut;
}

/** The highest score, '158*' when not out; a not-out score beats the same score dismissed. '-' before any innings. */
function highScore(innings: readonly BattingInnings[]): string {
  let best: BattingInnings | null = null;
  for (const inn of innings) {
    if (best === null || inn.runs > best.runs || (inn.runs === best.runs && isOut(best) && !isOut(inn))) best = inn;
  }
  if (best === null) return '-';
  return isOut(best) ? String(best.runs) : `${best.runs}*`;
}

/** One entry per time the player batted; matchesPlayed counts the matches played, batting or not. */
export function careerBatting(innings: readonly BattingInnings[], matchesPlayed: number): CareerBatting {
  const sum = (field: 'runs' | 'balls' | 'fours' | 'sixes'): number => innings.reduce((total, inn) => total + inn[field], 0);
  const runs = sum('runs');
  const balls = sum('balls');
  const dismissals = innings.filter(isOut).length;
  return {
    matches: matchesPlayed,
    innings: innings.length,
    runs,
    highScore: highScore(innings),
    hundreds: innings.filter((inn) => inn.runs >= 100).length,
    fifties: innings.filter((inn) => inn.runs >= 50 && inn.runs < 100).length,
    strikeRate: strikeRate(runs, balls),
    average: dismissals === 0 ? null : round2(runs / dismissals),
    fours: sum('fours'),
    sixes: sum('sixes'),
    ducks: innings.filter((inn) => isOut(inn) && inn.runs === 0).length,
    notOuts: innings.length - dismissals,
    balls,
  };
}

/** Most wickets, then fewest runs: '5/27'. */
function bestFigures(innings: readonly BowlingInnings[]): string | null {
  const best = bestBowling(innings);
  return best === null ? null : `${best.wickets}/${best.runs}`;
}

/**
 * One entry per innings the player bowled in. Economy is per six balls and computed from balls.
 * threeWickets counts innings of three or four wickets and fiveWickets innings of five or more, so
 * a five-for is not also a three-for (as scorecard sites keep their 4w and 5w columns apart).
 */
export function careerBowling(innings: readonly BowlingInnings[], matchesPlayed: number): CareerBowling {
  const sum = (field: 'legalBalls' | 'runs' | 'wickets' | 'maidens'): number => innings.reduce((total, inn) => total + inn[field], 0);
  const balls = sum('legalBalls');
  const runs = sum('runs');
  const wickets = sum('wickets');
  const wicketsByMatch = new Map<number, number>();
  for (const inn of innings) wicketsByMatch.set(inn.matchId, (wicketsByMatch.get(inn.matchId) ?? 0) + inn.wickets);
  return {
    matches: matchesPlayed,
    innings: innings.length,
    wickets,
    bestFigures: bestFigures(innings),
    runs,
    economy: economy(runs, balls),
    average: wickets === 0 ? null : round2(runs / wickets),
    strikeRate: wickets === 0 ? null : round2(balls / wickets),
    threeWickets: innings.filter((inn) => inn.wickets >= 3 && inn.wickets < 5).length,
    fiveWickets: innings.filter((inn) => inn.wickets >= 5).length,
    tenWickets: [...wicketsByMatch.values()].filter((total) => total >= 10).length,
    maidens: sum('maidens'),
    balls,
  };
}
