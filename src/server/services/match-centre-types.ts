// Read models of the match centre and the player page (spec §3 Scorecard, Commentary entry,
// Squad, Player overview, Player info) in the domain's units and names, shared by the API and
// the pages. wire/presenters turns each into the provider's shape, which the zod schemas in
// src/server/wire/schemas validate; the match itself is a match summary here.
import type { PlayerRole } from '../domain/player-role.ts';
import type { MatchFormat, TeamSide } from '../db/schema.ts';
import type { FormatType } from '../domain/format-type.ts';
import type { MatchSummary } from './match-summary.ts';
import type { Lang } from '../domain/result.ts';
import type { CareerBatting, CareerBowling, OverSummary, Partnership, PlayerProfileFacts } from '../domain/types.ts';
import type { FormLetter, HeadToHead } from '../domain/form.ts';
import type { FantasyLine } from '../domain/fantasy.ts';
import type { Collapse } from '../domain/collapses.ts';
import type { MilestoneKind, OverPoint, RatePoint } from '../domain/match-story.ts';
import type { ReportInnings } from '../domain/match-report.ts';

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

/** Where a ball fell: over index and legal balls bowled in that over so far, printed '5.6'. */
export interface BallPosition {
  over: number;
  ball: number;
}

export interface ScorecardBatterLine {
  player: PlayerRef;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  strikeRate: number;
  /** 'c Fielder b Bowler', 'not out'...; the wicket's number, the score and the ball it fell on. */
  dismissal: { text: string; wicketNumber: number | null; teamRuns: number | null; ball: BallPosition | null };
}

export interface ScorecardBowlerLine {
  player: PlayerRef;
  /** Balls as the umpires called the overs. */
  calledBalls: number;
  maidens: number;
  runs: number;
  wickets: number;
  economy: number;
  wides: number;
  noBalls: number;
  dots: number;
}

export interface FallOfWicket {
  wicketNumber: number;
  player: PlayerRef;
  teamRuns: number;
  ball: BallPosition | null;
}

export type PartnershipLine = Partnership<PlayerRef>;

/**
 * One innings of the scorecard, in legal balls as called (rates per six balls). Its facts are the
 * match report's (the chase's target: balls null when the whole allotment applies).
 */
export interface ScorecardInnings
  extends Pick<ReportInnings, 'inningsNo' | 'superOver' | 'declared' | 'forfeited' | 'followOn' | 'runs' | 'wickets' | 'calledBalls' | 'target'> {
  /** Position in the scorecard: regular innings in playing order, then super overs. */
  index: number;
  side: TeamSide;
  team: { code: string; name: string };
  runRate: number;
  batting: ScorecardBatterLine[];
  didNotBat: PlayerRef[];
  bowling: ScorecardBowlerLine[];
  extras: { total: number; noBalls: number; wides: number; legByes: number; byes: number; penalty: number };
  fallOfWickets: FallOfWicket[];
  partnerships: PartnershipLine[];
}

/** Every innings in playing order, super overs last (the API splits them into teamA..teamD and more). */
export interface Scorecard {
  ballsPerOver: number;
  innings: ScorecardInnings[];
}

/** One delivery of the commentary; the ball number counts legal balls bowled in the over so far. */
export interface CommentaryBall {
  /** Unique within the match: a wide shares its ball number with the legal ball after it. */
  key: string;
  /** Position of the delivery in the match (Cricsheet has no clock times). */
  sequence: number;
  inningsNo: number;
  ball: BallPosition;
  bowler: { player: PlayerRef; runs: number };
  batter: { player: PlayerRef; runs: number };
  /** Total runs of the delivery, extras included. */
  runs: number;
  isFour: boolean;
  isSix: boolean;
  isWicket: boolean;
  wicket: { player: PlayerRef; kind: string } | null;
  /** HTML limited to <b>, <strong>, <em>, <br>: 'Bowler to Batter, outcome: description'. */
  comment: string;
  /** At the last ball of an over; players by registry key. */
  overSummary: OverSummary | null;
  /** The striker reached a fifty, a hundred...: with boundaries and wickets, what Highlights lists (not in the API's entry). */
  milestone: boolean;
}

export interface Commentary {
  /** Newest first, as the spec lists them. */
  balls: CommentaryBall[];
}

/** One player of a team sheet with what he did in the match, in the squad's language. */
export interface SquadPlayer {
  player: PlayerRef;
  /** 'Batted at 3 · 45 (30) · Bowled 4-0-22-2' */
  roleInMatch: string;
  /** Captain and wicketkeeper of the side: known for live team sheets (Cricsheet's files do not say). */
  captain: boolean;
  keeper: boolean;
  /** His role: his profile's, else derived from his matches in this tournament (derived: true). */
  role: { codes: PlayerRole[]; label: string; derived: boolean } | null;
  /** An impact player and the player he replaced (Cricsheet's replacements), each naming the other. */
  substitution: { kind: 'in' | 'out'; reason: string; other: PlayerRef } | null;
  /** A photo whose licence allows it (his profile), with its credit. */
  photo: { url: string; licence: string; author: string | null } | null;
}

export interface SquadTeam {
  key: string;
  code: string;
  name: string;
  players: SquadPlayer[];
}

/** Both team sheets (spec §3 Squad). */
export interface Squad {
  teams: Record<TeamSide, SquadTeam>;
}

/** A side's result in one earlier match. */
export interface FormResult {
  matchKey: string;
  result: FormLetter;
  opponent: string;
  /** The match's first day, 'YYYY-MM-DD'. */
  date: string;
}

/** The Info and History tabs: venue, each side's form, head to head and recent matches. */
export interface MatchInfo {
  venue: { name: string; city: string } | null;
  /** Last results of each side before this match, newest first. */
  form: Record<TeamSide, FormResult[]>;
  /** Earlier meetings counted by the domain (domain/form.ts) and the latest of them, newest first. */
  headToHead: HeadToHead & { last: MatchSummary[] };
  /** Each side's most recent matches before this one, newest first. */
  recent: MatchSummary[];
}

/**
 * A player's career in one type of cricket, as the record books keep them: first-class figures
 * include Tests, List A include ODIs, T20 include T20Is (domain/format-type.ts careerTypesOf).
 */
export interface TypeCareer {
  formatType: FormatType;
  /** The provider's broad format of the type (t20, oneday, test). */
  format: MatchFormat;
  /**
   * A wider career's (first-class, List A, T20) matches beyond the international type it
   * includes: the domestic matches held here that its row adds; null for any other career.
   */
  domesticMatches: number | null;
  batting: CareerBatting;
  bowling: CareerBowling;
  /** 'YYYY-MM-DD': the first day of his first and of his last match counted. */
  firstMatch: string;
  lastMatch: string;
}

/**
 * Per gender and career type, the first day of the earliest match held here that counts in it
 * ('YYYY-MM-DD'): what careers of that kind can cover (PlayerService.heldSince).
 */
export type HeldSince = Record<'male' | 'female', Partial<Record<FormatType, string>>>;

export interface PlayerOverview {
  /** Careers in the order of FORMAT_TYPES (Test, ODI, T20I, first-class, List A, T20, The Hundred), only those played. */
  careers: TypeCareer[];
  player: {
    key: string;
    name: string;
    /** Cricsheet has neither photos nor birth dates: null, and pages say so. */
    image: string | null;
    dateOfBirth: string | null;
    /** The international side the player has represented most, when any. */
    nationality: { name: string; code: string } | null;
    /** Sides played for, most recent first. */
    teams: { key: string; name: string }[];
    gender: 'male' | 'female';
    /** Who the player is, from his profile (decision 055); null when no profile is held. */
    profile: PlayerProfileFacts | null;
    /** His role: the profile's, else derived from what he did in the matches held (labelled so). */
    role: { label: string; codes: PlayerRole[]; derived: boolean } | null;
  };
}

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
  /** The sides as they were named then (Latin): a Hindi page names them in Hindi. */
  teams: { a: string; b: string };
  /** The match's title in each language ('2nd Test', 'दूसरा टेस्ट'). */
  title: Record<Lang, string>;
  /** Epoch seconds, midnight UTC of the first day. */
  startAt: number;
  format: MatchFormat;
  formatType: FormatType;
  ballsPerOver: number;
  innings: PlayerMatchInnings[];
}

/** A tournament of the player with his figures in it. */
export interface PlayerInfoTournament {
  key: string;
  name: string;
  formats: MatchFormat[];
  /** The types of the matches he played in it, in display order. */
  formatTypes: FormatType[];
  /** Epoch seconds, midnight UTC: the tournament's first day and its last scheduled match day. */
  startAt: number;
  lastMatchAt: number;
  /** The sides he played for, as they were named then. */
  teamsPlayedFor: string[];
  matchesPlayed: number;
  runs: number;
  strikeRate: number;
  /** Batting average; null when never dismissed. */
  average: number | null;
  wickets: number;
  /** Newest first. */
  matches: PlayerInfoMatch[];
}

/** The player's tournaments, newest first. */
export interface PlayerInfo {
  tournaments: PlayerInfoTournament[];
}

/** A player's fantasy points in a match with the breakdown (docs/decisions/038-fantasy-points.md). */
export interface FantasyPlayer {
  player: PlayerRef;
  team: TeamSide;
  points: number;
  lines: FantasyLine[];
}

/** The match's Fantasy tab: every listed player, most points first; none before the first ball. */
export interface MatchFantasy {
  /** The rules version: 'dream11-2023'. */
  rules: string;
  players: FantasyPlayer[];
}

export const TOP_FANTASY_TABS = ['all', 'last', 'venue', 'vs'] as const;
/** Matches a player's row counts on the Last Matches tab, and lists under each row on every tab. */
export const LAST_MATCHES = 5;
export type TopFantasyTab = (typeof TOP_FANTASY_TABS)[number];

/** A player on the Top Fantasy Points page: his points in the tab's earlier matches. */
export interface TopFantasyEntry {
  player: PlayerRef;
  team: TeamSide;
  matches: number;
  total: number;
  /** Points a match, to one decimal. */
  average: number;
  best: number;
  /** His latest matches of the tab, newest first (at most five). */
  recent: { matchKey: string; startDate: string; opponent: string; points: number }[];
}

export interface TopFantasy {
  rules: string;
  tab: TopFantasyTab;
  /** 'match': the match's own players; 'previous': each side's players of its latest earlier match (no XI named yet). */
  squadFrom: 'match' | 'previous';
  /** Best average first; players without a match on the tab are left out. */
  players: TopFantasyEntry[];
}

/** A landmark of the match (domain/match-story.ts) with its player named. */
export interface StoryMilestone {
  kind: MilestoneKind;
  player: PlayerRef;
  /** Runs reached (50, 100...), wickets (4, 5, 10) or 3 for a hat-trick. */
  value: number;
  /** Balls the batter had faced, or legal balls the bowler had bowled, when it came up. */
  balls: number;
  ball: BallPosition;
}

/** A fall of wicket where the charts place it: legal balls bowled in the innings when it fell. */
export interface StoryFall {
  wicketNumber: number;
  player: PlayerRef;
  teamRuns: number;
  legalBalls: number;
  ball: BallPosition;
}

/** One regular innings told over by over, with the figures that decided it (the Summary tab). */
export interface StoryInnings {
  inningsNo: number;
  side: TeamSide;
  team: { code: string; name: string };
  runs: number;
  wickets: number;
  calledBalls: number;
  declared: boolean;
  /** The chase's target with its balls (null in a Test's last innings, which has no balls limit). */
  target: { runs: number; balls: number | null } | null;
  overs: OverPoint[];
  falls: StoryFall[];
  /** Run rate after each over and, in a limited-overs chase, the rate still required. */
  rates: RatePoint[];
  topBatters: ScorecardBatterLine[];
  topBowlers: ScorecardBowlerLine[];
  partnerships: PartnershipLine[];
  collapses: Collapse[];
  milestones: StoryMilestone[];
}

/** A player of the match with what he did in each innings. */
export interface AwardFigures {
  player: PlayerRef;
  side: TeamSide | null;
  batting: { runs: number; balls: number; notOut: boolean }[];
  bowling: { wickets: number; runs: number; calledBalls: number }[];
}

/** The Summary tab: the story of the match from its deliveries and scorecard. */
export interface MatchStory {
  ballsPerOver: number;
  oversLimit: number | null;
  /** Regular innings in playing order (super overs are on the scorecard). */
  innings: StoryInnings[];
  awards: AwardFigures[];
}
