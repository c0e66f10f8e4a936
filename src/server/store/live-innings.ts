// Reads of a live match's innings the rules need (domain/live.ts): the innings as its result
// reads them, and how a closed innings closed. The writer runs them in its transactions; the
// scorer console's service reads them too.
import type { Database, MatchFormat, TeamSide } from '../db/schema.ts';
import { absentBatters, inningsEnd, inningsLimitBalls, SUPER_OVER_WICKETS, type InningsClosure, type OutcomeInnings } from '../domain/live.ts';
import { isAllOut } from '../domain/scorecard.ts';
import { sql, type Kysely } from 'kysely';

/** Batters who cannot bat: a side whose players are not known yet is taken to have eleven. */
export function absentOf(xi: number, absentHurt: number): number {
  return absentBatters(xi === 0 ? 11 : Math.min(xi, 11), absentHurt);
}

/** The match's innings for its result (domain/live.ts OutcomeInnings), with the format and whether a revised target was set. */
export async function readOutcomeInnings(reader: Kysely<Database>, matchId: number): Promise<{ format: MatchFormat; revised: boolean; innings: OutcomeInnings[] }> {
  const db = reader;
  const xiOf = (team: TeamSide) =>
    db.selectFrom('match_players').select(sql<number>`count(*)::int`.as('n')).where('match_id', '=', matchId).where('team', '=', team);
  const facts = await db
    .selectFrom('matches')
    .select((eb) => [
      'format',
      eb('revised_target_runs', 'is not', null).$castTo<boolean>().as('revised'),
      xiOf('a').as('xi_a'),
      xiOf('b').as('xi_b'),
    ])
    .where('id', '=', matchId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('innings')
    .select(['batting_team', 'super_over', 'runs', 'wickets', 'target_runs', 'declared', 'absent_hurt'])
    .where('match_id', '=', matchId)
    .orderBy('innings_no')
    .execute();
  const xi = { a: facts.xi_a ?? 0, b: facts.xi_b ?? 0 };
  return {
    format: facts.format,
    revised: facts.revised,
    innings: rows.map((inn) => ({
      battingTeam: inn.batting_team,
      superOver: inn.super_over,
      runs: inn.runs,
      wickets: inn.wickets,
      targetRuns: inn.target_runs,
      declared: inn.declared,
      allOut: inn.super_over
        ? inn.wickets >= SUPER_OVER_WICKETS
        : isAllOut(inn.wickets, absentOf(xi[inn.batting_team], inn.absent_hurt?.length ?? 0)),
    })),
  };
}

/**
 * How a closed innings closed: by the rules (all out, overs, target) as its totals show, a
 * declaration, or else by hand.
 */
export async function closureOf(reader: Kysely<Database>, matchId: number, inningsNo: number): Promise<InningsClosure> {
  const inn = await reader
    .selectFrom('innings as i')
    .innerJoin('matches as m', 'm.id', 'i.match_id')
    .select((eb) => [
      'i.runs', 'i.wickets', 'i.legal_balls', 'i.declared', 'i.super_over', 'i.target_runs', 'i.target_balls', 'm.overs_limit', 'm.balls_per_over',
      sql<number>`coalesce(cardinality(i.absent_hurt), 0)`.as('absent_hurt'),
      eb
        .selectFrom('match_players as mp')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('mp.match_id', '=', 'i.match_id')
        .whereRef('mp.team', '=', 'i.batting_team')
        .as('xi'),
    ])
    .where('i.match_id', '=', matchId)
    .where('i.innings_no', '=', inningsNo)
    .executeTakeFirst();
  if (!inn) throw new Error(`match ${matchId} has no innings ${inningsNo}`);
  const end = inningsEnd({
    runs: inn.runs,
    wickets: inn.wickets,
    legalBalls: inn.legal_balls,
    absentBatters: absentOf(inn.xi ?? 0, inn.absent_hurt),
    limitBalls: inningsLimitBalls({ superOver: inn.super_over, targetBalls: inn.target_balls }, { oversLimit: inn.overs_limit, ballsPerOver: inn.balls_per_over }),
    targetRuns: inn.target_runs,
    declared: inn.declared,
    superOver: inn.super_over,
  });
  return end ?? 'closed';
}
