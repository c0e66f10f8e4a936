// The scheduled update (docs/decisions/035-scheduled-updates.md): one of the running servers
// fetches Cricsheet's recently added archive every CRICSHEET_UPDATE_EVERY and imports what is new
// or revised through the importer (the write path), then applies the corrections; each committed
// batch publishes its tags on the change feed, so every process's pages follow.
//
// It is a job of the database queue (store/job-queue.ts): each process asks for the run of the next
// time slot (now rounded up to a multiple of the interval) under one dedupe key, so however many
// processes start, one job waits per slot and one worker runs it; the job survives restarts, and a
// slot missed while every server was down runs at the next start. A run asks for the next slot.
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { keepCorrected } from '../corrections/file.ts';
import type { CorrectionsReport } from '../store/corrections.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import type { JobQueue } from '../store/job-queue.ts';
import { importSources, type ImportSummary } from './importer.ts';
import { keepPeopleCurrent, type PeopleSources } from './people-import.ts';

export const UPDATE_JOB = 'cricsheet-update';

export interface UpdateOptions {
  db: Db;
  /** The recently added archive: an http(s) URL (or a local zip or folder). */
  url: string;
  publish: PublishTags;
  correctionsFile: string | null;
  signal?: AbortSignal;
  /** Cricsheet's register and player profiles, read again at each update (decision 055). */
  people?: PeopleSources;
}

export interface UpdateResult {
  summary: ImportSummary;
  corrections: CorrectionsReport | null;
}

/** One update: the archive through the importer, then the corrections when matches were written. */
export async function runCricsheetUpdate(options: UpdateOptions): Promise<UpdateResult> {
  const summary = await importSources(options.db, [options.url], { publish: options.publish, ...(options.signal ? { signal: options.signal } : {}) });
  // A download that failed is retried by the queue, later.
  const failed = summary.failedSources[0];
  if (failed) throw new Error(`cannot read ${failed.source}: ${failed.reason}`);
  if (options.people) await keepPeopleCurrent(options.db, options.people, { publish: options.publish, atStart: false, ...(options.signal ? { signal: options.signal } : {}) });
  const corrections = await keepCorrected(options.db, {
    file: options.correctionsFile,
    publish: options.publish,
    imported: summary.imported + summary.replaced > 0,
  });
  return { summary, corrections };
}

/** The slot after `now`: slots are the multiples of the interval since the epoch. */
export function nextSlot(nowMs: number, everyMs: number): number {
  return Math.floor(nowMs / everyMs) + 1;
}

const payloadSchema = z.object({ slot: z.number().int().nonnegative() });

export interface UpdateLogger {
  info(object: object, message: string): void;
}

/**
 * Registers the update's handler on the queue and asks for the next slot's run (a no-op when
 * another process already has). Call before jobs.start().
 */
export async function scheduleCricsheetUpdates(
  jobs: JobQueue,
  options: Omit<UpdateOptions, 'signal'> & {
    everyMs: number;
    logger?: UpdateLogger;
    now?: () => number;
    /** Settles when this process's start-up work (import, rebuild) is done: an update waits for it. */
    ready?: Promise<unknown>;
  },
): Promise<void> {
  const now = options.now ?? Date.now;
  const enqueueSlot = (slot: number) =>
    jobs.enqueue({ kind: UPDATE_JOB, payload: { slot }, dedupeKey: `slot-${slot}`, runAt: new Date(slot * options.everyMs), maxAttempts: 3 });
  jobs.register(
    UPDATE_JOB,
    async ({ slot }, context) => {
      try {
        await options.ready;
        const { summary, corrections } = await runCricsheetUpdate({ ...options, signal: context.signal });
        options.logger?.info(
        {
          source: options.url,
          imported: summary.imported,
          replaced: summary.replaced,
          unchanged: summary.unchanged,
          skipped: summary.skipped.length,
          wallTimeMs: summary.wallTimeMs,
          ...(corrections ? { corrections } : {}),
        },
        'Cricsheet update done',
        );
      } finally {
        // The next slot, never one already past (after a long stop, one run catches up); asked for
        // even when this run failed, so a failing source does not end the schedule.
        await enqueueSlot(Math.max(slot + 1, nextSlot(now(), options.everyMs)));
      }
    },
    // A big week's download and import can take minutes: a long lease, renewed while it runs.
    { payload: payloadSchema, leaseMs: 10 * 60_000, retryDelayMs: (attempt) => Math.min(options.everyMs, 5 * 60_000 * attempt) },
  );
  await enqueueSlot(nextSlot(now(), options.everyMs));
}
