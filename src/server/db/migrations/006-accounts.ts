// Accounts (issue 8, docs/decisions/020-accounts-otp-and-sessions.md): users with a role, their
// sessions (only a hash of each token is kept), one-time codes (hashed, with their attempts),
// the settings that follow a user between browsers, and contact queries.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id bigserial primary key,
      phone text not null unique check (phone ~ '^[0-9]{10}$'),
      password_hash text not null,
      name text,
      email text,
      -- The avatar's file name under DATA_DIR/avatars.
      image text,
      role text not null default 'user' check (role in ('user', 'scorer', 'editor', 'admin')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table sessions (
      id bigserial primary key,
      user_id bigint not null references users(id) on delete cascade,
      -- sha256 of the token: a copy of this table signs nobody in.
      token_hash bytea not null unique,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      user_agent text check (length(user_agent) <= 200)
    );
    create index sessions_user_id on sessions (user_id);

    create table otps (
      -- otp_id: 128 random bits, base64url.
      id text primary key,
      phone text not null,
      purpose text not null check (purpose in ('register', 'reset')),
      -- sha256 of otp_id ':' code.
      code_hash text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      attempts integer not null default 0,
      verified_at timestamptz,
      consumed_at timestamptz,
      -- false when the SMS said 'no account' (or 'already registered') instead of carrying a code.
      deliverable boolean not null
    );
    create index otps_expires_at on otps (expires_at);

    create table user_settings (
      user_id bigint primary key references users(id) on delete cascade,
      settings jsonb not null default '{}',
      updated_at timestamptz not null default now()
    );

    create table contact_queries (
      id bigserial primary key,
      user_id bigint references users(id) on delete set null,
      name text not null,
      email text not null,
      phone text not null,
      message text,
      created_at timestamptz not null default now(),
      handled_at timestamptz
    );
    create index contact_queries_created_at on contact_queries (created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_queries, user_settings, otps, sessions, users`.execute(db);
}
