// Response shapes of the match centre (spec §3 Scorecard, Commentary entry, Squad, Player
// overview, Player info), shared by the provider API and the pages. Field names are the
// provider's; fields the spec does not list are additions a fan needs, documented here.
import type { Lang } from '../domain/result.ts';
import type { MatchObject } from './match-object.ts';
import type { TeamSide } from '../db/schema.ts';
import type { CareerBatting, CareerBowling, OverSummary } from '../domain/types.ts';

export type { CareerBatting, CareerBowling, OverSummary };

export type { Lang };

/** Players are keyed by their Cricsheet registry id (people.registry_id). */
export interface PlayerRef {
  key: string;
  name: string;
}

export type OversPair = [number, number];

// ---------- match detail ----------

export interface MatchDetail extends MatchObject {
  /** Officials by role, as Cricsheet records them. */
  officials: { umpires: PlayerRef[]; tv_umpires: PlayerRef[]; reserve_umpires: PlayerRef[]; match_referees: PlayerRef[] };
  /** Player(s) of the match with keys (play.result.pom keeps the names, as the spec has it). */
  player_of_match: PlayerRef[];
  /** Toss in words, in the requested language; null when not recorded. */
  toss_text: string | null;
  /** Every day the match was played on ('YYYY-MM-DD'). */
  dates: string[];
  gender: 'male' | 'female';
  match_type: string;
  /** 'Follow-on enforced', declarations, DLS revision... one line each, in the requested language. */
  notes: string[];
}

// ---------- scorecard ----------

export interface BattingScore {
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  /** Runs per 100 balls, two decimals; 0 with no balls faced. */
  strike_rate: number;
}

export interface Dismissal {
  /** 'c Fielder b Bowler', 'lbw b Bowler', 'run out (Fielder)', 'not out', 'retired hurt', ... */
  msg: string;
  /** null for a batter not out or retired not out/hurt. */
  wicket_number: number | null;
  team_runs: number | null;
  overs: OversPair | null;
}

export interface ScorecardBatter {
  player: PlayerRef;
  /** Keyed by the innings index ('0'..'3') of this scorecard, as the provider does. */
  score: Record<string, { batting: { score: BattingScore; dismissal: Dismissal } }>;
}

export interface BowlingScore {
  overs: OversPair;
  maiden_overs: number;
  runs: number;
  wickets: number;
  /** Runs per over, two decimals, computed from balls. */
  economy: number;
  wides: number;
  no_balls: number;
  dots: number;
}

export interface ScorecardBowler {
  player: PlayerRef;
  score: Record<string, { bowling: { score: BowlingScore } }>;
}

export interface PartnershipEntry {
  for_wicket: number;
  player_a_key: string;
  player_a_name: string;
  player_a_score: { runs: number; balls: number };
  player_b_key: string;
  player_b_name: string;
  player_b_score: { runs: number; balls: number };
  score: { runs: number; balls: number };
  unbroken: boolean;
}

export interface FallOfWicketEntry {
  wicket_number: number;
  player: PlayerRef;
  team_runs: number;
  /** The ball it fell on, [over index, ball number]; null until the match's rows are rebuilt with positions. */
  overs: OversPair | null;
}

export interface ScorecardInnings {
  /** Position of the innings in the match (0-based; super overs follow the regular innings). */
  index: number;
  innings_no: number;
  batting_team: TeamSide;
  team: { code: string; name: string };
  super_over: boolean;
  declared: boolean;
  forfeited: boolean;
  follow_on: boolean;
  total: { runs: number; wickets: number; overs: OversPair; run_rate: number };
  target: { runs: number; overs: OversPair } | null;
  batsman: ScorecardBatter[];
  did_not_bat: PlayerRef[];
  bowler: ScorecardBowler[];
  extraRun: { extra: number; no_ball: number; wide: number; leg_bye: number; bye: number; penalty: number };
  fall_of_wickets: FallOfWicketEntry[];
  partnerships: PartnershipEntry[];
}

export interface Scorecard {
  /** One entry per innings tab, in order: team code and the innings score. */
  nationality: { code: string; name: string; team: TeamSide; score: { runs: number; wickets: number; overs: OversPair } }[];
  teamA?: ScorecardInnings;
  teamB?: ScorecardInnings;
  teamC?: ScorecardInnings;
  teamD?: ScorecardInnings;
  /** Innings beyond the fourth (a second super over). */
  more: ScorecardInnings[];
}

// ---------- commentary ----------


export interface CommentaryEntry {
  /** Ordering key: position of the ball in the match (Cricsheet has no clock times). */
  entry_time: number;
  innings_no: number;
  /** [over index (0-based), ball number within the over (1-based, all deliveries counted)]. */
  overs: OversPair;
  bowler: { key: string; name: string; is_wicket: boolean; runs: number };
  batsman: { key: string; name: string; runs: number; is_four: boolean; is_six: boolean };
  wicket: { player_key: string; player_name: string; kind: string } | null;
  /** Total runs of the delivery (extras included), for the badge. */
  runs: number;
  /** HTML limited to <b>, <strong>, <em>, <br>: 'Bowler to Batter, outcome: description'. */
  comment: string;
  /** On the last ball of an over. */
  over_summary: OverSummary | null;
}

export interface Commentary {
  /** Newest first, as the spec lists them. */
  related_balls: CommentaryEntry[];
}

// ---------- squad ----------

export interface SquadPlayer {
  player_key: string;
  player_name: string;
  /** Cricsheet has no photos; null, and pages show a silhouette. */
  image: string | null;
  /** What the player did in this match, e.g. 'Batted at 3 · Bowled 4 overs'. */
  role_in_match: string;
}

export interface Squad {
  team: Record<TeamSide, { name: string; code: string; url: string; players: SquadPlayer[] }>;
}

// ---------- match info tab ----------

export interface FormResult {
  match_key: string;
  result: 'W' | 'L' | 'T' | 'NR' | 'D';
  opponent: string;
  start_date: string;
}

export interface MatchInfo {
  venue: { name: string; city: string } | null;
  /** Last five completed results of each side before this match, newest first. */
  form: Record<TeamSide, FormResult[]>;
  head_to_head: {
    played: number;
    won: Record<TeamSide, number>;
    tied: number;
    no_result: number;
    drawn: number;
    /** Last ten meetings before this match, newest first. */
    last: MatchObject[];
  };
  /** Each side's most recent matches before this one (at most 6 in all, newest first). */
  recent: MatchObject[];
}

// ---------- players ----------



export interface PlayerOverview {
  stats: { formet: 'oneday' | 't20' | 'test'; batting: CareerBatting; bowling: CareerBowling }[];
  player: {
    player_key: string;
    player_name: string;
    image: string | null;
    date_of_birth: string | null;
    /** The international side the player has represented most, when any. */
    nationality: { name: string; code: string } | null;
    teams: { name: string; url: string }[];
    gender: 'male' | 'female';
  };
}

export interface PlayerInfoMatch {
  match_key: string;
  name: string;
  start_at: number;
  format: 'oneday' | 't20' | 'test';
  score: {
    score: Record<
      string,
      { batting?: { score: { runs: number; balls: number; not_out: boolean } }; bowling?: { score: { wickets: number; runs: number; overs: OversPair } } }
    >;
  };
}

export interface PlayerInfoTournament {
  tou_key: string;
  tou_name: string;
  imgURl: string | null;
  formats: ('oneday' | 't20' | 'test')[];
  start_date: number;
  last_scheduled_match_date: number;
  countries: string[];
  totalMatch: number;
  totalRun: number;
  totalstrike_rate: number;
  totalRunAvg: number | null;
  wickets: number;
  match: PlayerInfoMatch[];
}

export interface PlayerInfo {
  finalData: PlayerInfoTournament[];
}
