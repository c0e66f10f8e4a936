// Fantasy points over HTTP (app.inject) on a PGlite holding real matches: the match's points
// with their breakdown (hand-computed in tests/unit/domain/fantasy.test.ts), the Top Fantasy
// Points tabs over the players' earlier matches, and bad input.
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { LiveMatchWriter } from '../../src/server/store/live-match-writer.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { matchFantasy, topFantasy } from '../../src/server/wire/schemas/fantasy.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { checkingContract, getApiData } from '../helpers/api-contract.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
type MatchFantasy = z.output<typeof matchFantasy>;
type TopFantasy = z.output<typeof topFantasy>;

describe('fantasy API', () => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [path.join(fixtures, 'real'), path.join(fixtures, 'fantasy'), fixtures]);
    expect(summary.skipped).toEqual([]);
    app = checkingContract(await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) }));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const get = <T>(url: string) => getApiData<T>(app, url);

  const pointsOf = (top: TopFantasy, name: string) => top.players.find((entry) => entry.player.name === name);

  it("gives every player's points with the breakdown, most first", async () => {
    const fantasy = await get<MatchFantasy>('/match/fantasy?match_key=501254');
    expect(fantasy.rules).toBe('dream11-2023');
    expect(fantasy.players).toHaveLength(22);
    expect(fantasy.players[0]!.player.name).toBe('RP Singh');
    expect(fantasy.players[0]!.points).toBe(130);
    const points = fantasy.players.map((entry) => entry.points);
    expect(points).toEqual([...points].sort((x, y) => y - x));
    const hussey = fantasy.players.find((entry) => entry.player.name === 'DJ Hussey')!;
    expect(hussey.team).toBe('b');
    expect(hussey.breakdown).toEqual([
      { item: 'playingXI', count: 1, points: 4 },
      { item: 'runs', count: 21, points: 21 },
      { item: 'fours', count: 2, points: 2 },
      { item: 'sixes', count: 1, points: 2 },
      { item: 'strikeRate', count: 140, points: 2 },
      { item: 'runOutDirect', count: 1, points: 12 },
      { item: 'runOutThrower', count: 1, points: 6 },
    ]);
    expect(hussey.points).toBe(49);
    // The stored rows (what the other pages add up) say the same.
    const stored = await db.kysely
      .selectFrom('fantasy_points as f')
      .innerJoin('matches as m', 'm.id', 'f.match_id')
      .select(['f.points'])
      .where('m.match_key', '=', '501254')
      .orderBy('f.points', 'desc')
      .execute();
    expect(stored.map((row) => row.points)).toEqual(points);
  });

  it('ranks the players of a match on their earlier matches: all, last five, at the venue, against the opponent', async () => {
    // USA v India in New York, a week after Ireland v India there (1415708, hand-computed).
    const venue = await get<TopFantasy>('/match/fantasy/top?match_key=1415725&tab=venue');
    expect(venue.squad_from).toBe('match');
    expect(venue.players.slice(0, 4).map((entry) => [entry.player.name, entry.matches, entry.average])).toEqual([
      ['HH Pandya', 1, 105],
      ['JJ Bumrah', 1, 88],
      ['RG Sharma', 1, 76],
      ['RR Pant', 1, 75],
    ]);
    expect(venue.players.every((entry) => entry.team === 'b' && entry.matches === 1)).toBe(true);
    // Every T20 counts on All: Pandya and Bumrah also played for Mumbai Indians in 2020 (1216517).
    const all = await get<TopFantasy>('/match/fantasy/top?match_key=1415725');
    expect(all.tab).toBe('all');
    const pandya = pointsOf(all, 'HH Pandya')!;
    expect(pandya.matches).toBe(2);
    expect(pandya.recent.map((match) => [match.match_key, match.opponent])).toEqual([['1415708', 'Ireland'], ['1216517', 'Kings XI Punjab']]);
    expect(pandya.total).toBe(105 + pandya.recent[1]!.points);
    expect(pandya.average).toBe(Math.round((pandya.total / 2) * 10) / 10);
    // Neither side had met the other before.
    expect((await get<TopFantasy>('/match/fantasy/top?match_key=1415725&tab=vs')).players).toEqual([]);
  });

  it('counts only matches against the opponent on vs, whichever side the player was on', async () => {
    // KD Karthik (Gujarat Lions v Kings XI Punjab, 2016) met Kings XI Punjab for Delhi in 2009, and played for them in 2011.
    const vs = await get<TopFantasy>('/match/fantasy/top?match_key=980905&tab=vs');
    const karthik = pointsOf(vs, 'KD Karthik')!;
    expect(karthik.team).toBe('b');
    expect(karthik.recent.map((match) => match.match_key)).toEqual(['392183']);
    const last = await get<TopFantasy>('/match/fantasy/top?match_key=980905&tab=last');
    expect(pointsOf(last, 'KD Karthik')!.recent.map((match) => [match.match_key, match.points])).toEqual([
      ['501254', 112],
      ['392183', karthik.total],
    ]);
  });

  it("before the XIs are named, ranks each side's players of its latest match", async () => {
    const writer = new LiveMatchWriter(db, () => undefined);
    const { matchKey } = await writer.createFixture({
      tournament: { name: 'Fantasy Trophy' },
      teams: [{ name: 'India' }, { name: 'Ireland' }],
      startAt: new Date('2026-12-01T14:00:00Z'),
      format: 't20',
      matchType: 'T20',
      oversLimit: 20,
      ballsPerOver: 6,
      gender: 'male',
      source: 'scorer',
    });
    expect((await get<MatchFantasy>(`/match/fantasy?match_key=${matchKey}`)).players).toEqual([]);
    const top = await get<TopFantasy>(`/match/fantasy/top?match_key=${matchKey}&tab=vs`);
    expect(top.squad_from).toBe('previous');
    // India's latest T20 (v USA, 1415725) and Ireland's (v India, 1415708): they met in 1415708.
    expect(pointsOf(top, 'HH Pandya')).toMatchObject({ team: 'a', matches: 1, total: 105 });
    expect(pointsOf(top, 'A Balbirnie')).toMatchObject({ team: 'b', matches: 1, total: 6 });
    expect(pointsOf(top, 'Aaron Jones')).toBeUndefined();
  });

  it('answers bad input in the error style', async () => {
    const missing = await app.inject({ method: 'GET', url: '/user/v1/match/fantasy?match_key=999999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, message: 'No match with key 999999999' });
    const noKey = await app.inject({ method: 'GET', url: '/user/v1/match/fantasy' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ status: false, message: expect.stringContaining('match_key is required') });
    const badTab = await app.inject({ method: 'GET', url: '/user/v1/match/fantasy/top?match_key=501254&tab=x' });
    expect(badTab.statusCode).toBe(400);
    expect(badTab.json()).toMatchObject({ status: false, message: expect.stringContaining('tab must be one of all, last, venue, vs') });
    const tooLong = await app.inject({ method: 'GET', url: `/user/v1/match/fantasy?match_key=${'9'.repeat(500)}` });
    expect(tooLong.statusCode).toBe(400);
  });
});
