// People on real data (issue 31): the IPL and T20I archives, Cricsheet's register
// (../shared/data/register/people.csv), a names.csv written here in Cricsheet's format, and the
// shared test profiles (player_meta.csv). Search as fans type in the API, on /search and on
// /hi/search; Kohli's overview; the Hindi scorecard and squads of the IPL 2025 final.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { importProfiles, importRegister } from '../../src/server/ingest/people-import.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { checkingContract } from '../helpers/api-contract.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { requiredArchive } from '../helpers/shared-data.ts';
import { installLocalNames } from '../../src/i18n/names.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const shared = path.resolve(import.meta.dirname, '../../../shared/data');
const register = path.join(shared, 'register/people.csv');
const profiles = path.join(shared, 'profiles/player_meta.csv');
const ipl = requiredArchive('ipl_json.zip', 'people tests on real data');
const t20is = requiredArchive('t20s_json.zip', 'people tests on real data');
const ready = ipl !== null && t20is !== null && existsSync(register) && existsSync(profiles);
const handler = ready ? await builtAstroHandler('people pages on real data') : null;
const dist = path.resolve(import.meta.dirname, '../../dist');

const KOHLI = 'ba607b88';
const ROHIT = '740742ef';
const BUMRAH = '462411b3';
const MANDHANA = '5d2eda89';
const SHAMI = '8cf9814c';
const IPL_2025_FINAL = '1473511';

interface Hit {
  kind: string;
  key: string;
  name: string;
  full_name: string | null;
  scorecard_name: string | null;
  detail: string | null;
  matches: number;
  typo: boolean;
  url: string;
}

describe.skipIf(!ready)('people on the real register and profiles', () => {
  let db: Db;
  let services: Services;
  let app: FastifyInstance;
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'people-real-'));
    db = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(db);
    const publish = (changed: string[]) => services?.feed.publish(changed);
    // names.csv as Cricsheet serves it (identifier,name): Mohammed Shami also appears as 'Mohammad Shami'.
    const names = path.join(folder, 'names.csv');
    await writeFile(names, `identifier,name\n${SHAMI},Mohammed Shami\n${SHAMI},Mohammad Shami\n${KOHLI},V Kohli\n`);
    const registered = await importRegister(db, { people: register, names }, { publish });
    expect(registered).toMatchObject({ people: 18_351, names: 3, problems: [] });
    const summary = await importSources(db, [ipl!, t20is!]);
    expect(summary.skipped).toEqual([]);
    const imported = await importProfiles(db, profiles, { publish });
    expect(imported.rows).toBe(16_101);
    expect(imported.written).toBeGreaterThan(16_000);
    services = createServices(db);
    await services.localNames.load();
    const options = handler ? { pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir: path.join(dist, 'client') } : {};
    app = checkingContract(await buildApp({ services, logger: pino({ level: 'silent' }), ...options }));
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    installLocalNames([]);
    await rm(folder, { recursive: true, force: true });
  });

  async function search(q: string, lang = 'en'): Promise<Hit[]> {
    const response = await app.inject({ method: 'GET', url: `/user/v1/search?q=${encodeURIComponent(q)}&lang=${lang}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Hit[] }).data;
  }

  const FIRST: [string, string][] = [
    ['virat', KOHLI],
    ['rohit', ROHIT],
    ['smriti', MANDHANA],
    ['कोहली', KOHLI],
    ['विराट', KOHLI],
    ['virat kohli', KOHLI],
    ['V Kohli', KOHLI],
    ['mohammad shami', SHAMI],
  ];

  it('puts the player fans mean first: first name, full name, scorecard name, a register alias, Hindi script', async () => {
    for (const [q, key] of FIRST) expect((await search(q))[0], q).toMatchObject({ kind: 'player', key });
    const [kohli] = await search('virat');
    expect(kohli).toMatchObject({ name: 'Virat Kohli', full_name: 'Virat Kohli', scorecard_name: 'V Kohli', typo: false });
    // Ranked by prominence, not alphabetically: Virat Singh (IPL) comes after Kohli.
    const virats = await search('virat');
    expect(virats.findIndex((hit) => hit.scorecard_name === 'Virat Singh')).toBeGreaterThan(0);
  });

  it('forgives small typos: kholi and bumra find Kohli and Bumrah in the first three', async () => {
    for (const [q, key] of [
      ['kholi', KOHLI],
      ['bumra', BUMRAH],
      ['bumrha', BUMRAH],
      ['smirti mandhana', MANDHANA],
    ] as const) {
      const hits = await search(q);
      expect(hits.slice(0, 3).map((hit) => hit.key), q).toContain(key);
    }
  });

  it('finds teams and grounds by Hindi and Latin names, one ground under its variant names', async () => {
    expect((await search('भारत'))[0]).toMatchObject({ kind: 'team', name: 'India' });
    expect((await search('भारत', 'hi'))[0]).toMatchObject({ kind: 'team', name: 'भारत' });
    expect((await search('मुंबई इंडियंस'))[0]).toMatchObject({ kind: 'team', name: 'Mumbai Indians' });
    const wankhede = (await search('wankhede')).filter((hit) => hit.kind === 'venue');
    // 'Wankhede Stadium' and 'Wankhede Stadium, Mumbai' are one ground.
    expect(wankhede).toHaveLength(1);
    expect(wankhede[0]).toMatchObject({ name: 'Wankhede Stadium', detail: 'Mumbai' });
    const both = await db.kysely.selectFrom('venues').select('name').where('name', 'like', 'Wankhede%').execute();
    expect(both.map((row) => row.name).sort()).toEqual(['Wankhede Stadium', 'Wankhede Stadium, Mumbai']);
    expect(wankhede[0]!.matches).toBeGreaterThan(100);
    expect((await search('wankhede', 'hi'))[0]!.name).toBe('वानखेड़े स्टेडियम');
  });

  it("gives Kohli's full name, date of birth, styles and role in his overview, each with its source", async () => {
    const response = await app.inject({ method: 'GET', url: `/user/v1/player/overview?player_key=${KOHLI}` });
    expect(response.statusCode).toBe(200);
    const { player } = (response.json() as { data: { player: Record<string, unknown> & { profile: Record<string, unknown> } } }).data;
    expect(player).toMatchObject({ player_name: 'V Kohli', full_name: 'Virat Kohli', date_of_birth: '1988-11-05' });
    expect(player.profile).toMatchObject({
      full_name: 'Virat Kohli',
      birthplace: 'Delhi',
      batting_style: 'Right-hand bat',
      bowling_style: 'Right-arm medium',
      playing_role: 'Top-order batter',
      source: 'player_meta.csv',
    });
    expect(player.role).toEqual({ label: 'Top-order batter', codes: ['bt'], derived: false });
  });

  it('derives a role from the matches, labelled derived, where no profile gives one', async () => {
    const [row] = await db.kysely
      .selectFrom('people as p')
      .leftJoin('player_profiles as pp', 'pp.registry_id', 'p.registry_id')
      .innerJoin('match_players as mp', 'mp.person_id', 'p.id')
      .select(['p.registry_id'])
      .where('pp.playing_role', 'is', null)
      .groupBy('p.registry_id')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .limit(1)
      .execute();
    const response = await app.inject({ method: 'GET', url: `/user/v1/player/overview?player_key=${row!.registry_id}` });
    const { player } = (response.json() as { data: { player: { role: { derived: boolean; codes: string[] } } } }).data;
    expect(player.role.derived).toBe(true);
    expect(['bt', 'bo', 'ar', 'wc']).toContain(player.role.codes[0]);
  });

  it("labels the IPL 2025 final's impact players and whom they replaced", async () => {
    const response = await app.inject({ method: 'GET', url: `/user/v1/get/squad?match_key=${IPL_2025_FINAL}` });
    const { team } = (response.json() as { data: { team: Record<'a' | 'b', { players: { player_name: string; substitution: unknown; captain: boolean }[] }> } }).data;
    const all = [...team.a.players, ...team.b.players];
    expect(all.find((p) => p.player_name === 'P Simran Singh')?.substitution).toMatchObject({ kind: 'in', reason: 'impact_player', player_name: 'YS Chahal' });
    expect(all.find((p) => p.player_name === 'YS Chahal')?.substitution).toMatchObject({ kind: 'out', player_name: 'P Simran Singh' });
    expect(all.find((p) => p.player_name === 'Suyash Sharma')?.substitution).toMatchObject({ kind: 'in', player_name: 'MA Agarwal' });
    // Cricsheet's files do not say who captained: nobody is marked until a team sheet says.
    expect(all.some((p) => p.captain)).toBe(false);
  });

  describe.skipIf(handler === null)('pages', () => {
    async function page(url: string): Promise<string> {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    }

    it('lists the player fans mean first on /search and /hi/search, in Devanagari on the Hindi page', async () => {
      const first = (html: string) => /<ul class="hits"[^>]*>\s*<li[^>]*>\s*<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(html);
      for (const [q, key] of FIRST) {
        const en = first(await page(`/search?q=${encodeURIComponent(q)}`));
        expect(en?.[1], q).toBe(`/getMatchList/playerInformation?player_key=${key}`);
        const hi = first(await page(`/hi/search?q=${encodeURIComponent(q)}`));
        expect(hi?.[1], q).toBe(`/hi/getMatchList/playerInformation?player_key=${key}`);
      }
      expect(first(await page('/hi/search?q=virat'))?.[2]).toBe('विराट कोहली');
      expect(first(await page('/search?q=virat'))?.[2]).toBe('Virat Kohli');
    });

    it('shows the IPL 2025 final in Hindi with Devanagari names on the scorecard and squads', async () => {
      const scorecard = await page(`/hi/getMatchList/${IPL_2025_FINAL}?tab=scoreboard`);
      expect(scorecard).toContain('विराट कोहली');
      expect(scorecard).toContain('रॉयल चैलेंजर्स बेंगलुरु');
      const squads = await page(`/hi/getMatchList/${IPL_2025_FINAL}?tab=squads&team=b`);
      expect(squads).toContain('इम्पैक्ट प्लेयर');
      const english = await page(`/getMatchList/${IPL_2025_FINAL}?tab=scoreboard`);
      expect(english).toContain('V Kohli');
      expect(english).not.toContain('विराट कोहली');
    });

    it("shows Kohli's full name above his scorecard name, his birth, role and styles with their source", async () => {
      const html = await page(`/getMatchList/playerInformation?player_key=${KOHLI}&tab=info`);
      expect(html).toMatch(/<h1[^>]*>Virat Kohli<\/h1>/);
      expect(html).toContain('V Kohli');
      expect(html).toContain('Top-order batter');
      expect(html).toContain('Right-arm medium');
      expect(html).toContain('player_meta.csv');
      const hindi = await page(`/hi/getMatchList/playerInformation?player_key=${KOHLI}&tab=info`);
      expect(hindi).toMatch(/<h1[^>]*>विराट कोहली<\/h1>/);
      expect(hindi).toContain('दाएँ हाथ के बल्लेबाज़');
    });
  });
});
