// Player overview and player info through the provider API, on real Cricsheet matches
// imported into PGlite. Expected figures are read from the match JSON here, independently
// of the importer and the career code.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AstroHandler } from '../../src/server/http/app.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import type { PlayerInfoObject as PlayerInfo, PlayerOverviewObject as PlayerOverview } from '../../src/server/wire/presenters/players.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { checkingContract } from '../helpers/api-contract.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const e2eFolder = path.join(fixtures, 'e2e');
const ipl2008Opener = path.join(fixtures, '335982.json');
const ashesTest = path.join(e2eFolder, '1455615.json');
// Sheffield Shield final 2026, South Australia v Victoria: Alex Carey kept wicket in it and in the Sydney Test.
const shieldFinal = path.join(e2eFolder, '1495309.json');

interface RawDelivery {
  batter: string;
  bowler: string;
  runs: { batter: number; total: number };
  extras?: { wides?: number; noballs?: number; byes?: number; legbyes?: number };
  wickets?: { player_out: string; kind: string }[];
}
interface RawMatch {
  info: {
    dates: string[];
    teams: [string, string];
    event?: { name: string; match_number?: number };
    registry: { people: Record<string, string> };
  };
  innings: { team: string; overs?: { deliveries: RawDelivery[] }[] }[];
}

// The page checks need the built Astro handler (npm run build); the API checks do not.
const dist = path.resolve(import.meta.dirname, '../../dist');
const astroEntry = path.join(dist, 'server', 'entry.mjs');
const built = existsSync(astroEntry);

const readMatch = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as RawMatch;

/** A batter's innings as the JSON records them: runs, legal balls faced, out or not. */
function battingInningsOf(match: RawMatch, name: string) {
  return match.innings.flatMap((innings) => {
    const deliveries = (innings.overs ?? []).flatMap((over) => over.deliveries);
    const faced = deliveries.filter((delivery) => delivery.batter === name);
    const out = deliveries.some((delivery) => delivery.wickets?.some((wicket) => wicket.player_out === name && !wicket.kind.startsWith('retired')));
    if (faced.length === 0 && !out) return [];
    return [
      {
        runs: faced.reduce((sum, delivery) => sum + delivery.runs.batter, 0),
        balls: faced.filter((delivery) => !delivery.extras?.wides).length,
        fours: faced.filter((delivery) => delivery.runs.batter === 4).length,
        sixes: faced.filter((delivery) => delivery.runs.batter === 6).length,
        notOut: !out,
      },
    ];
  });
}

function keyOf(match: RawMatch, name: string): string {
  const key = match.info.registry.people[name];
  if (!key) throw new Error(`${name} is not in the registry`);
  return key;
}

describe('player API', () => {
  let db: Db;
  let services: Services;
  let app: FastifyInstance;
  let openerFolder: string;
  const opener = readMatch(ipl2008Opener);
  const ashes = readMatch(ashesTest);
  const mccullumKey = keyOf(opener, 'BB McCullum');
  const greenKey = keyOf(ashes, 'C Green');

  beforeAll(async () => {
    db = await freshDatabase();
    // Sources are folders or zip archives: the single 2008 match goes in a folder of its own.
    openerFolder = await mkdtemp(path.join(os.tmpdir(), 'players-api-'));
    await copyFile(ipl2008Opener, path.join(openerFolder, path.basename(ipl2008Opener)));
    const summary = await importSources(db, [e2eFolder, openerFolder]);
    expect(summary.failedSources).toEqual([]);
    expect(summary.skipped).toEqual([]);
    expect(summary.imported).toBe(10);
    services = createServices(db);
    app = checkingContract(await buildApp({ services, logger: pino({ level: 'silent' }) }));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await rm(openerFolder, { recursive: true, force: true });
  });

  async function overview(playerKey: string): Promise<PlayerOverview> {
    const response = await app.inject({ method: 'GET', url: `/user/v1/player/overview?ass_key=&player_key=${playerKey}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: boolean; data: PlayerOverview }>();
    expect(body.status).toBe(true);
    return body.data;
  }

  async function info(playerKey: string): Promise<PlayerInfo> {
    const response = await app.inject({ method: 'GET', url: `/user/v1/player/info?player_key=${playerKey}` });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: boolean; finalData: PlayerInfo['finalData']; data: PlayerInfo }>();
    expect(body.status).toBe(true);
    expect(body.data.finalData).toEqual(body.finalData);
    return body;
  }

  it("overview: McCullum's T20 batting includes the 158* of the first IPL match", async () => {
    expect(mccullumKey).toMatch(/^b8a55852/);
    const [innings] = battingInningsOf(opener, 'BB McCullum');
    expect(innings).toBeDefined();
    expect(innings!.notOut).toBe(true);

    const data = await overview(mccullumKey);
    expect(data.stats.map((entry) => entry.formet)).toEqual(['t20']);
    const t20 = data.stats[0]!;
    expect(t20.batting.runs).toBeGreaterThanOrEqual(158);
    expect(t20.batting).toMatchObject({
      matches: 1,
      innings: 1,
      runs: innings!.runs,
      balls: innings!.balls,
      fours: innings!.fours,
      sixes: innings!.sixes,
      high_score: `${innings!.runs}*`,
      hundreds: 1,
      not_outs: 1,
      average: null,
      strike_rate: Number(((innings!.runs * 100) / innings!.balls).toFixed(2)),
    });
    expect(t20.batting.high_score).toBe('158*');
    expect(t20.bowling).toMatchObject({ matches: 1, innings: 0, wickets: 0 });
    expect(data.player).toMatchObject({
      player_key: mccullumKey,
      player_name: 'BB McCullum',
      image: null,
      date_of_birth: null,
      // Only a franchise match of his is in the data: no international side to name.
      nationality: null,
      gender: 'male',
    });
    expect(data.player.teams.map((team) => team.name)).toEqual(['Kolkata Knight Riders']);
  });

  it('info: the IPL 2008 tournament with the match and his score in it', async () => {
    const data = await info(mccullumKey);
    expect(data.finalData).toHaveLength(1);
    const tournament = data.finalData[0]!;
    expect(tournament.tou_name).toContain(opener.info.event!.name);
    expect(tournament.tou_name).toMatch(/2008|2007\/08/);
    expect(tournament).toMatchObject({
      formats: ['t20'],
      countries: ['Kolkata Knight Riders'],
      totalMatch: 1,
      totalRun: 158,
      totalRunAvg: null,
      wickets: 0,
      imgURl: null,
    });
    const [match] = tournament.match;
    expect(match).toMatchObject({
      match_key: '335982',
      name: `${opener.info.teams[0]} v ${opener.info.teams[1]}, 1st Match`,
      start_at: Date.parse(`${opener.info.dates[0]}T00:00:00Z`) / 1000,
      format: 't20',
      score: { score: { '1': { batting: { score: { runs: 158, balls: 73, not_out: true } } } } },
    });
    expect(match!.score.score['1']!.bowling).toBeUndefined();
  });

  it('a Test and first-class player: his Test career, and his first-class career (Tests included) apart', async () => {
    const shield = readMatch(shieldFinal);
    const careyKey = keyOf(ashes, 'AT Carey');
    expect(keyOf(shield, 'AT Carey')).toBe(careyKey);
    const runsIn = (match: RawMatch) => battingInningsOf(match, 'AT Carey').reduce((sum, inn) => sum + inn.runs, 0);
    const data = await overview(careyKey);
    expect(data.stats.map((entry) => [entry.format_type, entry.formet, entry.batting.matches])).toEqual([
      ['test', 'test', 1],
      ['first_class', 'test', 2],
    ]);
    const [test, firstClass] = data.stats;
    expect(test!.batting.runs).toBe(runsIn(ashes));
    expect(firstClass!.batting.runs).toBe(runsIn(ashes) + runsIn(shield));
    expect(firstClass).toMatchObject({ first_match: '2026-01-04', last_match: '2026-03-26' });
    // What the figures can cover: the earliest match of each kind held here (the Sydney Test, in both).
    expect([test!.held_since, firstClass!.held_since]).toEqual(['2026-01-04', '2026-01-04']);
    // The Shield final is a final of a first-class competition, not a Test.
    const tournaments = (await info(careyKey)).finalData;
    const final = tournaments.flatMap((tournament) => tournament.match).find((match) => match.match_key === '1495309');
    expect(final).toMatchObject({ name: 'South Australia v Victoria, Final', format: 'test', format_type: 'first_class' });
  });

  it('a Test and franchise player: per-format careers, nationality, both Test innings', async () => {
    const testInnings = battingInningsOf(ashes, 'C Green');
    expect(testInnings).toHaveLength(2);

    const data = await overview(greenKey);
    // Test, then T20: the provider's formet beside each. No first-class row: it would hold his Test
    // alone, the Test row again (an umbrella row only where it holds more, issue 28).
    expect(data.stats.map((entry) => [entry.format_type, entry.formet])).toEqual([
      ['test', 'test'],
      ['t20', 't20'],
    ]);
    const test = data.stats.find((entry) => entry.format_type === 'test')!;
    expect(test).toMatchObject({ first_match: ashes.info.dates[0], last_match: ashes.info.dates[0] });
    expect(test.batting).toMatchObject({
      matches: 1,
      innings: 2,
      runs: testInnings.reduce((sum, inn) => sum + inn.runs, 0),
      balls: testInnings.reduce((sum, inn) => sum + inn.balls, 0),
    });
    expect(data.player.nationality?.name).toBe('Australia');
    // Teams most recent first: two KKR matches in April 2026 after the January Ashes Test.
    expect(data.player.teams.map((team) => team.name)).toEqual(['Kolkata Knight Riders', 'Australia']);

    const tournaments = (await info(greenKey)).finalData;
    expect(tournaments.map((tournament) => tournament.formats)).toEqual([['t20'], ['test']]);
    const ipl = tournaments[0]!;
    expect(ipl.match.map((match) => match.match_key)).toEqual(['1529281', '1527685']);
    expect(ipl.totalMatch).toBe(2);
    const [ashesMatch] = tournaments[1]!.match;
    expect(ashes.info.event!.match_number).toBe(5);
    expect(ashesMatch!.name).toBe(`${ashes.info.teams[0]} v ${ashes.info.teams[1]}, 5th Test`);
    expect(ashesMatch!.score.score['1']!.batting!.score).toEqual({
      runs: testInnings[0]!.runs,
      balls: testInnings[0]!.balls,
      not_out: testInnings[0]!.notOut,
    });
    expect(ashesMatch!.score.score['2']!.batting!.score).toEqual({
      runs: testInnings[1]!.runs,
      balls: testInnings[1]!.balls,
      not_out: testInnings[1]!.notOut,
    });
  });

  it('ass_key is accepted when it is a lowercased code and rejected otherwise', async () => {
    const ok = await app.inject({ method: 'GET', url: `/user/v1/player/overview?ass_key=ind&player_key=${mccullumKey}` });
    expect(ok.statusCode).toBe(200);
    const bad = await app.inject({ method: 'GET', url: `/user/v1/player/overview?ass_key=IND1&player_key=${mccullumKey}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ status: boolean; message: string }>().status).toBe(false);
    expect(bad.json<{ message: string }>().message).toMatch(/ass_key/);
  });

  it.each(['/user/v1/player/info', '/user/v1/player/overview', '/user/v1/player/info?player_key=', '/user/v1/player/overview?ass_key=ind'])(
    '%s without a player key is a 400',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      // Its error carries the payload the provider's client reads, empty (player/info's list unguarded).
      const empty = url.includes('/info') ? { data: null, finalData: [] } : { data: null };
      expect(response.json()).toEqual({ status: false, message: 'player_key is required', errMsg: 'player_key is required', ...empty });
    },
  );

  it.each(['info', 'overview'])('player/%s with an unknown key is a 404', async (resource) => {
    const response = await app.inject({ method: 'GET', url: `/user/v1/player/${resource}?player_key=ffffffff` });
    expect(response.statusCode).toBe(404);
    const empty = resource === 'info' ? { data: null, finalData: [] } : { data: null };
    expect(response.json()).toEqual({ status: false, message: 'No player with key ffffffff', errMsg: 'No player with key ffffffff', ...empty });
  });

  it.skipIf(!built)('the player page renders from the same services, and 404s an unknown key', async () => {
    const { handler } = (await import(pathToFileURL(astroEntry).href)) as { handler: AstroHandler };
    const site = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir: path.join(dist, 'client') });
    try {
      const page = (url: string) => site.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const overviewPage = await page(`/getMatchList/playerInformation/335982?player_key=${mccullumKey}`);
      expect(overviewPage.statusCode).toBe(200);
      expect(overviewPage.body).toContain('BB McCullum');
      expect(overviewPage.body).toContain('158*');
      expect(overviewPage.body).toContain('href="/getMatchList/335982"');

      const careyKey = keyOf(ashes, 'AT Carey');
      const careyPage = await page(`/getMatchList/playerInformation?player_key=${careyKey}`);
      expect(careyPage.statusCode).toBe(200);
      expect(careyPage.body).toMatch(/<tr data-type="test"[^>]*>\s*<th scope="row"[^>]*>Test<\/th>\s*<td[^>]*>1<\/td>/);
      expect(careyPage.body).toMatch(/<tr data-type="first_class"[^>]*>\s*<th scope="row"[^>]*>First-class<\/th>\s*<td[^>]*>2<\/td>/);
      expect(careyPage.body).toContain('Test: 1 match held here, 04 Jan 2026. Our Test records begin in Jan 2026');
      const careyHindi = await page(`/hi/getMatchList/playerInformation?player_key=${careyKey}&format=first_class`);
      expect(careyHindi.body).toContain('प्रथम श्रेणी: यहाँ दर्ज 2 मैच');
      expect(careyHindi.body).toContain('प्रथम श्रेणी आँकड़ों में उनके टेस्ट शामिल हैं।');

      const matchesPage = await page(`/getMatchList/playerInformation?player_key=${greenKey}&tab=matches&format=test`);
      expect(matchesPage.statusCode).toBe(200);
      expect(matchesPage.body).toContain('The Ashes');
      expect(matchesPage.body).not.toContain('Indian Premier League 2026');

      const infoPage = await page(`/hi/getMatchList/playerInformation?player_key=${greenKey}&tab=info`);
      expect(infoPage.statusCode).toBe(200);
      expect(infoPage.body).toContain('ऑस्ट्रेलिया (AUS)');
      expect(infoPage.body).toContain('दर्ज नहीं');

      const unknown = await page('/getMatchList/playerInformation/335982?player_key=ffffffff');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain('Player not found');

      const noKey = await page('/getMatchList/playerInformation');
      expect(noKey.statusCode).toBe(200);
      expect(noKey.body).toContain('Which player?');
    } finally {
      await site.close();
    }
  });
});
