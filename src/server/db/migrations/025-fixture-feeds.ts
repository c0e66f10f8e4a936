// Fixtures from schedule feeds (FIXTURES_SOURCE, issue 29; docs/decisions/067-fixture-feeds.md):
// each event of a feed is kept with the match it made, under the feed's own identity for it (an
// iCalendar UID, a CSV id, or its teams and day), so a later fetch moves or cancels that match
// instead of adding another. The match stays when its feed row goes (it may have balls).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table feed_fixtures (
      source text not null,
      event_key text not null,
      match_id integer not null references matches (id) on delete cascade,
      start_at timestamptz not null,
      cancelled boolean not null default false,
      seen_at timestamptz not null default now(),
      primary key (source, event_key)
    );
    create index feed_fixtures_match on feed_fixtures (match_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table feed_fixtures;`.execute(db);
}
