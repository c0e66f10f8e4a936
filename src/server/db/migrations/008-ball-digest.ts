// The digest of the ball an idempotency key wrote (docs/decisions/025-live-engine-and-events.md):
// a key sent again with the same ball is a harmless resend; with a different ball it is a
// client's mistake, refused (409), which only a record of the first ball can tell.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ball_idempotency add column ball_digest bytea`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ball_idempotency drop column ball_digest`.execute(db);
}
