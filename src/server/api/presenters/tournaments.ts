// Tournament resources as the provider sends them: their matches as provider match objects
// (presenters/match.ts).
import type { z } from 'zod';
import type { FixtureDay, TournamentDetail } from '../../services/tournament-types.ts';
import type { fixtureDayGroup, tournamentDetail } from '../schemas/tournaments.ts';
import { presentMatchObject } from './match.ts';

/** The wire shape of a fixtures day, which the API (and the browser's MyMatches) reads. */
export type FixtureDayGroup = z.output<typeof fixtureDayGroup>;

export type TournamentDetailObject = z.output<typeof tournamentDetail>;

export function presentTournamentDetail(detail: TournamentDetail): TournamentDetailObject {
  return { ...detail, teamsDetails: { matches: detail.teamsDetails.matches.map(presentMatchObject) } };
}

export function presentFixtureDay(day: FixtureDay): FixtureDayGroup {
  return { date: day.date, matches: day.matches.map(presentMatchObject) };
}
