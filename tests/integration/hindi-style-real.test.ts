// Hindi that a Hindi sports desk would publish (issue 30, docs/hindi-style-guide.md), read off the
// built Hindi pages and the API's Hindi answers of real matches: the IPL 2026 final, the Sydney
// Ashes Test, an IPL no-result, a tie decided by a super over and a DLS result. Every text fails
// on Latin cricket notation ('c X b Y', 'lbw', '4s', 'SR', 'NRR', W/L/NR badges), a result verb
// that agrees with a team, a date not in the guide's style, a Devanagari sentence ending with
// '.', and the glossary's rejected words.
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import type { Db } from '../../src/server/db/client.ts';
import { localName } from '../../src/i18n/names.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { hindiStyleProblems, htmlTextNodes, jsonStrings } from '../helpers/hindi-style.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const dist = path.resolve(import.meta.dirname, '../../dist');
const handler = await builtAstroHandler('Hindi style tests of the pages');

const MATCHES = {
  t20Final: '1529312', // IPL 2026 final: Rajasthan Royals beat Mumbai Indians by 30 runs
  test: '1455615', // Sydney 2026: Australia beat England by 5 wickets
  noResult: '1527685', // IPL 2026
  tie: '1529281', // IPL 2026: Kolkata Knight Riders won the super over
  dls: '1529293', // IPL 2026: Lucknow Super Giants won by 9 runs (DLS)
};
const TABS = ['summary', 'commentary', 'scoreboard', 'squads', 'info', 'history'];
const API = ['/match/detail', '/scorecard/', '/get/commentory/', '/match/info', '/get/squad'];

/** Problems of each text, as 'where: rule "found" in "text"'. */
function problemsOf(where: string, texts: readonly string[]): string[] {
  return texts.flatMap((text) => hindiStyleProblems(text).map((problem) => `${where}: ${problem.rule} "${problem.found}" in "${text.slice(0, 120)}"`));
}

/** The page's text, ball symbols left out (a ball's 'W' and 'wd' are the scoreboard's marks, not words). */
function pageTexts(html: string): string[] {
  return htmlTextNodes(html.replace(/<span class="ball-dot[^"]*"[^>]*>[^<]*<\/span>/g, ' '));
}

/** An API answer's texts: short Latin codes (a ball's 'W', 'wd'; a side 'a') and ISO dates and times are data, not words. */
function apiTexts(body: unknown): string[] {
  return jsonStrings(body).filter((text) => !/^[\x20-\x7e]{1,3}$/.test(text) && !/^\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?$/.test(text));
}

describe('Hindi pages and API answers of real matches follow the style guide', () => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [path.join(fixtures, 'e2e')]);
    expect(summary.failedSources).toEqual([]);
    const services = createServices(db);
    const options = handler ? { pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir: path.join(dist, 'client') } : {};
    app = await buildApp({ services, logger: pino({ level: 'silent' }), ...options });
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it.each(Object.entries(MATCHES))('the API in Hindi: %s', async (_name, key) => {
    const problems: string[] = [];
    for (const resource of API) {
      const response = await app.inject({ method: 'GET', url: `/user/v1${resource}?match_key=${key}&lang=hi` });
      expect(response.statusCode, resource).toBe(200);
      problems.push(...problemsOf(resource, apiTexts(response.json())));
    }
    expect(problems).toEqual([]);
  });

  it('writes the results as the guide does, in the API', async () => {
    const result = async (key: string) =>
      ((await app.inject({ method: 'GET', url: `/user/v1/match/detail?match_key=${key}&lang=hi` })).json() as { data: { play: { result: { msg: string } | null } } })
        .data.play.result?.msg;
    expect(await result(MATCHES.t20Final)).toBe('राजस्थान रॉयल्स ने 30 रन से जीत दर्ज की');
    expect(await result(MATCHES.test)).toBe('ऑस्ट्रेलिया ने 5 विकेट से जीत दर्ज की');
    expect(await result(MATCHES.noResult)).toBe('मैच बेनतीजा रहा');
    expect(await result(MATCHES.tie)).toBe('मैच टाई रहा (कोलकाता नाइट राइडर्स ने सुपर ओवर जीता)');
    expect(await result(MATCHES.dls)).toBe('लखनऊ सुपर जायंट्स ने 9 रन से जीत दर्ज की (DLS पद्धति)');
  });

  it("writes the scores as the guide does in Hindi ('205/8 (20 ओवर)'), the provider's English unchanged", async () => {
    type Innings = Record<string, { score_str: string }>;
    const innings = async (key: string, lang: string) =>
      ((await app.inject({ method: 'GET', url: `/user/v1/match/detail?match_key=${key}&lang=${lang}` })).json() as { data: { play: { innings: Innings } } }).data.play
        .innings;
    const final = await innings(MATCHES.t20Final, 'hi');
    expect(final.a_1?.score_str).toBe('205/8 (20 ओवर)');
    expect(final.b_1?.score_str).toBe('175/9 (20 ओवर)');
    const test = await innings(MATCHES.test, 'hi');
    expect(test.a_1?.score_str).toBe('384/10 (97.3 ओवर)');
    expect(test.b_2?.score_str).toBe('161/5 (31.2 ओवर)');
    for (const { score_str } of [...Object.values(final), ...Object.values(test)]) expect(score_str).not.toMatch(/\bin\b/);
    expect((await innings(MATCHES.t20Final, 'en')).a_1?.score_str).toBe('205/8 in 20.0');
    expect((await innings(MATCHES.test, 'en')).b_2?.score_str).toBe('161/5 in 31.2');
  });

  describe.skipIf(handler === null)('pages', () => {
    async function page(url: string): Promise<string> {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    }

    it.each(Object.entries(MATCHES))('every tab of the match page in Hindi: %s', async (_name, key) => {
      const problems: string[] = [];
      for (const tab of TABS) {
        const url = `/hi/getMatchList/${key}?tab=${tab}`;
        problems.push(...problemsOf(url, pageTexts(await page(url))));
      }
      expect(problems).toEqual([]);
    });

    it.each([MATCHES.t20Final, MATCHES.test])('names every side and player of %s in Hindi on every tab where a Hindi name is shipped', async (key) => {
      type Squad = { name: string; players: { player_key: string; player_name: string }[] };
      const squad = ((await app.inject({ method: 'GET', url: `/user/v1/get/squad?match_key=${key}` })).json() as { data: { team: { a: Squad; b: Squad } } }).data.team;
      const latin = [squad.a, squad.b].flatMap((side) => [
        ...(localName('team', side.name, 'hi') === side.name ? [] : [side.name]),
        ...side.players.filter((p) => localName('player', p.player_name, 'hi', p.player_key) !== p.player_name).map((p) => p.player_name),
      ]);
      expect(latin.length).toBeGreaterThan(10);
      const problems: string[] = [];
      for (const tab of TABS.concat('fantasy')) {
        const url = `/hi/getMatchList/${key}?tab=${tab}`;
        const texts = pageTexts(await page(url));
        for (const name of latin) {
          const found = texts.find((text) => new RegExp(`(^|[^A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`).test(text));
          if (found) problems.push(`${url}: "${name}" in "${found.slice(0, 100)}"`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('the T20 final and the Test read in Hindi notation on their scorecards', async () => {
      const final = pageTexts(await page(`/hi/getMatchList/${MATCHES.t20Final}?tab=scoreboard`)).join('\n');
      expect(final).toMatch(/का\. \S+ बो\. /);
      expect(final).toContain('चौके');
      expect(final).toContain('स्ट्रा. रे.');
      expect(final).not.toMatch(/(^|\n)(4s|6s|SR)(\n|$)/);
      const test = pageTexts(await page(`/hi/getMatchList/${MATCHES.test}?tab=scoreboard`)).join('\n');
      expect(test).toMatch(/पगबाधा बो\. |का\. \S+ बो\. /);
    });

    it('the home page, the IPL 2026 series page, a player page and the fixtures in Hindi', async () => {
      const tournament = await db.kysely
        .selectFrom('matches')
        .innerJoin('tournaments', 'tournaments.id', 'matches.tournament_id')
        .select('tournaments.tou_key')
        .where('matches.match_key', '=', MATCHES.t20Final)
        .executeTakeFirstOrThrow();
      const squad = (await app.inject({ method: 'GET', url: `/user/v1/get/squad?match_key=${MATCHES.t20Final}` })).json() as {
        data: { team: { a: { players: { player_key: string }[] } } };
      };
      const series = `/hi/series/${tournament.tou_key}`;
      const player = `/hi/getMatchList/playerInformation?player_key=${squad.data.team.a.players[0]!.player_key}`;
      const problems: string[] = [];
      for (const url of ['/hi', series, `${series}?tab=matches`, `${series}?tab=points`, player, '/hi/fixtures']) {
        problems.push(...problemsOf(url, pageTexts(await page(url))));
      }
      expect(problems).toEqual([]);
    });
  });
});
