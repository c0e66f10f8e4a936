// Background jobs stored in the database (docs/decisions/040-background-jobs.md). Work that
// must not be lost and must run once however many processes share the database (transcoding a
// reel, writing a match report, a scheduled update) is a row in `jobs`:
// - enqueue() adds one, or (with a dedupe key) finds the one already waiting; enqueueIn() does it
//   inside a caller's transaction, so a job and the write that asks for it commit together;
// - each process that runs a worker claims due jobs of the kinds it has handlers for with
//   `for update skip locked` (no job is claimed twice), holding a lease it renews while the
//   handler runs; a process that dies mid-job stops renewing, the lease runs out and another
//   worker (or the same one after a restart) takes the job up again;
// - a handler that throws is retried later with a growing wait, up to the job's max_attempts;
//   PermanentJobError (bad input no retry can fix) fails it at once.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { z } from 'zod';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';

export interface JobSpec {
  kind: string;
  payload: unknown;
  /** At most one queued or running job per kind and key: enqueueing it again returns that one. */
  dedupeKey?: string;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Tries before the job is marked failed (default 5). */
  maxAttempts?: number;
}

export interface JobContext {
  id: string;
  /** 1 for the first try. */
  attempt: number;
  /** Aborted when the worker stops: finish or throw soon; the job is then run again later. */
  signal: AbortSignal;
}

export interface HandlerOptions<P> {
  /** The payload's shape: a payload that does not parse fails the job without retries. */
  payload: z.ZodType<P>;
  /** Jobs of this kind one worker runs at once (default 1). */
  concurrency?: number;
  /** How long a claim holds before another worker may take the job (default 60 s); renewed while running. */
  leaseMs?: number;
  /** The wait before try n + 1 after try n failed (default 10 s × 4^(n-1), at most an hour). */
  retryDelayMs?: (attempt: number) => number;
}

/** A failure no retry can fix (a broken upload, a match that no longer exists). */
export class PermanentJobError extends Error {}

export interface JobLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs (default 2 s); enqueue() in this process wakes it at once. */
  pollMs?: number;
  /** Finished jobs are deleted this long after they finish (default 7 days). */
  keepFinishedMs?: number;
  logger?: JobLogger;
}

interface Registered {
  handler: (payload: unknown, context: JobContext) => Promise<void>;
  options: Required<Omit<HandlerOptions<unknown>, 'payload'>> & { payload: z.ZodType<unknown> };
  running: number;
}

interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_MAX_ATTEMPTS = 5;
const HOUR_MS = 3_600_000;
const defaultRetryDelay = (attempt: number) => Math.min(HOUR_MS, 10_000 * 4 ** (attempt - 1));
// Errors are kept for the operator, not whole stack dumps.
const MAX_ERROR_LENGTH = 2_000;

/** Seconds from now, for a lease or a retry given in milliseconds. */
function inMs(ms: number) {
  return sql<Date>`now() + make_interval(secs => ${ms}::double precision / 1000)`;
}

/** Adds a job through `db` (a transaction, to commit it with the write that asks for it). */
export async function enqueueIn(db: Kysely<Database>, spec: JobSpec): Promise<{ id: string; created: boolean }> {
  const created = await db
    .insertInto('jobs')
    .values({
      kind: spec.kind,
      payload: sql<string>`${JSON.stringify(spec.payload ?? {})}::jsonb`,
      dedupe_key: spec.dedupeKey ?? null,
      run_at: spec.runAt ?? new Date(),
      max_attempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })
    // The unique index is partial: one queued or running job a dedupe key.
    .onConflict((conflict) => conflict.columns(['kind', 'dedupe_key']).where('dedupe_key', 'is not', null).where('status', 'in', ['queued', 'running']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return { id: String(created.id), created: true };
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', spec.kind)
    .where('dedupe_key', '=', spec.dedupeKey ?? null)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return { id: String(existing.id), created: false };
}

export class JobQueue {
  /** Names this worker in the rows it claims: host, process and a random part. */
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly db: Kysely<Database>;
  private readonly handlers = new Map<string, Registered>();
  private readonly inFlight = new Map<string, { done: Promise<void>; abort: AbortController }>();
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lastCleanup = 0;

  constructor(
    db: Db,
    private readonly options: JobQueueOptions = {},
  ) {
    this.db = db.kysely;
  }

  register<P>(kind: string, handler: (payload: P, context: JobContext) => Promise<void>, options: HandlerOptions<P>): void {
    if (this.handlers.has(kind)) throw new Error(`a handler for jobs of kind '${kind}' is already registered`);
    this.handlers.set(kind, {
      handler: handler as Registered['handler'],
      options: {
        payload: options.payload as z.ZodType<unknown>,
        concurrency: options.concurrency ?? 1,
        leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
        retryDelayMs: options.retryDelayMs ?? defaultRetryDelay,
      },
      running: 0,
    });
  }

  async enqueue(spec: JobSpec): Promise<{ id: string; created: boolean }> {
    const result = await enqueueIn(this.db, spec);
    this.wake?.();
    return result;
  }

  /** Starts claiming and running due jobs of the registered kinds until stop(). */
  start(): void {
    if (this.loop || this.handlers.size === 0) return;
    this.loop = this.run();
  }

  /**
   * Stops claiming, aborts the running handlers and waits for them; a job they did not finish
   * goes back to the queue at once, its try not counted.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.wake?.();
    for (const job of this.inFlight.values()) job.abort.abort();
    await this.loop;
    await Promise.all([...this.inFlight.values()].map((job) => job.done));
  }

  /** Claims the due jobs this worker has room for and starts them; resolves with how many. For tests, and the loop. */
  async claimDue(): Promise<number> {
    let started = 0;
    for (const [kind, registered] of this.handlers) {
      const room = registered.options.concurrency - registered.running;
      if (room <= 0 || this.stopping.signal.aborted) continue;
      const claimed: ClaimedJob[] = await this.db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_by: this.workerId,
          locked_until: inMs(registered.options.leaseMs),
          started_at: sql<Date>`now()`,
        }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('kind', '=', kind)
            .where((where) =>
              where.or([
                where.and([where('status', '=', 'queued'), where('run_at', '<=', sql<Date>`now()`)]),
                where.and([where('status', '=', 'running'), where('locked_until', '<', sql<Date>`now()`)]),
              ]),
            )
            .orderBy('run_at')
            .orderBy('id')
            .limit(room)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'kind', 'payload', 'attempts', 'max_attempts'])
        .execute();
      for (const job of claimed) {
        this.begin({ ...job, id: String(job.id) }, registered);
        started += 1;
      }
    }
    return started;
  }

  /** Resolves when every job this worker has started so far has finished (for tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.values()].map((job) => job.done));
  }

  private async run(): Promise<void> {
    const { signal } = this.stopping;
    const pollMs = this.options.pollMs ?? 2_000;
    while (!signal.aborted) {
      try {
        await this.claimDue();
        await this.cleanUp();
      } catch (error) {
        this.options.logger?.error({ err: error }, 'jobs: claiming due jobs failed');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  private begin(job: ClaimedJob, registered: Registered): void {
    const abort = new AbortController();
    // Claimed while stop() was aborting the others: stopped at once, back to the queue.
    if (this.stopping.signal.aborted) abort.abort();
    registered.running += 1;
    const done = this.execute(job, registered, abort.signal).finally(() => {
      registered.running -= 1;
      this.inFlight.delete(job.id);
      this.wake?.();
    });
    this.inFlight.set(job.id, { done, abort });
  }

  private async execute(job: ClaimedJob, registered: Registered, signal: AbortSignal): Promise<void> {
    const { leaseMs } = registered.options;
    const renew = setInterval(() => {
      this.db
        .updateTable('jobs')
        .set({ locked_until: inMs(leaseMs) })
        .where(this.held(job.id))
        .execute()
        .catch((error: unknown) => this.options.logger?.error({ err: error, job: job.id }, 'jobs: renewing a lease failed'));
    }, leaseMs / 3);
    renew.unref();
    try {
      // PGlite answers on this thread without a turn of the event loop: jobs run back to back
      // would hold off every request until the queue is empty (300 match reports after a start
      // kept /healthz waiting 15 s). One turn per job lets the requests in.
      await new Promise<void>((resolve) => setImmediate(resolve));
      // A job reclaimed after its worker died has used a try it never reported.
      if (job.attempts > job.max_attempts) throw new PermanentJobError(`gave up after ${job.max_attempts} tries`);
      const payload = registered.options.payload.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError(`bad payload: ${payload.error.message}`);
      await registered.handler(payload.data, { id: job.id, attempt: job.attempts, signal });
      await this.finish(job.id, 'done', null);
      this.options.logger?.info({ job: job.id, kind: job.kind }, 'job done');
    } catch (error) {
      await this.fail(job, registered, error, signal.aborted).catch((failure: unknown) =>
        this.options.logger?.error({ err: failure, job: job.id }, 'jobs: recording a failure failed'),
      );
    } finally {
      clearInterval(renew);
    }
  }

  private async fail(job: ClaimedJob, registered: Registered, error: unknown, stopped: boolean): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    if (stopped && !(error instanceof PermanentJobError)) {
      // Stopped by shutdown, not by the job's fault: back to the queue, the try not counted.
      await this.db
        .updateTable('jobs')
        .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), locked_by: null, locked_until: null, run_at: sql<Date>`now()` }))
        .where(this.held(job.id))
        .execute();
      return;
    }
    const final = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
    if (final) {
      await this.finish(job.id, 'failed', message);
      this.options.logger?.error({ job: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed');
      return;
    }
    const delayMs = registered.options.retryDelayMs(job.attempts);
    await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_by: null, locked_until: null, last_error: message, run_at: inMs(delayMs) })
      .where(this.held(job.id))
      .execute();
    this.options.logger?.error({ job: job.id, kind: job.kind, attempt: job.attempts, retryInMs: delayMs, error: message }, 'job failed; it will be tried again');
  }

  private async finish(id: string, status: 'done' | 'failed', error: string | null): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status, last_error: error, finished_at: sql<Date>`now()`, locked_by: null, locked_until: null })
      .where(this.held(id))
      .execute();
  }

  /** The job, while this worker holds it. */
  private held(id: string) {
    return (eb: ExpressionBuilder<Database, 'jobs'>) => eb.and([eb('id', '=', id), eb('locked_by', '=', this.workerId)]);
  }

  /** Deletes jobs finished longer ago than keepFinishedMs, at most once an hour. */
  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanup < HOUR_MS) return;
    this.lastCleanup = Date.now();
    const keepMs = this.options.keepFinishedMs ?? 7 * 24 * HOUR_MS;
    await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('finished_at', '<', sql<Date>`now() - make_interval(secs => ${keepMs}::double precision / 1000)`)
      .execute();
  }
}
