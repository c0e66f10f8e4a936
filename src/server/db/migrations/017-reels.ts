// Reels (issue 11, docs/decisions/041-reels.md): short videos editors upload, transcoded in the
// background (a 'reel.transcode' job), with one like per fan and comments an author or an editor
// can delete. A reel is shown only once it is 'ready'.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reels (
      id bigserial primary key,
      title text not null,
      title_hi text,
      status text not null default 'processing' check (status in ('processing', 'ready', 'failed')),
      -- Why transcoding failed, in words an editor can act on.
      error text,
      uploaded_by bigint references users (id) on delete set null,
      source_bytes bigint not null,
      duration_ms integer,
      -- File names under DATA_DIR/reels/public once transcoded; the names carry a random part.
      video_file text,
      poster_file text,
      video_bytes bigint,
      created_at timestamptz not null default now(),
      ready_at timestamptz
    )`.execute(db);
  await sql`create index reels_ready on reels (ready_at desc, id desc) where status = 'ready'`.execute(db);
  await sql`
    create table reel_likes (
      id bigserial primary key,
      reel_id bigint not null references reels (id) on delete cascade,
      user_id bigint not null references users (id) on delete cascade,
      status text not null check (status in ('like', 'dislike')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (reel_id, user_id)
    )`.execute(db);
  await sql`create index reel_likes_liked on reel_likes (reel_id) where status = 'like'`.execute(db);
  await sql`
    create table reel_comments (
      id bigserial primary key,
      reel_id bigint not null references reels (id) on delete cascade,
      user_id bigint references users (id) on delete cascade,
      body text not null,
      created_at timestamptz not null default now(),
      deleted_at timestamptz,
      deleted_by bigint references users (id) on delete set null
    )`.execute(db);
  await sql`create index reel_comments_reel on reel_comments (reel_id, id) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reel_comments`.execute(db);
  await sql`drop table reel_likes`.execute(db);
  await sql`drop table reels`.execute(db);
}
