// Reads of a live match's innings the rules need (domain/live.ts): the innings as its result
// reads them, and how a closed innings closed. The writer runs them in its transactions; the
// scorer console's service reads them too.
import type { MatchFormat, TeamSide } from '../db/schema.ts';
import { absentBatters, inningsEnd, inningsLimitBalls, SUPER_OVER_WICKETS, type InningsClosure, type OutcomeInnings } from '../domain/live.ts';
import { isAllOut } from '../domain/scorecard.ts';
import type { QueryRows } from './stored-deliveries.ts';

/** Batters who cannot bat: a side whose players are not known yet is taken to have eleven. */
export function absentOf(xi: number, absentHurt: number): number {
  return absentBatters(xi === 0 ? 11 : Math.min(xi, 11), absentHurt);
}

/** The match's innings for its result (domain/live.ts OutcomeInnings), with the format and whether a revised target was set. */
export async function readOutcomeInnings(query: QueryRows, matchId: number): Promise<{ format: MatchFormat; revised: boolean; innings: OutcomeInnings[] }> {
  const [facts] = await query<{ format: MatchFormat; revised: boolean; xi_a: number; xi_b: number }>(
    `select format, revised_target_runs is not null as revised,
       (select count(*)::int from match_players where match_id = $1 and team = 'a') as xi_a,
       (select count(*)::int from match_players where match_id = $1 and team = 'b') as xi_b
     from matches where id = $1`,
    [matchId],
  );
  const rows = await query<{ batting_team: TeamSide; super_over: boolean; runs: number; wickets: number; target_runs: number | null; declared: boolean; absent_hurt: string[] | null }>(
    'select batting_team, super_over, runs, wickets, target_runs, declared, absent_hurt from innings where match_id = $1 order by innings_no',
    [matchId],
  );
  const xi = { a: facts!.xi_a, b: facts!.xi_b };
  return {
    format: facts!.format,
    revised: facts!.revised,
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
export async function closureOf(query: QueryRows, matchId: number, inningsNo: number): Promise<InningsClosure> {
  const [inn] = await query<{
    runs: number; wickets: number; legal_balls: number; declared: boolean; super_over: boolean; target_runs: number | null;
    target_balls: number | null; absent_hurt: number; xi: number; overs_limit: number | null; balls_per_over: number;
  }>(
    `select i.runs, i.wickets, i.legal_balls, i.declared, i.super_over, i.target_runs, i.target_balls,
       coalesce(cardinality(i.absent_hurt), 0) as absent_hurt, m.overs_limit, m.balls_per_over,
       (select count(*)::int from match_players mp where mp.match_id = i.match_id and mp.team = i.batting_team) as xi
     from innings i join matches m on m.id = i.match_id where i.match_id = $1 and i.innings_no = $2`,
    [matchId, inningsNo],
  );
  if (!inn) throw new Error(`match ${matchId} has no innings ${inningsNo}`);
  const end = inningsEnd({
    runs: inn.runs,
    wickets: inn.wickets,
    legalBalls: inn.legal_balls,
    absentBatters: absentOf(inn.xi, inn.absent_hurt),
    limitBalls: inningsLimitBalls({ superOver: inn.super_over, targetBalls: inn.target_balls }, { oversLimit: inn.overs_limit, ballsPerOver: inn.balls_per_over }),
    targetRuns: inn.target_runs,
    declared: inn.declared,
    superOver: inn.super_over,
  });
  return end ?? 'closed';
}
