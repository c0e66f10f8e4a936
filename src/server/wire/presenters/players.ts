// The player's resources as the provider sends them (spec §3 Player overview, Player info):
// career figures in the provider's names with career overs as six-ball overs, and each
// match's innings keyed '1', '2' with overs as [whole, balls].
import type { z } from 'zod';
import { ballsToOvers, formatOvers, RATE_BALLS } from '../../domain/overs.ts';
import type { CareerBatting, CareerBowling } from '../../domain/types.ts';
import type { MatchFormat } from '../../db/schema.ts';
import type { HeldSince, PlayerInfo, PlayerInfoMatch, PlayerInfoTournament, PlayerOverview } from '../../services/match-centre-types.ts';
import type { careerBatting, careerBowling, playerInfo, playerInfoMatch, playerInfoTournament, playerOverview } from '../schemas/players.ts';

export type PlayerOverviewObject = z.output<typeof playerOverview>;
export type PlayerInfoObject = z.output<typeof playerInfo>;
type PlayerInfoTournamentObject = z.output<typeof playerInfoTournament>;
type PlayerInfoMatchObject = z.output<typeof playerInfoMatch>;

function presentCareerBatting(batting: CareerBatting): z.output<typeof careerBatting> {
  return {
    matches: batting.matches,
    innings: batting.innings,
    runs: batting.runs,
    high_score: batting.highScore,
    hundreds: batting.hundreds,
    fifties: batting.fifties,
    strike_rate: batting.strikeRate,
    average: batting.average,
    fours: batting.fours,
    sixes: batting.sixes,
    ducks: batting.ducks,
    not_outs: batting.notOuts,
    balls: batting.balls,
  };
}

/**
 * Balls summed across matches are shown as six-ball overs, whatever the matches' over length:
 * 3,089 balls are 514.5 overs, however many were bowled in The Hundred's five-ball sets (rates
 * are per six balls too, domain/overs.ts RATE_BALLS).
 */
function presentCareerBowling(bowling: CareerBowling, format: MatchFormat): z.output<typeof careerBowling> {
  return {
    matches: bowling.matches,
    innings: bowling.innings,
    wickets: bowling.wickets,
    best_str: bowling.bestFigures,
    // The provider's client prints a t20 entry's overs whole and reads overs[0] of the others.
    overs: format === 't20' ? formatOvers(bowling.balls, RATE_BALLS) : ballsToOvers(bowling.balls, RATE_BALLS),
    runs: bowling.runs,
    economy: bowling.economy,
    average: bowling.average,
    strike_rate: bowling.strikeRate,
    three_wickets: bowling.threeWickets,
    five_wickets: bowling.fiveWickets,
    ten_wickets: bowling.tenWickets,
    maidens: bowling.maidens,
    balls: bowling.balls,
  };
}

/** heldSince: what each career can cover (the earliest match of its kind held here). */
export function presentPlayerOverview(overview: PlayerOverview, heldSince: HeldSince): PlayerOverviewObject {
  const { player } = overview;
  const held = heldSince[player.gender];
  return {
    // 'formet' is the spec's spelling.
    stats: overview.careers.map((career) => ({
      formet: career.format,
      format_type: career.formatType,
      first_match: career.firstMatch,
      last_match: career.lastMatch,
      held_since: held[career.formatType] ?? career.firstMatch,
      batting: presentCareerBatting(career.batting),
      bowling: presentCareerBowling(career.bowling, career.format),
    })),
    player: {
      player_key: player.key,
      player_name: player.name,
      image: player.image,
      date_of_birth: player.dateOfBirth,
      nationality: player.nationality && { ...player.nationality },
      teams: player.teams.map((team) => ({ name: team.name, url: team.key })),
      gender: player.gender,
      full_name: player.profile?.fullName ?? null,
      profile: player.profile && {
        full_name: player.profile.fullName,
        known_as: player.profile.knownAs,
        date_of_birth: player.profile.dateOfBirth,
        birthplace: player.profile.birthplace,
        country: player.profile.country,
        batting_style: player.profile.battingStyle,
        bowling_style: player.profile.bowlingStyle,
        playing_role: player.profile.playingRole,
        name_hi: player.profile.nameHi,
        photo: player.profile.photo && { ...player.profile.photo },
        source: player.profile.source,
      },
      role: player.role && { label: player.role.label, codes: [...player.role.codes], derived: player.role.derived },
    },
  };
}

function presentPlayerMatch(match: PlayerInfoMatch): PlayerInfoMatchObject {
  const score: PlayerInfoMatchObject['score']['score'] = {};
  match.innings.forEach((inn, index) => {
    score[String(index + 1)] = {
      ...(inn.batting && { batting: { score: { runs: inn.batting.runs, balls: inn.batting.balls, not_out: inn.batting.notOut } } }),
      ...(inn.bowling && {
        bowling: {
          score: { wickets: inn.bowling.wickets, runs: inn.bowling.runs, overs: ballsToOvers(inn.bowling.calledBalls, match.ballsPerOver) },
        },
      }),
    };
  });
  return { match_key: match.key, name: match.name, start_at: match.startAt, format: match.format, format_type: match.formatType, score: { score } };
}

/** A tournament of the player; Cricsheet has no artwork, so imgURl is null. */
function presentPlayerTournament(tournament: PlayerInfoTournament): PlayerInfoTournamentObject {
  return {
    tou_key: tournament.key,
    tou_name: tournament.name,
    imgURl: null,
    formats: [...tournament.formats],
    format_types: [...tournament.formatTypes],
    start_date: tournament.startAt,
    last_scheduled_match_date: tournament.lastMatchAt,
    countries: [...tournament.teamsPlayedFor],
    totalMatch: tournament.matchesPlayed,
    totalRun: tournament.runs,
    totalstrike_rate: tournament.strikeRate,
    totalRunAvg: tournament.average,
    wickets: tournament.wickets,
    match: tournament.matches.map(presentPlayerMatch),
  };
}

export function presentPlayerInfo(info: PlayerInfo): PlayerInfoObject {
  return { finalData: info.tournaments.map(presentPlayerTournament) };
}
