// Shapes of series, statistics and fixtures (spec §3 Tournament, Player stats entry, Month
// group, Fixture day group), shared by the provider API and the pages. The contract is the zod
// schemas in src/server/api/schemas; these are their types, so it is written once. Matches are
// match summaries here, which api/presenters turns into the provider's match objects.
import type { z } from 'zod';
import type { MatchSummary } from './match-summary.ts';
import type {
  format,
  monthGroup,
  playerRole,
  playerStatsEntry,
  pointsGroup,
  pointsRound,
  pointsRow,
  squadPlayerCard,
  teamOption,
  tournamentDetail,
  tournamentListItem,
  tournamentTeam,
} from '../api/schemas/tournaments.ts';

export type Format = z.output<typeof format>;
export type TournamentListItem = z.output<typeof tournamentListItem>;
export type PointsRow = z.output<typeof pointsRow>;
export type PointsGroup = z.output<typeof pointsGroup>;
export type PointsRound = z.output<typeof pointsRound>;
export type PlayerRole = z.output<typeof playerRole>;
export type SquadPlayerCard = z.output<typeof squadPlayerCard>;
export type TournamentTeam = z.output<typeof tournamentTeam>;
export type TournamentDetail = Omit<z.output<typeof tournamentDetail>, 'teamsDetails'> & {
  teamsDetails: { matches: MatchSummary[] };
};
export type MonthGroup = z.output<typeof monthGroup>;
/** The matches of one day (spec §3 Fixture day group). */
export interface FixtureDay {
  date: string;
  matches: MatchSummary[];
}
export type PlayerStatsEntry = z.output<typeof playerStatsEntry>;
export type TeamOption = z.output<typeof teamOption>;

/** Paging as the spec's calls send it: limit and offset (limits in src/server/api/schemas/common.ts). */
export interface Page {
  limit: number;
  offset: number;
}
