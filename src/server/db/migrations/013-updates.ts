// All of Cricsheet kept current and corrected (docs/decisions/034-corrections.md,
// 035-scheduled-updates.md):
// - corrections: the record beyond Cricsheet, one row per case (a match abandoned without a ball,
//   a match voided and replayed, a name fix), from the shipped file (origin 'file') or an admin
//   (origin 'admin'); correction_files remembers the fingerprint of the file last applied;
// - matches abandoned without a ball are written as matches of source 'correction', with ids from
//   correction_match_ids (below the live ids, far above Cricsheet's);
// - matches.void_replayed_by: a match declared void and replayed in full (the replay's key): shown
//   as void and left out of tables.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table corrections (
      id serial primary key,
      case_key text not null unique check (case_key ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
      kind text not null check (kind in ('abandoned', 'void', 'person_name', 'team_name')),
      payload jsonb not null,
      source_note text not null,
      origin text not null check (origin in ('file', 'admin')),
      match_id integer unique,
      updated_by bigint references users (id) on delete set null,
      updated_at timestamptz not null default now()
    );
    create table correction_files (
      name text primary key,
      fingerprint text not null,
      applied_at timestamptz not null default now()
    );
    create sequence correction_match_ids start with 900000000;
    alter table matches add column void_replayed_by text;
    alter table matches drop constraint if exists matches_source_check;
    alter table matches add constraint matches_source_check check (source in ('cricsheet', 'scorer', 'ingest', 'replay', 'correction'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from matches where source = 'correction';
    alter table matches drop constraint matches_source_check;
    alter table matches add constraint matches_source_check check (source in ('cricsheet', 'scorer', 'ingest', 'replay'));
    alter table matches drop column void_replayed_by;
    drop sequence correction_match_ids;
    drop table correction_files;
    drop table corrections;
  `.execute(db);
}
