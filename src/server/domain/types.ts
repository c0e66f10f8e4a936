// The cricket model the domain functions work on: plain data, no I/O.
// Players are identified by a stable string (the Cricsheet registry id in imported data).

export type PlayerId = string;

export interface Extras {
  wides: number;
  noballs: number;
  byes: number;
  legbyes: number;
  penalty: number;
}

export interface Fielder {
  /** Registry id when known; substitutes without a name have none. */
  id: PlayerId | null;
  name: string | null;
  substitute: boolean;
}

export type DismissalKind =
  | 'bowled'
  | 'caught'
  | 'caught and bowled'
  | 'lbw'
  | 'stumped'
  | 'run out'
  | 'hit wicket'
  | 'handled the ball'
  | 'obstructing the field'
  | 'hit the ball twice'
  | 'timed out'
  | 'retired hurt'
  | 'retired not out'
  | 'retired out';

export interface Wicket {
  kind: DismissalKind;
  playerOut: PlayerId;
  fielders: Fielder[];
}

export interface Delivery {
  /** Over index as Cricsheet numbers it: 0 for the first over. */
  over: number;
  batter: PlayerId;
  nonStriker: PlayerId;
  bowler: PlayerId;
  runsBatter: number;
  runsExtras: number;
  runsTotal: number;
  /** Runs were all run although the ball crossed the rope (no four or six credited). */
  nonBoundary: boolean;
  extras: Extras;
  wickets: Wicket[];
}

export interface InningsInput {
  battingTeam: 'a' | 'b';
  superOver: boolean;
  deliveries: Delivery[];
  /** Penalty runs awarded outside any delivery (before the first ball / after the last). */
  penaltyRunsPre: number;
  penaltyRunsPost: number;
  ballsPerOver: number;
}
