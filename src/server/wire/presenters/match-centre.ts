// The match centre's resources as the provider sends them: the match detail and the Info tab's
// meetings and recent matches carry provider match objects (presenters/match.ts); the
// scorecard's innings go into the provider's teamA..teamD slots.
import type { z } from 'zod';
import { ballsToOvers } from '../../domain/overs.ts';
import type {
  BallPosition,
  Commentary,
  CommentaryBall,
  MatchDetail,
  MatchInfo,
  Scorecard,
  ScorecardBatterLine,
  ScorecardInnings,
  Squad,
  SquadTeam,
} from '../../services/match-centre-types.ts';
import type { WinProbPoint } from '../../domain/winprob.ts';
import type { WinProbability } from '../../services/match-centre/winprob.ts';
import type {
  commentary,
  commentaryEntry,
  dismissal,
  matchDetail,
  matchInfo,
  providerSquad as providerSquadSchema,
  scorecard,
  scorecardInnings,
  squad,
  winProbability,
  winProbabilityBall,
} from '../schemas/match-centre.ts';
import { presentMatchObject } from './match.ts';

export type MatchDetailObject = z.output<typeof matchDetail>;
export type MatchInfoObject = z.output<typeof matchInfo>;
export type ScorecardObject = z.output<typeof scorecard>;
export type ScorecardInningsObject = z.output<typeof scorecardInnings>;
export type CommentaryObject = z.output<typeof commentary>;
export type CommentaryEntryObject = z.output<typeof commentaryEntry>;
export type SquadObject = z.output<typeof squad>;
type DismissalObject = z.output<typeof dismissal>;
export type ProviderSquadObject = z.output<typeof providerSquadSchema>;
export type WinProbabilityObject = z.output<typeof winProbability>;
export type WinProbabilityBallObject = z.output<typeof winProbabilityBall>;

export function presentMatchDetail(detail: MatchDetail): MatchDetailObject {
  const { officials } = detail;
  return {
    ...presentMatchObject(detail),
    officials: {
      umpires: officials.umpires,
      tv_umpires: officials.tvUmpires,
      reserve_umpires: officials.reserveUmpires,
      match_referees: officials.matchReferees,
    },
    player_of_match: detail.awards,
    toss_text: detail.tossText,
    association: { code: 'cricsheet' },
    dates: [...detail.dates],
    gender: detail.gender,
    match_type: detail.matchType,
    notes: detail.notes,
  };
}

export function presentMatchInfo(info: MatchInfo): MatchInfoObject {
  const form = (side: 'a' | 'b') =>
    info.form[side].map((result) => ({ match_key: result.matchKey, result: result.result, opponent: result.opponent, start_date: result.date }));
  const { headToHead } = info;
  return {
    venue: info.venue && { ...info.venue },
    form: { a: form('a'), b: form('b') },
    head_to_head: {
      played: headToHead.played,
      won: { ...headToHead.won },
      tied: headToHead.tied,
      no_result: headToHead.noResult,
      drawn: headToHead.drawn,
      last: headToHead.last.map(presentMatchObject),
    },
    recent: info.recent.map(presentMatchObject),
  };
}

/** A wicket as the provider sends it; null for a batter not out, whom its client leaves out of the fall of wickets. */
function presentDismissal(dismissal: ScorecardBatterLine['dismissal']): DismissalObject | null {
  if (dismissal.wicketNumber === null || dismissal.teamRuns === null) return null;
  return { msg: dismissal.text, wicket_number: dismissal.wicketNumber, team_runs: dismissal.teamRuns, overs: ballPair(dismissal.ball) };
}

/** A ball's place as the provider's [over index, ball number] pair. */
function ballPair(ball: BallPosition | null): [number, number] | null {
  return ball && [ball.over, ball.ball];
}

/**
 * One innings as the provider sends it: each batter's and bowler's figures keyed by the innings'
 * index, and by the batting side's innings number from 1 (its second innings is '2'), which the
 * provider's client reads (decision 061). The two keys hold the same line.
 */
function presentInnings(inn: ScorecardInnings, ballsPerOver: number, sideInnings: number): ScorecardInningsObject {
  const keys = [...new Set([String(inn.index), String(sideInnings)])];
  const keyed = <T>(line: T): Record<string, T> => Object.fromEntries(keys.map((key) => [key, line]));
  return {
    index: inn.index,
    innings_no: inn.inningsNo,
    batting_team: inn.side,
    team: inn.team,
    super_over: inn.superOver,
    declared: inn.declared,
    forfeited: inn.forfeited,
    follow_on: inn.followOn,
    total: { runs: inn.runs, wickets: inn.wickets, overs: ballsToOvers(inn.calledBalls, ballsPerOver), run_rate: inn.runRate },
    target: inn.target && { runs: inn.target.runs, overs: ballsToOvers(inn.target.balls ?? 0, ballsPerOver) },
    batsman: inn.batting.map((line) => ({
      player: line.player,
      score: keyed({
        batting: {
          score: { runs: line.runs, balls: line.balls, fours: line.fours, sixes: line.sixes, strike_rate: line.strikeRate },
          dismissal: presentDismissal(line.dismissal),
          how_out: line.dismissal.text,
        },
      }),
    })),
    did_not_bat: inn.didNotBat,
    bowler: inn.bowling.map((line) => ({
      player: line.player,
      score: keyed({
        bowling: {
          score: {
            overs: ballsToOvers(line.calledBalls, ballsPerOver),
            maiden_overs: line.maidens,
            runs: line.runs,
            wickets: line.wickets,
            economy: line.economy,
            wides: line.wides,
            no_balls: line.noBalls,
            dots: line.dots,
          },
        },
      }),
    })),
    extraRun: {
      extra: inn.extras.total,
      no_ball: inn.extras.noBalls,
      wide: inn.extras.wides,
      leg_bye: inn.extras.legByes,
      bye: inn.extras.byes,
      penalty: inn.extras.penalty,
    },
    fall_of_wickets: inn.fallOfWickets.map((fall) => ({
      wicket_number: fall.wicketNumber,
      player: fall.player,
      team_runs: fall.teamRuns,
      overs: ballPair(fall.ball),
    })),
    partnerships: inn.partnerships.map((stand) => ({
      for_wicket: stand.forWicket,
      player_a_key: stand.batterA.player.key,
      player_a_name: stand.batterA.player.name,
      player_a_score: { runs: stand.batterA.runs, balls: stand.batterA.balls },
      player_b_key: stand.batterB.player.key,
      player_b_name: stand.batterB.player.name,
      player_b_score: { runs: stand.batterB.runs, balls: stand.batterB.balls },
      score: { runs: stand.runs, balls: stand.balls },
      unbroken: stand.unbroken,
    })),
  };
}

/** The provider's slots: the first four innings as teamA..teamD, any later ones (super overs) in more. */
export function presentScorecard(card: Scorecard): ScorecardObject {
  const played = { a: 0, b: 0 };
  const innings = card.innings.map((inn) => presentInnings(inn, card.ballsPerOver, (played[inn.side] += 1)));
  const [teamA, teamB, teamC, teamD, ...more] = innings;
  return {
    nationality: innings.map((inn) => ({
      code: inn.team.code,
      name: inn.team.name,
      team: inn.batting_team,
      // The provider's innings chip reads the runs one level down (score.score.runs).
      score: { runs: inn.total.runs, wickets: inn.total.wickets, overs: inn.total.overs, score: { runs: inn.total.runs } },
    })),
    ...(teamA && { teamA }),
    ...(teamB && { teamB }),
    ...(teamC && { teamC }),
    ...(teamD && { teamD }),
    more,
  };
}

/** One delivery as the provider sends it, with v5's duplicate names (player_key, wicket_type). */
export function presentCommentaryBall(ball: CommentaryBall): CommentaryEntryObject {
  return {
    key: ball.key,
    entry_time: ball.sequence,
    innings_no: ball.inningsNo,
    overs: [ball.ball.over, ball.ball.ball],
    bowler: { key: ball.bowler.player.key, player_key: ball.bowler.player.key, name: ball.bowler.player.name, is_wicket: ball.isWicket, runs: ball.bowler.runs },
    batsman: {
      key: ball.batter.player.key,
      player_key: ball.batter.player.key,
      name: ball.batter.player.name,
      runs: ball.batter.runs,
      is_four: ball.isFour,
      is_six: ball.isSix,
    },
    wicket: ball.wicket && {
      player_key: ball.wicket.player.key,
      player_name: ball.wicket.player.name,
      kind: ball.wicket.kind,
      wicket_type: ball.wicket.kind,
    },
    team_score: { runs: ball.runs, extras: ball.runs - ball.batter.runs, is_wicket: ball.isWicket },
    runs: ball.runs,
    comment: ball.comment,
    over_summary: ball.overSummary,
  };
}

/** The commentary, with play.live (`live`, already presented) of a match in play. */
export function presentCommentary(commentary: Commentary, live: CommentaryObject['live'] = null): CommentaryObject {
  return { related_balls: commentary.balls.map(presentCommentaryBall), live };
}

/** A team sheet as the provider sends it; Cricsheet has no photos, so every image is null. */
function presentSquadTeam(team: SquadTeam): SquadObject['team']['a'] {
  return {
    name: team.name,
    code: team.code,
    url: team.key,
    players: team.players.map((member) => ({
      player_key: member.player.key,
      player_name: member.player.name,
      image: member.photo?.url ?? null,
      role_in_match: member.roleInMatch,
      captain: member.captain,
      keeper: member.keeper,
      role: member.role && { codes: [...member.role.codes], label: member.role.label, derived: member.role.derived },
      substitution: member.substitution && {
        kind: member.substitution.kind,
        reason: member.substitution.reason,
        player_key: member.substitution.other.key,
        player_name: member.substitution.other.name,
      },
    })),
  };
}

export function presentSquad(squad: Squad): SquadObject {
  return { team: { a: presentSquadTeam(squad.teams.a), b: presentSquadTeam(squad.teams.b) } };
}

/** The squad where the provider's client reads it: each side's players under player. */
export function providerSquad(squad: SquadObject): ProviderSquadObject {
  const side = ({ players, ...team }: SquadObject['team']['a']) => ({ ...team, player: players });
  return { a: side(squad.team.a), b: side(squad.team.b) };
}

/** One delivery's win probability as match/winprob and the live 'score' event send it. */
export function presentWinProbabilityBall(point: WinProbPoint): WinProbabilityBallObject {
  return { innings: point.innings, over: point.over, ball: point.ball, a_win: point.aWin, draw: point.draw };
}

export function presentWinProbability(chances: WinProbability): WinProbabilityObject {
  const chance = (value: { aWin: number; draw: number | null }) => ({ a_win: value.aWin, draw: value.draw });
  return {
    supported: chances.supported,
    balls: chances.points.map(presentWinProbabilityBall),
    pre_match: chances.preMatch && { a_bats_first: chance(chances.preMatch.aBatsFirst), b_bats_first: chance(chances.preMatch.bBatsFirst) },
    batting_first: chances.battingFirst,
    unrated: chances.unrated,
    trained_through: chances.trainedThrough,
  };
}
