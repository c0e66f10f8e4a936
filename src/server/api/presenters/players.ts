// The player's matches as the provider sends them: each match's innings keyed '1', '2' with
// overs as [whole, balls] (spec §3 Player info).
import type { z } from 'zod';
import { ballsToOvers } from '../../domain/overs.ts';
import type { PlayerInfo, PlayerInfoMatch } from '../../services/match-centre-types.ts';
import type { playerInfo, playerInfoMatch } from '../schemas/players.ts';

export type PlayerInfoObject = z.output<typeof playerInfo>;
type PlayerInfoMatchObject = z.output<typeof playerInfoMatch>;

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
  return { match_key: match.key, name: match.name, start_at: match.startAt, format: match.format, score: { score } };
}

export function presentPlayerInfo(info: PlayerInfo): PlayerInfoObject {
  return { finalData: info.finalData.map((tournament) => ({ ...tournament, match: tournament.match.map(presentPlayerMatch) })) };
}
