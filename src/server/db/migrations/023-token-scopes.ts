// A scorer's API token may be issued for some matches only (issue 24; docs/decisions/058): the
// keys of the matches it may score, or null for every match scored live here (what its holder
// may score on the console). Adding a nullable column rewrites no row.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table scorer_tokens add column match_keys text[]
      check (match_keys is null or cardinality(match_keys) between 1 and 20);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scorer_tokens drop column match_keys;`.execute(db);
}
