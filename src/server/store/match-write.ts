// What the write path writes: one match, or the derived rows of one innings, as plain data with
// people named by small per-match references. Plain data so that it can be prepared on a worker
// thread (the importer) or from a scorer's ball (the live engine) and sent to the one writer.
import type { FormatType } from '../domain/format-type.ts';
import type { InningsSummary, PlayerId } from '../domain/types.ts';
import type { MatchFormat, MatchSource, MatchStatus, PlayStatus, TeamSide } from '../db/schema.ts';

type Gender = 'male' | 'female';
type TeamType = 'international' | 'club';

export interface TeamRef {
  /** Identity of the team across renames: canonical name, gender and team type. */
  identity: string;
  /** The name the team played under in this match. */
  usedName: string;
  canonicalName: string;
  gender: Gender;
  teamType: TeamType;
  key: string;
  code: string;
}

export interface VenueRef {
  identity: string;
  name: string;
  city: string;
}

export interface TournamentRef {
  key: string;
  eventName: string;
  season: string;
  gender: Gender;
  teamType: TeamType;
  abbreviation: string | null;
}

/** The match row, less the ids the writer resolves. */
export interface MatchFacts {
  matchKey: string;
  sourceSha1: string;
  dataVersion: string;
  revision: number;
  created: string;
  matchType: string;
  matchTypeNumber: number | null;
  format: MatchFormat;
  /** Test, ODI, T20I, first-class, List A, T20, The Hundred (domain/format-type.ts). */
  formatType: FormatType;
  gender: string;
  teamType: string;
  ballsPerOver: number;
  oversLimit: number | null;
  startDate: string;
  dates: string[];
  eventMatchNumber: number | null;
  eventGroup: string | null;
  eventStage: string | null;
  status: MatchStatus;
  tossWinner: TeamSide | null;
  tossDecision: string | null;
  winner: TeamSide | null;
  result: 'tie' | 'no result' | 'draw' | null;
  winByRuns: number | null;
  winByWickets: number | null;
  winByInnings: boolean;
  method: string | null;
  eliminator: TeamSide | null;
  bowlOut: TeamSide | null;
  missing: unknown[] | null;
  /** A match made here (a fixture, a replay) rather than imported; imports leave it out. */
  live?: LiveMatchFacts;
}

export interface LiveMatchFacts {
  /** ISO timestamp of the start, when known. */
  startAt: string | null;
  playStatus: PlayStatus;
  source: MatchSource;
  isReplay: boolean;
  replayOf: string | null;
}

/** What an imported match is: its play status follows its status. */
export function importedLiveFacts(status: MatchStatus): LiveMatchFacts {
  const playStatus = status === 'completed' ? 'result' : status === 'started' ? 'in_play' : 'scheduled';
  return { startAt: null, playStatus, source: 'cricsheet', isReplay: false, replayOf: null };
}

/** An innings' deliveries as stored (store/ball-codec.ts): the bytes, and its people as refs. */
export interface InningsBalls {
  /** Person refs of the innings' dictionary; the bytes index into it. */
  people: number[];
  bytes: Uint8Array;
  reviews: { seq: number; review: unknown }[] | null;
}

export interface WicketRow {
  seq: number;
  position: number;
  kind: string;
  playerOut: number;
  /** Cricsheet fielders as given: [{ name?, substitute? }]. */
  fielders: unknown[] | null;
  /** Refs of the named fielders, in order. */
  fielderRefs: number[] | null;
}

export interface ReplacementRow {
  seq: number;
  position: number;
  kind: 'match' | 'role';
  team: string | null;
  playerIn: string;
  playerOut: string | null;
  reason: string | null;
  role: string | null;
}

/** The facts of an innings that are given, not derived. */
export interface InningsFacts {
  inningsNo: number;
  battingTeam: TeamSide;
  superOver: boolean;
  declared: boolean;
  forfeited: boolean;
  targetRuns: number | null;
  targetBalls: number | null;
  penaltyRunsPre: number;
  penaltyRunsPost: number;
  absentHurt: string[] | null;
  /** Over indexes the umpires ended short or long (Cricsheet `miscounted_overs`). */
  calledOvers: number[] | null;
  powerplays: { fromOver: number; toOver: number; kind: string }[];
}

/** Rows the rules derive from an innings' deliveries; people as refs. */
export interface DerivedInnings {
  runs: number;
  wickets: number;
  legalBalls: number;
  calledBalls: number;
  extras: { byes: number; legbyes: number; wides: number; noballs: number; penalty: number };
  batting: {
    player: number; runs: number; balls: number; fours: number; sixes: number;
    dismissal: {
      kind: string; bowler: number | null; fielders: number[] | null; fielderNames: string[] | null;
      wicketNo: number | null; teamRuns: number; legalBalls: number; over: number; ball: number;
    } | null;
  }[];
  bowling: {
    player: number; legalBalls: number; calledBalls: number; maidens: number; runs: number; wickets: number;
    wides: number; noballs: number; dots: number; fours: number; sixes: number;
  }[];
  fallOfWickets: {
    wicketNo: number; player: number; teamRuns: number; legalBalls: number; kind: string; over: number; ball: number;
  }[];
  partnerships: {
    forWicket: number; batterA: number; batterARuns: number; batterABalls: number; batterB: number;
    batterBRuns: number; batterBBalls: number; runs: number; balls: number; unbroken: boolean;
  }[];
}

export interface InningsWrite {
  facts: InningsFacts;
  balls: InningsBalls;
  wickets: WicketRow[];
  replacements: ReplacementRow[];
  derived: DerivedInnings;
}

/** A whole match, ready for the writer to resolve its entities and store it. */
export interface MatchWrite {
  id: number;
  /** Where it came from, for reports ('1082591.json'). */
  fileName: string;
  facts: MatchFacts;
  /** Everyone the match mentions as [registry id, name]; a person ref is an index into this list. */
  people: [string, string][];
  teams: [TeamRef, TeamRef];
  venue: VenueRef | null;
  tournament: TournamentRef;
  officials: { role: string; position: number; person: number }[];
  players: { team: TeamSide; position: number; person: number }[];
  playerOfMatch: number[];
  innings: InningsWrite[];
  deliveryCount: number;
}

/** The derived rows of an innings summary, with each player turned into a ref. */
export function deriveInningsRows(summary: InningsSummary, ref: (player: PlayerId) => number): DerivedInnings {
  return {
    runs: summary.runs,
    wickets: summary.wickets,
    legalBalls: summary.legalBalls,
    calledBalls: summary.calledBalls,
    extras: { ...summary.extras },
    batting: summary.batting.map((entry) => {
      const dismissal = entry.dismissal;
      const named = dismissal?.fielders.filter((fielder) => fielder.id !== null) ?? [];
      return {
        player: ref(entry.player),
        runs: entry.runs,
        balls: entry.balls,
        fours: entry.fours,
        sixes: entry.sixes,
        dismissal: dismissal && {
          kind: dismissal.kind,
          bowler: dismissal.bowler === null ? null : ref(dismissal.bowler),
          fielders: named.length > 0 ? named.map((fielder) => ref(fielder.id!)) : null,
          // Every fielder by name, an unnamed substitute as 'sub'.
          fielderNames: dismissal.fielders.length > 0 ? dismissal.fielders.map((fielder) => fielder.name ?? 'sub') : null,
          wicketNo: dismissal.wicketNumber,
          teamRuns: dismissal.teamRuns,
          legalBalls: dismissal.legalBalls,
          over: dismissal.position.over,
          ball: dismissal.position.ball,
        },
      };
    }),
    bowling: summary.bowling.map((entry) => ({ ...entry, player: ref(entry.player) })),
    fallOfWickets: summary.fallOfWickets.map((fall) => ({
      wicketNo: fall.wicketNumber,
      player: ref(fall.player),
      teamRuns: fall.teamRuns,
      legalBalls: fall.legalBalls,
      kind: fall.kind,
      over: fall.position.over,
      ball: fall.position.ball,
    })),
    partnerships: summary.partnerships.map((stand) => ({
      forWicket: stand.forWicket,
      batterA: ref(stand.batterA.player),
      batterARuns: stand.batterA.runs,
      batterABalls: stand.batterA.balls,
      batterB: ref(stand.batterB.player),
      batterBRuns: stand.batterB.runs,
      batterBBalls: stand.batterB.balls,
      runs: stand.runs,
      balls: stand.balls,
      unbroken: stand.unbroken,
    })),
  };
}
