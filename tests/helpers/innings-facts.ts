// An imported match's innings as a live writer starts them: the live store's tests play a real
// match again ball by ball from these, after taking its innings away.
import type { Db } from '../../src/server/db/client.ts';
import type { InningsFacts } from '../../src/server/store/match-write.ts';
import type { StoredInnings } from '../../src/server/store/stored-deliveries.ts';
import { queryRows } from './test-db.ts';

/** An imported match's innings facts, to start the innings again ball by ball. */
export async function inningsFacts(db: Db, matchId: number, stored: StoredInnings[]): Promise<InningsFacts[]> {
  const rows = await queryRows<Record<string, unknown>>(db, `select * from innings where match_id = ${matchId} order by innings_no`);
  return stored.map((inn, index) => {
    const row = rows[index]!;
    return {
      inningsNo: inn.inningsNo,
      battingTeam: inn.battingTeam,
      superOver: inn.superOver,
      declared: row.declared as boolean,
      forfeited: row.forfeited as boolean,
      targetRuns: row.target_runs as number | null,
      targetBalls: row.target_balls as number | null,
      penaltyRunsPre: inn.penaltyRunsPre,
      penaltyRunsPost: inn.penaltyRunsPost,
      absentHurt: row.absent_hurt as string[] | null,
      calledOvers: (row.miscounted_overs as number[] | null) ?? null,
      powerplays: [],
    };
  });
}
