// The rebuild's writer (docs/decisions/081-writers-per-job.md): derived rows (scorecards, totals,
// fantasy points) rebuilt from the stored deliveries of every match the rules version has
// passed by, a batch per transaction, with the tags of what changed published after each commit.
import { sql } from 'kysely';
import type { BulkTransaction, Db } from '../db/client.ts';
import { anyInteger } from '../db/any-of.ts';
import { CopyBuffer } from '../db/copy-format.ts';
import { summariseInnings } from '../domain/scorecard.ts';
import { RULES_VERSION } from '../domain/rules-version.ts';
import { tags } from '../feed/tags.ts';
import { replaceFantasyRows, type FantasyInningsByMatch } from './fantasy-rows.ts';
import { DerivedCopy, INNINGS_TOTALS, inningsTotals } from './match-copy.ts';
import { deriveInningsRows } from './match-write.ts';
import { readStoredInnings } from './stored-deliveries.ts';
import { playerKeysOf, relaxForeignKeyTriggers, type PublishTags } from './write-transaction.ts';

export interface RederiveProgress {
  done: number;
  total: number;
}

export interface RederiveOptions {
  /** Every match is marked stale first. */
  all?: boolean;
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: RederiveProgress) => void;
}

/**
 * Rebuilds the derived rows of every match whose rules version is not RULES_VERSION, newest
 * first, a batch per transaction. Matches another writer holds are skipped (`skip locked`) and
 * left for the next pass. With `all`, every match is marked stale first. Returns matches rebuilt.
 */
export async function rederive(db: Db, publish: PublishTags, options: RederiveOptions = {}): Promise<number> {
  const batchSize = Math.max(1, Math.trunc(options.batchSize ?? 200));
  if (options.all) await db.bulkTransaction((tx) => tx.kysely.updateTable('matches').set({ rules_version: 0 }).execute());
  const { total } = await db.bulkTransaction((tx) =>
    tx.kysely
      .selectFrom('matches')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('rules_version', '<>', RULES_VERSION)
      .executeTakeFirstOrThrow(),
  );
  let done = 0;
  while (done < total && !options.signal?.aborted) {
    const batch = await db.bulkTransaction(async (tx) => {
      // Newest first: the matches fans open most are the first to be right.
      const rows = await tx.kysely
        .selectFrom('matches as m')
        .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
        .select(['m.id', 'm.match_key', 't.tou_key'])
        .where('m.rules_version', '<>', RULES_VERSION)
        .orderBy('m.start_date', 'desc')
        .orderBy('m.id', 'desc')
        .limit(batchSize)
        .forUpdate('m')
        .skipLocked()
        .execute();
      if (rows.length === 0) return { rows, players: [] };
      const ids = rows.map((row) => row.id);
      await rewriteDerived(tx, ids, db.kind);
      return { rows, players: await playerKeysOf(tx, ids) };
    });
    const { rows: rebuilt, players } = batch;
    if (rebuilt.length === 0) break;
    done += rebuilt.length;
    options.onProgress?.({ done, total });
    // Careers add up a player's matches: the pages of everyone who played in them change too.
    await publish([
      ...rebuilt.map((row) => tags.match(row.match_key)),
      ...new Set(rebuilt.map((row) => tags.tournament(row.tou_key))),
      ...players.map(tags.player),
      tags.home,
      tags.fixtures,
      tags.tournaments,
    ]);
  }
  return done;
}

/** Replaces the derived rows and innings totals of the given matches with the current rules' figures. */
async function rewriteDerived(tx: BulkTransaction, matchIds: number[], kind: Db['kind']): Promise<void> {
  const innings = await readStoredInnings(tx.kysely, matchIds);
  const rows = new DerivedCopy();
  const totals = new CopyBuffer('rederived_innings', ['match_id', 'innings_no', ...INNINGS_TOTALS]);
  // Fantasy points from the same figures, without reading them back (a match with no innings has none but its XI's).
  const fantasy: FantasyInningsByMatch = new Map(matchIds.map((id) => [id, []]));
  for (const inn of innings) {
    const derived = deriveInningsRows(summariseInnings(inn), Number);
    rows.add(inn.matchId, inn.inningsNo, derived, (id) => id);
    totals.add([inn.matchId, inn.inningsNo, ...inningsTotals(derived)]);
    fantasy.get(inn.matchId)?.push({ superOver: inn.superOver, batting: derived.batting, bowling: derived.bowling });
  }
  for (const buffer of rows.all()) await tx.kysely.deleteFrom(buffer.table).where('match_id', '=', anyInteger(matchIds)).execute();
  await relaxForeignKeyTriggers(tx, kind);
  for (const buffer of rows.all()) await tx.copy(buffer);
  await replaceFantasyRows(tx, fantasy);
  // The innings' new totals, COPY'd into a temporary table and joined in one update rather than
  // one statement per innings. Plain SQL: Kysely's schema has no temporary `create ... as ... with no data`.
  const totalsColumns = sql.join(INNINGS_TOTALS.map((column) => sql.ref(column)));
  await sql`create temporary table rederived_innings on commit drop as
     select match_id, innings_no, ${totalsColumns} from innings with no data`.execute(tx.kysely);
  await tx.copy(totals);
  // The temporary table is not in the schema: the update names its columns by hand.
  const fromTemporary = sql.join(INNINGS_TOTALS.map((column) => sql`${sql.ref(column)} = ${sql.ref(`r.${column}`)}`));
  await sql`update innings i set ${fromTemporary}
     from rederived_innings r where i.match_id = r.match_id and i.innings_no = r.innings_no`.execute(tx.kysely);
  await tx.kysely.updateTable('matches').set({ rules_version: RULES_VERSION }).where('id', '=', anyInteger(matchIds)).execute();
}
