// The ingest API (a scoring app sends balls with a scorer's API token) and the scorer's API
// tokens, through the whole app; every answer checked against the API contract. PGlite always,
// PostgreSQL when TEST_DATABASE_URL answers.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices } from '../../src/server/services/index.ts';
import { createLive, type Live } from '../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { setUserRole } from '../../src/server/auth/roles.ts';
import { accountsApp, createUser, type AccountsApp } from '../helpers/accounts.ts';
import { queryNumber, queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';

const opener = path.resolve(import.meta.dirname, '../fixtures/cricsheet/335982.json');
const people = (JSON.parse(readFileSync(opener, 'utf8')) as { info: { registry: { people: Record<string, string> } } }).info.registry.people;
const key = (name: string) => people[name]!;

const PASSWORD = 'abc123';
const SCORER_PHONE = '9000000001';
const FAN_PHONE = '9000000002';

const dot = (batter: string, nonStriker: string, runs = 0): CricsheetBall => ({
  batter: key(batter),
  non_striker: key(nonStriker),
  bowler: key('P Kumar'),
  runs: { batter: runs, extras: 0, total: runs },
});

describe.each(await databasesUnderTest())('ingest API on %s', (_name, open) => {
  let db: Db;
  let accounts: AccountsApp;
  let engine: Live;
  let folder: string;
  let matchKey: string;
  let scorerSession: string;
  let fanSession: string;
  let apiToken: string;

  const login = async (phone: string) => {
    const response = await accounts.app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  };
  const ingest = (payload: unknown, token: string | null = apiToken) =>
    accounts.app.inject({
      method: 'POST',
      url: `/user/v1/live/${matchKey}/balls`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload: payload as object,
    });

  beforeAll(async () => {
    db = await open();
    folder = await mkdtemp(path.join(os.tmpdir(), 'live-ingest-'));
    await copyFile(opener, path.join(folder, path.basename(opener)));
    const services = createServices(db);
    await importSources(db, [folder], { publish: (tags) => services.feed.publish(tags) });
    engine = createLive({ db, services, broadcaster: new SocketBroadcaster() });
    accounts = await accountsApp(db, { appOptions: { services, live: engine } });
    await createUser(db, SCORER_PHONE, PASSWORD, 'scorer');
    await createUser(db, FAN_PHONE, PASSWORD, 'user');
    [scorerSession, fanSession] = [await login(SCORER_PHONE), await login(FAN_PHONE)];
    ({ matchKey } = await engine.createFixture(t20Fixture({
      tournament: { name: 'Ingest Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      source: 'ingest',
    })));
    await engine.startInnings(matchKey, { battingSide: 'a' });
  }, 120_000);

  afterAll(async () => {
    await accounts?.close();
    await db?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('API tokens are for scorers: made once, listed without the token, refused to others', async () => {
    const make = (session: string | null) =>
      accounts.app.inject({
        method: 'POST',
        url: '/user/v1/scorer/tokens',
        headers: session === null ? {} : { authorization: `Bearer ${session}` },
        payload: { label: 'Scoring app' },
      });
    expect((await make(null)).statusCode).toBe(401);
    expect((await make(fanSession)).statusCode).toBe(403);
    const made = await make(scorerSession);
    expect(made.statusCode).toBe(200);
    const { token, id, label } = made.json<{ data: { token: string; id: string; label: string } }>().data;
    expect(label).toBe('Scoring app');
    apiToken = token;
    const list = await accounts.app.inject({ method: 'GET', url: '/user/v1/scorer/tokens', headers: { authorization: `Bearer ${scorerSession}` } });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: { id: string }[] }>().data.map((item) => item.id)).toEqual([id]);
    expect(list.body).not.toContain(token);
    // Only a hash is stored.
    expect(await queryNumber(db, `select count(*) from scorer_tokens where token_hash = convert_to('${token}', 'UTF8')`)).toBe(0);
    // An API token is no session: it cannot manage tokens.
    expect((await make(token)).statusCode).toBe(401);
  });

  it('without a scorer token a ball is refused: 401 with none or a wrong one, 403 once the holder is no scorer', async () => {
    expect((await ingest({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') }, null)).statusCode).toBe(401);
    expect((await ingest({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') }, 'crease_st_not-a-token')).statusCode).toBe(401);
    // A session token is not an API token either.
    expect((await ingest({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') }, scorerSession)).statusCode).toBe(401);
    await setUserRole(db, SCORER_PHONE, 'user');
    try {
      expect((await ingest({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') })).statusCode).toBe(403);
    } finally {
      await setUserRole(db, SCORER_PHONE, 'scorer');
    }
    expect(await engine.lastSequence(matchKey)).toBe(1);
  });

  it("a token's last use is listed, and written at most once a minute however many balls it sends", async () => {
    const lastUsed = async () =>
      (await accounts.app.inject({ method: 'GET', url: '/user/v1/scorer/tokens', headers: { authorization: `Bearer ${scorerSession}` } })).json<{
        data: { last_used_at: string | null }[];
      }>().data[0]!.last_used_at;
    await db.kysely.updateTable('scorer_tokens').set({ last_used_at: null }).execute();
    // A ball refused for its sequence still uses the token.
    const outOfOrder = { sequence: 99, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') };
    expect((await ingest(outOfOrder)).statusCode).toBe(409);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await ingest(outOfOrder)).statusCode).toBe(409);
    expect(await lastUsed()).toBe(first);
    // A minute later, the next use is recorded.
    await db.kysely.updateTable('scorer_tokens').set({ last_used_at: new Date(Date.parse(first!) - 61_000) }).execute();
    expect((await ingest(outOfOrder)).statusCode).toBe(409);
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(first!) - 61_000);
  });

  it('is idempotent by sequence, refuses a different ball for a used sequence and a sequence out of order', async () => {
    const first = await ingest({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') });
    expect(first.statusCode).toBe(200);
    const written = first.json<{ data: { ball_key: string; duplicate: boolean; event_sequence: number } }>().data;
    expect(written.duplicate).toBe(false);
    const again = await ingest({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: unknown }>().data).toEqual({ ...written, duplicate: true });
    const other = await ingest({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum', 4) });
    expect(other.statusCode).toBe(409);
    // The app is told which sequence comes next, as for one out of order (issue 26).
    expect(other.json<{ expected_sequence: number; message: string }>()).toMatchObject({
      expected_sequence: 2,
      message: 'Ball 1 was already sent as a different ball: the next ball is 2.',
    });
    const ahead = await ingest({ sequence: 3, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') });
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json<{ expected_sequence: number }>().expected_sequence).toBe(2);
    const wrongInnings = await ingest({ sequence: 2, innings: 2, ball: dot('SC Ganguly', 'BB McCullum') });
    expect(wrongInnings.statusCode).toBe(409);
    const second = await ingest({ sequence: 2, innings: 1, ball: dot('SC Ganguly', 'BB McCullum', 2) });
    expect(second.statusCode).toBe(200);
    // Two balls stored, as the commentary shows them.
    const commentary = await accounts.app.inject({ method: 'GET', url: `/user/v1/get/commentory/?match_key=${matchKey}` });
    const balls = commentary.json<{ data: { related_balls: { key: string; runs: number }[] } }>().data.related_balls;
    expect(balls.map((ball) => ball.runs)).toEqual([2, 0]);
    expect(balls[1]!.key).toBe(written.ball_key);
  });

  it('refuses a malformed ball with 400 and writes nothing', async () => {
    const before = await engine.lastSequence(matchKey);
    const cases: unknown[] = [
      { sequence: 3, innings: 1 },
      { sequence: 3, innings: 1, ball: { ...dot('SC Ganguly', 'BB McCullum'), runs: { batter: 1, extras: 0, total: 2 } } },
      { sequence: 3, innings: 1, ball: { ...dot('SC Ganguly', 'BB McCullum'), extras: { wides: 1 } } },
      { sequence: 3, innings: 1, ball: { ...dot('SC Ganguly', 'BB McCullum'), wickets: [{ player_out: key('SC Ganguly'), kind: 'vanished' }] } },
      { sequence: 0, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') },
      { sequence: 3, innings: 1, ball: dot('SC Ganguly', 'BB McCullum'), extra: true },
      { sequence: 3, innings: 1, ball: { ...dot('SC Ganguly', 'BB McCullum'), batter: 'nobody-knows-me' } },
    ];
    for (const payload of cases) {
      const response = await ingest(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // The message names the field at fault (issue 26: a missing bowler read "Invalid input:
    // expected string, received undefined").
    const { bowler: _bowler, ...noBowler } = dot('SC Ganguly', 'BB McCullum');
    const missing = await ingest({ sequence: 3, innings: 1, ball: noBowler });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('ball.bowler is required');
    const negative = await ingest({ sequence: 3, innings: 1, ball: { ...dot('SC Ganguly', 'BB McCullum'), runs: { batter: -1, extras: 0, total: -1 } } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json<{ message: string }>().message).toMatch(/^ball\.runs\.(batter|total)/);
    expect(await engine.lastSequence(matchKey)).toBe(before);
  });

  /** A fixture of the opener's two sides (eleven each), its balls posted through the ingest API. */
  const fixture = async (format: 't20' | 'test', oversLimit: number | null) => {
    const registry = (JSON.parse(readFileSync(opener, 'utf8')) as { info: { players: Record<string, string[]> } }).info.players;
    const [kkr, rcb] = Object.values(registry) as [string[], string[]];
    const made = await engine.createFixture(t20Fixture({
      tournament: { name: 'Ingest Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      source: 'ingest',
      format,
      matchType: format === 'test' ? 'Test' : 'T20',
      oversLimit,
      squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
    }));
    await engine.setToss(made.matchKey, { winner: 'b', decision: 'field' });
    return (payload: object) => accounts.app.inject({ method: 'POST', url: `/user/v1/live/${made.matchKey}/balls`, headers: { authorization: `Bearer ${apiToken}` }, payload });
  };
  const rcbBall = (runs = 0): CricsheetBall => ({ batter: key('R Dravid'), non_striker: key('W Jaffer'), bowler: key('AB Agarkar'), runs: { batter: runs, extras: 0, total: runs } });
  type Answer = { data: { ball_key: string; duplicate: boolean; innings_end: string | null; match_completed: boolean } };

  it("the first ball of the next innings starts it: after the rules closed the one before, or with how it ended; idempotent across the boundary", async () => {
    const post = await fixture('t20', 1);
    // No innings yet: the first ball starts innings 1, batted by the side the toss sent in.
    const opening = await post({ sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum', 1) });
    expect(opening.statusCode).toBe(200);
    const matchKey = (await queryRows<{ match_key: string }>(db, "select match_key from matches where source = 'ingest' order by id desc limit 1"))[0]!.match_key;
    for (let sequence = 2; sequence <= 5; sequence += 1) expect((await post({ sequence, innings: 1, ball: dot('BB McCullum', 'SC Ganguly', 1) })).statusCode).toBe(200);
    // The sixth ball is the last of the one over: the rules close the innings at 9.
    const last = await post({ sequence: 6, innings: 1, ball: dot('SC Ganguly', 'BB McCullum', 4) });
    expect(last.json<Answer>().data).toMatchObject({ innings_end: 'overs', match_completed: false });
    const over = await post({ sequence: 7, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string; innings_in_progress: number | null }>()).toMatchObject({ innings_in_progress: null, message: expect.stringMatching(/innings 1 is over.*innings 2/i) });
    // The chase starts with its first ball: the other side, 10 to win in the one over.
    const chase = await post({ sequence: 7, innings: 2, ball: rcbBall(4) });
    expect(chase.statusCode).toBe(200);
    const resent = await post({ sequence: 7, innings: 2, ball: rcbBall(4) });
    expect(resent.json<Answer>().data).toEqual({ ...chase.json<Answer>().data, duplicate: true });
    expect((await post({ sequence: 6, innings: 1, ball: dot('SC Ganguly', 'BB McCullum', 4) })).json<Answer>().data.duplicate).toBe(true);
    const innings = await queryRows(db, `select innings_no, batting_team, target_runs, target_balls, tally is null as closed from innings i join matches m on m.id = i.match_id where m.match_key = '${matchKey}' order by 1`);
    expect(innings).toEqual([
      { innings_no: 1, batting_team: 'a', target_runs: null, target_balls: null, closed: true },
      { innings_no: 2, batting_team: 'b', target_runs: 10, target_balls: 6, closed: false },
    ]);
    const detail = async () => (await accounts.app.inject({ method: 'GET', url: `/user/v1/match/detail?match_key=${matchKey}` })).json<{ data: { status: string; play: { live: { required_score: { runs: number; balls: number } | null } | null; result: { msg: string } | null } } }>().data;
    expect((await detail()).play.live!.required_score).toMatchObject({ runs: 6, balls: 5 });
    // The winning hit completes the match in its own write: won by 10 wickets.
    const winning = await post({ sequence: 8, innings: 2, ball: rcbBall(6) });
    expect(winning.json<Answer>().data).toMatchObject({ innings_end: 'target', match_completed: true });
    const done = await detail();
    expect(done.status).toBe('completed');
    expect(done.play.result!.msg).toMatch(/^Royal Challengers Bangalore won by 10 wickets/);
    expect((await post({ sequence: 9, innings: 3, ball: rcbBall() })).statusCode).toBe(409);
  });

  it('a Test over the ingest API: a declaration said with the next ball, a follow-on named, the fourth innings chasing to a result', async () => {
    const post = await fixture('test', null);
    let sequence = 0;
    const send = (innings: number, ball: CricsheetBall, more: object = {}) => post({ sequence: (sequence += 1), innings, ball, ...more });
    for (let i = 0; i < 3; i += 1) expect((await send(1, dot('SC Ganguly', 'BB McCullum', 4))).statusCode).toBe(200);
    // Nothing ended innings 1: the next innings' ball must say how it did.
    const unsaid = await send(2, rcbBall());
    expect(unsaid.statusCode).toBe(409);
    expect(unsaid.json<{ message: string; innings_in_progress: number }>()).toMatchObject({ innings_in_progress: 1, message: expect.stringMatching(/"previous_innings": "declared"/) });
    sequence -= 1;
    expect((await send(2, rcbBall(2), { previous_innings: 'declared' })).statusCode).toBe(200);
    // Kolkata 12/0 declared, Bangalore 2 and (following on) 12: Kolkata need 3.
    expect((await send(3, rcbBall(4), { previous_innings: 'closed', batting_team: 'b' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await send(3, rcbBall(4))).statusCode).toBe(200);
    expect((await send(4, dot('SC Ganguly', 'BB McCullum', 2), { previous_innings: 'declared' })).statusCode).toBe(200);
    const matchKey = (await queryRows<{ match_key: string }>(db, "select match_key from matches where source = 'ingest' order by id desc limit 1"))[0]!.match_key;
    expect(
      await queryRows(db, `select innings_no, batting_team, declared, target_runs from innings i join matches m on m.id = i.match_id where m.match_key = '${matchKey}' order by 1`),
    ).toEqual([
      { innings_no: 1, batting_team: 'a', declared: true, target_runs: null },
      { innings_no: 2, batting_team: 'b', declared: false, target_runs: null },
      { innings_no: 3, batting_team: 'b', declared: true, target_runs: null },
      { innings_no: 4, batting_team: 'a', declared: false, target_runs: 3 },
    ]);
    const winning = await send(4, dot('SC Ganguly', 'BB McCullum', 1));
    expect(winning.json<Answer>().data).toMatchObject({ innings_end: 'target', match_completed: true });
    const detail = (await accounts.app.inject({ method: 'GET', url: `/user/v1/match/detail?match_key=${matchKey}` })).json<{ data: { play: { result: { msg: string } } } }>().data;
    expect(detail.play.result.msg).toBe('Kolkata Knight Riders won by 10 wickets');
    // No fifth innings.
    expect((await send(5, rcbBall(), { previous_innings: 'closed' })).statusCode).toBe(409);
  });

  const makeToken = async (payload: object) =>
    accounts.app.inject({ method: 'POST', url: '/user/v1/scorer/tokens', headers: { authorization: `Bearer ${scorerSession}` }, payload });
  const postBall = (key: string, token: string, payload: object) =>
    accounts.app.inject({ method: 'POST', url: `/user/v1/live/${key}/balls`, headers: { authorization: `Bearer ${token}` }, payload });

  it('a token scores only the matches it was issued for, and no replay or imported match', async () => {
    const other = await engine.createFixture(t20Fixture({ tournament: { name: 'Ingest Cup' }, teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }], source: 'ingest' }));
    await engine.startInnings(other.matchKey, { battingSide: 'a' });
    const replay = await engine.createFixture(t20Fixture({ tournament: { name: 'Replay Cup' }, teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }], source: 'replay', isReplay: true, replayOf: '335982' }));
    await engine.startInnings(replay.matchKey, { battingSide: 'a' });

    const scoped = await makeToken({ label: 'One match', match_keys: [other.matchKey] });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json<{ data: { match_keys: string[] } }>().data.match_keys).toEqual([other.matchKey]);
    const scopedToken = scoped.json<{ data: { token: string } }>().data.token;
    // Issued for one match: that one takes its ball, the first match refuses it and stores nothing.
    const before = await engine.lastSequence(matchKey);
    const elsewhere = await postBall(matchKey, scopedToken, { sequence: 3, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json<{ message: string }>().message).toMatch(/not issued for this match/);
    expect(await engine.lastSequence(matchKey)).toBe(before);
    expect((await postBall(other.matchKey, scopedToken, { sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') })).statusCode).toBe(200);

    // A replay and an imported match take no balls from outside, whatever the token.
    const replayBefore = await engine.lastSequence(replay.matchKey);
    for (const key of [replay.matchKey, '335982']) {
      const refused = await postBall(key, apiToken, { sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') });
      expect(refused.statusCode, key).toBe(403);
      expect(refused.json<{ message: string }>().message).toMatch(/replay or an imported match/);
    }
    expect(await engine.lastSequence(replay.matchKey)).toBe(replayBefore);
    expect(await queryNumber(db, `select count(*) from ball_idempotency b join matches m on m.id = b.match_id where m.match_key = '${replay.matchKey}'`)).toBe(0);

    // A token is issued only for matches scored live here.
    for (const keys of [[replay.matchKey], ['335982'], ['no-such-match'], [other.matchKey, other.matchKey], []]) {
      expect((await makeToken({ label: 'Bad scope', match_keys: keys })).statusCode, JSON.stringify(keys)).toBe(400);
    }
    const list = await accounts.app.inject({ method: 'GET', url: '/user/v1/scorer/tokens', headers: { authorization: `Bearer ${scorerSession}` } });
    expect(list.json<{ data: { label: string; match_keys: string[] | null }[] }>().data.map((token) => [token.label, token.match_keys])).toEqual([
      ['One match', [other.matchKey]],
      ['Scoring app', null],
    ]);
    // The revoke test below takes the latest token: the one issued for every match.
    const scopedId = scoped.json<{ data: { id: string } }>().data.id;
    expect((await accounts.app.inject({ method: 'DELETE', url: `/user/v1/scorer/tokens/${scopedId}`, headers: { authorization: `Bearer ${scorerSession}` } })).statusCode).toBe(200);
  });

  it("a console key in the ingest API's form is refused, and a stored one breaks no later ball", async () => {
    const console = await accounts.app.inject({
      method: 'POST',
      url: '/user/v1/scorer/fixtures',
      headers: { authorization: `Bearer ${scorerSession}` },
      payload: { tournament: { name: 'Console Cup' }, teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }], start_at: '2026-12-01T14:00:00+05:30', format: 't20', overs_limit: 20 },
    });
    expect(console.statusCode).toBe(200);
    const consoleKey = console.json<{ data: { match_key: string } }>().data.match_key;
    await engine.startInnings(consoleKey, { battingSide: 'a' });
    const consoleBall = await accounts.app.inject({
      method: 'POST',
      url: `/user/v1/scorer/matches/${consoleKey}/balls`,
      headers: { authorization: `Bearer ${scorerSession}` },
      payload: { idempotency_key: 'seq:abcdefgh', ball: dot('SC Ganguly', 'BB McCullum') },
    });
    expect(consoleBall.statusCode).toBe(400);
    expect(consoleBall.json<{ message: string }>().message).toMatch(/seq:/);
    // A key of that form stored before it was refused (an older server) leaves the ingest API working.
    const written = await engine.recordBall(consoleKey, dot('SC Ganguly', 'BB McCullum'), { idempotencyKey: 'seq:abcdefgh' });
    expect(written.duplicate).toBe(false);
    const ingested = await postBall(consoleKey, apiToken, { sequence: 1, innings: 1, ball: dot('SC Ganguly', 'BB McCullum', 1) });
    expect(ingested.statusCode).toBe(200);
    expect((await postBall(consoleKey, apiToken, { sequence: 3, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') })).json<{ expected_sequence: number }>().expected_sequence).toBe(2);
  });

  it('a ball that makes no cricket sense is refused with the rule it breaks, stores nothing, and leaves the start-up clean', async () => {
    const registry = (JSON.parse(readFileSync(opener, 'utf8')) as { info: { players: Record<string, string[]> } }).info.players;
    const [kkr, rcb] = Object.values(registry) as [string[], string[]];
    // Each side's sheet leaves out its last player: a known person who is not in this match.
    const made = await engine.createFixture(t20Fixture({
      tournament: { name: 'Ingest Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      source: 'ingest',
      squads: { a: kkr.slice(0, -1).map((name) => ({ key: key(name) })), b: rcb.slice(0, -1).map((name) => ({ key: key(name) })) },
    }));
    await engine.setToss(made.matchKey, { winner: 'b', decision: 'field' });
    const post = (sequence: number, ball: CricsheetBall) => postBall(made.matchKey, apiToken, { sequence, innings: 1, ball });
    // Kolkata bat (Ganguly and McCullum), Praveen Kumar bowls the third over.
    expect((await post(1, { ...dot('SC Ganguly', 'BB McCullum'), over: 2 })).statusCode).toBe(200);
    const stored = async () => [
      await engine.lastSequence(made.matchKey),
      await queryNumber(db, `select count(*) from ball_idempotency b join matches m on m.id = b.match_id where m.match_key = '${made.matchKey}'`),
      await queryNumber(db, `select coalesce(sum(length(b.balls)), 0) from innings_balls b join matches m on m.id = b.match_id where m.match_key = '${made.matchKey}'`),
    ];
    const before = await stored();
    const nonsense: [string, number, CricsheetBall][] = [
      ['bowler-is-batter', 400, { ...dot('SC Ganguly', 'BB McCullum'), bowler: key('SC Ganguly') }],
      ['bowler-on-batting-side', 409, { ...dot('SC Ganguly', 'BB McCullum'), bowler: key('RT Ponting') }],
      ['batter-on-fielding-side', 409, dot('R Dravid', 'BB McCullum')],
      ['player-not-in-match', 409, dot(kkr.at(-1)!, 'BB McCullum')],
      ['player-not-in-match', 409, { ...dot('SC Ganguly', 'BB McCullum'), bowler: key(rcb.at(-1)!) }],
      ['out-not-batting', 400, { ...dot('SC Ganguly', 'BB McCullum'), wickets: [{ player_out: key('RT Ponting'), kind: 'caught' }] }],
      ['two-dismissals', 400, { ...dot('SC Ganguly', 'BB McCullum'), wickets: [{ player_out: key('SC Ganguly'), kind: 'run out' }, { player_out: key('BB McCullum'), kind: 'run out' }] }],
      ['over-beyond-limit', 409, { ...dot('SC Ganguly', 'BB McCullum'), over: 999 }],
      ['over-backwards', 409, { ...dot('SC Ganguly', 'BB McCullum'), over: 1 }],
      ['wide-with-byes', 400, { ...dot('SC Ganguly', 'BB McCullum'), extras: { wides: 1, byes: 1 }, runs: { batter: 0, extras: 2, total: 2 } }],
    ];
    for (const [rule, status, ball] of nonsense) {
      const response = await post(2, ball);
      expect([rule, response.statusCode, response.json<{ rule?: string }>().rule]).toEqual([rule, status, rule]);
      expect(response.json<{ message: string }>().message).toContain(rule);
    }
    expect(await stored()).toEqual(before);
    // The live payloads of every match in play are built at start-up from what is stored: all of it makes sense.
    await expect(engine.primeMatchesInPlay()).resolves.toBeGreaterThan(0);
    expect((await post(2, { ...dot('SC Ganguly', 'BB McCullum', 4), over: 2 })).statusCode).toBe(200);
  });

  it('a revoked token scores no more', async () => {
    const [{ id }] = (await accounts.app.inject({ method: 'GET', url: '/user/v1/scorer/tokens', headers: { authorization: `Bearer ${scorerSession}` } })).json<{
      data: { id: string }[];
    }>().data as [{ id: string }];
    const revoke = (session: string) =>
      accounts.app.inject({ method: 'DELETE', url: `/user/v1/scorer/tokens/${id}`, headers: { authorization: `Bearer ${session}` } });
    expect((await revoke(fanSession)).statusCode).toBe(403);
    expect((await revoke(scorerSession)).statusCode).toBe(200);
    expect((await revoke(scorerSession)).statusCode).toBe(404);
    expect((await ingest({ sequence: 3, innings: 1, ball: dot('SC Ganguly', 'BB McCullum') })).statusCode).toBe(401);
  });
});
