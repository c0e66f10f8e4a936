// Background jobs stored in the database (docs/decisions/040-background-jobs.md): transcoding,
// match reports, scheduled updates. A job survives restarts, and among processes sharing the
// database each one is claimed by one worker at a time (`for update skip locked`); a worker that
// stops without finishing leaves a lease that runs out, and the job is taken up again.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table jobs (
      id bigserial primary key,
      kind text not null,
      payload jsonb not null default '{}',
      -- At most one queued or running job per (kind, dedupe_key): enqueueing it again is a no-op.
      dedupe_key text,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      run_at timestamptz not null default now(),
      attempts integer not null default 0,
      max_attempts integer not null default 5 check (max_attempts >= 1),
      locked_by text,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`create unique index jobs_pending_dedupe on jobs (kind, dedupe_key) where dedupe_key is not null and status in ('queued', 'running')`.execute(db);
  await sql`create index jobs_due on jobs (kind, run_at) where status in ('queued', 'running')`.execute(db);
  await sql`create index jobs_finished on jobs (finished_at) where status in ('done', 'failed')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table jobs`.execute(db);
}
