// Ball-by-ball commentary (spec §3 Commentary entry), from the stored deliveries folded with
// the same rules as the scorecard's rows.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { commentary, type CommentaryInnings } from '../../domain/commentary.ts';
import { ballKey } from '../../domain/live.ts';
import type { Lang } from '../../domain/result.ts';
import type { PlayerId } from '../../domain/types.ts';
import { queryRows, readStoredInnings } from '../../store/stored-deliveries.ts';
import type { Commentary, CommentaryBall } from '../match-centre-types.ts';
import { matchPlayers, people, teamNamesOf, type MatchCentreRow } from './shared.ts';

export async function buildCommentary(db: Kysely<Database>, match: MatchCentreRow, lang: Lang): Promise<Commentary> {
  const matchId = match.id;
  // The same stored deliveries and the same rules (InningsTally) as the scorecard's rows.
  const [innings, players] = await Promise.all([readStoredInnings(queryRows(db), [matchId]), matchPlayers(db, matchId)]);
  // Stored deliveries name people by database id; commentary shows names and keys.
  const personIds = new Set<number>(players.map((row) => row.person_id));
  for (const inn of innings) {
    for (const delivery of inn.deliveries) {
      personIds.add(Number(delivery.batter)).add(Number(delivery.nonStriker)).add(Number(delivery.bowler));
      for (const wicket of delivery.wickets) personIds.add(Number(wicket.playerOut));
    }
  }
  const person = await people(db, [...personIds]);
  const teamNames = teamNamesOf(match);
  const lastInningsNo = innings.at(-1)?.inningsNo;
  const balls = commentary(
    {
      matchSeed: matchId,
      limitedOvers: match.format !== 'test',
      names: (player) => person(Number(player)).name,
      innings: innings.map(
        (inn): CommentaryInnings => ({
          ...inn,
          battingTeamName: teamNames[inn.battingTeam],
          inProgress: match.status === 'started' && inn.inningsNo === lastInningsNo,
        }),
      ),
    },
    lang,
  );
  const keyOf = (player: PlayerId) => person(Number(player)).key;

  const entries = balls.map(
    (ball, index): CommentaryBall => ({
      key: ballKey(ball.inningsNo, ball, index + 1),
      sequence: index + 1,
      inningsNo: ball.inningsNo,
      ball: { over: ball.over, ball: ball.ball },
      bowler: { player: person(Number(ball.bowler)), runs: ball.bowlerRuns },
      batter: { player: person(Number(ball.batter)), runs: ball.batterRuns },
      runs: ball.runs,
      isFour: ball.isFour,
      isSix: ball.isSix,
      isWicket: ball.isWicket,
      wicket: ball.wicket && { player: person(Number(ball.wicket.playerOut)), kind: ball.wicket.kind },
      comment: ball.comment,
      // Stored deliveries name people by database id; pages and the API name them by registry key.
      overSummary: ball.overSummary && {
        ...ball.overSummary,
        bowler: { ...ball.overSummary.bowler, key: keyOf(ball.overSummary.bowler.key) },
        batters: ball.overSummary.batters.map((batter) => ({ ...batter, key: keyOf(batter.key) })),
      },
    }),
  );
  return { balls: entries.reverse() };
}
