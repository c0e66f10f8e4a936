// The match centre API over HTTP (app.inject) on a PGlite holding the e2e fixtures and two
// IPL 2008 matches: every resource for a completed T20 and the Ashes Test, the errors, and
// the OpenAPI document covering every route.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import type { Db } from '../../src/server/db/client.ts';
import type {
  CommentaryObject as Commentary,
  MatchDetailObject as MatchDetail,
  MatchInfoObject as MatchInfo,
  ScorecardInningsObject as ScorecardInnings,
  ScorecardObject as Scorecard,
  SquadObject as Squad,
} from '../../src/server/wire/presenters/match-centre.ts';
import { apiRoutes } from '../../src/server/wire/schemas/index.ts';
import { MAX_KEY_LENGTH } from '../../src/server/store/naming.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { checkingContract } from '../helpers/api-contract.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const T20_FINAL = '1529312'; // IPL 2026 final: Rajasthan Royals beat Mumbai Indians by 30 runs
const ASHES_TEST = '1455615'; // Sydney 2026: Australia beat England by 5 wickets
const SUPER_OVER_TIE = '1529281';

/** The parts of a Cricsheet file the commentary check reads. */
interface RawMatchFile {
  innings: { overs: { deliveries: { batter: string; bowler: string; wickets?: { kind: string; player_out: string }[] }[] }[] }[];
}

interface Envelope<T> {
  status: boolean;
  data: T;
}

describe('match centre API', () => {
  let db: Db;
  let app: FastifyInstance;
  const registered: { method: string; url: string }[] = [];

  beforeAll(async () => {
    db = await freshDatabase();
    // The fixtures folder itself holds the two IPL 2008 files (335982, 336040); folders are not recursed.
    const summary = await importSources(db, [path.join(fixtures, 'e2e'), fixtures]);
    expect(summary.skipped).toEqual([]);
    expect(summary.failedSources).toEqual([]);
    const services = createServices(db);
    app = checkingContract(await buildApp({ services, logger: pino({ level: 'silent' }) }));
    // Routes are registered by now; printRoutes lists them all.
    registered.push(...listRoutes(app));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function get<T>(url: string): Promise<T> {
    const response = await app.inject({ method: 'GET', url: `/user/v1${url}` });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json<Envelope<T>>();
    expect(body.status).toBe(true);
    return body.data;
  }

  function innings(card: Scorecard): ScorecardInnings[] {
    return [card.teamA, card.teamB, card.teamC, card.teamD, ...card.more].filter((inn): inn is ScorecardInnings => inn !== undefined);
  }

  it('match detail of a completed T20 carries the match object, officials, toss and awards', async () => {
    const detail = await get<MatchDetail>(`/match/detail?match_key=${T20_FINAL}`);
    expect(detail.match_key).toBe(T20_FINAL);
    expect(detail.format).toBe('t20');
    expect(detail.status).toBe('completed');
    expect(detail.team.a.name).toBe('Rajasthan Royals');
    expect(detail.play.result?.msg).toBe('Rajasthan Royals won by 30 runs');
    expect(detail.officials.umpires.length).toBe(2);
    expect(detail.officials.umpires[0]).toEqual({ key: expect.stringMatching(/^[0-9a-f]{8}$/), name: expect.any(String) });
    expect(detail.player_of_match.length).toBe(1);
    expect(detail.play.result?.pom).toEqual(detail.player_of_match.map((player) => player.name));
    expect(detail.toss_text).toMatch(/won the toss and elected to (bat|field)$/);
    expect(detail.dates).toEqual(['2026-05-24']);
    expect(detail.gender).toBe('male');
    expect(Array.isArray(detail.notes)).toBe(true);
  });

  it('scorecard of a completed T20: two innings whose figures add up', async () => {
    const card = await get<Scorecard>(`/scorecard/?match_key=${T20_FINAL}`);
    const squad = await get<Squad>(`/get/squad?match_key=${T20_FINAL}`);
    const squadSizes = { a: squad.team.a.players.length, b: squad.team.b.players.length };
    expect(card.nationality.map((entry) => entry.team)).toEqual(['a', 'b']);
    expect(card.teamC).toBeUndefined();
    expect(card.more).toEqual([]);
    for (const inn of innings(card)) {
      const key = String(inn.index);
      const batted = inn.batsman.map((batter) => batter.score[key]!.batting.score.runs).reduce((x, y) => x + y, 0);
      expect(batted + inn.extraRun.extra).toBe(inn.total.runs);
      const conceded = inn.bowler.map((bowler) => bowler.score[key]!.bowling.score.runs).reduce((x, y) => x + y, 0);
      expect(conceded + inn.extraRun.bye + inn.extraRun.leg_bye + inn.extraRun.penalty).toBe(inn.total.runs);
      // Everyone on the team sheet (an impact player makes twelve) batted or did not.
      const sheet = inn.batting_team === 'a' ? squadSizes.a : squadSizes.b;
      expect(inn.batsman.length + inn.did_not_bat.length).toBe(sheet);
      expect(inn.fall_of_wickets.length).toBe(inn.total.wickets);
      expect(inn.partnerships.map((stand) => stand.score.runs).reduce((x, y) => x + y, 0)).toBe(inn.total.runs);
      for (const batter of inn.batsman) expect(batter.score[key]!.batting.how_out).not.toBe('');
    }
    expect(card.teamB?.target?.runs).toBe(card.teamA!.total.runs + 1);
    // The spelling without the trailing slash answers the same.
    expect(await get<Scorecard>(`/scorecard?match_key=${T20_FINAL}`)).toEqual(card);
  });

  it('scorecard of the Ashes Test: four innings in order, Test rates and a declaration-free finish', async () => {
    const card = await get<Scorecard>(`/scorecard/?match_key=${ASHES_TEST}`);
    const all = innings(card);
    expect(all.map((inn) => inn.index)).toEqual([0, 1, 2, 3]);
    expect(all.map((inn) => inn.team.name)).toEqual(['England', 'Australia', 'England', 'Australia']);
    expect(card.teamD?.total.wickets).toBe(5);
    expect(all.every((inn) => !inn.follow_on && !inn.super_over)).toBe(true);
    const winning = card.teamD!;
    expect(winning.total.runs).toBeGreaterThanOrEqual(card.teamA!.total.runs + card.teamC!.total.runs - card.teamB!.total.runs + 1);
    for (const inn of all) {
      for (const bowler of inn.bowler) {
        const score = bowler.score[String(inn.index)]!.bowling.score;
        const balls = score.overs[0] * 6 + score.overs[1];
        expect(score.economy).toBeCloseTo(balls === 0 ? 0 : (score.runs * 6) / balls, 2);
      }
    }
  });

  it('a tie decided by a super over puts the super overs after the regular innings', async () => {
    const card = await get<Scorecard>(`/scorecard/?match_key=${SUPER_OVER_TIE}`);
    const all = innings(card);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.slice(0, 2).every((inn) => !inn.super_over)).toBe(true);
    expect(all.slice(2).every((inn) => inn.super_over)).toBe(true);
  });

  it('Hindi texts come with lang=hi', async () => {
    const card = await get<Scorecard>(`/scorecard/?match_key=${T20_FINAL}&lang=hi`);
    const notOut = innings(card).flatMap((inn) => inn.batsman.map((batter) => batter.score[String(inn.index)]!.batting.how_out));
    expect(notOut).toContain('नाबाद');
    const detail = await get<MatchDetail>(`/match/detail?match_key=${T20_FINAL}&lang=hi`);
    // The sides are named in Devanagari too (src/i18n/names.ts).
    expect(detail.play.result?.msg).toBe('राजस्थान रॉयल्स ने 30 रन से जीत दर्ज की');
  });

  it('commentary: one entry per delivery, newest first, wickets and over summaries marked', async () => {
    for (const key of [T20_FINAL, ASHES_TEST]) {
      const raw = JSON.parse(readFileSync(path.join(fixtures, 'e2e', `${key}.json`), 'utf8')) as RawMatchFile;
      const deliveries = raw.innings.flatMap((inn) => inn.overs.flatMap((over) => over.deliveries));
      const overs = raw.innings.reduce((sum, inn) => sum + inn.overs.length, 0);
      const teamWickets = deliveries.flatMap((ball) => ball.wickets ?? []).filter((wicket) => !/^retired (hurt|not out)$/.test(wicket.kind));

      const { related_balls: balls } = await get<Commentary>(`/get/commentory/?match_key=${key}`);
      expect(balls.length).toBe(deliveries.length);
      const times = balls.map((ball) => ball.entry_time);
      expect(times).toEqual([...times].sort((x, y) => y - x));
      // Newest first: the last ball of the last innings leads.
      const last = deliveries.at(-1)!;
      expect(balls[0]).toMatchObject({ innings_no: raw.innings.length, batsman: { name: last.batter }, bowler: { name: last.bowler } });
      expect(balls.filter((ball) => ball.bowler.is_wicket).length).toBe(teamWickets.length);
      expect(balls.filter((ball) => ball.wicket !== null).map((ball) => ball.wicket!.player_name).sort()).toEqual(teamWickets.map((wicket) => wicket.player_out).sort());
      expect(balls.filter((ball) => ball.over_summary !== null).length).toBe(overs);
      for (const ball of balls) {
        expect(ball.comment).toMatch(/^.+ to .+, .+: .+/s);
        expect(ball.comment).not.toMatch(/<(?!\/?(b|strong|em|br)\b)/);
        expect(ball.batsman.key).toMatch(/^[0-9a-f]{8}$/);
      }
      expect(await get<Commentary>(`/get/commentory?match_key=${key}`)).toEqual({ related_balls: balls, live: null });
    }
    const hindi = await get<Commentary>(`/get/commentory/?match_key=${T20_FINAL}&lang=hi`);
    expect(hindi.related_balls[0]!.comment).not.toBe((await get<Commentary>(`/get/commentory/?match_key=${T20_FINAL}`)).related_balls[0]!.comment);
  });

  it('squad: both elevens with what each player did', async () => {
    const squad = await get<Squad>(`/get/squad?match_key=${T20_FINAL}`);
    expect(Object.keys(squad.team)).toEqual(['a', 'b']);
    expect(squad.team.a.name).toBe('Rajasthan Royals');
    expect(squad.team.b.name).toBe('Mumbai Indians');
    for (const side of [squad.team.a, squad.team.b]) {
      expect(side.players.length).toBeGreaterThanOrEqual(11);
      for (const player of side.players) {
        expect(player.player_key).toMatch(/^[0-9a-f]{8}$/);
        expect(player.image).toBeNull();
        expect(player.role_in_match).toMatch(/^(Batted at \d+ · \d+\*? \(\d+\)|Did not bat)( · Bowled \d+(\.\d)?-\d+-\d+-\d+)?$/);
      }
    }
    const test = await get<Squad>(`/get/squad?match_key=${ASHES_TEST}&lang=hi`);
    expect(test.team.a.players.some((player) => / & /.test(player.role_in_match))).toBe(true);
    expect(test.team.a.players.every((player) => !/Batted|Bowled/.test(player.role_in_match))).toBe(true);
  });

  it('info: form, head to head and recent matches before the match', async () => {
    // Rajasthan Royals' earlier match in the data is their 2008 win over Chennai Super Kings.
    const info = await get<MatchInfo>(`/match/info?match_key=${T20_FINAL}`);
    expect(info.venue?.name).toBeTruthy();
    expect(info.form.a).toEqual([{ match_key: '336040', result: 'W', opponent: 'Chennai Super Kings', start_date: '2008-06-01' }]);
    expect(info.head_to_head).toEqual({ played: 0, won: { a: 0, b: 0 }, tied: 0, no_result: 0, drawn: 0, last: [] });
    expect(info.recent.map((match) => match.match_key)).toContain('336040');
    // Kolkata's form before the super-over tie: the 2026 no result, then the 2008 win.
    const kolkata = await get<MatchInfo>(`/match/info?match_key=${SUPER_OVER_TIE}`);
    expect(kolkata.form.a.map((form) => `${form.match_key}:${form.result}`)).toEqual(['1527685:NR', '335982:W']);
    expect(kolkata.recent.length).toBeLessThanOrEqual(6);
    const starts = kolkata.recent.map((match) => match.start_at);
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
  });

  it('head to head counts earlier meetings of the same two teams, renamed ones included', async () => {
    // Royal Challengers Bangalore (2008) and Bengaluru (2026) are one team.
    const info = await get<MatchInfo>(`/match/info?match_key=1529293`);
    expect(info.form.b.map((form) => `${form.match_key}:${form.result}`)).toEqual(['335982:L']);
  });

  it('a missing or empty match_key is a 400 in the error shape', async () => {
    for (const url of ['/scorecard/', '/match/detail?match_key=', '/get/squad?match_key=%20%20', '/get/commentory/', '/match/info']) {
      const response = await app.inject({ method: 'GET', url: `/user/v1${url}` });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ status: false, message: 'match_key is required', errMsg: 'match_key is required', data: null });
    }
    const tooLong = await app.inject({ method: 'GET', url: `/user/v1/scorecard/?match_key=${'9'.repeat(MAX_KEY_LENGTH + 1)}` });
    expect(tooLong.statusCode).toBe(400);
    const badLang = await app.inject({ method: 'GET', url: `/user/v1/scorecard/?match_key=${T20_FINAL}&lang=fr` });
    expect(badLang.statusCode).toBe(400);
  });

  it('an unknown match_key is a 404 on every resource, never a 500', async () => {
    for (const resource of ['/match/detail', '/scorecard/', '/scorecard', '/get/commentory/', '/get/commentory', '/get/squad', '/match/info']) {
      const response = await app.inject({ method: 'GET', url: `/user/v1${resource}?match_key=999999999` });
      expect(response.statusCode, resource).toBe(404);
      expect(response.json()).toEqual({ status: false, message: 'No match with key 999999999', errMsg: 'No match with key 999999999', data: null });
    }
    // Keys that are not numbers, or odd characters, are simply not found.
    for (const key of ["1'; drop table matches;--", '%E2%9C%93', 'abc']) {
      const response = await app.inject({ method: 'GET', url: `/user/v1/scorecard/?match_key=${encodeURIComponent(key)}` });
      expect(response.statusCode).toBe(404);
    }
  });

  it('every resource of every imported match answers 200', async () => {
    const keys = (await db.kysely.selectFrom('matches').select('match_key').execute()).map((row) => row.match_key);
    expect(keys.length).toBe(11);
    for (const key of keys) {
      for (const resource of ['/match/detail', '/scorecard/', '/get/commentory/', '/get/squad', '/match/info']) {
        for (const lang of ['en', 'hi']) {
          const response = await app.inject({ method: 'GET', url: `/user/v1${resource}?match_key=${key}&lang=${lang}` });
          expect(response.statusCode, `${resource} ${key} ${lang}`).toBe(200);
        }
      }
    }
  });

  it('the OpenAPI document is generated from the schemas: every route, its query and its answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/user/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    interface Operation {
      parameters?: { name: string; in: string; required: boolean }[];
      responses: Record<string, { content?: { 'application/json': { schema: { $ref?: string; properties?: Record<string, unknown> } } } }>;
    }
    const document = response.json<{
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/user/v1' }]);
    // Every route under the prefix (the document itself aside) is documented, and nothing else is.
    const apiRoutesServed = registered
      .filter((route) => route.url.startsWith('/user/v1/') && !['HEAD', 'OPTIONS'].includes(route.method) && route.url !== '/user/v1/openapi.json')
      .map((route) => route.url.slice('/user/v1'.length).replace(/:(\w+)/g, '{$1}'));
    expect(apiRoutesServed.length).toBeGreaterThanOrEqual(16);
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(apiRoutesServed)].sort());
    expect([...new Set(apiRoutes.flatMap((route) => route.paths))].map((path) => path.replace(/:(\w+)/g, '{$1}')).sort()).toEqual(
      Object.keys(document.paths).sort(),
    );
    for (const [documentedPath, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        // The 200 answer is documented; errors are the one error shape.
        const ok = operation.responses['200']?.content?.['application/json'].schema;
        expect(ok?.properties ?? ok?.$ref, `${method} ${documentedPath} documents its 200 body`).toBeDefined();
        expect(operation.responses['400']?.content?.['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    // The public resources answer { status: true, data }, and a 404 when they look a key up.
    for (const route of apiRoutes.filter((route) => 'notFound' in route)) {
      for (const path of route.paths) {
        const operation = document.paths[path.replace(/:(\w+)/g, '{$1}')]!.get!;
        expect(operation.responses['200']?.content?.['application/json'].schema.properties, `${path} envelope`).toHaveProperty('data');
        // A resource that looks a key up documents its 404; search (nothing found is a 200 with no hits) does not.
        if (route.notFound) expect(operation.responses, path).toHaveProperty('404');
        else expect(operation.responses, path).not.toHaveProperty('404');
      }
    }
    // The query limits come from the schemas: limit is bounded, match_key required.
    const fixtures = document.paths['/get/match/fixtures']!.get!.parameters!;
    expect(fixtures.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['limit', 'offset', 'format', 'gender', 'league', 'team', 'date', 'lang']));
    expect(document.paths['/scorecard/']!.get!.parameters).toContainEqual(expect.objectContaining({ name: 'match_key', in: 'query', required: true }));
    expect(document.paths['/get/tournament/{tou_key}']!.get!.parameters).toContainEqual(expect.objectContaining({ name: 'tou_key', in: 'path', required: true }));
    // Every $ref points at a component; the shared shapes are components, not copies.
    const refs = [...response.body.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(20);
    for (const name of refs) expect(document.components.schemas[name], name).toBeDefined();
    for (const name of ['Match', 'MatchDetail', 'Scorecard', 'Commentary', 'Error', 'Overs', 'InningsScore', 'LiveState']) {
      expect(document.components.schemas[name], name).toBeDefined();
    }
    expect(Object.keys(document.components.schemas).filter((name) => name.endsWith('Input'))).toEqual([]);
  });
});

/**
 * Every method and full path from Fastify's route tree: printRoutes draws each node as its path
 * segment, indented four characters per level under its parent, with its methods in brackets.
 */
function listRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const fullPath = (depth > 0 ? pathAtDepth[depth - 1]! : '') + node[2]!;
    pathAtDepth[depth] = fullPath;
    for (const method of node[3]?.split(', ') ?? []) routes.push({ method, url: fullPath });
  }
  return routes;
}
