// Start-up imports are recorded so that one cut short (the server stopped mid-way) is
// resumed at the next start instead of leaving a half-filled database for good.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table import_runs (
      id serial primary key,
      sources text[] not null,
      started_at timestamptz not null default now(),
      finished_at timestamptz
    );
  `.execute(db);
}
