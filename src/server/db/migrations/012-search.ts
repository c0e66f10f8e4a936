// Search and records (docs/decisions/033-search-and-records.md):
// - search_entries: one row per player, team, tournament and venue that has a match, with its
//   name's searchable terms (domain/search-terms.ts), kept by the write path
//   (store/search-index.ts); a trigram index (pg_trgm, on PostgreSQL and in PGlite) finds the
//   rows whose terms contain each query word as a word's start; the rows of stored matches are
//   built by a starting server (PeopleWriter.rebuildStaleSearch, decision 055), with the code of the
//   day: a migration calling today's search code would read tables later migrations make;
// - indexes the records pages read: innings totals and results per match type.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists pg_trgm;
    create table search_entries (
      kind text not null check (kind in ('player', 'team', 'tournament', 'venue')),
      entity_id integer not null,
      key text not null,
      name text not null,
      terms text not null,
      detail text,
      link text,
      gender text,
      matches integer not null,
      weight integer not null,
      last_date date,
      primary key (kind, entity_id)
    ) with (fillfactor = 70);
    -- No pending list: PGlite has no autovacuum to merge one, and every query would scan it.
    create index search_entries_terms on search_entries using gin (terms gin_trgm_ops) with (fastupdate = off);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table search_entries`.execute(db);
}
