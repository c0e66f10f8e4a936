// Row types of the tables, as Kysely sees them. Generated columns use Generated<>.
import type { ColumnType, Generated } from 'kysely';

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
}

export type MatchStatus = 'not_started' | 'started' | 'completed';
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
  byes: number;
  legbyes: number;
  wides: number;
  noballs: number;
  penalty: number;
}

export interface MatchPlayersTable {
  match_id: number;
  team: TeamSide;
  position: number;
  person_id: number;
}

export interface PlayerOfMatchTable {
  match_id: number;
  position: number;
  person_id: number;
}

export interface ImportRunsTable {
  id: Generated<number>;
  sources: string[];
  started_at: Generated<Date>;
  finished_at: Date | null;
}

export interface Database {
  people: PeopleTable;
  teams: TeamsTable;
  team_names: TeamNamesTable;
  venues: VenuesTable;
  tournaments: TournamentsTable;
  matches: MatchesTable;
  innings: InningsTable;
  match_players: MatchPlayersTable;
  player_of_match: PlayerOfMatchTable;
  import_runs: ImportRunsTable;
}
