// Background jobs in the database (src/server/store/job-queue.ts), on PGlite and PostgreSQL: each job
// runs once however many workers claim, failures are retried and then given up, a dead worker's
// job is taken up again when its lease runs out, a stopping worker hands its job back, and a
// job enqueued in a transaction that rolls back never exists.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { enqueueIn, JobQueue, PermanentJobError } from '../../src/server/store/job-queue.ts';
import { queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';

const payload = z.object({ n: z.number().int() });
type Payload = z.infer<typeof payload>;

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  locked_by: string | null;
}

const jobRows = (db: Db) => queryRows<JobRow>(db, 'select id::text, status, attempts, last_error, locked_by from jobs order by id');

describe.each(await databasesUnderTest())('background jobs on %s', (_name, open) => {
  const opened: Db[] = [];
  const queues: JobQueue[] = [];

  async function database(): Promise<Db> {
    const db = await open();
    opened.push(db);
    await sql`delete from jobs`.execute(db.kysely);
    return db;
  }

  function queue(db: Db): JobQueue {
    const created = new JobQueue(db, { pollMs: 20 });
    queues.push(created);
    return created;
  }

  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()));
    await Promise.all(opened.splice(0).map((db) => db.close()));
  });

  it('runs a job once with its payload and marks it done', async () => {
    const db = await database();
    const seen: number[] = [];
    const worker = queue(db);
    worker.register<Payload>('square', async ({ n }) => void seen.push(n * n), { payload });
    await worker.enqueue({ kind: 'square', payload: { n: 7 } });
    expect(await worker.claimDue()).toBe(1);
    await worker.idle();
    expect(await worker.claimDue()).toBe(0);
    expect(seen).toEqual([49]);
    expect(await jobRows(db)).toMatchObject([{ status: 'done', attempts: 1, last_error: null, locked_by: null }]);
  });

  it('lets the event loop turn between jobs, so requests are answered while a long queue runs', async () => {
    const db = await database();
    const worker = queue(db);
    // Each job only awaits promises that are already settled, as PGlite's answers are on this
    // thread: without a turn between jobs, the timer below would wait for all twenty.
    const finished: number[] = [];
    worker.register<Payload>('busy', async ({ n }) => {
      for (let step = 0; step < 1_000; step += 1) await Promise.resolve(step);
      finished.push(n);
    }, { payload });
    for (let n = 0; n < 20; n += 1) await worker.enqueue({ kind: 'busy', payload: { n } });
    const jobsDoneWhenTimerRan = new Promise<number>((resolve) => setTimeout(() => resolve(finished.length), 0));
    while (finished.length < 20) {
      await worker.claimDue();
      await worker.idle();
    }
    expect(await jobsDoneWhenTimerRan).toBeLessThan(20);
  }, 60_000);

  it('keeps one waiting job per dedupe key, and takes a new one once it has run', async () => {
    const db = await database();
    const worker = queue(db);
    worker.register<Payload>('report', async () => undefined, { payload });
    const first = await worker.enqueue({ kind: 'report', payload: { n: 1 }, dedupeKey: 'match:1' });
    const again = await worker.enqueue({ kind: 'report', payload: { n: 1 }, dedupeKey: 'match:1' });
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    await worker.claimDue();
    await worker.idle();
    const later = await worker.enqueue({ kind: 'report', payload: { n: 1 }, dedupeKey: 'match:1' });
    expect(later.created).toBe(true);
    expect((await jobRows(db)).map((row) => row.status)).toEqual(['done', 'queued']);
  });

  it('tries a failing job again after a wait, and gives up after its last try', async () => {
    const db = await database();
    let calls = 0;
    const worker = queue(db);
    worker.register<Payload>(
      'flaky',
      async () => {
        calls += 1;
        throw new Error(`try ${calls} failed`);
      },
      { payload, retryDelayMs: (attempt) => (attempt === 1 ? 60_000 : 0) },
    );
    await worker.enqueue({ kind: 'flaky', payload: { n: 1 }, maxAttempts: 3 });
    await worker.claimDue();
    await worker.idle();
    // Not due again for a minute.
    expect(await worker.claimDue()).toBe(0);
    expect(await jobRows(db)).toMatchObject([{ status: 'queued', attempts: 1, last_error: 'try 1 failed' }]);
    await sql`update jobs set run_at = now()`.execute(db.kysely);
    for (let i = 0; i < 2; i += 1) {
      await worker.claimDue();
      await worker.idle();
    }
    expect(calls).toBe(3);
    expect(await jobRows(db)).toMatchObject([{ status: 'failed', attempts: 3, last_error: 'try 3 failed' }]);
    expect(await worker.claimDue()).toBe(0);
  });

  it('fails at once on a permanent error or a payload of the wrong shape', async () => {
    const db = await database();
    const worker = queue(db);
    worker.register<Payload>(
      'strict',
      async ({ n }) => {
        if (n < 0) throw new PermanentJobError('negative numbers cannot be transcoded');
      },
      { payload, concurrency: 2 },
    );
    await worker.enqueue({ kind: 'strict', payload: { n: -1 } });
    await worker.enqueue({ kind: 'strict', payload: { n: 'seven' } });
    await worker.claimDue();
    await worker.idle();
    const rows = await jobRows(db);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(rows[0]!.last_error).toBe('negative numbers cannot be transcoded');
    expect(rows[1]!.last_error).toMatch(/^bad payload/);
  });

  it('runs each of many jobs exactly once between two workers', async () => {
    const [dbA, dbB] = [await database(), await database()];
    const runs: number[] = [];
    const work = async ({ n }: Payload) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      runs.push(n);
    };
    const [a, b] = [queue(dbA), queue(dbB)];
    for (const worker of [a, b]) worker.register<Payload>('count', work, { payload, concurrency: 3 });
    for (let n = 0; n < 30; n += 1) await a.enqueue({ kind: 'count', payload: { n } });
    a.start();
    b.start();
    await expect.poll(async () => (await jobRows(dbA)).every((row) => row.status === 'done'), { timeout: 20_000 }).toBe(true);
    expect(runs.toSorted((x, y) => x - y)).toEqual([...Array(30).keys()]);
    expect((await jobRows(dbA)).every((row) => row.attempts === 1)).toBe(true);
  });

  it('takes up the job of a worker that died once its lease has run out', async () => {
    const db = await database();
    const seen: number[] = [];
    const worker = queue(db);
    worker.register<Payload>('resume', async ({ n }) => void seen.push(n), { payload });
    // What a dead worker leaves: running, its claim, a lease still running, then run out.
    await sql`insert into jobs (kind, payload, status, attempts, locked_by, locked_until)
      values ('resume', '{"n": 3}', 'running', 1, 'dead-worker', now() + interval '1 hour')`.execute(db.kysely);
    expect(await worker.claimDue()).toBe(0);
    await sql`update jobs set locked_until = now() - interval '1 second'`.execute(db.kysely);
    expect(await worker.claimDue()).toBe(1);
    await worker.idle();
    expect(seen).toEqual([3]);
    expect(await jobRows(db)).toMatchObject([{ status: 'done', attempts: 2 }]);
  });

  it('hands a job it is stopped in the middle of back to the queue, its try not counted', async () => {
    const db = await database();
    const worker = queue(db);
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    worker.register<Payload>(
      'long',
      (_payload, { signal }) =>
        new Promise((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
      { payload },
    );
    await worker.enqueue({ kind: 'long', payload: { n: 1 } });
    worker.start();
    await running;
    await worker.stop();
    expect(await jobRows(db)).toMatchObject([{ status: 'queued', attempts: 0, locked_by: null }]);
  });

  it('has no job when the transaction that enqueued it rolls back', async () => {
    const db = await database();
    await expect(
      db.bulkTransaction(async (tx) => {
        await enqueueIn(tx.kysely, { kind: 'report', payload: { n: 1 } });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    await db.bulkTransaction(async (tx) => {
      await enqueueIn(tx.kysely, { kind: 'report', payload: { n: 2 } });
    });
    expect(await queryRows<{ payload: Payload }>(db, 'select payload from jobs')).toEqual([{ payload: { n: 2 } }]);
  });
});
