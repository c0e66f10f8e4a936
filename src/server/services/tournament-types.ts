// Shapes of series, statistics and fixtures (spec §3 Tournament, Player stats entry, Month
// group, Fixture day group), shared by the provider API and the pages. The list, month and team
// option shapes are already the provider's (their keys are the spec's); the wire's zod schemas
// (src/server/wire/schemas/tournaments.ts) are checked at compile time to give exactly these
// types, so the read model stays below the wire and the two cannot drift. The tournament detail
// is a read model in the domain's names (matches as match summaries, the points table as the
// domain's standings), which wire/presenters turns into the provider's shape.
import type { FormatType } from '../domain/format-type.ts';
import type { PlayerRole } from '../domain/player-role.ts';
import type { StandingsRound } from '../domain/points-table.ts';
import type { SeriesResult } from '../domain/series-result.ts';
import type { TournamentGap } from '../domain/withheld-matches.ts';
import type { MatchSummary } from './match-summary.ts';
import type { PlayerRef } from './match-centre-types.ts';

export type { PlayerRole };
/** A broad format, as the spec's filters name it. */
export type Format = 't20' | 'oneday' | 'test';
export type Gender = 'male' | 'female';

/** A tournament in a list (spec §3 Tournament, list form). */
export interface TournamentListItem {
  tou_key: string;
  short_name: string;
  /** Cricsheet has no artwork: null, and pages show a lettered tile. */
  imgURl: string | null;
  name: string;
  /** Epoch seconds. */
  start_date: number;
  last_scheduled_match_date: number;
  formats: Format[];
  format_types: FormatType[];
  gender: Gender;
  matches: number;
}

/** A player of a tournament side with his roles in it. */
export interface TournamentSquadPlayer {
  player: PlayerRef;
  /** Derived roles, most telling first, in the detail's language (docs/decisions/009). */
  roles: string[];
  /** Matches played for this side in the tournament. */
  matches: number;
}

/** A side of the tournament with its players grouped by their first role. */
export interface TournamentTeam {
  key: string;
  name: string;
  code: string;
  players: Record<PlayerRole, TournamentSquadPlayer[]>;
}

/**
 * The tournament's matches of one type: a series of its own in a tour (the Test series, the ODI
 * series), with its result when the tournament is bilateral, and its sides' squads in it.
 */
export interface SeriesPart {
  formatType: FormatType;
  /** Its matches' keys, in playing order. */
  matchKeys: string[];
  /** Of those, the matches that count (decision 059): a voided match is listed but not counted. */
  countedMatches: number;
  /** The series result of a bilateral tournament (domain/series-result.ts); null in a competition. */
  result: SeriesResult | null;
  teams: TournamentTeam[];
}

/** One tournament (spec §3 Tournament, detail form). */
export interface TournamentDetail {
  key: string;
  name: string;
  shortName: string;
  /** Epoch seconds, midnight UTC: the first day and the last scheduled match day. */
  startAt: number;
  lastMatchAt: number;
  formats: Format[];
  /** The types of its matches (Test, ODI, T20I, ...), in display order. */
  formatTypes: FormatType[];
  gender: Gender;
  /** Two sides play all its matches (a tour): each type is a series with a result, and there is no points table. */
  bilateral: boolean;
  /** Every match in playing order (a voided one too, labelled). */
  matches: MatchSummary[];
  /** Of those, the matches that count (decision 059): the number its header and info give. */
  countedMatches: number;
  /** Its matches by type, in display order (Test, ODI, T20I, first-class, List A, T20, The Hundred). */
  parts: SeriesPart[];
  /** Sides by name, with their players in all of its matches. */
  teams: TournamentTeam[];
  /** The league stage's rounds (domain/points-table.ts); empty without one, and for a bilateral series. */
  pointsTable: StandingsRound[];
  /** What the open data is missing of it (domain/withheld-matches.ts): null when nothing shows a gap. */
  gap: TournamentGap | null;
}
/** The tournaments that start in one month (spec §3 Month group). */
export interface MonthGroup {
  /** 'YYYY-MM' */
  month: string;
  data: TournamentListItem[];
}
/** The matches of one day (spec §3 Fixture day group). */
export interface FixtureDay {
  date: string;
  matches: MatchSummary[];
}
/** What one player did in a tournament, with his places on the most-runs and most-wickets lists. */
export interface PlayerStatsEntry {
  player: PlayerRef;
  /** The type of the matches these figures are from (a tour's types are kept apart). */
  formatType: FormatType;
  /** The side he played for (the one he played most for, when he changed sides). */
  team: { key: string; name: string; code: string };
  /** rank: place on the most-runs list; null when not on it. */
  batting: { innings: number; runs: number; balls: number; fours: number; sixes: number; rank: number | null };
  /** Legal balls bowled; rank: place on the most-wickets list; best: the best innings' figures. */
  bowling: {
    wickets: number;
    runs: number;
    balls: number;
    maidens: number;
    rank: number | null;
    best: { wickets: number; runs: number; balls: number } | null;
  };
}
/** A side to filter by. */
export interface TeamOption {
  url: string;
  name: string;
  code: string;
  gender: Gender;
  teamType: 'international' | 'club';
}

/** Paging as the spec's calls send it: limit and offset (limits in src/server/wire/schemas/common.ts). */
export interface Page {
  limit: number;
  offset: number;
}
