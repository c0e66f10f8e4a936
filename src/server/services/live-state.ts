// The live state of a match in progress (spec §3 Live score) in the domain's units: players
// with their figures, the score in legal and called balls, the chase and the lead as numbers,
// recent overs as balls. The live engine (a later issue) fills it; archived matches have none.
// The provider's play.live is made from it at the API edge (api/presenters/live.ts).
import type { TeamSide } from '../db/schema.ts';
import type { Situation } from '../domain/situation.ts';
import type { BallPosition, Delivery } from '../domain/types.ts';

export interface LivePlayer {
  key: string;
  name: string;
}

export interface LiveBatter {
  player: LivePlayer;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
}

export interface LiveBowler {
  player: LivePlayer;
  wickets: number;
  /** Balls as the umpires called the overs. */
  calledBalls: number;
  runs: number;
}

/** One delivery of a recent over: what the scoreboard's symbol ('4', 'wd', '1W') is made from. */
export interface LiveBall extends Pick<Delivery, 'runsBatter' | 'extras' | 'wickets'> {
  /** Unique within the match, as the commentary keys its balls. */
  key: string;
  position: BallPosition;
}

export interface LiveOver {
  /** 1-based over number in the innings. */
  number: number;
  balls: LiveBall[];
}

export interface RecentPlayers {
  striker: LiveBatter | null;
  nonStriker: LiveBatter | null;
  bowler: LiveBowler | null;
  previousOverBowler: LiveBowler | null;
}

export interface LiveState {
  battingSide: TeamSide;
  /** The batting side's first or second innings. */
  inningsNumber: 1 | 2;
  score: { runs: number; wickets: number; legalBalls: number; calledBalls: number; ballsPerOver: number };
  /** What the chasing side needs; null when no chase is on. */
  required: { runs: number; balls: number } | null;
  /** Runs the batting side is ahead on the match's totals (negative: behind); null when no lead counts (limited overs). */
  lead: number | null;
  /** 'day' (stumps), 'lunch', 'tea', 'innings', ... while play is halted; null in play. */
  breakReason: string | null;
  recentPlayers: RecentPlayers;
  /** Oldest first; the last ball of the last over is the latest ball. */
  recentOvers: LiveOver[];
  lastBall: LiveBall | null;
}

/** The line the live panel shows: the chase's need, else the lead or trail. */
export function liveSituation(live: LiveState): Situation | null {
  const team = live.battingSide;
  if (live.required) return { kind: 'need', team, runs: live.required.runs, balls: live.required.balls };
  if (live.lead === null) return null;
  if (live.lead === 0) return { kind: 'level', team };
  return live.lead > 0 ? { kind: 'lead', team, runs: live.lead } : { kind: 'trail', team, runs: -live.lead };
}
