// Web Push (issue 29 §4; docs/decisions/072-web-push.md): the site's VAPID key pair (made on first
// start, one row), a device's push subscription (signed in or not: user_id may be null) with what it
// asked to hear, the log that makes each alert go once per fan (its row is inserted before the
// send, so two processes cannot both send it), and how far each match's balls have been looked at.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table push_keys (
      id smallint primary key default 1 check (id = 1),
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now()
    );
    create table push_subscriptions (
      id bigserial primary key,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      user_id bigint references users(id) on delete cascade,
      language text not null default 'en' check (language in ('en', 'hi')),
      kinds text[] not null,
      quiet_start smallint check (quiet_start between 0 and 1439),
      quiet_end smallint check (quiet_end between 0 and 1439),
      time_zone text not null default 'UTC',
      match_keys text[] not null default '{}',
      team_keys text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      last_success_at timestamptz
    );
    create index push_subscriptions_user on push_subscriptions (user_id) where user_id is not null;
    create index push_subscriptions_matches on push_subscriptions using gin (match_keys);
    create index push_subscriptions_teams on push_subscriptions using gin (team_keys);
    create table push_sent (
      subscription_id bigint not null references push_subscriptions(id) on delete cascade,
      event_key text not null,
      sent_at timestamptz not null default now(),
      primary key (subscription_id, event_key)
    );
    create table push_progress (
      match_key text primary key,
      balls_seen integer not null,
      result_seen boolean not null default false
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table push_progress, push_sent, push_subscriptions, push_keys`.execute(db);
}
