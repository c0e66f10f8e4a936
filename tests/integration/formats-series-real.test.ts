// Formats and series as fans know them, on the shared archives: only the files each check needs
// are copied out of the archives (tests/helpers/read-archive.ts, independent of the importer) and
// imported as a folder, and the expected figures are computed here from the raw JSON.
//
// Test careers of three retired players, from tests_json.zip:
// - Alastair Cook: all 161 of his Tests (March 2006 to September 2018) are in Cricsheet, so the
//   figures here are also his official ones (12,472 runs, 33 hundreds).
// - Dale Steyn: 90 of his 93 Tests (April 2006 to February 2019); Cricsheet lacks the three he
//   played against England in 2004/05 (it holds only the Cape Town Test of that series, which he
//   missed), so 431 of his 439 wickets.
// - Mahela Jayawardene: 79 of his 149 Tests (December 2003 to August 2014): Cricsheet's Tests
//   begin in December 2001 and hold few before 2006.
// Series, from recent_2024_2026_json.zip: the India tour of England 2025 (five Tests, drawn 2-2)
// and the South Africa tour of India 2025/26 (2 Tests, 3 ODIs, 4 T20Is: the 4th T20I, at Lucknow,
// was abandoned without a ball and has no file).
import { rm } from 'node:fs/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AstroHandler } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { PlayerOverviewObject as PlayerOverview } from '../../src/server/wire/presenters/players.ts';
import type { FixtureDayGroup, PlayerStatsEntryObject as PlayerStatsEntry, TournamentDetailObject as TournamentDetail } from '../../src/server/wire/presenters/tournaments.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { checkingContract } from '../helpers/api-contract.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

// ---------- the raw Cricsheet shapes this test reads ----------

interface RawDelivery {
  batter: string;
  non_striker: string;
  bowler: string;
  runs: { batter: number };
  wickets?: { kind: string; player_out: string }[];
}
interface RawMatch {
  info: {
    match_type: string;
    dates: string[];
    teams: [string, string];
    season: string | number;
    event?: { name: string; match_number?: number };
    outcome: { winner?: string; result?: string };
    players: Record<string, string[]>;
    registry: { people: Record<string, string> };
  };
  innings: { team: string; super_over?: boolean; overs?: { deliveries: RawDelivery[] }[] }[];
}

// ---------- careers, from the raw JSON ----------

/** Dismissals that leave the batter not out, and dismissals not credited to the bowler. */
const NOT_OUT = new Set(['retired hurt', 'retired not out']);
const NOT_THE_BOWLERS = new Set(['run out', 'retired hurt', 'retired not out', 'retired out', 'obstructing the field', 'timed out', 'handled the ball']);

interface Career {
  matches: number;
  innings: number;
  runs: number;
  notOuts: number;
  hundreds: number;
  wickets: number;
  first: string;
  last: string;
}

/** A player's figures over the matches he played: an innings wherever he faced a ball, stood at the other end or was out. */
function careerOf(matches: readonly RawMatch[], registryId: string): Career {
  const career: Career = { matches: 0, innings: 0, runs: 0, notOuts: 0, hundreds: 0, wickets: 0, first: '9999', last: '0000' };
  for (const match of matches) {
    const name = Object.entries(match.info.registry.people).find(([, id]) => id === registryId)?.[0];
    if (name === undefined || !Object.values(match.info.players).some((names) => names.includes(name))) continue;
    career.matches += 1;
    const day = match.info.dates[0]!;
    if (day < career.first) career.first = day;
    if (day > career.last) career.last = day;
    for (const innings of match.innings.filter((entry) => !entry.super_over)) {
      const deliveries = (innings.overs ?? []).flatMap((over) => over.deliveries);
      const wickets = deliveries.flatMap((delivery) => (delivery.wickets ?? []).map((wicket) => ({ wicket, bowler: delivery.bowler })));
      const batted = deliveries.some((delivery) => delivery.batter === name || delivery.non_striker === name) || wickets.some(({ wicket }) => wicket.player_out === name);
      if (batted) {
        const runs = deliveries.filter((delivery) => delivery.batter === name).reduce((sum, delivery) => sum + delivery.runs.batter, 0);
        const out = wickets.some(({ wicket }) => wicket.player_out === name && !NOT_OUT.has(wicket.kind));
        career.innings += 1;
        career.runs += runs;
        if (!out) career.notOuts += 1;
        if (runs >= 100) career.hundreds += 1;
      }
      career.wickets += wickets.filter(({ wicket, bowler }) => bowler === name && !NOT_THE_BOWLERS.has(wicket.kind)).length;
    }
  }
  return career;
}

const RETIRED = [
  { name: 'AN Cook', key: 'f41598c1' },
  { name: 'DW Steyn', key: '8fd1a8f5' },
  { name: 'DPMD Jayawardene', key: 'd18f9182' },
] as const;

interface Envelope<T> {
  status: boolean;
  data: T;
}

/** A database holding the folders' matches, and the app over it (with the built pages when given). */
async function serve(
  open: () => Promise<Db>,
  folders: readonly string[],
  astroHandler?: AstroHandler,
): Promise<{ db: Db; app: FastifyInstance }> {
  const db = await open();
  const summary = await importSources(db, folders);
  expect(summary.skipped).toEqual([]);
  expect(summary.failedSources).toEqual([]);
  const app = checkingContract(
    await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }), ...(astroHandler ? { astroHandler, pageRoutes: PAGE_ROUTES } : {}) }),
  );
  return { db, app };
}

async function getData<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url: `/user/v1${url}` });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json<Envelope<T>>().data;
}

// ---------- Test careers ----------

const testsArchive = requiredArchive('tests_json.zip', 'Test career checks');

describe.skipIf(testsArchive === null)('Test careers of retired players, from every Test Cricsheet holds', () => {
  let db: Db;
  let app: FastifyInstance;
  let folder: string;
  let matches: RawMatch[];

  beforeAll(async () => {
    // Only the Tests that name one of the three (about 300 of the archive's 899).
    ({ folder, matches } = await extractArchive<RawMatch>(testsArchive!, (text) => RETIRED.some((player) => text.includes(`"${player.key}"`))));
    ({ db, app } = await serve(freshDatabase, [folder]));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.each(RETIRED)('$name: the Test career equals the raw files, counted independently', async ({ key }) => {
    const expected = careerOf(matches, key);
    const overview = await getData<PlayerOverview>(app, `/player/overview?player_key=${key}`);
    const test = overview.stats.find((entry) => entry.format_type === 'test');
    expect(test, 'a Test career').toBeDefined();
    expect({
      matches: test!.batting.matches,
      innings: test!.batting.innings,
      runs: test!.batting.runs,
      notOuts: test!.batting.not_outs,
      hundreds: test!.batting.hundreds,
      wickets: test!.bowling.wickets,
      first: test!.first_match,
      last: test!.last_match,
    }).toEqual(expected);
    expect(test!.formet).toBe('test');
    // Only Tests are held here: a first-class row would repeat the Test row and read as his whole
    // first-class career, so there is none (issue 28: an umbrella row only where it holds more).
    expect(overview.stats.map((entry) => entry.format_type)).toEqual(['test']);
    expect(test!.held_since <= test!.first_match).toBe(true);
  });

  it('the spans held: all of Cook’s Tests (his official figures), 90 of Steyn’s 93, 79 of Jayawardene’s 149', () => {
    const [cook, steyn, jayawardene] = RETIRED.map((player) => careerOf(matches, player.key));
    expect(cook).toMatchObject({ matches: 161, innings: 291, notOuts: 16, runs: 12472, hundreds: 33, first: '2006-03-01', last: '2018-09-07' });
    expect(steyn).toMatchObject({ matches: 90, wickets: 431, first: '2006-04-15', last: '2019-02-21' });
    expect(jayawardene).toMatchObject({ matches: 79, first: '2003-12-18', last: '2014-08-14' });
  });
});

// ---------- series ----------

const recentArchive = requiredArchive('recent_2024_2026_json.zip', 'series checks');
const handler = await builtAstroHandler('series page checks');

/** Tours as Cricsheet names their events, with the season. */
const TOURS = [
  { event: 'India tour of England', season: '2025' },
  { event: 'South Africa tour of India', season: '2025/26' },
];

const databases = await databasesUnderTest();
/** The tours' files, read out of the archive once for every database. */
let tourFiles: Promise<{ folder: string; matches: RawMatch[] }> | undefined;
const extractTours = () =>
  (tourFiles ??= extractArchive<RawMatch>(recentArchive!, (text) =>
    TOURS.some((tour) => text.includes(`"name": "${tour.event}"`) && text.includes(`"season": "${tour.season}"`)),
  ));
afterAll(async () => {
  if (tourFiles) await rm((await tourFiles).folder, { recursive: true, force: true });
});

describe.skipIf(recentArchive === null).each(databases)('bilateral series, from the 2024-2026 archive, on %s', (_name, open) => {
  let db: Db;
  let app: FastifyInstance;
  let folder: string;
  let matches: RawMatch[];

  beforeAll(async () => {
    ({ folder, matches } = await extractTours());
    // Only these tours' matches, whatever else shares their words.
    expect(matches.every((match) => TOURS.some((tour) => match.info.event?.name === tour.event && String(match.info.season) === tour.season))).toBe(true);
    expect(matches).toHaveLength(5 + 9);
    ({ db, app } = await serve(open, [folder], handler ?? undefined));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('India tour of England 2025: drawn 2-2, each Test by its number, no points table', async () => {
    const detail = await getData<TournamentDetail>(app, '/get/tournament/india-tour-of-england-2025');
    expect(detail.bilateral).toBe(true);
    expect(detail.tournamentPoints).toEqual([]);
    expect(detail.format_types).toEqual(['test']);
    expect(detail.series).toHaveLength(1);
    expect(detail.series[0]!.result).toMatchObject({
      text: 'India and England drew the 5-match Test series 2-2',
      state: 'drawn',
      wins: [
        { team: { url: 'india' }, wins: 2 },
        { team: { url: 'england' }, wins: 2 },
      ],
      draws: 1,
      leader: null,
    });
    expect(detail.teamsDetails.matches.map((match) => [match.sub_title, match.format_type])).toEqual(
      ['1st', '2nd', '3rd', '4th', '5th'].map((number) => [`${number} Test`, 'test']),
    );
    // The drawn Test (Manchester) is a draw, never a no result.
    const drawn = detail.teamsDetails.matches.find((match) => match.play.result?.result_type === 'draw');
    expect(drawn?.sub_title).toBe('4th Test');
    const hindi = await getData<TournamentDetail>(app, '/get/tournament/india-tour-of-england-2025?lang=hi');
    expect(hindi.series[0]!.result!.text).toBe('भारत और इंग्लैंड के बीच 5 मैचों की टेस्ट सीरीज़ 2-2 से बराबर रही');
    expect(hindi.teamsDetails.matches[1]!.sub_title).toBe('दूसरा टेस्ट');
  });

  it('South Africa tour of India 2025/26: a Test, an ODI and a T20I series, each with its own result', async () => {
    const detail = await getData<TournamentDetail>(app, '/get/tournament/south-africa-tour-of-india-2025-26');
    expect(detail.bilateral).toBe(true);
    expect(detail.tournamentPoints).toEqual([]);
    expect(detail.series.map((part) => [part.format_type, part.match_keys.length, part.result?.text])).toEqual([
      ['test', 2, 'South Africa won the 2-match Test series 2-0'],
      ['odi', 3, 'India won the 3-match ODI series 2-1'],
      // Four held; the abandoned 4th keeps its number, so a 5-match series.
      ['t20i', 4, 'India won the 5-match T20I series 3-1'],
    ]);
    expect(detail.teamsDetails.matches.map((match) => match.sub_title)).toEqual([
      '1st Test', '2nd Test', '1st ODI', '2nd ODI', '3rd ODI', '1st T20I', '2nd T20I', '3rd T20I', '5th T20I',
    ]);
  });

  it("South Africa tour of India 2025/26: stats per type, each player's runs of that type only", async () => {
    const tour = matches.filter((match) => match.info.event?.name === 'South Africa tour of India');
    const typeOf = (match: RawMatch) => ({ Test: 'test', ODI: 'odi', T20: 't20i' })[match.info.match_type as 'Test' | 'ODI' | 'T20'];
    const all = await getData<PlayerStatsEntry[]>(app, '/tournamentwise/player/stats?tou_key=south-africa-tour-of-india-2025-26');
    for (const type of ['test', 'odi', 't20i'] as const) {
      const ofType = await getData<PlayerStatsEntry[]>(app, `/tournamentwise/player/stats?tou_key=south-africa-tour-of-india-2025-26&format_type=${type}`);
      expect(ofType.length).toBeGreaterThan(11);
      expect(ofType.every((entry) => entry.format_type === type)).toBe(true);
      expect(all.filter((entry) => entry.format_type === type)).toEqual(ofType);
      const raw = tour.filter((match) => typeOf(match) === type);
      for (const entry of ofType) {
        expect(entry.performance.batting.most_runs.value, `${entry.player_name} ${type}`).toBe(careerOf(raw, entry.player_key).runs);
      }
      // The leading scorer of the type is ranked first.
      expect(ofType[0]!.performance.batting.most_runs.rank).toBe(1);
    }
    // Aiden Markram played all three series: three entries, never one that adds them up.
    const markram = all.filter((entry) => entry.player_name === 'AK Markram');
    expect(markram.map((entry) => entry.format_type)).toEqual(['test', 'odi', 't20i']);
    const total = careerOf(tour, markram[0]!.player_key).runs;
    expect(markram.every((entry) => entry.performance.batting.most_runs.value < total)).toBe(true);
  });

  it("Fixtures' Test filter keeps Tests only; the API's broad format stays as the spec has it", async () => {
    const tests = await getData<FixtureDayGroup[]>(app, '/get/match/fixtures?format_type=test');
    const keys = tests.flatMap((day) => day.matches.map((match) => match.format_type));
    expect(keys).toHaveLength(7);
    expect(new Set(keys)).toEqual(new Set(['test']));
    const t20s = await getData<FixtureDayGroup[]>(app, '/get/match/fixtures?format=t20');
    expect(t20s.flatMap((day) => day.matches.map((match) => [match.format, match.format_type]))).toEqual(Array(4).fill(['t20', 't20i']));
  });

  it.skipIf(handler === null)('the series pages: results in words, no points table, the types apart', async () => {
    const page = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    const england = await page('/series/india-tour-of-england-2025?tab=points');
    expect(england).toContain('India and England drew the 5-match Test series 2-2');
    expect(england).not.toContain('<table');
    expect(england).not.toContain('NRR');
    const tour = await page('/series/south-africa-tour-of-india-2025-26');
    for (const text of ['South Africa won the 2-match Test series 2-0', 'India won the 3-match ODI series 2-1', 'India won the 5-match T20I series 3-1']) {
      expect(tour).toContain(text);
    }
    const odiMatches = await page('/series/south-africa-tour-of-india-2025-26?tab=matches&type=odi');
    expect(odiMatches.match(/\b\d(?:st|nd|rd|th) ODI\b/g)).toEqual(['1st ODI', '2nd ODI', '3rd ODI']);
    expect(odiMatches).not.toMatch(/\b\d(?:st|nd|rd|th) (?:Test|T20I)\b/);
  });
});
