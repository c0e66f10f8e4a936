// Match previews in the background (docs/decisions/071-match-previews.md): the job that writes
// one fixture's preview, and the sweep that, every PREVIEW_SWEEP_MS, queues a preview job for each
// fixture due (from a day before its start). Both are jobs (src/server/store/job-queue.ts): one process
// runs each sweep slot and each preview however many processes share the database.
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { NewsService } from '../services/news.ts';
import { MATCH_PREVIEW_JOB, matchPreviewPayload, previewsDue, queuePreviews, writePreviewFor } from '../services/match-previews.ts';
import type { JobLogger, JobQueue } from '../store/job-queue.ts';

export const PREVIEW_SWEEP_JOB = 'news.match-preview-sweep';
/** How often the fixtures are looked at: a preview appears within this long of being due. */
export const PREVIEW_SWEEP_MS = 10 * 60_000;

export function registerMatchPreviewJob(jobs: JobQueue, db: Db, services: { news: NewsService }): void {
  jobs.register(
    MATCH_PREVIEW_JOB,
    async ({ matchKey }) => {
      await writePreviewFor(db.kysely, services, matchKey);
    },
    { payload: matchPreviewPayload, concurrency: 1 },
  );
}

/** Queues the previews due now; returns how many. */
export async function sweepPreviews(db: Db, jobs: Pick<JobQueue, 'enqueue'>, now: Date = new Date()): Promise<number> {
  const due = await previewsDue(db.kysely, now);
  await queuePreviews(jobs, due);
  return due.length;
}

/**
 * The sweep every PREVIEW_SWEEP_MS as time slots (one job per slot, deduplicated, as the Cricsheet
 * updater's): each run asks for the next slot, even when it failed.
 */
export async function scheduleMatchPreviews(jobs: JobQueue, db: Db, options: { logger?: JobLogger; now?: () => number; ready?: Promise<unknown> } = {}): Promise<void> {
  const now = options.now ?? Date.now;
  const slotOf = (ms: number) => Math.floor(ms / PREVIEW_SWEEP_MS) + 1;
  const enqueueSlot = (slot: number) =>
    jobs.enqueue({ kind: PREVIEW_SWEEP_JOB, payload: { slot }, dedupeKey: `slot-${slot}`, runAt: new Date(slot * PREVIEW_SWEEP_MS), maxAttempts: 3 });
  jobs.register(
    PREVIEW_SWEEP_JOB,
    async ({ slot }) => {
      try {
        await options.ready;
        const queued = await sweepPreviews(db, jobs, new Date(now()));
        if (queued > 0) options.logger?.info({ previews: queued }, 'match previews queued');
      } finally {
        await enqueueSlot(Math.max(slot + 1, slotOf(now())));
      }
    },
    { payload: z.object({ slot: z.number().int().nonnegative() }) },
  );
  // The first sweep now: fixtures already due get their previews at start.
  await jobs.enqueue({ kind: PREVIEW_SWEEP_JOB, payload: { slot: slotOf(now()) - 1 }, dedupeKey: `slot-${slotOf(now()) - 1}`, maxAttempts: 3 });
}
