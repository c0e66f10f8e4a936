// The import the server runs at start-up: when the database has no Cricsheet matches (fixtures
// from feeds or a scorer do not count), or when the previous start-up import was cut short or
// could not read a source. Runs in the background while pages are served.
import type { Db } from '../db/client.ts';
import { importSources, type ImportOptions, type ImportSummary } from './importer.ts';

export async function startupImportNeeded(db: Db): Promise<boolean> {
  const anyMatch = await db.kysely.selectFrom('matches').select('id').where('source', '=', 'cricsheet').limit(1).executeTakeFirst();
  if (!anyMatch) return true;
  const lastRun = await db.kysely
    .selectFrom('import_runs')
    .select('finished_at')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return lastRun !== undefined && lastRun.finished_at === null;
}

/**
 * Imports the sources, recording the run; a run stopped by the signal, or with a source it could
 * not read, stays unfinished (the next start tries again).
 */
export async function runStartupImport(db: Db, sources: string[], options: ImportOptions): Promise<ImportSummary> {
  const run = await db.kysely.insertInto('import_runs').values({ sources }).returning('id').executeTakeFirstOrThrow();
  const summary = await importSources(db, sources, options);
  if (!summary.aborted && summary.failedSources.length === 0) {
    await db.kysely.updateTable('import_runs').set({ finished_at: new Date() }).where('id', '=', run.id).execute();
  }
  return summary;
}
