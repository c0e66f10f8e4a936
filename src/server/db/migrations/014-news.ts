// News (docs/decisions/036-news.md): articles written by editors or from a match's data, in
// English and Hindi, tagged with the teams, players, tournament and match they concern, with
// their views counted per hour (Trending reads the last 48 hours).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table news_articles (
      id bigserial primary key,
      slug text not null unique,
      kind text not null default 'editorial' check (kind in ('editorial', 'automated')),
      status text not null default 'draft' check (status in ('draft', 'published')),
      -- An automated report's match: one report per match.
      report_match_key text unique,
      -- Base name of the cover's re-encoded sizes (media/news/<cover>-<width>.webp); null: none.
      cover_image text,
      view_count bigint not null default 0,
      created_by bigint references users (id) on delete set null,
      updated_by bigint references users (id) on delete set null,
      -- An editor changed an automated report: regeneration leaves it alone.
      edited boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      published_at timestamptz
    );
    create index news_articles_published on news_articles (published_at desc, id desc) where status = 'published';
    create index news_articles_views on news_articles (view_count desc, id desc) where status = 'published';

    -- The words of an article in one language; 'en' always exists, 'hi' may not (English is shown).
    create table news_texts (
      article_id bigint not null references news_articles (id) on delete cascade,
      lang text not null check (lang in ('en', 'hi')),
      heading text not null,
      sub_heading text not null default '',
      content text not null,
      -- Paragraphs p1..p6 of the spec's description, in order.
      paragraphs text[] not null default '{}',
      primary key (article_id, lang)
    );

    create table news_tags (
      article_id bigint not null references news_articles (id) on delete cascade,
      kind text not null check (kind in ('team', 'player', 'tournament', 'match')),
      key text not null,
      primary key (article_id, kind, key)
    );
    create index news_tags_key on news_tags (kind, key, article_id);

    create table news_views (
      article_id bigint not null references news_articles (id) on delete cascade,
      hour timestamptz not null,
      views integer not null default 0,
      primary key (article_id, hour)
    );
    create index news_views_hour on news_views (hour);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table news_views; drop table news_tags; drop table news_texts; drop table news_articles;`.execute(db);
}
