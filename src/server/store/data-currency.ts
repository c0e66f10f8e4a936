// How current the imported data is: the last day of play the Cricsheet matches cover, and how
// many there are. Read by the footer and API (services/matches.ts), and by the importer, which
// tells the pages only when the last day moves.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface DataCurrency {
  /** ISO date of the last day with ball-by-ball data; null before any import. */
  ballByBallTo: string | null;
  /** Matches imported from Cricsheet. */
  matches: number;
}

export async function readDataCurrency(db: Kysely<Database>): Promise<DataCurrency> {
  const row = await db
    // uncounted: what is held of Cricsheet's files (source cricsheet: never a replay; a voided match's file is held too).
    .selectFrom('matches as m')
    .where('m.source', '=', 'cricsheet')
    .select([sql<string | null>`max(m.dates[cardinality(m.dates)])::text`.as('last_day'), sql<number>`count(*)::int`.as('matches')])
    .executeTakeFirstOrThrow();
  return { ballByBallTo: row.last_day, matches: row.matches };
}
