// Tournament resources as the provider sends them: their matches as provider match objects
// (presenters/match.ts), the sides' players under bt/bo/ar/wc, the points table with the
// net run rate as the tables print it, and the player stats with their rates and overs.
import type { z } from 'zod';
import { formatOvers, RATE_BALLS } from '../../domain/overs.ts';
import { formatNetRunRate, type StandingsRound } from '../../domain/points-table.ts';
import { economy, strikeRate } from '../../domain/rates.ts';
import type { SeriesResult } from '../../domain/series-result.ts';
import type { FixtureDay, PlayerStatsEntry, SeriesPart, TournamentDetail, TournamentTeam } from '../../services/tournament-types.ts';
import type { fixtureDayGroup, playerStatsEntry, pointsRound, seriesPart, seriesResult, tournamentDetail, tournamentTeam } from '../schemas/tournaments.ts';
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
    multi_day: round.multiDay,
    groups: round.groups.map((group) => ({
      group: { name: group.name },
      points: group.standings.map((standing) => ({
        team: { name: standing.team.name, url: standing.team.key, code: standing.team.code },
        played: standing.played,
        won: standing.won,
        lost: standing.lost,
        tied: standing.tied,
        no_result: standing.noResult,
        drawn: standing.drawn,
        points: standing.points,
        net_run_rate: standing.netRunRate === null ? null : formatNetRunRate(standing.netRunRate),
        position: standing.position,
      })),
    })),
  };
}

function presentSeriesResult(result: SeriesResult): z.output<typeof seriesResult> {
  const [a, b] = result.sides;
  return {
    text: result.text,
    state: result.state,
    matches: result.matches,
    completed: result.completed,
    wins: [
      { team: { url: a.key, name: a.name }, wins: result.wins[0] },
      { team: { url: b.key, name: b.name }, wins: result.wins[1] },
    ],
    draws: result.draws,
    ties: result.ties,
    no_results: result.noResults,
    leader: result.leader?.key ?? null,
  };
}

function presentSeriesPart(part: SeriesPart): z.output<typeof seriesPart> {
  return { format_type: part.formatType, match_keys: [...part.matchKeys], result: part.result && presentSeriesResult(part.result) };
}

export function presentTournamentDetail(detail: TournamentDetail): TournamentDetailObject {
  const teams = detail.teams.map(presentTournamentTeam);
  const tournamentPoints = detail.pointsTable.map(presentPointsRound);
  return {
    tournamentName: detail.name,
    tournamentKey: detail.key,
    shortName: detail.shortName,
    startDate: detail.startAt,
    lastScheduledMatchDate: detail.lastMatchAt,
    formats: [...detail.formats],
    format_types: [...detail.formatTypes],
    gender: detail.gender,
    bilateral: detail.bilateral,
    series: detail.parts.map(presentSeriesPart),
    // The provider's client reads teams and the table inside teamsDetails (decision 061).
    teamsDetails: { matches: detail.matches.map(presentMatchObject), teams, tournamentPoints },
    teams,
    tournamentPoints,
  };
}

export type PlayerStatsEntryObject = z.output<typeof playerStatsEntry>;

/** The wire has no null rates: 0 where there is no ball to rate. Overs are six-ball overs, as careers count them (RATE_BALLS). */
export function presentPlayerStats(entry: PlayerStatsEntry): PlayerStatsEntryObject {
  const { batting, bowling } = entry;
  return {
    player_key: entry.player.key,
    player_name: entry.player.name,
    format_type: entry.formatType,
    nationality: { name: entry.team.name, image: null, code: entry.team.code, url: entry.team.key },
    performance: {
      batting: {
        most_runs: { rank: batting.rank, value: batting.runs },
        most_fours: { value: batting.fours },
        most_sixes: { value: batting.sixes },
        innings: batting.innings,
        balls: batting.balls,
        strike_rate: strikeRate(batting.runs, batting.balls),
      },
      bowling: {
        most_wickets: { rank: bowling.rank, value: bowling.wickets },
        best_bowling: {
          runs: bowling.best?.runs ?? 0,
          wickets: bowling.best?.wickets ?? 0,
          economy: (bowling.best && economy(bowling.best.runs, bowling.best.balls)) ?? 0,
        },
        most_maidens: { value: bowling.maidens },
        runs: bowling.runs,
        balls: bowling.balls,
        overs: formatOvers(bowling.balls, RATE_BALLS),
        economy: economy(bowling.runs, bowling.balls) ?? 0,
      },
    },
  };
}

export function presentFixtureDay(day: FixtureDay): FixtureDayGroup {
  return { date: day.date, matches: day.matches.map(presentMatchObject) };
}
