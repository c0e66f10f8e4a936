// GET user/v1/match/winprob over HTTP (app.inject) on a PGlite holding the e2e fixtures: every
// delivery in ball order, settled ends (a chase won, a chase short, a tie, a Test won in the
// fourth innings), and exactly what the trainer computes from the same Cricsheet files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { WinProbabilityObject } from '../../src/server/wire/presenters/match-centre.ts';
import { WIN_PROB_MODEL, WIN_PROB_STANDING } from '../../src/server/domain/winprob-model.ts';
import { preMatchProbability, winProbabilities } from '../../src/server/domain/winprob.ts';
import { followResults, Standing, type MatchContext } from '../../src/server/domain/winprob-ratings.ts';
import { trainingMatchOf, winProbMatchOf, type RawMatch } from '../../scripts/winprob/archive.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { checkingContract } from '../helpers/api-contract.ts';

const e2e = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');
const T20_FINAL = '1529312'; // Rajasthan Royals (a) 236 beat Mumbai Indians by 30 runs
const ASHES_TEST = '1455615'; // England (a) lost to Australia by 5 wickets in the fourth innings
const SUPER_OVER_TIE = '1529281'; // KKR (a) and LSG tied, KKR won the super over
const DLS = '1529293'; // LSG (a) beat RCB by 9 runs (D/L: 213 in 19 overs)
const WOMENS_ODI = '1491710'; // South Africa (b) beat New Zealand by 2 wickets
const SHEFFIELD_SHIELD = '1495309'; // first-class: not a Test, the model does not judge it
const NO_RESULT = '1527685'; // one innings, then rain

const rawOf = (key: string) => JSON.parse(readFileSync(path.join(e2e, `${key}.json`), 'utf8')) as RawMatch & { info: { event?: { name?: string } } };

describe('win probability API', () => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [e2e]);
    expect(summary.failedSources).toEqual([]);
    app = checkingContract(await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  async function winprob(key: string): Promise<WinProbabilityObject> {
    const response = await app.inject({ method: 'GET', url: `/user/v1/match/winprob?match_key=${key}` });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json<{ status: true; data: WinProbabilityObject }>().data;
  }

  const deliveriesOf = (key: string) =>
    rawOf(key).innings.filter((inn) => !inn.super_over).reduce((sum, inn) => sum + (inn.overs ?? []).reduce((n, over) => n + over.deliveries.length, 0), 0);

  it('a completed T20: every delivery in ball order, ending with the winner certain', async () => {
    const data = await winprob(T20_FINAL);
    expect(data.supported).toBe(true);
    expect(data.balls).toHaveLength(deliveriesOf(T20_FINAL));
    expect(data.balls[0]).toMatchObject({ innings: 1, over: 0, ball: 1, draw: null });
    const order = data.balls.map((ball) => ball.innings * 10_000 + ball.over * 10 + ball.ball);
    expect(order).toEqual([...order].sort((x, y) => x - y));
    expect(data.balls.every((ball) => ball.a_win >= 0 && ball.a_win <= 1)).toBe(true);
    // Mumbai fell 30 short: after the last ball Rajasthan have won.
    expect(data.balls.at(-1)!.a_win).toBe(1);
    expect(data.batting_first).toBe('a');
    expect(data.unrated).toEqual([]); // both IPL sides played before July 2025
    expect(data.trained_through).toBe('2025-06-30');
    // Before the first ball nothing is certain; each side's chance depends on who bats first.
    const pre = data.pre_match!;
    for (const chance of [pre.a_bats_first, pre.b_bats_first]) {
      expect(chance.a_win).toBeGreaterThan(0.2);
      expect(chance.a_win).toBeLessThan(0.8);
    }
  });

  it('a tie leaves 0.5 after the last regulation ball; super overs are not in the series', async () => {
    const data = await winprob(SUPER_OVER_TIE);
    expect(data.balls).toHaveLength(deliveriesOf(SUPER_OVER_TIE));
    expect(data.balls.every((ball) => ball.innings <= 2)).toBe(true);
    expect(data.balls.at(-1)!.a_win).toBe(0.5);
  });

  it('a DLS chase is judged against the revised target and overs', async () => {
    const data = await winprob(DLS);
    expect(data.balls.at(-1)!.a_win).toBe(1);
    expect(data.balls.at(-1)!.over).toBeLessThanOrEqual(18);
  });

  it('a Test carries P(draw) and ends with the fourth-innings chase won', async () => {
    const data = await winprob(ASHES_TEST);
    expect(data.balls).toHaveLength(deliveriesOf(ASHES_TEST));
    expect(data.balls.every((ball) => ball.draw !== null && ball.a_win + ball.draw <= 1.001)).toBe(true);
    expect(data.balls.at(-1)).toMatchObject({ innings: 4, a_win: 0, draw: 0 });
    expect(data.pre_match!.a_bats_first.draw).toBeGreaterThan(0);
  });

  it('a first-class match is not judged: supported false, no balls; an innings of a no result is', async () => {
    const shield = await winprob(SHEFFIELD_SHIELD);
    expect(shield).toMatchObject({ supported: false, balls: [], pre_match: null });
    const rain = await winprob(NO_RESULT);
    expect(rain.supported).toBe(true);
    expect(rain.balls).toHaveLength(deliveriesOf(NO_RESULT));
  });

  it('the server computes exactly what the trainer computes from the Cricsheet file, with the ratings and pars following the results before each match', async () => {
    // The trainer's reading of the same files (its filters), followed from the standing at the
    // end of training as its online context is (trainModel's onlineContextOf).
    const results = readdirSync(e2e).flatMap((file) => trainingMatchOf(file, rawOf(file.replace('.json', ''))) ?? []).filter((m) => m.date > WIN_PROB_STANDING.through);
    expect(results.map((m) => m.id).sort()).toEqual([1455615, 1491710, 1528293, 1529281, 1529293, 1529312]);
    const contexts = new Map<number, MatchContext>();
    followResults(Standing.fromJson(WIN_PROB_STANDING), results, (result, context) => contexts.set(result.id, context));
    // Not the frozen figures: the final's par has moved with the two IPL results before it.
    const frozen = Standing.fromJson(WIN_PROB_STANDING).contextOf(results.find((m) => m.id === Number(T20_FINAL))!);
    expect(contexts.get(Number(T20_FINAL))!.par).not.toBe(frozen.par);
    for (const key of [T20_FINAL, ASHES_TEST, SUPER_OVER_TIE, DLS, WOMENS_ODI]) {
      const raw = rawOf(key);
      const match = winProbMatchOf(raw)!;
      // The trainer scores with the gap alone (rounded ratings, a minus b), as the model reads it.
      const { gap, par } = contexts.get(Number(key))!;
      const facts = { ...match, ratings: { a: gap, b: 0 }, par };
      const expected = winProbabilities(WIN_PROB_MODEL, facts);
      const data = await winprob(key);
      expect(data.balls, key).toEqual(expected.map((point) => ({ innings: point.innings, over: point.over, ball: point.ball, a_win: point.aWin, draw: point.draw })));
      const pre = preMatchProbability(WIN_PROB_MODEL, facts, 'a');
      expect(data.pre_match!.a_bats_first, key).toEqual({ a_win: pre.aWin, draw: pre.draw });
    }
  });

  it('bad keys: missing is a 400, unknown a 404, in the error shape', async () => {
    const missing = await app.inject({ method: 'GET', url: '/user/v1/match/winprob' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: false, message: 'match_key is required', errMsg: 'match_key is required', data: null });
    const unknown = await app.inject({ method: 'GET', url: '/user/v1/match/winprob?match_key=999999999' });
    expect(unknown.statusCode).toBe(404);
    const odd = await app.inject({ method: 'GET', url: `/user/v1/match/winprob?match_key=${encodeURIComponent("1'; drop table matches;--")}` });
    expect(odd.statusCode).toBe(404);
  });
});
