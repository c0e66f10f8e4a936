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

/** Where a delivery was bowled: the over index and the legal balls of the over before it, plus one. */
export interface BallPosition {
  /** Over index as Cricsheet numbers it: 0 for the first over. */
  over: number;
  /** 1-based; a wide or no-ball carries the number of the legal ball still to come. */
  ball: number;
}

export interface InningsInput {
  battingTeam: 'a' | 'b';
  superOver: boolean;
  deliveries: Delivery[];
  /** Penalty runs awarded outside any delivery (before the first ball / after the last). */
  penaltyRunsPre: number;
  penaltyRunsPost: number;
  ballsPerOver: number;
  /** Over indexes the umpires ended short (Cricsheet `miscounted_overs`); each counts as a full over. */
  calledOvers?: readonly number[];
}

/** One batter's innings, in batting order (order of first appearance at the crease). */
export interface BattingEntry {
  player: PlayerId;
  runs: number;
  /** Legal balls faced plus no-balls; wides are not balls faced. */
  balls: number;
  fours: number;
  sixes: number;
  /** null while not out (or never dismissed). */
  dismissal: {
    kind: DismissalKind;
    bowler: PlayerId | null;
    fielders: Fielder[];
    /** Wicket number in the innings (1-based); null for kinds that are not a team wicket (retired hurt / not out). */
    wicketNumber: number | null;
    teamRuns: number;
    legalBalls: number;
    position: BallPosition;
  } | null;
}

export interface BowlingEntry {
  player: PlayerId;
  /** Legal balls really bowled. */
  legalBalls: number;
  /** Legal balls as the umpires called the overs: each complete over counts ballsPerOver (Law 17.5). */
  calledBalls: number;
  maidens: number;
  /** Runs charged to the bowler: off the bat, wides and no-balls; never byes, leg byes or penalties. */
  runs: number;
  /** Only the kinds credited to a bowler (not run out, retirements, obstructing, timed out, handled). */
  wickets: number;
  /** Deliveries called wide (not wide runs: those are in runs). */
  wides: number;
  /** Deliveries called no-ball. */
  noballs: number;
  /** Legal balls with no run charged to the bowler (a bye or leg bye is a dot). */
  dots: number;
  fours: number;
  sixes: number;
}

export interface FallOfWicket {
  wicketNumber: number;
  player: PlayerId;
  kind: DismissalKind;
  teamRuns: number;
  /** Legal balls bowled in the innings when the wicket fell. */
  legalBalls: number;
  /** The overs bowled when it fell, as scorecards print them (overs.ts fallOfWicketOvers). */
  position: BallPosition;
}

/** `P` is how a player is named: an id in the rules, a reference with names on the pages. */
export interface Partnership<P = PlayerId> {
  /** The wicket the partnership was for: 1 for the opening stand. */
  forWicket: number;
  batterA: { player: P; runs: number; balls: number };
  batterB: { player: P; runs: number; balls: number };
  /** All runs added while the pair was together, extras included. */
  runs: number;
  /** Legal balls bowled while the pair was together. */
  balls: number;
  unbroken: boolean;
}

export interface InningsSummary {
  runs: number;
  /** Team wickets: retired hurt / retired not out do not count. */
  wickets: number;
  /** Legal balls really bowled. */
  legalBalls: number;
  /** Overs as the umpires called them, in legal balls: what the scorecard, run rate and net run rate use. */
  calledBalls: number;
  extras: Extras;
  batting: BattingEntry[];
  bowling: BowlingEntry[];
  fallOfWickets: FallOfWicket[];
  partnerships: Partnership[];
}

/** The summary box after an over of commentary. */
export interface OverSummary {
  /** 1-based over number in the innings. */
  over: number;
  runs: number;
  wickets: number;
  score: { runs: number; wickets: number };
  bowler: { key: string; name: string; figures: string };
  batters: { key: string; name: string; runs: number; balls: number }[];
  /** The over as ball symbols: '1', '4', 'W', 'wd', '2nb', ... */
  balls: string[];
}

/** Career batting figures in one format. */
export interface CareerBatting {
  matches: number;
  innings: number;
  runs: number;
  /** e.g. '158*' */
  highScore: string;
  hundreds: number;
  fifties: number;
  strikeRate: number;
  /** null when never dismissed. */
  average: number | null;
  fours: number;
  sixes: number;
  ducks: number;
  notOuts: number;
  balls: number;
}

/** Career bowling figures in one format. */
export interface CareerBowling {
  matches: number;
  innings: number;
  wickets: number;
  /** Best figures in an innings, e.g. '5/27'. */
  bestFigures: string | null;
  runs: number;
  economy: number | null;
  average: number | null;
  strikeRate: number | null;
  threeWickets: number;
  fiveWickets: number;
  /** Ten or more wickets in a match. */
  tenWickets: number;
  maidens: number;
  /** Legal balls bowled; summed across matches, they are shown as six-ball overs (wire/presenters/players.ts). */
  balls: number;
}

/** A player's profile as the pages show it; every fact comes with the profile's source. */
export interface PlayerProfileFacts {
  fullName: string | null;
  knownAs: string | null;
  /** 'YYYY-MM-DD'. */
  dateOfBirth: string | null;
  birthplace: string | null;
  country: string | null;
  battingStyle: string | null;
  bowlingStyle: string | null;
  playingRole: string | null;
  nameHi: string | null;
  /** Shown only with a licence that allows it (checked at import), with its author and licence. */
  photo: { url: string; licence: string; author: string | null; page: string | null } | null;
  /** Where the profile comes from ('Wikidata Q213854', a file's name). */
  source: string;
}
