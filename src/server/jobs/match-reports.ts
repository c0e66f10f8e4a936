// Match reports in the background (docs/decisions/037-match-reports.md): the job that writes one
// match's report, the change-feed listener that queues it when a match changes (import, a
// correction, the last ball scored live), and the back-fill after an import. Reports are jobs
// (src/server/store/job-queue.ts), so a write never waits for one and each is written once however
// many processes listen.
import type { Db } from '../db/client.ts';
import type { ChangeFeed } from '../feed/change-feed.ts';
import type { Services } from '../services/index.ts';
import { MATCH_REPORT_JOB, matchReportPayload, queueReports, reportsDue, writeReportFor } from '../services/match-reports.ts';
import type { JobLogger, JobQueue } from '../store/job-queue.ts';

/** Match tags heard within this time are looked at together. */
const DEBOUNCE_MS = 2_000;
const MATCH_TAG = /^match:(.+)$/;

export function registerMatchReportJob(jobs: JobQueue, db: Db, services: Services): void {
  jobs.register(
    MATCH_REPORT_JOB,
    async ({ matchKey }) => {
      await writeReportFor(db.kysely, services, matchKey);
    },
    { payload: matchReportPayload, concurrency: 1 },
  );
}

/**
 * Queues the reports due after changes the feed announces; returns a stop function. While
 * `holdWhile()` is true (the start-up import) changes are not followed: a report job per batch
 * would compete with the import for the database, and the back-fill after it queues what is due.
 */
export function listenForCompletedMatches(
  feed: Pick<ChangeFeed, 'subscribe'>,
  db: Db,
  jobs: Pick<JobQueue, 'enqueue'>,
  options: { logger?: JobLogger; holdWhile?: () => boolean } = {},
): () => void {
  const { logger, holdWhile } = options;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const keys = [...pending];
    pending.clear();
    reportsDue(db.kysely, keys)
      .then((due) => queueReports(jobs, due))
      .catch((error: unknown) => logger?.error({ err: error }, 'match reports: queueing failed'));
  };
  const unsubscribe = feed.subscribe((tags) => {
    if (holdWhile?.()) return;
    for (const tag of tags) {
      const key = MATCH_TAG.exec(tag)?.[1];
      if (key) pending.add(key);
    }
    if (pending.size > 0 && timer === null) {
      timer = setTimeout(flush, DEBOUNCE_MS);
      timer.unref();
    }
  });
  return () => {
    if (timer) clearTimeout(timer);
    unsubscribe();
  };
}

/** Queues (bounded) the reports the latest matches of each tournament still lack; returns how many. */
export async function backfillReports(db: Db, jobs: Pick<JobQueue, 'enqueue'>): Promise<number> {
  const due = await reportsDue(db.kysely, null);
  await queueReports(jobs, due);
  return due.length;
}
