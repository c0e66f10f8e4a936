// The scorer console's API over the real app and live engine (PGlite; PostgreSQL too when
// TEST_DATABASE_URL is set): roles, csrf, a fixture made with new players, the toss, XIs, balls
// written once whatever the resends, undo that cannot take back two balls, breaks, the end.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { Role } from '../../src/server/db/schema.ts';
import { CSRF_HEADER, SESSION_COOKIE } from '../../src/server/auth/index.ts';
import { csrfTokenFor } from '../../src/server/auth/csrf.ts';
import { accountsApp, createUser, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { emptyDatabase, queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';

const engines = await databasesUnderTest();

const SCORER = '9876500001';
const FAN = '9876500002';

const squad = (prefix: string) => Array.from({ length: 11 }, (_unused, index) => ({ name: `${prefix} Player ${index + 1}` }));

describe.each(engines)('scorer API on %s', (_engine, open) => {
  let db: Db;
  let accounts: AccountsApp;
  const tokens: Record<string, string> = {};

  const signIn = async (phone: string, role: Role) => {
    const id = await createUser(db, phone, 'ab12cd', role);
    tokens[phone] = (await accounts.auth.sessions.create(id, 'vitest')).token;
  };
  const call = (method: 'GET' | 'POST', url: string, options: { phone?: string; payload?: unknown } = {}) =>
    accounts.app.inject({
      method,
      url: `/user/v1${url}`,
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
      headers: options.phone ? { authorization: `Bearer ${tokens[options.phone]}` } : {},
    });
  const scorer = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(method, url, { phone: SCORER, payload });

  let matchKey = '';
  let players: { a: { key: string; name: string }[]; b: { key: string; name: string }[] };

  beforeAll(async () => {
    db = await open();
    await sql`truncate users restart identity cascade`.execute(db.kysely);
    // The console lists every match made on it: a shared server starts with none.
    await emptyDatabase(db);
    accounts = await accountsApp(db);
    await signIn(SCORER, 'scorer');
    await signIn(FAN, 'user');
  });
  afterAll(async () => {
    await accounts?.close();
    await sql`delete from matches where source = 'scorer'`.execute(db.kysely);
    await db.close();
  });

  it('is for scorers and admins only', async () => {
    expect((await call('GET', '/scorer/matches')).statusCode).toBe(401);
    expect((await call('GET', '/scorer/matches', { phone: FAN })).statusCode).toBe(403);
    const refused = await call('POST', '/scorer/fixtures', { phone: FAN, payload: {} });
    expect(refused.statusCode).toBe(403);
    expect((await scorer('GET', '/scorer/matches')).json()).toEqual({ status: true, data: [] });
  });

  it('refuses a cookie write without the csrf header, and takes it with one', async () => {
    const cookie = `${SESSION_COOKIE}=${tokens[SCORER]}`;
    const body = { idempotency_key: 'abcdefgh-1', ball: {} };
    const without = await accounts.app.inject({ method: 'POST', url: '/user/v1/scorer/matches/nope/balls', headers: { cookie, origin: SITE_ORIGIN }, payload: body });
    expect(without.statusCode).toBe(403);
    const withCsrf = await accounts.app.inject({
      method: 'POST',
      url: '/user/v1/scorer/matches/nope/balls',
      headers: { cookie, origin: SITE_ORIGIN, [CSRF_HEADER]: csrfTokenFor(tokens[SCORER]!) },
      payload: body,
    });
    // Past the csrf check: the body is what is wrong now.
    expect(withCsrf.statusCode).toBe(400);
  });

  it('refuses a fixture that cannot be one', async () => {
    const base = { tournament: { name: 'Console Cup' }, teams: [{ name: 'Reds' }, { name: 'reds' }], start_at: '2026-12-01T14:00:00+05:30', format: 't20', overs_limit: 20 };
    const same = await scorer('POST', '/scorer/fixtures', base);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toContain('The two teams must differ');
    const test = await scorer('POST', '/scorer/fixtures', { ...base, teams: [{ name: 'Reds' }, { name: 'Blues' }], format: 'test' });
    expect(test.json().message).toContain('overs_limit is null for a Test');
    const noOffset = await scorer('POST', '/scorer/fixtures', { ...base, teams: [{ name: 'Reds' }, { name: 'Blues' }], start_at: '2026-12-01T14:00' });
    expect(noOffset.statusCode).toBe(400);
    const unknownPlayer = await scorer('POST', '/scorer/fixtures', { ...base, teams: [{ name: 'Reds' }, { name: 'Blues' }], squads: { a: [{ key: 'no-such-person' }], b: [] } });
    expect(unknownPlayer.statusCode).toBe(400);
    const tooMany = await scorer('POST', '/scorer/fixtures', { ...base, teams: [{ name: 'Reds' }, { name: 'Blues' }], squads: { a: squad('A').concat(squad('B'), squad('C')), b: [] } });
    expect(tooMany.statusCode).toBe(400);
    expect((await scorer('GET', '/scorer/matches')).json().data, 'nothing made by a refused fixture').toEqual([]);
  });

  it('creates a fixture with new players, not started, with its start time', async () => {
    const created = await scorer('POST', '/scorer/fixtures', {
      tournament: { name: 'Console Cup' },
      teams: [{ name: 'Console Reds' }, { name: 'Console Blues' }],
      venue: { name: 'Oval Maidan', city: 'Mumbai' },
      start_at: '2026-12-01T14:00:00+05:30',
      format: 't20',
      overs_limit: 20,
      balls_per_over: 6,
      gender: 'male',
      squads: { a: squad('Red'), b: squad('Blue') },
    });
    expect(created.statusCode).toBe(200);
    matchKey = created.json().data.match_key;
    const state = await scorer('GET', `/scorer/matches/${matchKey}`);
    expect(state.statusCode).toBe(200);
    const data = state.json().data;
    expect(data).toMatchObject({
      match_key: matchKey,
      status: 'not_started',
      play_status: 'scheduled',
      format: 't20',
      overs_limit: 20,
      start_at: Date.parse('2026-12-01T08:30:00Z') / 1000,
      toss: null,
      innings: [],
      current: null,
    });
    expect(data.players.a.map((player: { name: string }) => player.name)).toEqual(squad('Red').map((player) => player.name));
    for (const player of [...data.players.a, ...data.players.b]) expect(player.key).toMatch(/^crease-[0-9a-f]{8}$/);
    players = data.players;
    const list = await scorer('GET', '/scorer/matches');
    expect(list.json().data).toEqual([expect.objectContaining({ match_key: matchKey, status: 'not_started', title: 'Console Reds v Console Blues, Console Cup 2026' })]);
    const found = await scorer('GET', '/scorer/people?q=red%20player%201');
    expect(found.json().data.map((player: { name: string }) => player.name)).toEqual(['Red Player 1', 'Red Player 10', 'Red Player 11']);
    expect((await scorer('GET', '/scorer/people?q=%25')).statusCode, 'one letter is too short').toBe(400);
    expect((await scorer('GET', '/scorer/people?q=%25%25')).json().data, "'%' is a letter, not a pattern").toEqual([]);
    expect((await scorer('GET', '/scorer/teams?q=console')).json().data).toEqual([{ name: 'Console Blues' }, { name: 'Console Reds' }]);
  });

  it('scores: toss, innings, balls written once whatever the resends, a wicket with its fielder', async () => {
    expect((await scorer('POST', `/scorer/matches/${matchKey}/toss`, { winner: 'b', decision: 'field' })).statusCode).toBe(200);
    const xi = players.a.map((player) => player.key);
    const outsider = await scorer('POST', `/scorer/matches/${matchKey}/xi`, { side: 'a', player_keys: xi.slice(0, 10), captain_key: xi[10] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toMatch(/captain must be in the XI/);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/xi`, { side: 'a', player_keys: xi, captain_key: xi[2], keeper_key: xi[5] })).statusCode).toBe(200);
    const squad = (await call('GET', `/get/squad?match_key=${matchKey}`)).json().data.team.a.players as { player_key: string; captain: boolean; keeper: boolean }[];
    expect(squad.filter((player) => player.captain).map((player) => player.player_key)).toEqual([xi[2]]);
    expect(squad.filter((player) => player.keeper).map((player) => player.player_key)).toEqual([xi[5]]);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/innings`, { batting_side: 'a' })).statusCode).toBe(200);
    const [bat1, bat2, bat3] = players.a.map((player) => player.key);
    const bowler = players.b[10]!.key;
    const fielder = players.b[3]!.key;
    const ball = (runs: number, extra: Record<string, number> = {}) => {
      const extras = Object.values(extra).reduce((sum, value) => sum + value, 0);
      return {
        batter: bat1,
        non_striker: bat2,
        bowler,
        runs: { batter: runs, extras, total: runs + extras },
        ...(extras > 0 ? { extras: extra } : {}),
      };
    };
    const first = await scorer('POST', `/scorer/matches/${matchKey}/balls`, { idempotency_key: 'ball-0001', ball: ball(4) });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ duplicate: false });
    const again = await scorer('POST', `/scorer/matches/${matchKey}/balls`, { idempotency_key: 'ball-0001', ball: ball(4) });
    expect(again.json().data).toEqual({ ...first.json().data, duplicate: true });
    await scorer('POST', `/scorer/matches/${matchKey}/balls`, { idempotency_key: 'ball-0002', ball: ball(0, { wides: 1 }) });
    const malformed = await scorer('POST', `/scorer/matches/${matchKey}/balls`, { idempotency_key: 'ball-0003', ball: { ...ball(1), runs: { batter: 1, extras: 0, total: 3 } } });
    expect(malformed.statusCode).toBe(400);
    const wicket = await scorer('POST', `/scorer/matches/${matchKey}/balls`, {
      idempotency_key: 'ball-0004',
      ball: { ...ball(0), wickets: [{ player_out: bat1, kind: 'caught', fielders: [{ key: fielder }] }] },
    });
    expect(wicket.statusCode).toBe(200);
    const state = (await scorer('GET', `/scorer/matches/${matchKey}`)).json().data;
    expect(state).toMatchObject({
      status: 'started',
      play_status: 'in_play',
      toss: { winner: 'b', decision: 'field' },
      innings: [{ number: 1, batting_side: 'a', runs: 5, wickets: 1, legal_balls: 2, closed: false }],
      current: { innings: 1, batting_side: 'a', bowler, out: [bat1], last_ball_key: wicket.json().data.ball_key, balls_in_over: 2 },
    });
    const stored = await queryRows<{ n: number }>(db, `select count(*)::int as n from ball_idempotency bi join matches m on m.id = bi.match_id where m.match_key = '${matchKey}'`);
    expect(stored[0]!.n).toBe(3);

    // Undo names the ball: a retried undo (the first already done) takes nothing more back.
    const undo = await scorer('POST', `/scorer/matches/${matchKey}/undo`, { ball_key: wicket.json().data.ball_key });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data.ball_key).toBe(wicket.json().data.ball_key);
    const retried = await scorer('POST', `/scorer/matches/${matchKey}/undo`, { ball_key: wicket.json().data.ball_key });
    expect(retried.statusCode).toBe(409);
    const after = (await scorer('GET', `/scorer/matches/${matchKey}`)).json().data;
    expect(after.innings[0]).toMatchObject({ runs: 5, wickets: 0, legal_balls: 1 });
    expect(after.current).toMatchObject({ out: [], striker: bat1, non_striker: bat2 });
    expect(bat3).toBeDefined();
  });

  it('breaks, ends the innings and completes the match', async () => {
    expect((await scorer('POST', `/scorer/matches/${matchKey}/break`, { reason: 'drinks' })).statusCode).toBe(200);
    expect((await scorer('GET', `/scorer/matches/${matchKey}`)).json().data.play_status).toBe('drinks_break');
    expect((await scorer('POST', `/scorer/matches/${matchKey}/break`, { reason: 'nap' })).statusCode).toBe(400);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/break`, { reason: null })).statusCode).toBe(200);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/penalty`, { side: 'a', runs: 3 })).statusCode).toBe(400);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/penalty`, { side: 'a', runs: 5 })).statusCode).toBe(200);
    expect((await scorer('GET', `/scorer/matches/${matchKey}`)).json().data.innings[0].runs).toBe(10);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/revised-target`, { runs: 120, overs: 15 })).statusCode).toBe(200);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/innings/end`, { declared: false })).statusCode).toBe(200);
    const between = (await scorer('GET', `/scorer/matches/${matchKey}`)).json().data;
    expect(between.current).toBeNull();
    expect(between.innings[0].closed).toBe(true);
    expect((await scorer('POST', `/scorer/matches/${matchKey}/complete`, { player_of_match: [players.a[0]!.key] })).statusCode).toBe(200);
    expect((await scorer('GET', `/scorer/matches/${matchKey}`)).json().data.status).toBe('completed');
    const late = await scorer('POST', `/scorer/matches/${matchKey}/break`, { reason: 'rain' });
    expect(late.statusCode, 'a finished match takes no more play').toBe(409);
  });

  it('scores only matches made on the console', async () => {
    const response = await scorer('POST', '/scorer/matches/1529312/toss', { winner: 'a', decision: 'bat' });
    expect(response.statusCode).toBe(404);
    expect((await scorer('GET', '/scorer/matches/no-such-match')).statusCode).toBe(404);
  });
});
