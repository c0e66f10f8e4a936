// Which wording an automated report was written with (domain/match-report.ts REPORT_WORDING):
// when the sentences change, the back-fill rewrites the reports an editor has not touched, newest
// first, so an upgraded site does not keep its old wording for ever (docs/decisions/063). Every
// article written before this column has wording 0, older than any version.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news_articles add column wording smallint not null default 0;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news_articles drop column wording;`.execute(db);
}
