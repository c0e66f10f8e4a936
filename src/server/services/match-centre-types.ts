// Response shapes of the match centre (spec §3 Scorecard, Commentary entry, Squad, Player
// overview, Player info), shared by the provider API and the pages. The contract is the zod
// schemas in src/server/api/schemas; these are their types, so it is written once. The match
// itself is a match summary here, which api/presenters turns into the provider's match object.
import type { z } from 'zod';
import type { MatchSummary } from './match-summary.ts';
import type { Lang } from '../domain/result.ts';
import type { CareerBatting, CareerBowling, OverSummary } from '../domain/types.ts';
import type {
  battingScore,
  bowlingScore,
  commentary,
  commentaryEntry,
  dismissal,
  fallOfWicket,
  formResult,
  matchInfo,
  partnership,
  scorecardBatter,
  scorecardBowler,
  scorecardInnings,
  squad,
  squadPlayer,
} from '../api/schemas/match-centre.ts';
import type { playerInfoMatch, playerInfoTournament, playerOverview } from '../api/schemas/players.ts';

export type { CareerBatting, CareerBowling, OverSummary };

export type { Lang };

/** Players are keyed by their Cricsheet registry id (people.registry_id). */
export interface PlayerRef {
  key: string;
  name: string;
}

export type OversPair = [number, number];

/** The match with what its page adds: officials, awards with keys, the toss in words, notes. */
export interface MatchDetail extends MatchSummary {
  /** Officials by role, as Cricsheet records them. */
  officials: { umpires: PlayerRef[]; tvUmpires: PlayerRef[]; reserveUmpires: PlayerRef[]; matchReferees: PlayerRef[] };
  /** Player(s) of the match with their keys (result.playersOfMatch has the names). */
  awards: PlayerRef[];
  /** The toss in words, in the detail's language; null when not recorded. */
  tossText: string | null;
  gender: 'male' | 'female';
  /** Cricsheet's match type: Test, ODI, T20, IT20, MDM, ODM. */
  matchType: string;
  /** Follow-on, declarations, rain rule... one line each. */
  notes: string[];
}

export type BattingScore = z.output<typeof battingScore>;
export type Dismissal = z.output<typeof dismissal>;
export type ScorecardBatter = z.output<typeof scorecardBatter>;
export type BowlingScore = z.output<typeof bowlingScore>;
export type ScorecardBowler = z.output<typeof scorecardBowler>;
export type PartnershipEntry = z.output<typeof partnership>;
export type FallOfWicketEntry = z.output<typeof fallOfWicket>;
export type ScorecardInnings = z.output<typeof scorecardInnings>;
/** Every innings in playing order, super overs last (the API splits them into teamA..teamD and more). */
export interface Scorecard {
  innings: ScorecardInnings[];
}

export type CommentaryEntry = z.output<typeof commentaryEntry>;
export type Commentary = z.output<typeof commentary>;

export type SquadPlayer = z.output<typeof squadPlayer>;
export type Squad = z.output<typeof squad>;

export type FormResult = z.output<typeof formResult>;
type MatchInfoObject = z.output<typeof matchInfo>;
export type MatchInfo = Omit<MatchInfoObject, 'head_to_head' | 'recent'> & {
  head_to_head: Omit<MatchInfoObject['head_to_head'], 'last'> & { last: MatchSummary[] };
  recent: MatchSummary[];
};

export type PlayerOverview = z.output<typeof playerOverview>;

/** The player's n-th innings of each kind in a match: his n-th batting beside his n-th bowling. */
export interface PlayerMatchInnings {
  batting: { runs: number; balls: number; notOut: boolean } | null;
  /** Balls as the umpires called the overs, in the match's balls per over. */
  bowling: { wickets: number; runs: number; calledBalls: number } | null;
}

/** One match of the player (spec §3 Player info: match), his innings in playing order. */
export interface PlayerInfoMatch {
  key: string;
  /** 'India v Australia, 2nd Test'. */
  name: string;
  /** Epoch seconds, midnight UTC of the first day. */
  startAt: number;
  format: z.output<typeof playerInfoMatch>['format'];
  ballsPerOver: number;
  innings: PlayerMatchInnings[];
}

/** A tournament of the player with his figures in it; the provider's field names for now. */
export type PlayerInfoTournament = Omit<z.output<typeof playerInfoTournament>, 'match'> & { match: PlayerInfoMatch[] };
export interface PlayerInfo {
  finalData: PlayerInfoTournament[];
}
