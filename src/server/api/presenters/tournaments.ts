// Tournament resources as the provider sends them: their matches as provider match objects
// (presenters/match.ts), the sides' players under bt/bo/ar/wc and the points table with the
// net run rate as the tables print it.
import type { z } from 'zod';
import { formatNetRunRate, type StandingsRound } from '../../domain/points-table.ts';
import type { FixtureDay, TournamentDetail, TournamentTeam } from '../../services/tournament-types.ts';
import type { fixtureDayGroup, pointsRound, tournamentDetail, tournamentTeam } from '../schemas/tournaments.ts';
import { presentMatchObject } from './match.ts';

/** The wire shape of a fixtures day, which the API (and the browser's MyMatches) reads. */
export type FixtureDayGroup = z.output<typeof fixtureDayGroup>;

export type TournamentDetailObject = z.output<typeof tournamentDetail>;
type TournamentTeamObject = z.output<typeof tournamentTeam>;
type PointsRoundObject = z.output<typeof pointsRound>;

/** Cricsheet has no photos, so every image is null. */
function presentTournamentTeam(team: TournamentTeam): TournamentTeamObject {
  const cards = (role: keyof TournamentTeam['players']) =>
    team.players[role].map((member) => ({
      player_key: member.player.key,
      name: member.player.name,
      image: null,
      role: [...member.roles],
      matches: member.matches,
    }));
  return { url: team.key, name: team.name, code: team.code, players: { bt: cards('bt'), bo: cards('bo'), ar: cards('ar'), wc: cards('wc') } };
}

function presentPointsRound(round: StandingsRound): PointsRoundObject {
  return {
    tournament_round: { name: round.name },
    groups: round.groups.map((group) => ({
      group: { name: group.name },
      points: group.standings.map((standing) => ({
        team: { name: standing.team.name, url: standing.team.key, code: standing.team.code },
        played: standing.played,
        won: standing.won,
        lost: standing.lost,
        tied: standing.tied,
        no_result: standing.noResult,
        points: standing.points,
        net_run_rate: formatNetRunRate(standing.netRunRate),
        position: standing.position,
      })),
    })),
  };
}

export function presentTournamentDetail(detail: TournamentDetail): TournamentDetailObject {
  return {
    tournamentName: detail.name,
    tournamentKey: detail.key,
    shortName: detail.shortName,
    startDate: detail.startAt,
    lastScheduledMatchDate: detail.lastMatchAt,
    formats: [...detail.formats],
    gender: detail.gender,
    teamsDetails: { matches: detail.matches.map(presentMatchObject) },
    teams: detail.teams.map(presentTournamentTeam),
    tournamentPoints: detail.pointsTable.map(presentPointsRound),
  };
}

export function presentFixtureDay(day: FixtureDay): FixtureDayGroup {
  return { date: day.date, matches: day.matches.map(presentMatchObject) };
}
