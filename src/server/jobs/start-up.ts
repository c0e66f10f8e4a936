// What a starting server does in the background while it already answers: the start-up import
// when one is due (an empty database, or an import cut short), the corrections (when the shipped
// file changed or matches were imported: docs/decisions/034-corrections.md), then the rebuild of matches whose
// derived rows an older version of the cricket rules wrote. Each commit publishes its tags, so
// pages served meanwhile move to the new figures as they land.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { runStartupImport, startupImportNeeded } from '../ingest/startup-import.ts';
import type { ImportProgress, ImportSummary } from '../ingest/importer.ts';
import type { ImportFailure } from '../ingest/progress.ts';
import { keepCorrected } from '../corrections/file.ts';
import type { CorrectionsReport } from '../store/corrections.ts';
import { rederive, type RederiveProgress } from '../store/rederive-writer.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import { keepPeopleCurrent, type PeopleLogger, type PeopleSources } from '../ingest/people-import.ts';
import { PeopleWriter } from '../store/people-writer.ts';

export interface StartUpWork {
  db: Db;
  publish: PublishTags;
  /** Cricsheet sources of the start-up import; null when it is turned off (IMPORT_ON_START=false). */
  importSources: string[] | null;
  /** The shipped corrections file (CORRECTIONS_FILE); null: only the cases in the database. */
  correctionsFile: string | null;
  signal: AbortSignal;
  onImportStart?: () => void;
  onImported?: (summary: ImportSummary) => void;
  /**
   * A source of the start-up import could not be read (download failed, missing file): called with
   * the failure and when it will be tried again; the import retries with backoff until it reads.
   */
  onImportFailed?: (failure: ImportFailure) => void;
  /** The wait before retry n (1, 2, ...); default 1 min doubling to at most 1 h. */
  retryDelayMs?: (attempt: number) => number;
  /** Each file of the start-up import handled (for the log's progress bar and the home page). */
  onImportProgress?: (progress: ImportProgress) => void;
  onCorrected?: (report: CorrectionsReport) => void;
  onRebuildProgress?: (progress: RederiveProgress) => void;
  log?: (message: string) => void;
  /** Cricsheet's register and player profiles (decision 055); absent: none. */
  people?: PeopleSources & { logger?: PeopleLogger };
  /**
   * PostgreSQL's URL (DATABASE_URL): the processes of one database take turns at the start-up
   * import under an advisory lock, so one imports and the others wait for it. Absent (PGlite): one
   * process anyway.
   */
  databaseUrl?: string | undefined;
  /** How often a waiting process asks for the lock again (default 1 s). */
  lockPollMs?: number;
}

/** Any number: the advisory lock of the start-up import among the processes of one database. */
const START_UP_IMPORT_LOCK = 26_066;

/**
 * The start-up import's lock, on a connection of its own (a session lock goes with its
 * connection, so a process that dies frees it); waits while another process holds it. Null when
 * the signal stopped the wait.
 */
async function importLock(url: string, signal: AbortSignal, pollMs: number, onWait: () => void): Promise<{ release(): Promise<void> } | null> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  let waited = false;
  try {
    for (;;) {
      // A session lock lives as long as its connection: this one, outside Kysely's pool.
      const [row] = (await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [START_UP_IMPORT_LOCK])).rows;
      if (row?.locked) return { release: () => client.end() };
      if (!waited) onWait();
      waited = true;
      await sleep(pollMs, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) {
        await client.end();
        return null;
      }
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** 1 min, 2, 4, ... at most 1 h between attempts of a start-up import that cannot read its source. */
export function startupRetryDelayMs(attempt: number): number {
  return Math.min(3_600_000, 60_000 * 2 ** (attempt - 1));
}

/** Waits; false when the signal stopped the wait. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs the start-up work; returns the matches rebuilt. */
export async function runStartUpWork(work: StartUpWork): Promise<number> {
  const { db, publish, signal } = work;
  let imported = false;
  // People first: the register's names and aliases then go into the search rows the import builds.
  if (work.people) await keepPeopleCurrent(db, work.people, { publish, signal, atStart: true, ...(work.people.logger ? { logger: work.people.logger } : {}) });
  // Search rows built by an older terms rule or older shipped Hindi names are rebuilt (a fresh database just records the version).
  if (await new PeopleWriter(db, publish).rebuildStaleSearch()) work.log?.('search rows rebuilt for the current names');
  if (signal.aborted) return 0;
  if (work.importSources && (await startupImportNeeded(db))) {
    // One process of a cluster imports; the others wait for it, then find nothing left to do (or,
    // if it stopped part-way, resume its run).
    const lock = work.databaseUrl
      ? await importLock(work.databaseUrl, signal, work.lockPollMs ?? 1000, () => work.log?.('another process is running the start-up import: waiting for it'))
      : { release: async () => undefined };
    if (lock === null) return 0;
    try {
      if (await startupImportNeeded(db)) {
        work.onImportStart?.();
        const options = { signal, publish, ...(work.log ? { log: work.log } : {}), ...(work.onImportProgress ? { onProgress: work.onImportProgress } : {}) };
        let sources = work.importSources;
        let summary = await runStartupImport(db, sources, options);
        imported = summary.imported + summary.replaced > 0;
        // A source that cannot be read (no network, a wrong path) is tried again with backoff; the
        // home page says which, why and when (decision 067).
        for (let attempt = 1; summary.failedSources.length > 0 && !signal.aborted; attempt += 1) {
          const failed = summary.failedSources[0]!;
          const delay = (work.retryDelayMs ?? startupRetryDelayMs)(attempt);
          const now = Date.now();
          work.log?.(`start-up import: cannot read ${failed.source} (${failed.reason}); trying again in ${Math.round(delay / 1000)} s`);
          work.onImportFailed?.({ source: failed.source, reason: failed.reason, failedAt: new Date(now), nextAttemptAt: new Date(now + delay), attempts: attempt });
          if (!(await pause(delay, signal))) break;
          sources = summary.failedSources.map((entry) => entry.source);
          summary = await runStartupImport(db, sources, options);
          imported ||= summary.imported + summary.replaced > 0;
        }
        work.onImported?.(summary);
      }
    } finally {
      await lock.release();
    }
  }
  if (signal.aborted) return 0;
  try {
    const corrected = await keepCorrected(db, { file: work.correctionsFile, publish, imported });
    if (corrected) work.onCorrected?.(corrected);
  } catch (error) {
    // Two servers starting together on one database may both apply them; the one whose write
    // loses has nothing left to do. A bad file is reported and the site goes on without it.
    work.log?.(`corrections not applied: ${(error as Error).message}`);
  }
  return rederive(db, publish, { signal, ...(work.onRebuildProgress ? { onProgress: work.onRebuildProgress } : {}) });
}
