// What every writer shares (docs/decisions/081-writers-per-job.md): the bulk import
// (import-writer.ts), the rebuild of derived rows (rederive-writer.ts) and the live commands
// (live-match-writer.ts) each run their own transactions (Db.bulkTransaction, typed Kysely plus
// COPY) and announce what they changed after the commit, through PublishTags.
import type { BulkTransaction, Db } from '../db/client.ts';
import { anyInteger } from '../db/any-of.ts';

/** Where a writer announces what changed: the change feed's publish. */
export type PublishTags = (tags: string[]) => void | Promise<void>;

/**
 * Foreign-key triggers would triple the COPY time on PGlite. The rows are consistent by
 * construction (every id was resolved in this transaction, parents are copied before
 * children), and PostgreSQL, where this needs a superuser, keeps checking them; the setting
 * ends with the transaction, and cascading deletes run before it.
 */
export async function relaxForeignKeyTriggers(tx: BulkTransaction, kind: Db['kind']): Promise<void> {
  // A session setting: Kysely has no builder for `set`.
  if (kind === 'pglite') await tx.query('set local session_replication_role = replica');
}

/** Registry ids of everyone who played in the given matches (their pages' tags). */
export async function playerKeysOf(tx: BulkTransaction, matchIds: readonly number[]): Promise<string[]> {
  const rows = await tx.kysely
    .selectFrom('match_players as mp')
    .innerJoin('people as p', 'p.id', 'mp.person_id')
    .select('p.registry_id')
    .distinct()
    .where('mp.match_id', '=', anyInteger(matchIds))
    .execute();
  return rows.map((row) => row.registry_id);
}
