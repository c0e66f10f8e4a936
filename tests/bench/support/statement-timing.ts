// Times every statement an import runs, by statement (COPY per table, SQL by its first words),
// for finding where a batch's time goes. Not a benchmark with a target: a tool.
//   npx tsx tests/bench/support/statement-timing.ts ../shared/data/cricsheet/odis_json.zip
// EXTRA=1 also times, after the import, a full rebuild of the search rows and analyze per table.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BulkTransaction } from '../../../src/server/db/client.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { importSources } from '../../../src/server/ingest/importer.ts';

const sources = process.argv.slice(2);
const times = new Map<string, { ms: number; n: number }>();
const note = (label: string, ms: number) => {
  const entry = times.get(label) ?? { ms: 0, n: 0 };
  entry.ms += ms;
  entry.n += 1;
  times.set(label, entry);
};
const labelOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 90);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stmt-timing-'));
const db = await openDatabase({ dataDir });
try {
  await migrateToLatest(db);
  const bulk = db.bulkTransaction.bind(db);
  (db as { bulkTransaction: typeof db.bulkTransaction }).bulkTransaction = (fn) =>
    bulk(async (tx) => {
      const timed: BulkTransaction = {
        // Its typed statements count in the whole transactions' time only.
        kysely: tx.kysely,
        query: async (text, params) => {
          const started = performance.now();
          try {
            return await tx.query(text, params);
          } finally {
            note(labelOf(text), performance.now() - started);
          }
        },
        copy: async (buffer) => {
          const started = performance.now();
          try {
            return await tx.copy(buffer);
          } finally {
            note(`COPY ${buffer.table}`, performance.now() - started);
          }
        },
      };
      const started = performance.now();
      try {
        return await fn(timed);
      } finally {
        note('(whole transactions)', performance.now() - started);
      }
    });
  const executor = db.kysely.getExecutor() as unknown as { executeQuery: (query: { sql: string }, id: unknown) => Promise<unknown> };
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = async (query, id) => {
    const started = performance.now();
    try {
      return await execute(query, id);
    } finally {
      note(`kysely: ${labelOf(query.sql)}`, performance.now() - started);
    }
  };
  const started = performance.now();
  const summary = await importSources(db, sources);
  const total = performance.now() - started;
  console.log(`import ${(total / 1000).toFixed(1)} s; imported ${summary.imported}, replaced ${summary.replaced}, deliveries ${summary.deliveries}`);
  if (process.env.EXTRA) {
    const { refreshSearchIndex } = await import('../../../src/server/store/search-index.ts');
    const { sql } = await import('kysely');
    let t = performance.now();
    await db.bulkTransaction((tx) => refreshSearchIndex(tx.kysely, null));
    console.log(`full search refresh ${(performance.now() - t).toFixed(0)} ms`);
    const tables = await sql<{ relname: string }>`select relname from pg_stat_user_tables order by relname`.execute(db.kysely);
    for (const { relname } of tables.rows) {
      t = performance.now();
      await sql.raw(`analyze ${relname}`).execute(db.kysely);
      const ms = performance.now() - t;
      if (ms > 20) console.log(`analyze ${relname} ${ms.toFixed(0)} ms`);
    }
    times.clear();
  }
  for (const [label, { ms, n }] of [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30)) {
    console.log(`${(ms / 1000).toFixed(2).padStart(7)} s ${String(n).padStart(5)}x  ${label}`);
  }
} finally {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
