// Response shapes of series, statistics and fixtures (spec §3 Tournament, Player stats entry,
// Month group, Fixture day group), shared by the provider API and the pages.
import type { MatchObject } from './match-object.ts';

export type Format = 't20' | 'oneday' | 'test';

/** List form (spec §3): dates are epoch seconds, as the provider sends them. */
export interface TournamentListItem {
  tou_key: string;
  short_name: string;
  /** Cricsheet has no artwork: null, and pages show a lettered tile. */
  imgURl: string | null;
  name: string;
  start_date: number;
  last_scheduled_match_date: number;
  /** Additions: formats played and the sides' gender, for filters. */
  formats: Format[];
  gender: 'male' | 'female';
  matches: number;
}

export interface PointsRow {
  team: { name: string; url: string; code: string };
  played: number;
  won: number;
  lost: number;
  tied: number;
  no_result: number;
  points: number;
  /** Signed, three decimals, as a string ('+0.809', '-1.012'), the way tables print it. */
  net_run_rate: string;
  /** Addition: position in the group. */
  position: number;
}

export interface PointsGroup {
  group: { name: string };
  points: PointsRow[];
}

export interface PointsRound {
  tournament_round: { name: string };
  groups: PointsGroup[];
}

export type PlayerRole = 'bt' | 'bo' | 'ar' | 'wc';

export interface SquadPlayerCard {
  player_key: string;
  name: string;
  image: string | null;
  /** Derived roles, most telling first (docs/decisions: player roles). */
  role: string[];
  matches: number;
}

export interface TournamentTeam {
  url: string;
  name: string;
  code: string;
  players: Record<PlayerRole, SquadPlayerCard[]>;
}

export interface TournamentDetail {
  tournamentName: string;
  tournamentKey: string;
  shortName: string;
  startDate: number;
  lastScheduledMatchDate: number;
  formats: Format[];
  gender: 'male' | 'female';
  /** Every match of the tournament in playing order. */
  teamsDetails: { matches: MatchObject[] };
  teams: TournamentTeam[];
  /** Empty when the tournament has no league stage (e.g. a bilateral series is still a table). */
  tournamentPoints: PointsRound[];
}

export interface MonthGroup {
  /** 'YYYY-MM' */
  month: string;
  data: TournamentListItem[];
}

export interface FixtureDayGroup {
  /** 'YYYY-MM-DD' */
  date: string;
  matches: MatchObject[];
}

export interface PlayerStatsEntry {
  player_key: string;
  player_name: string;
  /** The side the player played for in the tournament (url: the team key). */
  nationality: { name: string; image: string | null; code: string; url: string };
  performance: {
    batting: {
      most_runs: { rank: number | null; value: number };
      most_fours: { value: number };
      most_sixes: { value: number };
      /** Additions for the tables: innings, balls, strike rate. */
      innings: number;
      balls: number;
      strike_rate: number;
    };
    bowling: {
      most_wickets: { rank: number | null; value: number };
      /** Best figures in one innings (most wickets, then fewest runs) and that innings' economy. */
      best_bowling: { runs: number; wickets: number; economy: number };
      most_maidens: { value: number };
      /** Additions: runs conceded, overs as 'O.B', economy over the tournament (runs per six balls). */
      runs: number;
      /** Legal balls bowled (as called). */
      balls: number;
      overs: string;
      economy: number;
    };
  };
}

/** Paging as the spec's calls send it: limit (at most 100) and offset (not negative). */
export interface Page {
  limit: number;
  offset: number;
}
