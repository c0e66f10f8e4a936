// News over the real app and database (PGlite; PostgreSQL too when TEST_DATABASE_URL is set):
// only published articles, in the asked language (English when no Hindi exists), paged, filtered
// by tag, and ordered by date, views, views of the last 48 hours and a fan's favourite teams.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { NewsDraft, NewsService } from '../../src/server/services/news.ts';
import { createServices } from '../../src/server/services/index.ts';
import { accountsApp, createUser, type AccountsApp } from '../helpers/accounts.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';

const engines = await databasesUnderTest();

const draft = (heading: string, teams: string[] = [], hindi = true): NewsDraft => ({
  texts: {
    en: { heading, sub_heading: `${heading} sub`, content: `${heading} content`, paragraphs: [`${heading} p1`, `${heading} p2`] },
    hi: hindi ? { heading: `${heading} (हिंदी)`, sub_heading: 'उप', content: 'सामग्री', paragraphs: ['अनुच्छेद'] } : null,
  },
  tags: [...teams.map((key) => ({ kind: 'team' as const, key })), { kind: 'tournament', key: 'ipl-2024' }],
});

describe.each(engines)('news API on %s', (_engine, open) => {
  let db: Db;
  let accounts: AccountsApp;
  let news: NewsService;
  const ids: Record<string, string> = {};

  const get = async (query: string, headers: Record<string, string> = {}) => {
    const response = await accounts.app.inject({ method: 'GET', url: `/user/v1/get/all/news${query}`, headers });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const headings = async (query: string, headers?: Record<string, string>) => (await get(query, headers)).body.data.map((item: { heading: string }) => item.heading);

  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await accounts?.close();
    await db.close();
  });
  beforeEach(async () => {
    await accounts?.close();
    await sql`truncate users, news_articles restart identity cascade`.execute(db.kysely);
    const services = createServices(db);
    news = services.news;
    accounts = await accountsApp(db, { appOptions: { services } });
    // Four published a minute apart (A oldest), one draft.
    for (const [index, name] of ['A', 'B', 'C', 'D'].entries()) {
      const { id } = await news.create(draft(name, name === 'B' ? ['india'] : ['australia'], name !== 'C'), null);
      await news.setStatus(id, 'published', null);
      await sql`update news_articles set published_at = now() - make_interval(mins => ${10 - index}) where id = ${id}::bigint`.execute(db.kysely);
      ids[name] = id;
    }
    await news.create(draft('Draft'), null);
  });

  it('lists published news newest first with the spec fields, paged by limit and offset', async () => {
    const { status, body } = await get('?limit=5&offset=0');
    expect(status).toBe(200);
    expect(body.data.map((item: { heading: string }) => item.heading)).toEqual(['D', 'C', 'B', 'A']);
    expect(body.data[0]).toMatchObject({
      heading: 'D',
      sub_heading: 'D sub',
      content: 'D content',
      description: { p1: 'D p1', p2: 'D p2', p3: '', p4: '', p5: '', p6: '' },
      cover_image: null,
      automated: false,
      lang: 'en',
      url: expect.stringMatching(/^\/news\/d-[0-9a-f]{6}$/),
      tags: { team: ['australia'], tournament: ['ipl-2024'], player: [], match: [] },
    });
    expect(Date.parse(body.data[0].created_at)).toBeGreaterThan(Date.parse(body.data[1].created_at));
    expect(await headings('?limit=2&offset=2')).toEqual(['B', 'A']);
    expect(await headings('?limit=4&offset=4')).toEqual([]);
  });

  it('answers in Hindi, with English for an article that has no Hindi text', async () => {
    expect(await headings('?lang=hi&limit=4')).toEqual(['D (हिंदी)', 'C', 'B (हिंदी)', 'A (हिंदी)']);
    const { body } = await get('?lang=hi&limit=2');
    expect(body.data.map((item: { lang: string }) => item.lang)).toEqual(['hi', 'en']);
  });

  it('filters by tag', async () => {
    expect(await headings('?team=india')).toEqual(['B']);
    expect(await headings('?tournament=ipl-2024&team=australia')).toEqual(['D', 'C', 'A']);
    expect(await headings('?player=someone')).toEqual([]);
  });

  it('orders by views, by views of the last 48 hours, and by a fan’s favourite teams', async () => {
    for (let i = 0; i < 3; i += 1) await news.recordView(ids.A!);
    await news.recordView(ids.C!);
    await news.recordView(ids.C!);
    // B was read a lot, but three days ago.
    await sql`insert into news_views (article_id, hour, views) values (${ids.B!}::bigint, date_trunc('hour', now()) - interval '72 hours', 9)`.execute(db.kysely);
    await sql`update news_articles set view_count = view_count + 9 where id = ${ids.B!}::bigint`.execute(db.kysely);
    // A draft's view is not counted.
    expect(await headings('?order=views')).toEqual(['B', 'A', 'C', 'D']);
    expect(await headings('?order=trending')).toEqual(['A', 'C', 'D', 'B']);
    // A visitor's recommendations are the most viewed; a fan of India gets India first.
    expect(await headings('?order=recommended')).toEqual(['B', 'A', 'C', 'D']);
    const fan = await createUser(db, '9876543210', 'ab12cd');
    await db.kysely.insertInto('user_settings').values({ user_id: fan, settings: JSON.stringify({ favourite_teams: ['australia'] }) }).execute();
    const { token } = await accounts.auth.sessions.create(fan, 'vitest');
    const response = await get('?order=recommended', { authorization: `Bearer ${token}` });
    expect(response.body.data.map((item: { heading: string }) => item.heading)).toEqual(['D', 'C', 'A', 'B']);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('a withdrawn article leaves the list at once', async () => {
    expect(await headings('?limit=1')).toEqual(['D']);
    await news.setStatus(ids.D!, 'draft', null);
    expect(await headings('?limit=1')).toEqual(['C']);
  });

  it('refuses bad paging, orders and filters in the spec’s error shape', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?order=random', '?lang=fr', `?team=${'x'.repeat(300)}`, '?match=a%00b']) {
      const { status, body } = await get(query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ status: false, message: expect.any(String) });
    }
  });
});
