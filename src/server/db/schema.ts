// Row types of the tables, as Kysely sees them. Generated columns use Generated<>.
import type { ColumnType, Generated } from 'kysely';
import type { AlertKind } from '../domain/alerts.ts';
import type { FormatType } from '../domain/format-type.ts';
import type { InningsTallyState } from '../domain/scorecard.ts';
import type { BowlingEntry } from '../domain/types.ts';

type DateColumn = ColumnType<string, string, string>;

export interface PeopleTable {
  id: Generated<number>;
  registry_id: string;
  name: string;
}

export interface TeamsTable {
  id: Generated<number>;
  team_key: string;
  name: string;
  code: string;
  gender: 'male' | 'female';
  team_type: 'international' | 'club';
}

export interface TeamNamesTable {
  name: string;
  gender: string;
  team_type: string;
  team_id: number;
}

export interface VenuesTable {
  id: Generated<number>;
  name: string;
  city: string;
}

export interface TournamentsTable {
  id: Generated<number>;
  tou_key: string;
  event_name: string;
  season: string;
  name: string;
  short_name: string;
  gender: string;
  team_type: string;
  event_abbreviation: string | null;
  start_date: DateColumn | null;
  end_date: DateColumn | null;
  /** Sides that play in it; two make a bilateral series (store/tournament-shapes.ts). */
  sides: Generated<number>;
  /** Its matches per format type: { "test": 2, "odi": 3 }. */
  type_matches: ColumnType<Partial<Record<FormatType, number>>, string | undefined, string>;
}

export type MatchStatus = 'not_started' | 'started' | 'completed';
/** Where a match stands in the provider's vocabulary (beside status): play, a break, or over. */
export type PlayStatus =
  | 'scheduled'
  | 'pre_match'
  | 'in_play'
  | 'drinks_break'
  | 'innings_break'
  | 'stumps'
  | 'rain_delay'
  | 'bad_light'
  | 'lunch'
  | 'tea'
  | 'result'
  | 'abandoned';
export type MatchSource = 'cricsheet' | 'scorer' | 'ingest' | 'replay' | 'correction';
export type MatchFormat = 't20' | 'oneday' | 'test';
export type TeamSide = 'a' | 'b';

export interface MatchesTable {
  id: number;
  match_key: string;
  tournament_id: number;
  source_sha1: string;
  data_version: string;
  revision: number;
  created: DateColumn;
  match_type: string;
  match_type_number: number | null;
  format: MatchFormat;
  /** Test, ODI, T20I, first-class, List A, T20, The Hundred (domain/format-type.ts). */
  format_type: FormatType;
  gender: string;
  team_type: string;
  balls_per_over: number;
  overs_limit: number | null;
  start_date: DateColumn;
  dates: string[];
  team_a_id: number;
  team_b_id: number;
  team_a_name: string;
  team_b_name: string;
  venue_id: number | null;
  event_match_number: number | null;
  event_group: string | null;
  event_stage: string | null;
  status: MatchStatus;
  toss_winner: TeamSide | null;
  toss_decision: string | null;
  winner: TeamSide | null;
  result: 'tie' | 'no result' | 'draw' | null;
  win_by_runs: number | null;
  win_by_wickets: number | null;
  win_by_innings: boolean;
  method: string | null;
  eliminator: TeamSide | null;
  bowl_out: TeamSide | null;
  missing: unknown;
  /** RULES_VERSION of the domain rules that derived this match's rows; 0 before versions existed. */
  rules_version: Generated<number>;
  start_at: Date | null;
  play_status: Generated<PlayStatus>;
  break_reason: string | null;
  is_replay: Generated<boolean>;
  replay_of: string | null;
  /** Sequence of the last event pushed for the match (live_events). */
  live_sequence: Generated<number>;
  revised_target_runs: number | null;
  /** numeric: read as a string. */
  revised_target_overs: string | number | null;
  day_number: number | null;
  source: Generated<MatchSource>;
  /** Declared void and replayed in full: the replay's key (a correction, migration 013); null otherwise. */
  void_replayed_by: string | null;
}

export interface InningsTable {
  match_id: number;
  innings_no: number;
  batting_team: TeamSide;
  super_over: boolean;
  declared: boolean;
  forfeited: boolean;
  target_runs: number | null;
  target_balls: number | null;
  penalty_runs_pre: number;
  penalty_runs_post: number;
  absent_hurt: string[] | null;
  miscounted_overs: unknown;
  runs: number;
  wickets: number;
  legal_balls: number;
  /** Overs as the umpires called them, in legal balls. */
  called_balls: number;
  byes: number;
  legbyes: number;
  wides: number;
  noballs: number;
  penalty: number;
  /** The saved InningsTallyState of an innings in progress (written as its JSON); null once it is closed. */
  tally: ColumnType<InningsTallyState | null, string | null, string | null>;
}

export interface MatchPlayersTable {
  match_id: number;
  team: TeamSide;
  position: number;
  person_id: number;
  /** Captain and wicketkeeper of the side (migration 022): known for live team sheets only. */
  captain: Generated<boolean>;
  keeper: Generated<boolean>;
}

export interface PlayerOfMatchTable {
  match_id: number;
  position: number;
  person_id: number;
}

export interface MatchOfficialsTable {
  match_id: number;
  role: string;
  position: number;
  person_id: number;
}

/** The deliveries of an innings, BALL_BYTES each (src/server/store/ball-codec.ts). */
export interface InningsBallsTable {
  match_id: number;
  innings_no: number;
  /** People ids the balls' batter, non-striker and bowler bytes index into. */
  people: number[];
  balls: Uint8Array;
  reviews: { seq: number; review: unknown }[] | null;
}

export interface WicketsTable {
  match_id: number;
  innings_no: number;
  seq: number;
  position: number;
  kind: string;
  player_out_id: number;
  /** Cricsheet fielders as stored: [{ name?, substitute? }] (written as their JSON). */
  fielders: ColumnType<{ name?: string; substitute?: boolean }[] | null, string | null, string | null>;
  /** People ids of the named fielders, in order; a live write gives null for one a scorer named without a key. */
  fielder_ids: ColumnType<number[] | null, (number | null)[] | null, (number | null)[] | null>;
}

/** Derived at import: one row per batter per innings, in batting order. */
export interface BattingInningsTable {
  match_id: number;
  innings_no: number;
  position: number;
  person_id: number;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  dismissal_kind: string | null;
  bowler_id: number | null;
  fielder_ids: number[] | null;
  fielder_names: string[] | null;
  wicket_no: number | null;
  team_runs_at_dismissal: number | null;
  legal_balls_at_dismissal: number | null;
  dismissal_over: number | null;
  dismissal_ball: number | null;
}

/** A camelCase field name as a column spells it: legalBalls is legal_balls. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Rest}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Rest>}`
  : S;
/** A domain record's fields as its table's columns. */
type ColumnsOf<T> = { [K in keyof T & string as SnakeCase<K>]: T[K] };

/** Derived at import: one row per bowler per innings, in bowling order: the domain's figures, the player as a person id. */
export interface BowlingInningsTable extends ColumnsOf<Omit<BowlingEntry, 'player'>> {
  match_id: number;
  innings_no: number;
  position: number;
  person_id: number;
}

export interface FallOfWicketsTable {
  match_id: number;
  innings_no: number;
  wicket_no: number;
  person_id: number;
  team_runs: number;
  legal_balls: number;
  kind: string;
  over_no: number | null;
  ball_no: number | null;
}

export interface PartnershipsTable {
  match_id: number;
  innings_no: number;
  position: number;
  for_wicket: number;
  batter_a_id: number;
  batter_a_runs: number;
  batter_a_balls: number;
  batter_b_id: number;
  batter_b_runs: number;
  batter_b_balls: number;
  runs: number;
  balls: number;
  unbroken: boolean;
}

/** An event of a schedule feed and the match it made (migration 025, decision 067). */
export interface FeedFixturesTable {
  source: string;
  event_key: string;
  match_id: number;
  start_at: Date;
  cancelled: Generated<boolean>;
  seen_at: Generated<Date>;
}

export interface ImportRunsTable {
  id: Generated<number>;
  sources: string[];
  started_at: Generated<Date>;
  finished_at: Date | null;
}

// Accounts (migration 006). bigint ids are read as text (select id::text) where they leave SQL.
export type Role = 'user' | 'scorer' | 'editor' | 'admin';

export interface UsersTable {
  id: Generated<string>;
  phone: string;
  password_hash: string;
  name: string | null;
  email: string | null;
  image: string | null;
  role: Generated<Role>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Uint8Array;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  user_agent: string | null;
}

export interface OtpsTable {
  id: string;
  phone: string;
  purpose: 'register' | 'reset';
  code_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  attempts: Generated<number>;
  verified_at: Date | null;
  consumed_at: Date | null;
  deliverable: boolean;
}

/** Lock-out counters (migration 019): a count per key until resets_at. */
export interface LimitCountersTable {
  key: string;
  count: number;
  resets_at: Date;
}

export interface UserSettingsTable {
  user_id: string;
  settings: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export interface ContactQueriesTable {
  id: Generated<string>;
  user_id: string | null;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  created_at: Generated<Date>;
  handled_at: Date | null;
}

export interface LiveEventsTable {
  match_id: number;
  sequence: number;
  kind: 'ball' | 'ball_deleted' | 'state';
  ball_key: string | null;
  payload: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

export interface BallIdempotencyTable {
  match_id: number;
  idempotency_key: string;
  sequence: number;
  ball_key: string;
  /** sha256 of the ball the key wrote (migration 008): a resend of another ball is refused. */
  ball_digest: Buffer | null;
}

/** The site's VAPID key pair, one row (migration 028, push/subscriptions.ts). */
export interface PushKeysTable {
  id: Generated<number>;
  public_key: string;
  private_key: string;
  created_at: Generated<Date>;
}

/** A device's Web Push subscription and what it asked to hear (migration 028). */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string | null;
  language: Generated<'en' | 'hi'>;
  kinds: AlertKind[];
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: Generated<string>;
  match_keys: Generated<string[]>;
  team_keys: Generated<string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  last_success_at: Date | null;
}

/** A notification's events sent to a subscription (migration 028): one process sends each. */
export interface PushSentTable {
  subscription_id: string;
  event_key: string;
  sent_at: Generated<Date>;
}

/** How far the match alerts job has read a match's balls (migration 028). */
export interface PushProgressTable {
  match_key: string;
  balls_seen: number;
  result_seen: Generated<boolean>;
}

export interface ScorerTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Uint8Array;
  label: string;
  /** The matches the token may score (migration 023); null: every match scored live. */
  match_keys: string[] | null;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface JobsTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<unknown, string | undefined, string>;
  dedupe_key: string | null;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  run_at: Generated<Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  started_at: Date | null;
  finished_at: Date | null;
}

/** One searchable player, team, tournament or venue (store/search-index.ts). */
export interface SearchEntriesTable {
  kind: 'player' | 'team' | 'tournament' | 'venue';
  entity_id: number;
  /** Registry id, team key, tournament key, venue id. */
  key: string;
  name: string;
  /** ' words ~initials ' (domain/search-terms.ts). */
  terms: string;
  /** A player's latest team, a venue's city. */
  detail: string | null;
  /** A team's latest tournament key, a venue's latest match key. */
  link: string | null;
  gender: string | null;
  matches: number;
  /** What ranks it: its matches; for a tournament, its series' matches over every season. */
  weight: number;
  last_date: DateColumn | null;
  /** A player's full name from his profile (migration 021). */
  full_name: string | null;
}

/** Fantasy points of a listed player in a match (store/fantasy-rows.ts), with the rules version that gave them. */
export interface FantasyPointsTable {
  match_id: number;
  person_id: number;
  team: TeamSide;
  rules: string;
  points: number;
  /** The breakdown: FantasyLine[] (domain/fantasy.ts), json (migration 018). */
  lines: unknown;
}

/** A bulk import whose search rows are still to be built (migration 018; LiveMatchWriter.finishBulkImport). */
export interface SearchPendingTable {
  token: string;
  touched_at: Generated<Date>;
}

// Corrections (migration 013, docs/decisions/034-corrections.md).
export type CorrectionKind = 'abandoned' | 'void' | 'person_name' | 'team_name';

export interface CorrectionsTable {
  id: Generated<number>;
  case_key: string;
  kind: CorrectionKind;
  payload: ColumnType<unknown, string, string>;
  source_note: string;
  origin: 'file' | 'admin';
  /** The match an 'abandoned' case writes (from correction_match_ids); kept across edits. */
  match_id: number | null;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface CorrectionFilesTable {
  name: string;
  fingerprint: string;
  applied_at: Generated<Date>;
}

// News (migration 014).
export type NewsKind = 'editorial' | 'automated';
export type NewsStatus = 'draft' | 'published';
export type NewsTagKind = 'team' | 'player' | 'tournament' | 'match';

export interface NewsArticlesTable {
  id: Generated<string>;
  slug: string;
  kind: Generated<NewsKind>;
  status: Generated<NewsStatus>;
  report_match_key: string | null;
  /** The fixture an automated preview is about (migration 027). */
  preview_match_key: Generated<string | null>;
  cover_image: string | null;
  view_count: Generated<string>;
  created_by: string | null;
  updated_by: string | null;
  edited: Generated<boolean>;
  /** The wording version an automated report was written with (migration 029; 0 before it). */
  wording: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  published_at: Date | null;
}

export interface NewsTextsTable {
  article_id: string;
  lang: 'en' | 'hi';
  heading: string;
  sub_heading: string;
  content: string;
  paragraphs: string[];
}

export interface NewsTagsTable {
  article_id: string;
  kind: NewsTagKind;
  key: string;
}

export interface NewsViewsTable {
  article_id: string;
  hour: Date;
  views: number;
}

export interface Database {
  people: PeopleTable;
  teams: TeamsTable;
  team_names: TeamNamesTable;
  venues: VenuesTable;
  tournaments: TournamentsTable;
  matches: MatchesTable;
  /** Views (migration 024, decision 059): the matches but replays, and of those the ones not voided, what every aggregate reads. */
  real_matches: MatchesTable;
  counted_matches: MatchesTable;
  innings: InningsTable;
  match_players: MatchPlayersTable;
  player_of_match: PlayerOfMatchTable;
  match_officials: MatchOfficialsTable;
  innings_balls: InningsBallsTable;
  wickets: WicketsTable;
  batting_innings: BattingInningsTable;
  bowling_innings: BowlingInningsTable;
  fall_of_wickets: FallOfWicketsTable;
  partnerships: PartnershipsTable;
  import_runs: ImportRunsTable;
  feed_fixtures: FeedFixturesTable;
  users: UsersTable;
  sessions: SessionsTable;
  otps: OtpsTable;
  user_settings: UserSettingsTable;
  contact_queries: ContactQueriesTable;
  live_events: LiveEventsTable;
  ball_idempotency: BallIdempotencyTable;
  scorer_tokens: ScorerTokensTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_sent: PushSentTable;
  push_progress: PushProgressTable;
  jobs: JobsTable;
  search_entries: SearchEntriesTable;
  reels: ReelsTable;
  reel_likes: ReelLikesTable;
  reel_comments: ReelCommentsTable;
  fantasy_points: FantasyPointsTable;
  search_pending: SearchPendingTable;
  limit_counters: LimitCountersTable;
  corrections: CorrectionsTable;
  correction_files: CorrectionFilesTable;
  news_articles: NewsArticlesTable;
  news_texts: NewsTextsTable;
  news_tags: NewsTagsTable;
  news_views: NewsViewsTable;
  register_people: RegisterPeopleTable;
  register_names: RegisterNamesTable;
  player_profiles: PlayerProfilesTable;
  register_imports: RegisterImportsTable;
  search_versions: SearchVersionsTable;
}

// Cricsheet's people register and player profiles (migration 021, decision 055).
export interface RegisterPeopleTable {
  registry_id: string;
  name: string;
  unique_name: string;
  key_cricinfo: string | null;
  other_keys: Generated<Record<string, string>>;
}

export interface RegisterNamesTable {
  registry_id: string;
  name: string;
}

export interface PlayerProfilesTable {
  registry_id: string;
  full_name: string | null;
  known_as: string | null;
  date_of_birth: DateColumn | null;
  birthplace: string | null;
  country: string | null;
  batting_style: string | null;
  bowling_style: string | null;
  playing_role: string | null;
  name_hi: string | null;
  photo_url: string | null;
  photo_licence: string | null;
  photo_author: string | null;
  photo_page: string | null;
  source: string;
  updated_at: Generated<Date>;
}

export interface RegisterImportsTable {
  source_kind: 'people' | 'names' | 'profiles';
  location: string;
  fingerprint: string;
  rows: number;
  imported_at: Generated<Date>;
}

export interface SearchVersionsTable {
  id: Generated<boolean>;
  version: string;
}

// Reels (migration 017, decision 041).
export type ReelStatus = 'processing' | 'ready' | 'failed';

export interface ReelsTable {
  id: Generated<string>;
  title: string;
  title_hi: string | null;
  status: Generated<ReelStatus>;
  error: string | null;
  uploaded_by: string | null;
  source_bytes: number;
  duration_ms: number | null;
  video_file: string | null;
  poster_file: string | null;
  video_bytes: number | null;
  created_at: Generated<Date>;
  ready_at: Date | null;
}

export interface ReelLikesTable {
  id: Generated<string>;
  reel_id: string;
  user_id: string;
  status: 'like' | 'dislike';
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ReelCommentsTable {
  id: Generated<string>;
  reel_id: string;
  user_id: string | null;
  body: string;
  created_at: Generated<Date>;
  deleted_at: Date | null;
  deleted_by: string | null;
}
