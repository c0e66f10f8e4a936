// A pushed ball is the stored ball: a T20 replayed through the live engine to a real Socket.IO
// client, then an over scored by hand, and after each ball the 'commentory' event heard compared
// with what get/commentory and the match object then serve for it: catches (fielders who neither
// bat nor bowl in the innings, a substitute), wides, a no-ball, run outs with two fielders. PGlite always, PostgreSQL when TEST_DATABASE_URL answers.
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { RecordedBall } from '../../src/server/live/engine.ts';
import type { Live } from '../../src/server/realtime/fan-out.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { replayMatch } from '../../src/server/jobs/replay.ts';
import { presentCommentary } from '../../src/server/wire/presenters/match-centre.ts';
import { presentMatchObject } from '../../src/server/wire/presenters/match.ts';
import type { CommentoryEvent, LiveBallObject } from '../../src/server/wire/schemas/realtime.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey as key, openerKkr as kkr, openerRcb as rcb, startLiveServer, type LiveServer } from '../helpers/live-server.ts';

/** The opener (tests/fixtures/cricsheet/335982.json), which startLiveServer imports. */
const SOURCE = '335982';

/** The pushed ball without what only the live feed sends (get/commentory has no such fields). */
function storedPartOf(ball: LiveBallObject): unknown {
  const { fielders: _fielders, ball_type: _type, updated_time: _time, is_delete: _delete, update_reason: _reason, ...entry } = ball;
  const { is_dot_ball: _dot, ball_count: _count, ...batsman } = entry.batsman;
  const { wickets: _wickets, ...teamScore } = entry.team_score;
  return { ...entry, batsman, team_score: teamScore };
}

describe.each(await databasesUnderTest())('pushed balls on %s', (_name, open) => {
  let db: Db;
  let live: LiveServer;
  let socket: Socket;
  const heard = new Map<string, CommentoryEvent>();
  const waiting = new Map<string, () => void>();
  const compared: { key: string; comment: string; kind: string | null; fielders: number; ballType: string }[] = [];

  beforeAll(async () => {
    db = await open();
    live = await startLiveServer(db);
    socket = connectClient(live.url, { transports: ['websocket'] });
    socket.on('commentory', (payload: CommentoryEvent) => {
      const id = `${payload.match_key}:${payload.sequence}`;
      heard.set(id, payload);
      waiting.get(id)?.();
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await live?.close();
  });

  /** Subscribes the client to a match; a round trip makes sure the server handled it. */
  async function subscribe(matchKey: string): Promise<void> {
    socket.emit('sub', { match_key: matchKey });
    await new Promise<void>((resolve) => {
      socket.once('error_message', () => resolve());
      socket.emit('catchup', { match_key: matchKey, after_sequence: 2 ** 31 - 1 });
      setTimeout(resolve, 200);
    });
  }

  /** The recorded ball as the client heard it, against what get/commentory and the match object serve now. */
  async function expectPushedAsStored(matchKey: string, recorded: RecordedBall): Promise<void> {
    const id = `${matchKey}:${recorded.sequence}`;
    const pushed = heard.get(id) ?? (await new Promise<CommentoryEvent>((resolve) => waiting.set(id, () => resolve(heard.get(id)!))));
    const { services } = live;
    const [commentary, detail] = await Promise.all([services.matchCentre.commentary(matchKey, 'en'), services.matchCentre.detail(matchKey, 'en')]);
    const stored = presentCommentary(commentary!).related_balls.find((entry) => entry.key === recorded.ballKey);
    const ball = pushed.commentory[0]!;
    expect(ball.key).toBe(recorded.ballKey);
    expect(storedPartOf(ball), `ball ${recorded.ballKey}`).toEqual(stored);
    expect(pushed.live, `play.live after ${recorded.ballKey}`).toEqual(presentMatchObject(detail!).play.live);
    compared.push({ key: ball.key, comment: ball.comment, kind: ball.wicket?.kind ?? null, fielders: ball.fielders.length, ballType: ball.ball_type });
  }

  it('each pushed commentory ball of a replay and its play.live equal what get/commentory and the match object serve after it', async () => {
    const { engine } = live;
    let replayKey: string | null = null;
    compared.length = 0;
    // The replay's engine: each ball, once recorded, is compared before the next is sent.
    const checking: Live = Object.assign(Object.create(engine) as Live, {
      async createFixture(input: Parameters<Live['createFixture']>[0]) {
        const created = await engine.createFixture(input);
        replayKey = created.matchKey;
        await subscribe(replayKey);
        return created;
      },
      async recordBall(...args: Parameters<Live['recordBall']>) {
        const recorded = await engine.recordBall(...args);
        await expectPushedAsStored(replayKey!, recorded);
        return recorded;
      },
    });

    await replayMatch(db, checking, SOURCE, { ballsPerMinute: 0 });
    expect(compared.length).toBeGreaterThan(200);
    // The match has what the test is for: catches, a run out with two fielders, wides.
    const catches = compared.filter((ball) => ball.kind === 'caught');
    expect(catches.length).toBeGreaterThanOrEqual(8);
    expect(compared.some((ball) => ball.kind === 'run out' && ball.fielders === 2)).toBe(true);
    expect(compared.some((ball) => ball.ballType === 'wide')).toBe(true);
    for (const ball of compared) expect(ball.comment, ball.key).not.toContain('?');
  });

  it('so is a scored over with a no-ball, a catch by a substitute and a run out by a fielder named only by name', async () => {
    const { engine } = live;
    compared.length = 0;
    const { matchKey } = await engine.createFixture(t20Fixture({
      tournament: { name: 'Pushed Ball Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      venue: { name: 'Eden Gardens', city: 'Kolkata' },
      squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
    }));
    await subscribe(matchKey);
    await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await engine.startInnings(matchKey, { battingSide: 'a' });
    const [ganguly, mccullum, ponting] = [kkr[0]!, kkr[1]!, kkr[2]!];
    const bowler = 'P Kumar';
    const ball = (batter: string, nonStriker: string, runs: number, more: Partial<CricsheetBall> = {}): CricsheetBall => ({
      batter: key(batter),
      non_striker: key(nonStriker),
      bowler: key(bowler),
      runs: { batter: runs, extras: 0, total: runs },
      ...more,
    });
    const over: CricsheetBall[] = [
      ball(ganguly, mccullum, 4, { extras: { noballs: 1 }, runs: { batter: 4, extras: 1, total: 5 } }),
      ball(ganguly, mccullum, 0, { extras: { wides: 1 }, runs: { batter: 0, extras: 1, total: 1 } }),
      ball(ganguly, mccullum, 0, { wickets: [{ player_out: key(ganguly), kind: 'caught', fielders: [{ key: key('CL White'), substitute: true }] }] }),
      ball(ponting, mccullum, 1, { wickets: [{ player_out: key(mccullum), kind: 'run out', fielders: [{ name: 'A Fielder' }, { key: key('MV Boucher') }] }] }),
    ];
    for (const [index, sent] of over.entries()) {
      await expectPushedAsStored(matchKey, await engine.recordBall(matchKey, sent, { idempotencyKey: `over:${index}` }));
    }
    expect(compared.map((ball) => [ball.ballType, ball.kind, ball.fielders])).toEqual([
      ['no_ball', null, 0],
      ['wide', null, 0],
      ['normal', 'caught', 1],
      ['normal', 'run out', 2],
    ]);
    for (const ball of compared) expect(ball.comment, ball.key).not.toContain('?');
  });
});
