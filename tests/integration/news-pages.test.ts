// The news pages through the built site (dist/, `npm run build`) over a real database: the home
// block (no skeleton once the news is known), the list with its tabs and paging, the article
// page with Open Graph and NewsArticle data, the RSS feeds, and the series, player and match
// tabs showing the news tagged with them.
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import type { NewsDraft } from '../../src/server/services/news.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');
const e2eMatches = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');
const handler = await builtAstroHandler('news page tests');

const draft = (heading: string, tags: NewsDraft['tags'], content = `${heading}: what happened, told in full.`): NewsDraft => ({
  texts: {
    en: { heading, sub_heading: `${heading} — the sub heading`, content, paragraphs: ['First paragraph.', 'Second paragraph.'] },
    hi: { heading: `हिंदी: ${heading}`, sub_heading: 'उपशीर्षक', content: 'हिंदी में सामग्री।', paragraphs: ['पहला अनुच्छेद।'] },
  },
  tags,
});

describe.skipIf(handler === null)('news pages', () => {
  let db: Db;
  let services: Services;
  let app: FastifyInstance;
  const page = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    return { status: response.statusCode, html: response.body, headers: response.headers };
  };
  const publish = async (d: NewsDraft, minutesAgo: number) => {
    const created = await services.news.create(d, null);
    await services.news.setStatus(created.id, 'published', null);
    await sql`update news_articles set published_at = now() - make_interval(mins => ${minutesAgo}) where id = ${created.id}::bigint`.execute(db.kysely);
    return created;
  };

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [e2eMatches]);
    expect(summary.failedSources).toEqual([]);
    services = createServices(db);
    app = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler!, clientDir: path.join(dist, 'client') });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('home says there is no news without a skeleton, then shows the latest five', async () => {
    const empty = await page('/');
    const block = /<section id="home-news-block"[\s\S]*?<\/section>/.exec(empty.html)?.[0] ?? '';
    expect(block).toContain('No news yet');
    expect(block).not.toContain('skeleton');

    const ashes = await sql<{ key: string }>`select team_key as key from teams where name = 'Australia' and gender = 'male'`.execute(db.kysely);
    const australia = ashes.rows[0]!.key;
    for (let i = 1; i <= 6; i += 1) await publish(draft(`Story number ${i} of the week`, [{ kind: 'team', key: australia }], `${'Long content '.repeat(30)}end ${i}`), 60 - i);
    const home = await page('/');
    const filled = /<section id="home-news-block"[\s\S]*?<\/section>/.exec(home.html)?.[0] ?? '';
    expect(filled).not.toContain('skeleton');
    expect(filled).not.toContain('No news yet');
    // Newest first: 6 is the lead, 2 the last of five; 1 is not on home.
    expect(filled).toContain('Story number 6 of the week');
    expect(filled).toContain('Story number 2 of the week');
    expect(filled).not.toContain('Story number 1 of the week');
    // The lead shows 200 characters of content plus '...', the side items 50.
    const lead = `${'Long content '.repeat(30)}end 6`.slice(0, 200).trimEnd();
    expect(filled).toContain(`${lead}...`);
    expect(filled).toContain(`${'Long content '.repeat(30).slice(0, 50).trimEnd()}...`);
  });

  it('lists four a page with Prev and Read More, in each tab’s order', async () => {
    const first = await page('/news/allNews');
    expect(first.status).toBe(200);
    // Headings whole (issue 29 §1), not the spec's 20 characters plus '...'.
    expect(first.html).toMatch(/>Story number 6 of the week<\/a>/);
    expect(first.html).not.toContain('Story number 2 of the week');
    expect(first.html).not.toContain('...</a>');
    expect(first.html).toMatch(/<span class="link-button" aria-disabled="true"[^>]*>Prev<\/span>/);
    expect(first.html).toMatch(/<a class="link-button" rel="next" href="\/news\/allNews\?page=2"[^>]*>Read More<\/a>/);
    const second = await page('/news/allNews?page=2');
    expect(second.html).toContain('Story number 2 of the week');
    expect(second.html).toContain('Story number 1 of the week');
    expect(second.html).toMatch(/<span class="link-button" aria-disabled="true"[^>]*>Read More<\/span>/);
    expect(second.html).toMatch(/rel="prev" href="\/news\/allNews"/);
    const trending = await page('/news/allNews?tab=trending&page=2');
    expect(trending.html).toMatch(/rel="prev" href="\/news\/allNews\?tab=trending"/);
    expect(trending.headers['cache-control']).toBe('no-cache');
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const beyond = await page('/news/allNews?page=99');
    expect(beyond.html).toContain('No more news');
  });

  it('the article has its own page with Open Graph and NewsArticle data, counts a read once, and speaks Hindi under /hi', async () => {
    const [latest] = await services.news.list({ lang: 'en', limit: 1, offset: 0 });
    const article = await page(`/news/${latest!.slug}`);
    expect(article.status).toBe(200);
    expect(article.html).toContain('<h1');
    expect(article.html).toContain('Story number 6 of the week');
    expect(article.html).toContain('First paragraph.');
    expect(article.html).toContain('<meta property="og:type" content="article">');
    expect(article.html).toContain('<meta property="og:title" content="Story number 6 of the week">');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(article.html)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({ '@type': 'NewsArticle', headline: 'Story number 6 of the week', inLanguage: 'en' });
    await page(`/news/${latest!.slug}`);
    const [counted] = await services.news.list({ lang: 'en', limit: 1, offset: 0, order: 'views' });
    expect(counted).toMatchObject({ slug: latest!.slug, views: 1 });

    const hindi = await page(`/hi/news/${latest!.slug}`);
    expect(hindi.html).toContain('हिंदी: Story number 6 of the week');
    expect((await page('/news/no-such-article')).status).toBe(404);
    const spec = await app.inject({ method: 'GET', url: `/news/description?slug=${latest!.slug}` });
    expect(spec.statusCode).toBe(301);
    expect(spec.headers.location).toBe(`/news/${latest!.slug}`);
    expect((await app.inject({ method: 'GET', url: `/hi/news/description?slug=${latest!.slug}` })).headers.location).toBe(`/hi/news/${latest!.slug}`);
  });

  it('/news/description without an article is an honest 404, not a redirect; its script follows the spec’s navigation state', async () => {
    for (const url of ['/news/description', '/news/description?slug=', '/news/description?slug=Not%20a%20slug']) {
      const missing = await page(url);
      expect(missing.status, url).toBe(404);
      expect(missing.headers.location).toBeUndefined();
      expect(missing.html).toContain('Article not found');
      expect(missing.html).toContain('No article was given to this page.');
      expect(missing.html).toContain('<meta name="robots" content="noindex">');
      // The inline script that reads history.state.usr.newsDesc.slug, told where articles live.
      expect(missing.html).toContain('data-article-prefix="/news/"');
      expect(missing.html).toContain('newsDesc');
    }
    const hindi = await page('/hi/news/description');
    expect(hindi.status).toBe(404);
    expect(hindi.html).toContain('लेख नहीं मिला');
    expect(hindi.html).toContain('data-article-prefix="/hi/news/"');
  });

  it('serves an RSS feed per language', async () => {
    const en = await app.inject({ method: 'GET', url: '/news/feed.xml' });
    expect(en.headers['content-type']).toContain('application/rss+xml');
    expect(en.body).toContain('<title>Story number 6 of the week</title>');
    expect((en.body.match(/<item>/g) ?? []).length).toBe(6);
    const hi = await app.inject({ method: 'GET', url: '/hi/news/feed.xml' });
    expect(hi.body).toContain('<title>हिंदी: Story number 6 of the week</title>');
    expect(hi.body).toContain('<language>hi-IN</language>');
  });

  it('the series, player and match pages show the news tagged with them', async () => {
    const ashes = (await sql<{ tou_key: string; match_key: string }>`
      select t.tou_key, m.match_key from matches m join tournaments t on t.id = m.tournament_id where m.format = 'test' limit 1`.execute(db.kysely)).rows[0]!;
    // Tagged with Australia, who play in the Ashes, but not with the Ashes: not on its series page
    // (issue 29 §1); an article tagged with the series is.
    const series = await page(`/series/${ashes.tou_key}?tab=news`);
    expect(series.html).not.toContain('Story number 6 of the week');
    await publish(draft('The Ashes decided in Sydney', [{ kind: 'tournament', key: ashes.tou_key }]), 2);
    expect((await page(`/series/${ashes.tou_key}?tab=news`)).html).toContain('The Ashes decided in Sydney');
    const player = (await sql<{ registry_id: string }>`select registry_id from people where name = 'SPD Smith'`.execute(db.kysely)).rows[0]!;
    const playerPage = await page(`/getMatchList/playerInformation?player_key=${player.registry_id}&tab=news`);
    expect(playerPage.html).toContain('No news about this player yet');
    await publish(draft('Smith at the Gabba', [{ kind: 'player', key: player.registry_id }, { kind: 'match', key: ashes.match_key }]), 1);
    const tagged = await page(`/getMatchList/playerInformation?player_key=${player.registry_id}&tab=news`);
    expect(tagged.html).toContain('Smith at the Gabba');
    const match = await page(`/getMatchList/${ashes.match_key}?tab=info`);
    expect(match.html).toContain('Smith at the Gabba');
  });
});
