// An automated match preview is attached to its fixture (issue 29 §2; docs/decisions/071): the
// fixture's match key, at most one preview each, as report_match_key attaches a report. Adding a
// nullable column rewrites no row; the unique index lets two processes race for one fixture safely.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news_articles add column preview_match_key text unique;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news_articles drop column preview_match_key;`.execute(db);
}
