// Counters no flood can clear (docs/decisions/051-lockouts-passwords-and-edge-checks.md): the login lock-outs
// (failures per account and per address) live here, where every process reads the same count
// and no memory bound evicts them. A row is live until resets_at; expired rows are deleted in
// passing (src/server/auth/lockouts.ts).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table limit_counters (
      key text primary key,
      count integer not null,
      resets_at timestamptz not null
    )`.execute(db);
  await sql`create index limit_counters_resets_at on limit_counters (resets_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table limit_counters`.execute(db);
}
