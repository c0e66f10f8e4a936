// Live cricket (issue 9, docs/decisions/024-live-store.md): the state of a match being played
// beside its status, the events pushed to fans (kept for catch-up), the idempotency keys of
// scored balls, and the API tokens other scoring apps send balls with.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table matches
      -- The start time when known (a scheduled fixture); countdowns use it, else start_date.
      add column start_at timestamptz,
      -- The provider's play_status beside status: where a match in progress stands.
      add column play_status text not null default 'result' check (play_status in (
        'scheduled', 'pre_match', 'in_play', 'drinks_break', 'innings_break', 'stumps', 'rain_delay',
        'bad_light', 'lunch', 'tea', 'result', 'abandoned')),
      add column break_reason text,
      add column is_replay boolean not null default false,
      -- The match_key a replay plays again.
      add column replay_of text,
      -- The sequence of the last event pushed for the match (live_events.sequence).
      add column live_sequence integer not null default 0,
      -- A target the umpires revised (DLS), typed in by the scorer.
      add column revised_target_runs integer,
      add column revised_target_overs numeric,
      add column day_number integer,
      add column source text not null default 'cricsheet' check (source in ('cricsheet', 'scorer', 'ingest', 'replay'));
    update matches set play_status = 'scheduled' where status = 'not_started';
    update matches set play_status = 'in_play' where status = 'started';
    create index matches_live on matches (play_status) where play_status <> 'result';

    -- Matches made here (fixtures, replays) take ids far above Cricsheet's match numbers.
    create sequence live_match_ids start with 1000000000;

    create table live_events (
      match_id integer not null references matches(id) on delete cascade,
      sequence integer not null,
      kind text not null check (kind in ('ball', 'ball_deleted', 'state')),
      ball_key text,
      -- The payload as emitted, so a late client is sent the same bytes.
      payload jsonb not null,
      created_at timestamptz not null default now(),
      primary key (match_id, sequence)
    );

    create table ball_idempotency (
      match_id integer not null references matches(id) on delete cascade,
      idempotency_key text not null check (length(idempotency_key) <= 100),
      sequence integer not null,
      ball_key text not null,
      primary key (match_id, idempotency_key)
    );

    create table scorer_tokens (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      -- sha256 of the token: a copy of this table scores nothing.
      token_hash bytea not null unique,
      label text not null check (length(label) <= 100),
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    create index scorer_tokens_user_id on scorer_tokens (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table scorer_tokens, ball_idempotency, live_events;
    drop sequence live_match_ids;
    drop index matches_live;
    alter table matches drop column start_at, drop column play_status, drop column break_reason, drop column is_replay,
      drop column replay_of, drop column live_sequence, drop column revised_target_runs, drop column revised_target_overs,
      drop column day_number, drop column source;
  `.execute(db);
}
