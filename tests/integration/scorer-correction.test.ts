// Correcting an earlier ball from the scorer console (decision 075): over HTTP as the console
// sends it, through the live engine and the one write path, heard by a real Socket.IO fan whose
// list is kept by the live view's own store (applyEvent). The fan ends with every ball once, the
// corrected one replaced in place, and the same score get/commentory and the match object serve;
// the console's over is the server's. Only scorers may correct, only from the state they saw, and
// a correction cannot move the balls after it. PGlite always, PostgreSQL when TEST_DATABASE_URL answers.
import { io as connectClient, type Socket } from 'socket.io-client';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { Role } from '../../src/server/db/schema.ts';
import { presentCommentary } from '../../src/server/wire/presenters/match-centre.ts';
import { presentMatchObject } from '../../src/server/wire/presenters/match.ts';
import { applyEvent, type LiveEvent, type LiveMatchState } from '../../src/stores/live-match.ts';
import { accountsApp, createUser, type AccountsApp } from '../helpers/accounts.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { startLiveServer, type LiveServer } from '../helpers/live-server.ts';

const SCORER = '9876500101';
const FAN = '9876500102';

const squad = (prefix: string) => Array.from({ length: 11 }, (_unused, index) => ({ name: `${prefix} Fixer ${index + 1}` }));

describe.each(await databasesUnderTest())('correcting a ball on %s', (_engine, open) => {
  let db: Db;
  let live: LiveServer;
  let accounts: AccountsApp;
  let socket: Socket;
  const tokens: Record<string, string> = {};
  let fan: LiveMatchState;
  const outcomes: string[] = [];

  const call = (method: 'GET' | 'POST', url: string, phone: string, payload?: unknown) =>
    accounts.app.inject({
      method,
      url: `/user/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as string }),
      headers: { authorization: `Bearer ${tokens[phone]}` },
    });
  const scorer = (method: 'GET' | 'POST', url: string, payload?: unknown) => call(method, url, SCORER, payload);

  beforeAll(async () => {
    db = await open();
    await sql`truncate users restart identity cascade`.execute(db.kysely);
    live = await startLiveServer(db);
    accounts = await accountsApp(db, { appOptions: { live: live.engine } });
    for (const [phone, role] of [[SCORER, 'scorer'], [FAN, 'user']] as const satisfies [string, Role][]) {
      const id = await createUser(db, phone, 'ab12cd', role);
      tokens[phone] = (await accounts.auth.sessions.create(id, 'vitest')).token;
    }
    socket = connectClient(live.url, { transports: ['websocket'] });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await accounts?.close();
    await sql`delete from matches where source = 'scorer'`.execute(db.kysely);
    await live?.close();
  });

  it('replaces any ball of the innings for fans in place, through the write path, from the state the scorer saw', async () => {
    const created = await scorer('POST', '/scorer/fixtures', {
      tournament: { name: 'Correction Cup' },
      teams: [{ name: 'Fixers' }, { name: 'Menders' }],
      start_at: '2026-12-01T14:00:00+05:30',
      format: 't20',
      overs_limit: 20,
      squads: { a: squad('Red'), b: squad('Blue') },
    });
    const matchKey = created.json().data.match_key as string;
    const players = (await scorer('GET', `/scorer/matches/${matchKey}`)).json().data.players as Record<'a' | 'b', { key: string }[]>;

    // The fan watches from before the toss: every event goes through the live view's store.
    fan = { matchKey, sequence: 0, live: null, innings: {}, balls: [] } as LiveMatchState;
    let heardUpTo = 0;
    const hear = (name: 'score' | 'commentory') => (payload: LiveEvent['payload']) => {
      const applied = applyEvent(fan, { name, payload } as LiveEvent);
      outcomes.push(applied.outcome);
      fan = applied.state;
      heardUpTo = Math.max(heardUpTo, payload.sequence);
    };
    socket.on('score', hear('score'));
    socket.on('commentory', hear('commentory'));
    socket.emit('sub', { match_key: matchKey });
    await new Promise((resolve) => setTimeout(resolve, 200));

    await scorer('POST', `/scorer/matches/${matchKey}/toss`, { winner: 'a', decision: 'bat' });
    await scorer('POST', `/scorer/matches/${matchKey}/innings`, {});
    const [bat1, bat2] = players.a.map((player) => player.key) as [string, string];
    const [bowler1, bowler2, fielder] = [players.b[10]!.key, players.b[9]!.key, players.b[2]!.key];
    const ball = (striker: string, other: string, bowler: string, runs: number, more: Record<string, unknown> = {}) => ({
      batter: striker,
      non_striker: other,
      bowler,
      runs: { batter: runs, extras: 0, total: runs },
      ...more,
    });
    // Over 1: 1, 0, wide, 4, 0, 2, 0; over 2: 1, 6.
    const bowled = [
      ball(bat1, bat2, bowler1, 1),
      ball(bat2, bat1, bowler1, 0),
      { ...ball(bat2, bat1, bowler1, 0), runs: { batter: 0, extras: 1, total: 1 }, extras: { wides: 1 } },
      ball(bat2, bat1, bowler1, 4),
      ball(bat2, bat1, bowler1, 0),
      ball(bat2, bat1, bowler1, 2),
      ball(bat2, bat1, bowler1, 0),
      ball(bat1, bat2, bowler2, 1),
      ball(bat2, bat1, bowler2, 6),
    ];
    const keys: string[] = [];
    for (const [index, fields] of bowled.entries()) {
      const answer = await scorer('POST', `/scorer/matches/${matchKey}/balls`, { idempotency_key: `fix-ball-${index}`, ball: fields });
      expect(answer.statusCode, answer.body).toBe(200);
      keys.push(answer.json().data.ball_key);
    }
    let state = (await scorer('GET', `/scorer/matches/${matchKey}`)).json().data;
    expect(state.current.balls.map((entry: { symbol: string }) => entry.symbol)).toEqual(['1', '.', 'wd', '4', '.', '2', '.', '1', '6']);
    expect(state.current.balls.map((entry: { key: string }) => entry.key)).toEqual(keys);
    expect(state.innings[0]).toMatchObject({ runs: 15, wickets: 0, legal_balls: 8 });

    // The second ball of the first over was a catch, not a dot: corrected now, eight balls later.
    const second = keys[1]!;
    const caught = ball(bat2, bat1, bowler1, 0, { wickets: [{ player_out: bat2, kind: 'caught', fielders: [{ key: fielder }] }] });
    const stale = await scorer('POST', `/scorer/matches/${matchKey}/balls/${second}`, { sequence: state.sequence - 1, ball: caught });
    expect(stale.statusCode, 'from a state the scorer did not see last').toBe(409);
    expect(stale.json().message).toBe('The match has changed since you last saw it: reload it to see what the last ball is.');
    const byFan = await call('POST', `/scorer/matches/${matchKey}/balls/${second}`, FAN, { sequence: state.sequence, ball: caught });
    expect(byFan.statusCode, 'a fan may not correct').toBe(403);
    const moved = await scorer('POST', `/scorer/matches/${matchKey}/balls/${second}`, {
      sequence: state.sequence,
      ball: { ...ball(bat2, bat1, bowler1, 0), runs: { batter: 0, extras: 1, total: 1 }, extras: { noballs: 1 } },
    });
    expect(moved.statusCode, 'a legal ball cannot become a no-ball').toBe(409);
    expect(moved.json().message).toMatch(/a legal ball cannot become a wide or no-ball by a correction/);

    const sequenceBefore = heardUpTo;
    const corrected = await scorer('POST', `/scorer/matches/${matchKey}/balls/${second}`, { sequence: state.sequence, ball: caught });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().data).toEqual({ sequence: sequenceBefore + 1, ball_key: second });
    await expect.poll(() => heardUpTo).toBe(sequenceBefore + 2);

    // Through the write path: the innings is derived again, the console and the public pages agree.
    state = (await scorer('GET', `/scorer/matches/${matchKey}`)).json().data;
    expect(state.innings[0]).toMatchObject({ runs: 15, wickets: 1, legal_balls: 8 });
    expect(state.current.out).toEqual([bat2]);
    expect(state.current.balls.map((entry: { symbol: string }) => entry.symbol)).toEqual(['1', 'W', 'wd', '4', '.', '2', '.', '1', '6']);
    const [commentary, detail] = await Promise.all([live.services.matchCentre.commentary(matchKey, 'en'), live.services.matchCentre.detail(matchKey, 'en')]);
    const stored = presentCommentary(commentary!).related_balls;

    // The fan heard every event in order and holds every ball once, the corrected one in place.
    expect(outcomes.filter((outcome) => outcome !== 'applied')).toEqual([]);
    expect(fan.balls.map((entry) => entry.key).sort()).toEqual([...keys].sort());
    expect(fan.balls.map((entry) => entry.key).sort()).toEqual(stored.map((entry) => entry.key).sort());
    const heardBall = fan.balls.find((entry) => entry.key === second)!;
    expect(heardBall.wicket?.player_key).toBe(bat2);
    expect(heardBall.comment).toBe(stored.find((entry) => entry.key === second)!.comment);
    expect(fan.live).toEqual(presentMatchObject(detail!).play.live);
    expect(fan.innings).toEqual(presentMatchObject(detail!).play.innings);

    // The log replays the same: a fan catching up from before the correction gets the ball again under its key.
    const missed = await live.engine.eventsSince(matchKey, sequenceBefore);
    expect(missed.map((event) => event.event)).toEqual(['commentory', 'score']);
    const again = missed[0]!.payload as { commentory: { key: string; update_reason: string | null; is_delete: boolean }[] };
    expect(again.commentory.map((entry) => [entry.key, entry.update_reason, entry.is_delete])).toEqual([[second, 'correction', false]]);

    // Undo twice, each from the state the console read after the last: the console's sequence is the server's.
    for (const legal of [7, 6]) {
      const seen = (await scorer('GET', `/scorer/matches/${matchKey}`)).json().data;
      const undone = await scorer('POST', `/scorer/matches/${matchKey}/undo`, { sequence: seen.sequence });
      expect(undone.statusCode, undone.body).toBe(200);
      expect((await scorer('GET', `/scorer/matches/${matchKey}`)).json().data.innings[0].legal_balls).toBe(legal);
    }
  });
});
