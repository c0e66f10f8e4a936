// play.live as the provider sends it (spec §3 Live score, with v5's fields: score.title,
// run_rate, required_score.title/run_rate, recent_overs by ball key and by symbol,
// last_ball_key, recent_players) from the live state's read model.
import type { z } from 'zod';
import { localName } from '../../../i18n/names.ts';
import type { TeamSide } from '../../db/schema.ts';
import { ballSymbol } from '../../domain/commentary.ts';
import { ballsToOvers, round2, runRate } from '../../domain/overs.ts';
import { scoreWithOvers } from '../../domain/score-text.ts';
import { economy, strikeRate } from '../../domain/rates.ts';
import type { Lang } from '../../domain/result.ts';
import { situationText } from '../../domain/test-match.ts';
import { providerBreakReason } from '../../domain/live.ts';
import { liveSituation, type LiveBatter, type LiveBowler, type LiveState, type LiveWicket } from '../../services/live-state.ts';
import type { liveState } from '../schemas/match.ts';

export type LiveStateObject = z.output<typeof liveState>;
type RecentPlayersObject = LiveStateObject['recent_players'];

function presentBatter(batter: LiveBatter | null): RecentPlayersObject['striker'] {
  return (
    batter && {
      key: batter.player.key,
      name: batter.player.name,
      stats: { runs: batter.runs, balls: batter.balls, fours: batter.fours, sixes: batter.sixes, strike_rate: strikeRate(batter.runs, batter.balls) },
    }
  );
}

function presentBowler(bowler: LiveBowler | null, ballsPerOver: number): RecentPlayersObject['bowler'] {
  return (
    bowler && {
      key: bowler.player.key,
      name: bowler.player.name,
      stats: {
        wickets: bowler.wickets,
        overs: ballsToOvers(bowler.calledBalls, ballsPerOver),
        runs: bowler.runs,
        // The wire has no null economy: 0 before the bowler's first legal ball.
        economy: economy(bowler.runs, bowler.calledBalls) ?? 0,
        maidens: bowler.maidens,
      },
    }
  );
}

/**
 * The live state in the provider's shape; texts (the score's title, the need, the lead or trail) in `lang`, naming
 * the sides (given in Latin) as the pages do: in Hindi by their Hindi names (decision 056).
 */
export function presentLiveState(live: LiveState, latinNames: Record<TeamSide, string>, lang: Lang): LiveStateObject {
  const teamNames = { a: localName('team', latinNames.a, lang), b: localName('team', latinNames.b, lang) };
  const { score, recentPlayers, required } = live;
  const overs = ballsToOvers(score.legalBalls, score.ballsPerOver);
  const situation = liveSituation(live);
  const situationLine = (kind: 'lead' | 'trail') => (situation?.kind === kind ? situationText(situation, teamNames, lang) : null);
  return {
    striker_key: recentPlayers.striker?.player.key ?? null,
    non_striker_key: recentPlayers.nonStriker?.player.key ?? null,
    bowler_key: recentPlayers.bowler?.player.key ?? null,
    innings: `${live.battingSide}_${live.inningsNumber}`,
    batting_team: live.battingSide,
    bowling_team: live.battingSide === 'a' ? 'b' : 'a',
    score: {
      runs: score.runs,
      wickets: score.wickets,
      overs,
      balls: score.legalBalls,
      title: scoreWithOvers(score.runs, score.wickets, score.legalBalls, score.ballsPerOver, lang),
      run_rate: round2(runRate(score.runs, score.calledBalls)),
      msg_trail_by: situationLine('trail'),
      msg_lead_by: situationLine('lead'),
    },
    required_score:
      required && situation
        ? {
            runs: required.runs,
            balls: required.balls,
            title: situationText(situation, teamNames, lang),
            run_rate: required.balls === null ? null : round2(runRate(required.runs, required.balls)),
          }
        : null,
    situation: situation && {
      kind: situation.kind,
      team: situation.team,
      runs: situation.kind === 'level' ? null : situation.runs,
      balls: situation.kind === 'need' ? situation.balls : null,
    },
    match_break: live.breakReason === null ? null : { reason: providerBreakReason(live.breakReason) },
    recent_players: {
      striker: presentBatter(recentPlayers.striker),
      non_striker: presentBatter(recentPlayers.nonStriker),
      bowler: presentBowler(recentPlayers.bowler, score.ballsPerOver),
      prev_over_bowler: presentBowler(recentPlayers.previousOverBowler, score.ballsPerOver),
    },
    recent_overs: live.recentOvers.map((over) => ({ overnumber: over.number, ball_keys: over.balls.map((ball) => ball.key) })),
    last_ball_key: live.lastBall?.key ?? null,
    recent_overs_repr: live.recentOvers.map((over) => ({ overnumber: over.number, ball_repr: over.balls.map(ballSymbol) })),
    partnership: live.stand,
    last_wicket: presentLastWicket(live.lastWicket),
    limit_balls: live.limitBalls,
  };
}

function presentLastWicket(wicket: LiveWicket | null): LiveStateObject['last_wicket'] {
  return (
    wicket && {
      key: wicket.batter.key,
      name: wicket.batter.name,
      runs: wicket.runs,
      balls: wicket.balls,
      kind: wicket.kind,
      bowler: wicket.bowler?.name ?? null,
      fielders: wicket.fielders,
      team_runs: wicket.teamRuns,
      overs: [wicket.position.over, wicket.position.ball],
    }
  );
}
