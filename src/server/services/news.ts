// News (docs/decisions/036-news.md): the one place articles are read and written. Readers (the
// provider API, the pages, the feeds) get published articles in a language, ordered Latest,
// Most Views, Trending (views in the last 48 hours) or Recommended (a fan's favourite teams
// first), filtered by tag; editors and the match-report job write through the same methods,
// each write publishing the 'news' tag so cached lists and pages are dropped.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, NewsKind, NewsStatus, NewsTagKind } from '../db/schema.ts';
import type { ChangeFeed } from '../feed/change-feed.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import type { Lang } from '../../i18n/index.ts';
import { dayText } from '../../i18n/dates.ts';
import { localName } from '../../i18n/names.ts';
import { REPORT_WORDING } from '../domain/match-report.ts';

export type NewsLang = 'en' | 'hi';
export const NEWS_ORDERS = ['latest', 'views', 'trending', 'recommended'] as const;
export type NewsOrder = (typeof NEWS_ORDERS)[number];
export const NEWS_TAG_KINDS: readonly NewsTagKind[] = ['team', 'player', 'tournament', 'match'];
/** Paragraphs of an article's description (the spec's p1..p6). */
export const MAX_PARAGRAPHS = 6;
/** Trending counts the views of this many hours. */
export const TRENDING_HOURS = 48;
/** Views ordering lists are cached for a minute at most (a view publishes nothing). */
const VIEWS_CACHE_MS = 60_000;

export interface NewsText {
  heading: string;
  sub_heading: string;
  content: string;
  paragraphs: string[];
}

export interface NewsTag {
  kind: NewsTagKind;
  key: string;
}

export interface NewsArticle {
  id: string;
  slug: string;
  kind: NewsKind;
  status: NewsStatus;
  /** The language the words are in ('en' when a Hindi text was asked for and none exists). */
  lang: NewsLang;
  text: NewsText;
  cover_image: string | null;
  views: number;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
  report_match_key: string | null;
  /** The fixture an automated preview is about (decision 071); null for any other article. */
  preview_match_key: string | null;
  edited: boolean;
  tags: NewsTag[];
}

export interface NewsFilters {
  team?: string;
  player?: string;
  tournament?: string;
  match?: string;
}

export interface NewsQuery extends NewsFilters {
  lang: NewsLang;
  limit: number;
  offset: number;
  order?: NewsOrder;
  /** Recommended: these teams' news first (a signed-in fan's favourites). */
  favouriteTeams?: readonly string[];
}

/** What an editor (or the report generator) writes. */
export interface NewsDraft {
  texts: { en: NewsText; hi?: NewsText | null };
  tags: NewsTag[];
  cover_image?: string | null;
}

/** An article as its query reads it: the text's fields inline, the views as a bigint's text, no tags as null. */
interface ArticleRow extends Omit<NewsArticle, 'text' | 'views' | 'tags'>, NewsText {
  view_count: string;
  tags: NewsTag[] | null;
}

/** A URL-safe slug from a heading: ascii words joined by hyphens (Hindi-only headings give 'news'). */
export function slugify(heading: string): string {
  const words = heading
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/, '');
  return words || 'news';
}

const ARTICLE_COLUMNS = sql`
  a.id::text as id, a.slug, a.kind, a.status, a.cover_image, a.view_count::text as view_count,
  a.created_at, a.updated_at, a.published_at, a.report_match_key, a.preview_match_key, a.edited,
  t.lang, t.heading, t.sub_heading, t.content, t.paragraphs,
  (select json_agg(json_build_object('kind', g.kind, 'key', g.key) order by g.kind, g.key) from news_tags g where g.article_id = a.id) as tags`;

/** The text in `lang`, else the English one. */
const textJoin = (lang: NewsLang) => sql`
  join lateral (
    select * from news_texts x where x.article_id = a.id and x.lang in ('en', ${lang})
    order by (x.lang = ${lang}) desc limit 1
  ) t on true`;

function toArticle(row: ArticleRow): NewsArticle {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    status: row.status,
    lang: row.lang,
    text: { heading: row.heading, sub_heading: row.sub_heading, content: row.content, paragraphs: row.paragraphs },
    cover_image: row.cover_image,
    views: Number(row.view_count),
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    published_at: row.published_at === null ? null : new Date(row.published_at),
    report_match_key: row.report_match_key,
    preview_match_key: row.preview_match_key,
    edited: row.edited,
    tags: row.tags ?? [],
  };
}

function filterSql(filters: NewsFilters) {
  const parts = (['team', 'player', 'tournament', 'match'] as const)
    .filter((kind) => filters[kind] !== undefined)
    .map((kind) => sql`and exists (select 1 from news_tags f where f.article_id = a.id and f.kind = ${kind} and f.key = ${filters[kind]!})`);
  return parts.length === 0 ? sql`` : sql.join(parts, sql` `);
}

function orderSql(order: NewsOrder, favouriteTeams: readonly string[]) {
  switch (order) {
    case 'views':
      return sql`order by a.view_count desc, a.published_at desc, a.id desc`;
    case 'trending':
      return sql`order by coalesce((select sum(v.views) from news_views v where v.article_id = a.id and v.hour >= now() - make_interval(hours => ${TRENDING_HOURS})), 0) desc,
        a.published_at desc, a.id desc`;
    case 'recommended':
      // A fan's teams first, newest first; then (and for a visitor) the most viewed.
      if (favouriteTeams.length === 0) return orderSql('views', []);
      return sql`order by exists (select 1 from news_tags r where r.article_id = a.id and r.kind = 'team' and r.key = any(${[...favouriteTeams]}::text[])) desc,
        case when exists (select 1 from news_tags r where r.article_id = a.id and r.kind = 'team' and r.key = any(${[...favouriteTeams]}::text[])) then a.published_at end desc,
        a.view_count desc, a.published_at desc, a.id desc`;
    default:
      return sql`order by a.published_at desc, a.id desc`;
  }
}

/** A visitor's repeated reads of an article within this time count once. */
const VIEW_REPEAT_MS = 30 * 60_000;
const MAX_RECENT_VIEWS = 50_000;

export class NewsService {
  /** article|visitor → when their view was last counted. */
  private readonly recentViews = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
    private readonly feed: Pick<ChangeFeed, 'publish'>,
  ) {}

  /** Published articles, newest first unless another order is asked for. */
  list(query: NewsQuery): Promise<NewsArticle[]> {
    const order = query.order ?? 'latest';
    const teams = [...(query.favouriteTeams ?? [])].sort();
    // Views change without a publication: those orderings are kept a minute at most.
    const bucket = order === 'latest' ? '' : `:${Math.floor(Date.now() / VIEWS_CACHE_MS)}`;
    const key = `news:list:${JSON.stringify([query.lang, query.limit, query.offset, order, teams, query.team, query.player, query.tournament, query.match])}${bucket}`;
    return this.cache.get(key, [tags.news], async () => {
      const { rows } = await sql<ArticleRow>`
        select ${ARTICLE_COLUMNS} from news_articles a ${textJoin(query.lang)}
        where a.status = 'published' ${filterSql(query)}
        ${orderSql(order, teams)}
        limit ${query.limit} offset ${query.offset}`.execute(this.db);
      return rows.map(toArticle);
    });
  }

  /** The slug of a match's report and whether it is published; null when the match has none. */
  async reportOf(matchKey: string): Promise<{ slug: string; published: boolean } | null> {
    const row = await this.db.selectFrom('news_articles').select(['slug', 'status']).where('report_match_key', '=', matchKey).executeTakeFirst();
    return row ? { slug: row.slug, published: row.status === 'published' } : null;
  }

  /** The slug of a fixture's preview and whether it is published; null when it has none. */
  async previewOf(matchKey: string): Promise<{ slug: string; published: boolean } | null> {
    const row = await this.db.selectFrom('news_articles').select(['slug', 'status']).where('preview_match_key', '=', matchKey).executeTakeFirst();
    return row ? { slug: row.slug, published: row.status === 'published' } : null;
  }

  /** A published article by its slug (null: none, or not published). */
  bySlug(slug: string, lang: NewsLang): Promise<NewsArticle | null> {
    return this.cache.get(`news:slug:${lang}:${slug}`, [tags.news], async () => {
      const article = await this.find(sql`a.slug = ${slug}`, lang);
      return article?.status === 'published' ? article : null;
    });
  }

  /** Any article, draft or published, for the editor's desk (never cached). */
  async forDesk(id: string, lang: NewsLang): Promise<NewsArticle | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    return this.find(sql`a.id = ${id}::bigint`, lang);
  }

  /** An article and both languages' words, for the desk; null when there is none. */
  async deskArticle(id: string): Promise<{ article: NewsArticle; texts: { en: NewsText | null; hi: NewsText | null } } | null> {
    const article = await this.forDesk(id, 'en');
    return article ? { article, texts: await this.texts(id) } : null;
  }

  /** Both languages' words of an article (the desk's form). */
  async texts(id: string): Promise<{ en: NewsText | null; hi: NewsText | null }> {
    if (!/^\d{1,18}$/.test(id)) return { en: null, hi: null };
    const rows = await this.db.selectFrom('news_texts').selectAll().where('article_id', '=', id).execute();
    const of = (lang: NewsLang) => {
      const row = rows.find((r) => r.lang === lang);
      return row ? { heading: row.heading, sub_heading: row.sub_heading, content: row.content, paragraphs: row.paragraphs } : null;
    };
    return { en: of('en'), hi: of('hi') };
  }

  /** Every article for the desk, newest change first, with its status and views. */
  async deskList(limit: number, offset: number): Promise<NewsArticle[]> {
    const { rows } = await sql<ArticleRow>`
      select ${ARTICLE_COLUMNS} from news_articles a ${textJoin('en')}
      order by a.updated_at desc, a.id desc limit ${limit} offset ${offset}`.execute(this.db);
    return rows.map(toArticle);
  }

  private async find(where: ReturnType<typeof sql>, lang: NewsLang): Promise<NewsArticle | null> {
    const { rows } = await sql<ArticleRow>`select ${ARTICLE_COLUMNS} from news_articles a ${textJoin(lang)} where ${where}`.execute(this.db);
    return rows[0] ? toArticle(rows[0]) : null;
  }

  /**
   * The names of what an article is tagged with (teams, players, tournament, match), for its links,
   * in the page's language: Hindi names where known, and a match as 'इंग्लैंड बनाम भारत, 3 जून 2025'.
   */
  async tagNames(list: readonly NewsTag[], lang: Lang = 'en'): Promise<(NewsTag & { name: string })[]> {
    const keys = (kind: NewsTagKind) => list.filter((tag) => tag.kind === kind).map((tag) => tag.key);
    const { rows } = await sql<NewsTag & { name: string; team_b: string | null; day: string | null }>`
      select 'tournament' as kind, tou_key as key, name, null as team_b, null as day from tournaments where tou_key = any(${[...keys('tournament')]}::text[])
      union all select 'match', match_key, team_a_name, team_b_name, start_date::text from matches where match_key = any( -- uncounted: the tagged matches, by key
        ${[...keys('match')]}::text[])
      union all select 'team', team_key, name, null, null from teams where team_key = any(${[...keys('team')]}::text[])
      union all select 'player', registry_id, name, null, null from people where registry_id = any(${[...keys('player')]}::text[])`.execute(this.db);
    const nameOf = (row: (typeof rows)[number]): string => {
      if (row.kind !== 'match') return localName(row.kind, row.name, lang, row.kind === 'player' ? row.key : undefined);
      const teams = `${localName('team', row.name, lang)} ${lang === 'hi' ? 'बनाम' : 'v'} ${localName('team', row.team_b ?? '', lang)}`;
      return `${teams}, ${lang === 'hi' && row.day ? dayText(row.day, 'hi') : row.day}`;
    };
    const named = new Map(rows.map((row) => [`${row.kind}:${row.key}`, nameOf(row)]));
    return list.flatMap((tag) => {
      const name = named.get(`${tag.kind}:${tag.key}`);
      return name === undefined ? [] : [{ ...tag, name }];
    });
  }

  /**
   * Counts one view now (in the article's total and in this hour's, for Trending). A visitor
   * (an address) reading the same article again within half an hour is not counted again.
   */
  async recordView(id: string, visitor?: string): Promise<boolean> {
    if (visitor !== undefined) {
      const key = `${id}|${visitor}`;
      const now = Date.now();
      const last = this.recentViews.get(key);
      if (last !== undefined && now - last < VIEW_REPEAT_MS) return false;
      this.recentViews.delete(key);
      this.recentViews.set(key, now);
      // Oldest first: the map stays bounded whatever the traffic.
      if (this.recentViews.size > MAX_RECENT_VIEWS) this.recentViews.delete(this.recentViews.keys().next().value!);
    }
    await sql`
      with counted as (update news_articles set view_count = view_count + 1 where id = ${id}::bigint and status = 'published' returning id)
      insert into news_views (article_id, hour, views) select id, date_trunc('hour', now()), 1 from counted
      on conflict (article_id, hour) do update set views = news_views.views + 1`.execute(this.db);
    return true;
  }

  /** A new draft written by an editor; returns its id and slug. */
  async create(draft: NewsDraft, userId: string | null, kind: NewsKind = 'editorial', reportMatchKey: string | null = null): Promise<{ id: string; slug: string }> {
    const created = await this.db.transaction().execute(async (tx) => {
      const slug = `${slugify(draft.texts.en.heading)}-${randomBytes(3).toString('hex')}`;
      const row = await tx
        .insertInto('news_articles')
        .values({ slug, kind, report_match_key: reportMatchKey, cover_image: draft.cover_image ?? null, created_by: userId, updated_by: userId })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      await writeWords(tx, row.id, draft);
      return { id: row.id, slug };
    });
    await this.feed.publish([tags.news]);
    return created;
  }

  /** Replaces an article's words, tags and (when given) cover; false when there is no such article. */
  async update(id: string, draft: NewsDraft, userId: string | null): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const updated = await this.db.transaction().execute(async (tx) => {
      const result = await tx
        .updateTable('news_articles')
        .set({
          updated_by: userId,
          updated_at: sql<Date>`now()`,
          edited: true,
          ...(draft.cover_image === undefined ? {} : { cover_image: draft.cover_image }),
        })
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await replaceWords(tx, id, draft);
      return true;
    });
    if (updated) await this.feed.publish([tags.news]);
    return updated;
  }

  /** Publishes or withdraws an article; false when there is no such article. */
  async setStatus(id: string, status: NewsStatus, userId: string | null): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const result = await this.db
      .updateTable('news_articles')
      .set({
        status,
        updated_by: userId,
        updated_at: sql<Date>`now()`,
        // The first publication dates the article; withdrawing and publishing again keeps it.
        published_at: status === 'published' ? sql<Date>`coalesce(published_at, now())` : sql<Date>`published_at`,
        ...(userId === null ? {} : { edited: sql<boolean>`edited or kind = 'automated'` }),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await this.feed.publish([tags.news]);
    return true;
  }

  /**
   * Writes (or rewrites) the automated report of a match and publishes it, unless an editor has
   * edited or withdrawn it since: then it is left as the editor made it. A report is dated by its
   * match (the end of `playedOn`, its last day, or now if earlier), so a back-filled report of an
   * old match does not read as today's news. Returns what happened.
   */
  async saveReport(matchKey: string, draft: NewsDraft, playedOn: string | null = null): Promise<'created' | 'updated' | 'kept'> {
    const rewritten = await this.rewriteAutomated('report_match_key', matchKey, draft, REPORT_WORDING);
    if (rewritten) return rewritten;
    const { id } = await this.create(draft, null, 'automated', matchKey);
    const day = playedOn !== null && /^\d{4}-\d{2}-\d{2}$/.test(playedOn) ? playedOn : null;
    await sql`
      update news_articles set status = 'published', wording = ${REPORT_WORDING},
        published_at = ${day === null ? sql`now()` : sql`least(now(), ${day}::date + interval '1 day' - interval '1 second')`}
      where id = ${id}::bigint`.execute(this.db);
    await this.feed.publish([tags.news]);
    return 'created';
  }

  /**
   * The automated article of a match already written, rewritten from the draft unless an editor
   * edited or withdrew it ('kept'); null when there is none yet.
   */
  private async rewriteAutomated(column: 'report_match_key' | 'preview_match_key', matchKey: string, draft: NewsDraft, wording: number): Promise<'updated' | 'kept' | null> {
    const existing = await this.db.selectFrom('news_articles').select(['id', 'edited']).where(column, '=', matchKey).executeTakeFirst();
    if (!existing) return null;
    if (existing.edited) return 'kept';
    await this.db.transaction().execute(async (tx) => {
      await tx.updateTable('news_articles').set({ updated_at: sql<Date>`now()`, wording }).where('id', '=', existing.id).execute();
      await replaceWords(tx, existing.id, draft);
    });
    await this.feed.publish([tags.news]);
    return 'updated';
  }

  /**
   * Writes (or rewrites) the automated preview of a fixture and publishes it now, unless an
   * editor has edited or withdrawn it since (then it is kept as the editor made it).
   */
  async savePreview(matchKey: string, draft: NewsDraft): Promise<'created' | 'updated' | 'kept'> {
    // Previews have no wording version: a fixture's preview is rewritten daily anyway.
    const rewritten = await this.rewriteAutomated('preview_match_key', matchKey, draft, 0);
    if (rewritten) return rewritten;
    // One transaction: a second process writing the same preview fails on the unique key and leaves nothing.
    await this.db.transaction().execute(async (tx) => {
      const slug = `${slugify(draft.texts.en.heading)}-${randomBytes(3).toString('hex')}`;
      const row = await tx
        .insertInto('news_articles')
        .values({ slug, kind: 'automated', status: 'published', published_at: sql<Date>`now()`, preview_match_key: matchKey, cover_image: draft.cover_image ?? null, created_by: null, updated_by: null })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      await writeWords(tx, row.id, draft);
    });
    await this.feed.publish([tags.news]);
    return 'created';
  }
}

/** An article's words and tags replaced by a draft's. */
async function replaceWords(tx: Kysely<Database>, articleId: string, draft: NewsDraft): Promise<void> {
  await tx.deleteFrom('news_texts').where('article_id', '=', articleId).execute();
  await tx.deleteFrom('news_tags').where('article_id', '=', articleId).execute();
  await writeWords(tx, articleId, draft);
}

async function writeWords(tx: Kysely<Database>, articleId: string, draft: NewsDraft): Promise<void> {
  const texts = (['en', 'hi'] as const).flatMap((lang) => {
    const text = draft.texts[lang];
    return text ? [{ article_id: articleId, lang, ...text, paragraphs: text.paragraphs.slice(0, MAX_PARAGRAPHS) }] : [];
  });
  await tx.insertInto('news_texts').values(texts).execute();
  const unique = [...new Map(draft.tags.map((tag) => [`${tag.kind}:${tag.key}`, tag])).values()];
  if (unique.length > 0) await tx.insertInto('news_tags').values(unique.map((tag) => ({ article_id: articleId, ...tag }))).execute();
}
