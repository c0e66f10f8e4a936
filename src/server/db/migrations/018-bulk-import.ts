// What makes a bulk import cheaper (docs/decisions/033-search-and-records.md, 038-fantasy-points.md):
// - search_pending: a bulk import leaves its search rows to the end of each archive
//   (LiveMatchWriter.finishBulkImport); a row here, written with its first batch, says an import
//   has matches whose search rows are not built yet, so an import cut short is finished by the next one.
// - fantasy_points.lines as json (the breakdown's text, checked but not taken apart) instead of
//   jsonb: nothing queries inside it, and jsonb's parsing cost as much as the rest of the row's COPY;
//   no planner statistics for it either (analyze read every sampled breakdown for nothing), nor for
//   the other columns only ever read out (a wicket's fielders as Cricsheet gives them, their names).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_pending (
      token text primary key,
      touched_at timestamptz not null default now()
    )`.execute(db);
  await sql`alter table fantasy_points alter column lines type json using lines::json`.execute(db);
  await sql`alter table fantasy_points alter column lines set statistics 0`.execute(db);
  // Read out with their rows, never filtered on: analyze sampled them for nothing as well.
  await sql`alter table wickets alter column fielders set statistics 0`.execute(db);
  await sql`alter table batting_innings alter column fielder_names set statistics 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table batting_innings alter column fielder_names set statistics -1`.execute(db);
  await sql`alter table wickets alter column fielders set statistics -1`.execute(db);
  await sql`alter table fantasy_points alter column lines set statistics -1`.execute(db);
  await sql`alter table fantasy_points alter column lines type jsonb using lines::jsonb`.execute(db);
  await sql`drop table search_pending`.execute(db);
}
