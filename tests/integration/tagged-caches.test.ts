// Tagged invalidation end to end on PGlite: a new version of match A written by the importer
// (what a ball will be) drops A's cached data and pages and keeps match B's; the page cache
// answers other queries with the canonical URL and honours Accept-Encoding.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { tags } from '../../src/server/feed/tags.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { canonicalQuery, findPageRoute } from '../../src/server/http/page-routes.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { splitLangPrefix } from '../../src/i18n/index.ts';
import { cricsheetMatch, innings, registryId, squad, writeMatchFolder } from '../helpers/cricsheet-builder.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';

const handler = await builtAstroHandler('page cache tests');

const [A, B] = ['1', '2'];
const matchB = cricsheetMatch({
  teams: ['Gamma Giants', 'Delta Dragons'],
  event: { name: 'Other Cup', match_number: 1 },
  dates: ['2024-06-01'],
});

/** Match A; revision 2 has one more ball, a six (a live ball will be written the same way). */
function matchA(revision: number) {
  const [teamA, teamB] = ['Alpha Strikers', 'Beta Kings'];
  const balls = ['1', '4', '0', '6', 'W', '2', 'wd', '1', '0', '0', '1', 'lb1', '2', ...(revision > 1 ? ['6'] : [])];
  return cricsheetMatch({
    revision,
    innings: [
      innings({ team: teamA, batters: squad(teamA), bowlers: [squad(teamB)[10]!, squad(teamB)[9]!], balls }),
      innings({ team: teamB, batters: squad(teamB), bowlers: [squad(teamA)[10]!, squad(teamA)[9]!], balls: ['0', '1', '4'] }),
    ],
  });
}

let tmp: string;
let db: Db;
let services: Services;

/** Imports files through the importer, publishing on the services' feed as the server does. */
async function importFiles(name: string, files: Parameters<typeof writeMatchFolder>[1]): Promise<void> {
  const folder = await writeMatchFolder(path.join(tmp, name), files);
  const summary = await importSources(db, [folder], { publish: (changed) => services.feed.publish(changed) });
  expect(summary.skipped).toEqual([]);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'tagged-caches-'));
  db = await freshDatabase();
  services = createServices(db);
  await importFiles('first', { [`${A}.json`]: matchA(1), [`${B}.json`]: matchB });
});
afterAll(async () => {
  await db?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('service caches', () => {
  it("a write of match A drops A's entries and the lists, and keeps match B's", async () => {
    const { matchCentre, tournaments, players, matches } = services;
    const [tournamentB] = (await tournaments.list()).filter((item) => item.name.startsWith('Other Cup'));
    const playerB = registryId('Gamma Giants 1');
    const readB = () =>
      Promise.all([
        matchCentre.detail(B, 'en'),
        matchCentre.scorecard(B, 'en'),
        matchCentre.commentary(B, 'en'),
        matchCentre.squad(B, 'en'),
        matchCentre.info(B, 'en'),
        tournaments.detail(tournamentB!.tou_key, 'en'),
        tournaments.playerStats(tournamentB!.tou_key),
        players.overview(playerB),
        players.info(playerB),
      ]);
    const readA = () => Promise.all([matchCentre.detail(A, 'en'), matchCentre.scorecard(A, 'en'), matchCentre.info(A, 'en')]);
    const beforeB = await readB();
    const beforeA = await readA();
    const homeBefore = await matches.listForHome('en');
    expect(beforeB.every((value) => value !== null)).toBe(true);
    // Cached: the same objects come back.
    expect(await readB()).toEqual(beforeB);
    (await readB()).forEach((value, index) => expect(value).toBe(beforeB[index]));

    await importFiles('second', { [`${A}.json`]: matchA(2) });

    (await readB()).forEach((value, index) => expect(value, `B's entry ${index}`).toBe(beforeB[index]));
    const afterA = await readA();
    afterA.forEach((value, index) => expect(value, `A's entry ${index}`).not.toBe(beforeA[index]));
    expect(JSON.stringify(afterA[1])).not.toEqual(JSON.stringify(beforeA[1]));
    expect(await matches.listForHome('en')).not.toBe(homeBefore);
  });
});

describe.skipIf(handler === null)('page cache', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler! });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it("a write of match A re-renders A's page; B's page stays served from memory", async () => {
    const detail = vi.spyOn(services.matchCentre, 'detail');
    try {
      const pageA = await get(`/getMatchList/${A}?tab=scoreboard`);
      const pageB = await get(`/getMatchList/${B}?tab=scoreboard`);
      expect([pageA.statusCode, pageB.statusCode]).toEqual([200, 200]);
      await get(`/getMatchList/${A}?tab=scoreboard`);
      await get(`/getMatchList/${B}?tab=scoreboard`);
      expect(detail).toHaveBeenCalledTimes(2);

      await importFiles('third', { [`${A}.json`]: matchA(3) });

      expect((await get(`/getMatchList/${B}?tab=scoreboard`)).body).toBe(pageB.body);
      expect(detail).toHaveBeenCalledTimes(2);
      const againA = await get(`/getMatchList/${A}?tab=scoreboard`);
      expect(detail).toHaveBeenCalledTimes(3);
      expect(detail).toHaveBeenLastCalledWith(A, 'en');
      expect(againA.statusCode).toBe(200);
    } finally {
      detail.mockRestore();
    }
  });

  it('a render that heard a publication of its tags is not kept', async () => {
    const url = `/getMatchList/${B}?tab=squads`;
    const detail = services.matchCentre.detail.bind(services.matchCentre);
    const spy = vi.spyOn(services.matchCentre, 'detail').mockImplementationOnce(async (key, lang) => {
      const found = await detail(key, lang);
      // A ball in B lands while its page renders with what was read before it.
      await services.feed.publish([tags.match(B)]);
      return found;
    });
    try {
      expect((await get(url)).statusCode).toBe(200);
      await get(url);
      await get(url);
      // The first render was not kept; the second was.
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers parameters a page does not read with a 301 to the canonical URL', async () => {
    const random = await get(`/getMatchList/${B}?tab=scoreboard&r=${Math.random()}`);
    expect(random.statusCode).toBe(301);
    expect(random.headers.location).toBe(`/getMatchList/${B}?tab=scoreboard`);
    const hindi = await get(`/hi/series?r=1&tab=points&tab=stats`);
    expect([hindi.statusCode, hindi.headers.location]).toEqual([301, '/hi/series?tab=points']);
    const home = await get('/?utm_source=newsletter');
    expect([home.statusCode, home.headers.location]).toEqual([301, '/']);
    // Pages that are never cached keep their query (the login form's, for one).
    expect((await get('/login?next=%2Fprofile')).statusCode).not.toBe(301);
  });

  it('every link the pages print is already canonical (no page links to a redirect)', async () => {
    const [tournament] = await services.tournaments.list();
    const player = registryId('Alpha Strikers 1');
    const pages = [
      '/',
      '/fixtures',
      '/fixtures?tab=series',
      '/fixtures/days?filter=t20',
      ...['summary', 'live', 'commentary', 'scoreboard', 'squads', 'info', 'fantasy', 'history'].map((tab) => `/getMatchList/${A}?tab=${tab}`),
      ...['all', 'last', 'venue', 'vs'].map((tab) => `/matchTopFantasy?match_key=${A}&tab=${tab}`),
      ...['overview', 'matches', 'squads', 'points', 'stats', 'info'].map((tab) => `/series/${tournament!.tou_key}?tab=${tab}`),
      `/stats/${tournament!.tou_key}`,
      ...['overview', 'matches', 'info'].map((tab) => `/getMatchList/playerInformation/${A}?player_key=${player}&tab=${tab}`),
      `/hi/getMatchList/${A}?tab=scoreboard`,
      '/records',
      '/records/t20',
      '/search?q=alpha',
    ];
    const checked = new Set<string>();
    for (const page of pages) {
      const response = await get(page, { accept: 'text/html' });
      expect(response.statusCode, page).toBe(200);
      for (const [, raw] of response.body.matchAll(/href="(\/[^"]*)"/g)) {
        const href = raw!.replaceAll('&amp;', '&');
        const url = new URL(href, 'http://site.test');
        const route = findPageRoute(PAGE_ROUTES, splitLangPrefix(url.pathname).path);
        if (!route) continue;
        checked.add(href);
        expect(canonicalQuery(route, url.searchParams).canonical, `${href} on ${page}`).toBe(true);
      }
    }
    expect(checked.size).toBeGreaterThan(30);
  });

  it("a player page's canonical, alternates, share links and language switch keep its player and tab", async () => {
    const player = registryId('Alpha Strikers 1');
    const page = `/getMatchList/playerInformation/${A}?player_key=${player}&tab=matches`;
    const body = (await get(page, { accept: 'text/html' })).body.replaceAll('&amp;', '&');
    const own = `/getMatchList/playerInformation/${A}?player_key=${player}&tab=matches`;
    expect(body).toContain(`<link rel="canonical" href="http://localhost${own}"`);
    expect(body).toContain(`hreflang="hi" href="http://localhost/hi${own}"`);
    expect(body).toContain(`https://wa.me/?text=${encodeURIComponent(`http://localhost${own}`)}`);
    // Without JavaScript the language form submits the page's own query with lang.
    const form = /<form class="lang-form"[^>]*>([\s\S]*?)<\/form>/.exec(body)?.[1] ?? '';
    expect(form).toContain(`<input type="hidden" name="player_key" value="${player}">`);
    expect(form).toContain('<input type="hidden" name="tab" value="matches">');
    // A query the page does not read is not part of its address.
    const noisy = await get(`${page}&r=1`, { accept: 'text/html' });
    expect(noisy.statusCode).toBe(301);
  });

  it('sends brotli, else gzip, only to a client that accepts it, the same page decompressed', async () => {
    const url = `/getMatchList/${B}?tab=info`;
    const plain = await get(url);
    const cases: [string, 'br' | 'gzip' | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['*', 'br'],
      ['gzip;q=0', undefined],
      ['br, gzip;q=0', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
    ];
    for (const [acceptEncoding, coding] of cases) {
      const response = await get(url, { 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding'], acceptEncoding).toBe(coding);
      const body = coding === 'br' ? brotliDecompressSync(response.rawPayload) : coding === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
      expect(body.toString(), acceptEncoding).toBe(plain.body);
    }
  });
});
