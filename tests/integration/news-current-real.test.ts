// News that is current and belongs (issue 29 §1), on matches from the shared archives: the end of
// IPL 2025 (from 25 May: the final included) and the IPL 2018 final, the India tour of England
// 2025 (five Tests, the Oval the last) and the Oval Test of 2018 between the same sides. The
// back-fill writes the newest matches' reports first, so the home lead and Latest are about the
// newest match; a series' news holds only its own articles (not the same teams' older ones); a
// completed match's report is reachable from its page, written on first view when the back-fill
// has not reached it; headlines are shown whole in both languages.
import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Db } from '../../src/server/db/client.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { tags } from '../../src/server/feed/tags.ts';
import { reportsDue, writeReportFor } from '../../src/server/services/match-reports.ts';
import { REPORT_WORDING } from '../../src/server/domain/match-report.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const iplArchive = requiredArchive('ipl_json.zip', 'news checks');
const recentArchive = requiredArchive('recent_2024_2026_json.zip', 'news checks');
const testsArchive = requiredArchive('tests_json.zip', 'news checks');
const handler = await builtAstroHandler('news pages on real matches');

const IPL_2025 = 'indian-premier-league-2025';
const TOUR_2025 = 'india-tour-of-england-2025';
const IPL_2025_FINAL = '1473511';
const IPL_2018_FINAL = '1136620';
const OVAL_2025 = '1448353';
const OVAL_2018 = '1119553';

interface RawMatch {
  info: { dates: string[]; event?: { name?: string } };
}

describe.skipIf(!iplArchive || !recentArchive || !testsArchive)('news on real matches', () => {
  let db: Db;
  let services: Services;
  let app: FastifyInstance | null = null;
  const folders: string[] = [];
  const keys = new Map<string, string>();
  const keyOf = (id: string) => keys.get(id)!;
  const tournamentOf = new Map<string, string>();

  const page = async (url: string) => {
    const response = await app!.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  /** The match key of each report linked from a page, in page order. */
  const reportsLinked = async (html: string) => {
    const slugs = [...html.matchAll(/href="(?:\/hi)?\/news\/([a-z0-9-]+)"/g)].map((match) => match[1]!);
    const { rows } = await sql<{ slug: string; report_match_key: string | null }>`
      select slug, report_match_key from news_articles where slug = any(${[...new Set(slugs)]}::text[])`.execute(db.kysely);
    const matchOf = new Map(rows.map((row) => [row.slug, row.report_match_key]));
    return [...new Set(slugs)].map((slug) => matchOf.get(slug) ?? `not a report: ${slug}`);
  };
  const writeAllReports = async () => {
    for (const key of await reportsDue(db.kysely, null, 1_000)) await writeReportFor(db.kysely, services, key);
  };

  beforeAll(async () => {
    const picks = await Promise.all([
      extractArchive<RawMatch>(iplArchive!, (text) =>
        text.includes('"Indian Premier League"') && (/"2025-0(5-(2[5-9]|3[01])|6-0[1-3])"/.test(text) || text.includes('"2018-05-27"')),
      ),
      extractArchive<RawMatch>(recentArchive!, (text) => text.includes('"India tour of England"') && text.includes('"season": "2025"')),
      extractArchive<RawMatch>(testsArchive!, (text) => text.includes('"India tour of Ireland and England"') && text.includes('"2018-09-07"')),
    ]);
    folders.push(...picks.map((pick) => pick.folder));
    const ids = picks.flatMap((pick) => pick.matches.map((match) => String(match.id)));
    for (const id of [IPL_2025_FINAL, IPL_2018_FINAL, OVAL_2025, OVAL_2018]) expect(ids).toContain(id);
    expect(picks[1]!.matches).toHaveLength(5);

    db = await freshDatabase();
    const summary = await importSources(db, folders);
    expect(summary.failedSources).toEqual([]);
    services = createServices(db);
    const { rows } = await sql<{ match_key: string; tou_key: string }>`
      select m.match_key, t.tou_key from matches m join tournaments t on t.id = m.tournament_id`.execute(db.kysely);
    for (const row of rows) {
      const id = ids.find((candidate) => row.match_key.includes(candidate));
      if (id) keys.set(id, row.match_key);
      tournamentOf.set(row.match_key, row.tou_key);
    }
    expect(tournamentOf.get(keyOf(IPL_2025_FINAL))).toBe(IPL_2025);
    expect(tournamentOf.get(keyOf(OVAL_2025))).toBe(TOUR_2025);
    if (handler) app = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler });
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('the back-fill writes the newest matches first: its first reports make the home lead and Latest about the newest match', async () => {
    await sql`delete from news_articles`.execute(db.kysely);
    await services.feed.publish([tags.news]);
    // A back-fill bounded to three reports: the Oval, Old Trafford and Lord's Tests of 2025.
    const first = await reportsDue(db.kysely, null, 3);
    const { rows } = await sql<{ match_key: string }>`
      select match_key from matches where status = 'completed' order by start_date desc, id desc limit 3`.execute(db.kysely);
    expect(first).toEqual(rows.map((row) => row.match_key));
    expect(first[0]).toBe(keyOf(OVAL_2025));
    for (const key of first) await writeReportFor(db.kysely, services, key);

    const [lead] = await services.news.list({ lang: 'en', limit: 1, offset: 0 });
    expect(lead!.report_match_key).toBe(keyOf(OVAL_2025));
    await writeAllReports();
    const latest = await services.news.list({ lang: 'en', limit: 50, offset: 0 });
    expect(latest[0]!.report_match_key).toBe(keyOf(OVAL_2025));
    const { rows: dates } = await sql<{ match_key: string; start_date: string }>`select match_key, start_date::text as start_date from matches`.execute(db.kysely);
    const dateOf = new Map(dates.map((row) => [row.match_key, row.start_date]));
    const order = latest.map((article) => dateOf.get(article.report_match_key!)!);
    expect(order).toEqual([...order].sort().reverse());
    // The IPL 2018 final's report is the oldest: last.
    expect(latest.at(-1)!.report_match_key).toBe(keyOf(IPL_2018_FINAL));

    if (app) {
      const home = await page('/');
      expect((await reportsLinked(home))[0]).toBe(keyOf(OVAL_2025));
      expect((await reportsLinked(await page('/news/allNews')))[0]).toBe(keyOf(OVAL_2025));
    }
  });

  it.skipIf(!handler)('IPL 2025’s news tab holds only IPL 2025 articles, and the 2025 tour’s only its own, newest first, headlines whole', async () => {
    await writeAllReports();
    // The older reports share teams with these series (SRH and CSK; England and India): tagged
    // with a team the series' matches play, they are what a series' news must leave out.
    for (const [tournament, other] of [
      [IPL_2025, IPL_2018_FINAL],
      [TOUR_2025, OVAL_2018],
    ] as const) {
      const { rows: shared } = await sql<{ key: string }>`
        select g.key from news_tags g join news_articles a on a.id = g.article_id
        where a.report_match_key = ${keyOf(other)} and g.kind = 'team'
          and g.key in (select tm.team_key from matches m join tournaments t on t.id = m.tournament_id
            join teams tm on tm.id in (m.team_a_id, m.team_b_id) where t.tou_key = ${tournament})`.execute(db.kysely);
      expect(shared.length, tournament).toBeGreaterThan(0);
    }
    for (const [tournament, other] of [
      [IPL_2025, IPL_2018_FINAL],
      [TOUR_2025, OVAL_2018],
    ] as const) {
      for (const prefix of ['', '/hi']) {
        const html = await page(`${prefix}/series/${tournament}?tab=news`);
        const linked = await reportsLinked(html.slice(html.indexOf('<main')));
        expect(linked.length, tournament).toBeGreaterThan(0);
        expect(linked.filter((key) => tournamentOf.get(key) !== tournament), `${prefix} ${tournament}`).toEqual([]);
        expect(linked).not.toContain(keyOf(other));
      }
    }
    // Every heading whole, in both languages (the spec's 20 characters cut them mid-word).
    const [final] = await services.news.list({ lang: 'en', limit: 1, offset: 0, match: keyOf(IPL_2025_FINAL) });
    const [finalHi] = await services.news.list({ lang: 'hi', limit: 1, offset: 0, match: keyOf(IPL_2025_FINAL) });
    expect(final!.text.heading.length).toBeGreaterThan(20);
    expect(finalHi!.lang).toBe('hi');
    const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
    expect(await page(`/series/${IPL_2025}?tab=news`)).toContain(`>${escape(final!.text.heading)}</a>`);
    expect(await page(`/hi/series/${IPL_2025}?tab=news`)).toContain(`>${escape(finalHi!.text.heading)}</a>`);
    expect(await page('/news/allNews')).not.toMatch(/<h3 class="heading"[^>]*><a [^>]*>[^<]{1,20}\.\.\.<\/a>/);
  });

  it.skipIf(!handler)('pages that read right (issue 29 §8): no points-table tab on a bilateral series, "Points Table", Home counts the cards it heads', async () => {
    const tour = await page(`/series/${TOUR_2025}`);
    expect(tour).not.toContain('tab=points');
    // Asked for anyway, the overview answers, not a tab that says none applies.
    expect(await page(`/series/${TOUR_2025}?tab=points`)).not.toContain('No Points Table');
    const ipl = await page(`/series/${IPL_2025}`);
    expect(ipl).toMatch(/href="\/series\/indian-premier-league-2025\?tab=points"[^>]*>\s*<span class="label"[^>]*>Points Table</);
    const home = await page('/');
    const cards = (home.match(/<a class="card" href="\/getMatchList\//g) ?? []).length;
    expect(cards).toBeGreaterThan(1);
    expect(home).toMatch(new RegExp(`id="matches-heading"[^>]*>\\s*Matches\\s*<span class="count"[^>]*>\\(${cards}\\)</span>`));
  });

  it.skipIf(!handler)('the IPL 2025 final and the Oval Test of 2025 have their report on their page, written on first view', async () => {
    await sql`delete from news_articles`.execute(db.kysely);
    await services.feed.publish([tags.news]);
    for (const id of [IPL_2025_FINAL, OVAL_2025]) {
      for (const prefix of ['', '/hi']) {
        const html = await page(`${prefix}/getMatchList/${keyOf(id)}`);
        const link = html.match(new RegExp(`<p class="report"[^>]*><a href="(${prefix}/news/report/[^"]+)"[^>]*>([^<]+)</a>`));
        expect(link, `${prefix} ${id}`).not.toBeNull();
        expect(link![2]).toBe(prefix ? 'मैच रिपोर्ट' : 'Match report');
        // The link finds the report, writing it the first time, and goes to its article.
        const found = await app!.inject({ method: 'GET', url: link![1]!, headers: { accept: 'text/html' } });
        expect(found.statusCode).toBe(302);
        const [report] = await services.news.list({ lang: 'en', limit: 1, offset: 0, match: keyOf(id) });
        expect(found.headers.location).toBe(`${prefix}/news/${report!.slug}`);
        const article = await page(found.headers.location as string);
        expect(article).toContain(prefix ? 'lang="hi"' : 'lang="en"');
        // The Info tab's match news lists it too: no "No news about this match yet".
        const info = await page(`${prefix}/getMatchList/${keyOf(id)}?tab=info`);
        expect(info).toContain(`href="${prefix}/news/${report!.slug}"`);
      }
    }
    const { rows } = await sql<{ count: string }>`select count(*)::text as count from news_articles`.execute(db.kysely);
    expect(rows[0]!.count).toBe('2');
    // A key with no match has no report to find.
    const missing = await app!.inject({ method: 'GET', url: '/news/report/no-such-match', headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This match has no report');
  });

  it("rewrites the reports of an older wording that no editor touched, newest first, and leaves an editor's alone", async () => {
    await sql`delete from news_articles`.execute(db.kysely);
    await writeAllReports();
    expect(await reportsDue(db.kysely, null, 1_000)).toEqual([]);
    const { rows: written } = await sql<{ wording: number }>`select distinct wording from news_articles`.execute(db.kysely);
    expect(written).toEqual([{ wording: REPORT_WORDING }]);

    // As an upgraded site has them: every report in an older wording, one taken over by an editor.
    await sql`update news_articles set wording = 0`.execute(db.kysely);
    await sql`update news_articles set edited = true where report_match_key = ${keyOf(OVAL_2025)}`.execute(db.kysely);
    const stale = await reportsDue(db.kysely, null, 2);
    expect(stale).toHaveLength(2);
    expect(stale).not.toContain(keyOf(OVAL_2025));
    const { rows: newest } = await sql<{ match_key: string }>`
      select match_key from matches where status = 'completed' and match_key <> ${keyOf(OVAL_2025)}
      order by start_date desc, id desc limit 2`.execute(db.kysely);
    expect(stale).toEqual(newest.map((row) => row.match_key));
    for (const key of stale) expect(await writeReportFor(db.kysely, services, key)).toBe('updated');
    expect(await reportsDue(db.kysely, null, 1_000)).not.toEqual(expect.arrayContaining(stale));
    const { rows: after } = await sql<{ match_key: string; wording: number }>`
      select report_match_key as match_key, wording from news_articles where report_match_key = any(${[...stale, keyOf(OVAL_2025)]}::text[])`.execute(db.kysely);
    expect(Object.fromEntries(after.map((row) => [row.match_key, row.wording]))).toEqual({
      [stale[0]!]: REPORT_WORDING,
      [stale[1]!]: REPORT_WORDING,
      [keyOf(OVAL_2025)]: 0,
    });
  });
});
