// Whole scorecards of real matches checked against figures this test computes itself from
// the raw Cricsheet JSON (small, straightforward code, independent of the importer and the
// domain functions), plus figures verified by hand and written literally.
//
// The matches (tests/fixtures/cricsheet/real/, real Cricsheet files, ODC-By 1.0):
//   392183  IPL 2009, Delhi Daredevils v Kings XI Punjab: DLS, target revised to 54 in 6 overs.
//   1216517 IPL 2020, Mumbai Indians v Kings XI Punjab: tie, two super overs (six innings).
//   1392691 England v Zimbabwe, Trent Bridge 2025: Zimbabwe followed on; 565/6 declared.
//   1415725 T20 World Cup 2024, USA v India: 5 penalty runs to India (stop clock).
//   1304066 IPL 2022, Rajasthan Royals v Lucknow Super Giants: R Ashwin retired out.
//   1415708 T20 World Cup 2024, Ireland v India: Rohit Sharma retired hurt.
// And the season check: every IPL 2008 match from the shared IPL archive (skipped when absent).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { openSource, type SourceFile } from '../../src/server/ingest/sources.ts';
import type { Db } from '../../src/server/db/client.ts';
import type {
  MatchDetailObject as MatchDetail,
  ScorecardInningsObject as ScorecardInnings,
  ScorecardObject as Scorecard,
} from '../../src/server/wire/presenters/match-centre.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { sharedArchive } from '../helpers/shared-data.ts';

// ---------- the raw Cricsheet shapes this test reads ----------

interface RawFielder {
  name?: string;
  substitute?: boolean;
}
interface RawWicket {
  kind: string;
  player_out: string;
  fielders?: RawFielder[];
}
interface RawDelivery {
  batter: string;
  non_striker: string;
  bowler: string;
  runs: { batter: number; extras: number; total: number; non_boundary?: boolean };
  extras?: { wides?: number; noballs?: number; byes?: number; legbyes?: number; penalty?: number };
  wickets?: RawWicket[];
}
interface RawInnings {
  team: string;
  overs?: { over: number; deliveries: RawDelivery[] }[];
  super_over?: boolean;
  declared?: boolean;
  penalty_runs?: { pre?: number; post?: number };
  target?: { runs?: number; overs?: number };
}
interface RawMatch {
  info: {
    teams: [string, string];
    dates: string[];
    season: string | number;
    players: Record<string, string[]>;
    registry: { people: Record<string, string> };
    event?: { name: string };
  };
  innings: RawInnings[];
}

// ---------- the expected scorecard, computed from the raw JSON ----------

const NOT_A_TEAM_WICKET = new Set(['retired hurt', 'retired not out']);
const NOT_THE_BOWLERS = new Set(['run out', 'retired hurt', 'retired not out', 'retired out', 'obstructing the field', 'handled the ball', 'timed out']);

interface ExpectedBatter {
  name: string;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
  msg: string;
}
interface ExpectedBowler {
  name: string;
  overs: [number, number];
  maidens: number;
  runs: number;
  wickets: number;
}
interface ExpectedInnings {
  team: string;
  superOver: boolean;
  runs: number;
  wickets: number;
  overs: [number, number];
  extras: { extra: number; no_ball: number; wide: number; leg_bye: number; bye: number; penalty: number };
  batters: ExpectedBatter[];
  didNotBat: string[];
  bowlers: ExpectedBowler[];
  fallOfWickets: { wicket: number; name: string; runs: number; overs: [number, number] | null }[];
  /** Runs the partnerships add up to: every run scored off a delivery. */
  partnershipRuns: number;
}

const overs = (balls: number): [number, number] => [Math.floor(balls / 6), balls % 6];
const fielderName = (fielder: RawFielder | undefined): string | null =>
  fielder === undefined ? null : fielder.substitute ? (fielder.name ? `sub (${fielder.name})` : 'sub') : (fielder.name ?? null);

/** Scorecard wording of a dismissal, written out here without the domain function. */
function dismissalWords(wicket: RawWicket | null, bowler: string): string {
  if (wicket === null) return 'not out';
  const fielder = fielderName(wicket.fielders?.[0]);
  switch (wicket.kind) {
    case 'bowled':
      return `b ${bowler}`;
    case 'lbw':
      return `lbw b ${bowler}`;
    case 'caught':
      return fielder ? `c ${fielder} b ${bowler}` : `caught b ${bowler}`;
    case 'caught and bowled':
      return `c & b ${bowler}`;
    case 'stumped':
      return `st ${fielder} b ${bowler}`;
    case 'hit wicket':
      return `hit wicket b ${bowler}`;
    case 'run out': {
      const names = (wicket.fielders ?? []).map(fielderName).filter((name) => name !== null);
      return names.length > 0 ? `run out (${names.join('/')})` : 'run out';
    }
    default:
      return wicket.kind;
  }
}

function expectedInnings(innings: RawInnings, players: string[]): ExpectedInnings {
  const batters = new Map<string, { runs: number; balls: number; fours: number; sixes: number; out: RawWicket | null; outBowler: string }>();
  const bowlers = new Map<string, { balls: number; runs: number; wickets: number; maidens: number }>();
  const extras = { extra: 0, no_ball: 0, wide: 0, leg_bye: 0, bye: 0, penalty: 0 };
  const pre = innings.penalty_runs?.pre ?? 0;
  const post = innings.penalty_runs?.post ?? 0;
  const fallOfWickets: ExpectedInnings['fallOfWickets'] = [];
  let runs = pre;
  let legalBalls = 0;
  let deliveryRuns = 0;
  const batter = (name: string) => {
    let entry = batters.get(name);
    if (!entry) batters.set(name, (entry = { runs: 0, balls: 0, fours: 0, sixes: 0, out: null, outBowler: '' }));
    // Back at the crease after retiring hurt: not out again.
    if (entry.out && NOT_A_TEAM_WICKET.has(entry.out.kind)) entry.out = null;
    return entry;
  };
  const allOvers = innings.overs ?? [];
  // Overs the umpires ended short or long count as full overs (Law 17.5), for the innings and the bowler.
  const miscounted = new Set(Object.keys((innings as { miscounted_overs?: object }).miscounted_overs ?? {}).map(Number));
  let calledAdjustment = 0;
  allOvers.forEach((over, overIndex) => {
    let overCharged = 0;
    let overLegal = 0;
    const overBowlers = new Set<string>();
    for (const delivery of over.deliveries) {
      const wides = delivery.extras?.wides ?? 0;
      const noballs = delivery.extras?.noballs ?? 0;
      const legal = wides === 0 && noballs === 0;
      const striker = batter(delivery.batter);
      batter(delivery.non_striker);
      striker.runs += delivery.runs.batter;
      if (wides === 0) striker.balls += 1;
      if (!delivery.runs.non_boundary && delivery.runs.batter === 4) striker.fours += 1;
      if (!delivery.runs.non_boundary && delivery.runs.batter === 6) striker.sixes += 1;

      const bowler = bowlers.get(delivery.bowler) ?? { balls: 0, runs: 0, wickets: 0, maidens: 0 };
      bowlers.set(delivery.bowler, bowler);
      const charged = delivery.runs.batter + wides + noballs;
      bowler.runs += charged;
      if (legal) bowler.balls += 1;
      overCharged += charged;
      if (legal) overLegal += 1;
      overBowlers.add(delivery.bowler);

      extras.wide += wides;
      extras.no_ball += noballs;
      extras.bye += delivery.extras?.byes ?? 0;
      extras.leg_bye += delivery.extras?.legbyes ?? 0;
      extras.penalty += delivery.extras?.penalty ?? 0;
      runs += delivery.runs.total;
      deliveryRuns += delivery.runs.total;
      if (legal) legalBalls += 1;

      for (const wicket of delivery.wickets ?? []) {
        const out = batter(wicket.player_out);
        out.out = wicket;
        out.outBowler = delivery.bowler;
        if (!NOT_THE_BOWLERS.has(wicket.kind)) bowler.wickets += 1;
        if (!NOT_A_TEAM_WICKET.has(wicket.kind)) {
          // The overs bowled when it fell: over index, and legal balls of the over by then (a wide or no-ball adds none).
          fallOfWickets.push({ wicket: fallOfWickets.length + 1, name: wicket.player_out, runs, overs: [over.over, overLegal] });
        }
      }
    }
    // A maiden: one bowler's finished over (six legal balls, or followed by another over) without a run charged.
    const finished = overIndex < allOvers.length - 1 || overLegal >= 6 || miscounted.has(over.over);
    if (overBowlers.size === 1 && finished && overCharged === 0) bowlers.get([...overBowlers][0]!)!.maidens += 1;
    if (miscounted.has(over.over) && overBowlers.size === 1) {
      calledAdjustment += 6 - overLegal;
      bowlers.get([...overBowlers][0]!)!.balls += 6 - overLegal;
    }
  });
  extras.penalty += pre + post;
  extras.extra = extras.wide + extras.no_ball + extras.bye + extras.leg_bye + extras.penalty;
  return {
    team: innings.team,
    superOver: innings.super_over ?? false,
    runs: runs + post,
    wickets: fallOfWickets.length,
    overs: overs(legalBalls + calledAdjustment),
    extras,
    batters: [...batters].map(([name, entry]) => ({
      name,
      runs: entry.runs,
      balls: entry.balls,
      fours: entry.fours,
      sixes: entry.sixes,
      msg: dismissalWords(entry.out, entry.outBowler),
    })),
    didNotBat: players.filter((name) => !batters.has(name)),
    bowlers: [...bowlers].map(([name, entry]) => ({
      name,
      overs: overs(entry.balls),
      maidens: entry.maidens,
      runs: entry.runs,
      wickets: entry.wickets,
    })),
    fallOfWickets,
    partnershipRuns: deliveryRuns,
  };
}

/** Regular innings in order, then super overs: the order the scorecard shows them. */
function expectedScorecard(match: RawMatch): ExpectedInnings[] {
  const ordered = [...match.innings.filter((inn) => !inn.super_over), ...match.innings.filter((inn) => inn.super_over)];
  return ordered.map((inn) => expectedInnings(inn, match.info.players[inn.team] ?? []));
}

/** The same figures read from an API scorecard innings. */
function actualInnings(inn: ScorecardInnings): ExpectedInnings {
  const key = String(inn.index);
  return {
    team: inn.team.name,
    superOver: inn.super_over,
    runs: inn.total.runs,
    wickets: inn.total.wickets,
    overs: inn.total.overs,
    extras: inn.extraRun,
    batters: inn.batsman.map((entry) => {
      const { score, how_out: msg } = entry.score[key]!.batting;
      return { name: entry.player.name, runs: score.runs, balls: score.balls, fours: score.fours, sixes: score.sixes, msg };
    }),
    didNotBat: inn.did_not_bat.map((player) => player.name),
    bowlers: inn.bowler.map((entry) => {
      const { score } = entry.score[key]!.bowling;
      return { name: entry.player.name, overs: score.overs, maidens: score.maiden_overs, runs: score.runs, wickets: score.wickets };
    }),
    fallOfWickets: inn.fall_of_wickets.map((fall) => ({ wicket: fall.wicket_number, name: fall.player.name, runs: fall.team_runs, overs: fall.overs })),
    partnershipRuns: inn.partnerships.reduce((sum, stand) => sum + stand.score.runs, 0),
  };
}

function inningsOf(card: Scorecard): ScorecardInnings[] {
  return [card.teamA, card.teamB, card.teamC, card.teamD, ...card.more].filter((inn): inn is ScorecardInnings => inn !== undefined);
}

async function getData<T>(app: FastifyInstance, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url: `/user/v1${url}` });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.json<{ data: T }>().data;
}

// ---------- the chosen matches ----------

const realFolder = path.resolve(import.meta.dirname, '../fixtures/cricsheet/real');
const REAL_MATCHES = readdirSync(realFolder).filter((name) => name.endsWith('.json')).map((name) => name.replace('.json', ''));

describe('whole scorecards of real matches', () => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [realFolder]);
    expect(summary.skipped).toEqual([]);
    app = await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const scorecard = (key: string) => getData<Scorecard>(app, `/scorecard/?match_key=${key}`);

  it.each(REAL_MATCHES)('match %s: every figure of every innings agrees with the raw JSON', async (key) => {
    const raw = JSON.parse(readFileSync(path.join(realFolder, `${key}.json`), 'utf8')) as RawMatch;
    const card = await scorecard(key);
    const actual = inningsOf(card).map(actualInnings);
    const expected = expectedScorecard(raw);
    expect(actual.map((inn) => inn.team)).toEqual(expected.map((inn) => inn.team));
    actual.forEach((inn, index) => {
      const want = expected[index]!;
      // Field by field, so a failure names what differs.
      expect(inn.batters, `innings ${index} batting`).toEqual(want.batters);
      expect(inn.bowlers, `innings ${index} bowling`).toEqual(want.bowlers);
      expect(inn.extras, `innings ${index} extras`).toEqual(want.extras);
      expect([inn.runs, inn.wickets, inn.overs], `innings ${index} total`).toEqual([want.runs, want.wickets, want.overs]);
      expect(inn.fallOfWickets, `innings ${index} fall of wickets`).toEqual(want.fallOfWickets);
      expect(inn.partnershipRuns, `innings ${index} partnerships`).toBe(want.partnershipRuns);
      expect(inn.didNotBat, `innings ${index} did not bat`).toEqual(want.didNotBat);
      expect(inn.superOver).toBe(want.superOver);
    });
    expect(card.nationality.map((entry) => entry.score)).toEqual(expected.map((inn) => ({ runs: inn.runs, wickets: inn.wickets, overs: inn.overs, score: { runs: inn.runs } })));
  });

  it('DLS (392183): the revised target of 54 in 6 overs, chased without loss', async () => {
    const card = await scorecard('392183');
    expect(card.teamA!.total).toMatchObject({ runs: 104, wickets: 7, overs: [12, 0] });
    expect(card.teamB!.target).toEqual({ runs: 54, overs: [6, 0] });
    expect(card.teamB!.total).toMatchObject({ runs: 58, wickets: 0 });
    const sehwag = card.teamB!.batsman.find((entry) => entry.player.name === 'V Sehwag')!;
    expect(sehwag.score['1']!.batting.score).toMatchObject({ runs: 38, balls: 16, fours: 4, sixes: 3 });
    const vettori = card.teamA!.bowler.find((entry) => entry.player.name === 'DL Vettori')!;
    expect(vettori.score['0']!.bowling.score).toMatchObject({ overs: [3, 0], runs: 15, wickets: 3 });
    const detail = await getData<MatchDetail>(app, '/match/detail?match_key=392183');
    expect(detail.play.result?.msg).toMatch(/^Delhi Daredevils won by 10 wickets .*\(DLS method\)$/);
  });

  it('double super over (1216517): six innings, the last two in more', async () => {
    const card = await scorecard('1216517');
    const all = inningsOf(card);
    expect(all.map((inn) => `${inn.team.code}:${inn.total.runs}/${inn.total.wickets}${inn.super_over ? ' SO' : ''}`)).toEqual([
      `${card.teamA!.team.code}:176/6`,
      `${card.teamB!.team.code}:176/6`,
      `${card.teamB!.team.code}:5/2 SO`,
      `${card.teamA!.team.code}:5/1 SO`,
      `${card.teamA!.team.code}:11/1 SO`,
      `${card.teamB!.team.code}:15/0 SO`,
    ]);
    expect(card.more.map((inn) => inn.index)).toEqual([4, 5]);
    expect(card.more[1]!.total.overs).toEqual([0, 4]);
    const rahul = card.teamB!.batsman[0]!;
    expect(rahul.player.name).toBe('KL Rahul');
    expect(rahul.score['1']!.batting.score).toMatchObject({ runs: 77, balls: 51, fours: 7, sixes: 3 });
    const bumrah = card.teamC!.bowler[0]!;
    expect([bumrah.player.name, bumrah.score['2']!.bowling.score.runs, bumrah.score['2']!.bowling.score.wickets]).toEqual(['JJ Bumrah', 5, 2]);
  });

  it('follow-on (1392691): England 565/6 declared, Zimbabwe follow on and lose by an innings', async () => {
    const card = await scorecard('1392691');
    expect(card.teamA!).toMatchObject({ declared: true, follow_on: false, total: { runs: 565, wickets: 6 } });
    expect(card.teamB!).toMatchObject({ follow_on: false, total: { runs: 265, wickets: 9 } });
    expect(card.teamC!).toMatchObject({ follow_on: true, team: { name: 'Zimbabwe' }, total: { runs: 255, wickets: 9 } });
    expect(card.teamD).toBeUndefined();
    const pope = card.teamA!.batsman.find((entry) => entry.player.name === 'OJ Pope')!;
    expect(pope.score['0']!.batting.score).toMatchObject({ runs: 171, balls: 166 });
    const bashir = card.teamC!.bowler.find((entry) => entry.player.name === 'Shoaib Bashir')!;
    expect(bashir.score['2']!.bowling.score).toMatchObject({ overs: [18, 0], runs: 81, wickets: 6 });
    const detail = await getData<MatchDetail>(app, '/match/detail?match_key=1392691');
    expect(detail.play.result?.msg).toBe('England won by an innings and 45 runs');
  });

  it('penalty runs (1415725): India given 5 for the stop clock', async () => {
    const card = await scorecard('1415725');
    expect(card.teamB!.extraRun.penalty).toBe(5);
    expect(card.teamB!.total).toMatchObject({ runs: 111, wickets: 3 });
    const surya = card.teamB!.batsman.find((entry) => entry.player.name === 'SA Yadav')!;
    expect(surya.score['1']!.batting).toMatchObject({ score: { runs: 50, balls: 49 }, dismissal: null, how_out: 'not out' });
    const arshdeep = card.teamA!.bowler.find((entry) => entry.player.name === 'Arshdeep Singh')!;
    expect(arshdeep.score['0']!.bowling.score).toMatchObject({ overs: [4, 0], maiden_overs: 0, runs: 9, wickets: 4 });
  });

  it('retired out (1304066): R Ashwin 28 (23), a team wicket not credited to a bowler', async () => {
    const card = await scorecard('1304066');
    const ashwin = card.teamA!.batsman.find((entry) => entry.player.name === 'R Ashwin')!;
    expect(ashwin.score['0']!.batting).toMatchObject({ score: { runs: 28, balls: 23 }, dismissal: { msg: 'retired out', wicket_number: 5 } });
    expect(card.teamA!.total).toMatchObject({ runs: 165, wickets: 6 });
    const chahal = card.teamB!.bowler.find((entry) => entry.player.name === 'YS Chahal')!;
    expect(chahal.score['1']!.bowling.score).toMatchObject({ runs: 41, wickets: 4 });
  });

  it('retired hurt (1415708): Rohit Sharma 52 (37) retired hurt, not a wicket', async () => {
    const card = await scorecard('1415708');
    const rohit = card.teamB!.batsman.find((entry) => entry.player.name === 'RG Sharma')!;
    expect(rohit.score['1']!.batting).toMatchObject({ score: { runs: 52, balls: 37, fours: 4, sixes: 3 }, dismissal: null, how_out: 'retired hurt' });
    expect(card.teamB!.total).toMatchObject({ runs: 97, wickets: 2 });
    expect(card.teamA!.total).toMatchObject({ runs: 96, wickets: 10 });
  });
});

// ---------- a whole season ----------

const iplArchive = sharedArchive('ipl_json.zip');
const haveIpl = existsSync(iplArchive);
if (!haveIpl) console.warn(`Skipping the IPL 2008 season check: ${iplArchive} is not there (set CRICSHEET_SOURCE or add ../shared/data/cricsheet).`);

describe.skipIf(!haveIpl)('IPL 2008 season from the shared archive', () => {
  let db: Db;
  let app: FastifyInstance;
  let folder: string;
  const season = new Map<string, RawMatch>();

  beforeAll(async () => {
    // Only the 2008 files are imported: a folder of them, read from the archive.
    folder = await mkdtemp(path.join(os.tmpdir(), 'ipl-2008-'));
    const source = await openSource(iplArchive);
    try {
      for await (const file of source.files()) {
        if (file instanceof Error) continue;
        const { name, bytes } = file as SourceFile;
        const match = JSON.parse(bytes.toString('utf8')) as RawMatch;
        if (!match.info.dates[0]!.startsWith('2008-')) continue;
        season.set(name.replace('.json', ''), match);
        await writeFile(path.join(folder, path.basename(name)), bytes);
      }
    } finally {
      await source.close();
    }
    db = await freshDatabase();
    await importSources(db, [folder]);
    app = await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('every match: each innings total and wickets equal the raw JSON', async () => {
    expect(season.size).toBe(58);
    for (const [key, match] of season) {
      const card = await getData<Scorecard>(app, `/scorecard/?match_key=${key}`);
      const expected = expectedScorecard(match).map((inn) => [inn.team, inn.runs, inn.wickets, inn.overs]);
      expect(inningsOf(card).map((inn) => [inn.team.name, inn.total.runs, inn.total.wickets, inn.total.overs]), key).toEqual(expected);
    }
  });

  it("the season's top run scorer and six hitter, summed from the API scorecards", async () => {
    const rawRuns = new Map<string, number>();
    const rawSixes = new Map<string, number>();
    const apiRuns = new Map<string, number>();
    const apiSixes = new Map<string, number>();
    const add = (totals: Map<string, number>, key: string, value: number) => totals.set(key, (totals.get(key) ?? 0) + value);
    for (const [key, match] of season) {
      for (const inn of expectedScorecard(match)) {
        for (const batter of inn.batters) {
          const registryId = match.info.registry.people[batter.name]!;
          add(rawRuns, registryId, batter.runs);
          add(rawSixes, registryId, batter.sixes);
        }
      }
      const card = await getData<Scorecard>(app, `/scorecard/?match_key=${key}`);
      for (const inn of inningsOf(card)) {
        for (const batter of inn.batsman) {
          const { score } = batter.score[String(inn.index)]!.batting;
          add(apiRuns, batter.player.key, score.runs);
          add(apiSixes, batter.player.key, score.sixes);
        }
      }
    }
    const top = (totals: Map<string, number>) => [...totals].sort((x, y) => y[1] - x[1])[0]!;
    expect(top(apiRuns)).toEqual(top(rawRuns));
    expect(top(apiSixes)).toEqual(top(rawSixes));
    expect(apiRuns).toEqual(rawRuns);
    // Shaun Marsh's 616 runs and Sanath Jayasuriya's 31 sixes led IPL 2008.
    const people = await db.kysely.selectFrom('people').select(['registry_id', 'name']).where('registry_id', 'in', [top(apiRuns)[0], top(apiSixes)[0]]).execute();
    const nameOf = (registryId: string) => people.find((person) => person.registry_id === registryId)?.name;
    expect([nameOf(top(apiRuns)[0]), top(apiRuns)[1]]).toEqual(['SE Marsh', 616]);
    expect([nameOf(top(apiSixes)[0]), top(apiSixes)[1]]).toEqual(['ST Jayasuriya', 31]);
  });
});
