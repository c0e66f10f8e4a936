// Captain and wicketkeeper of a side in a match (issue 31 §3; docs/decisions/057-squads-and-player-pages.md).
// Cricsheet's files do not say who captained or kept wicket, so imported matches leave both false;
// a live match's team sheet sets them (the scorer console, the ingest API). Adding columns with a
// constant default rewrites no row.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table match_players add column captain boolean not null default false;
    alter table match_players add column keeper boolean not null default false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table match_players drop column keeper;
    alter table match_players drop column captain;
  `.execute(db);
}
