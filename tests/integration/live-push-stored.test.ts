// A pushed ball is the stored ball: a T20 replayed through the live engine to a real Socket.IO
// client, and after each ball the 'commentory' event heard compared with what get/commentory and
// the match object then serve for it: catches (fielders who neither bat nor bowl in the innings),
// wides and a run out with two fielders. PGlite always, PostgreSQL when TEST_DATABASE_URL answers.
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { LiveEngine } from '../../src/server/live/engine.ts';
import { replayMatch } from '../../src/server/jobs/replay.ts';
import { presentCommentary } from '../../src/server/api/presenters/match-centre.ts';
import { presentMatchObject } from '../../src/server/api/presenters/match.ts';
import type { CommentoryEvent, LiveBallObject } from '../../src/server/api/schemas/realtime.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { startLiveServer, type LiveServer } from '../helpers/live-server.ts';

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

  beforeAll(async () => {
    db = await open();
    live = await startLiveServer(db);
  }, 120_000);

  afterAll(async () => {
    socket?.close();
    await live?.close();
  });

  it('each pushed commentory ball and its play.live equal what get/commentory and the match object serve after it', async () => {
    const { engine, services, url } = live;
    socket = connectClient(url, { transports: ['websocket'] });
    const heard = new Map<number, CommentoryEvent>();
    const waiting = new Map<number, () => void>();
    socket.on('commentory', (payload: CommentoryEvent) => {
      heard.set(payload.sequence, payload);
      waiting.get(payload.sequence)?.();
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const heardEvent = (sequence: number) =>
      heard.get(sequence) ?? new Promise<CommentoryEvent>((resolve) => waiting.set(sequence, () => resolve(heard.get(sequence)!)));

    let replayKey: string | null = null;
    const compared: { key: string; comment: string; kind: string | null; fielders: number; ballType: string }[] = [];
    // The replay's engine: each ball, once recorded, is compared before the next is sent.
    const checking: LiveEngine = Object.assign(Object.create(engine) as LiveEngine, {
      async createFixture(input: Parameters<LiveEngine['createFixture']>[0]) {
        const created = await engine.createFixture(input);
        replayKey = created.matchKey;
        socket.emit('sub', { match_key: replayKey });
        // A round trip: the server handled 'sub' before it answers the catch-up after it.
        await new Promise<void>((resolve) => {
          socket.once('error_message', () => resolve());
          socket.emit('catchup', { match_key: replayKey, after_sequence: 2 ** 31 - 1 });
          setTimeout(resolve, 200);
        });
        return created;
      },
      async recordBall(...args: Parameters<LiveEngine['recordBall']>) {
        const recorded = await engine.recordBall(...args);
        const pushed = await heardEvent(recorded.sequence);
        const [commentary, detail] = await Promise.all([services.matchCentre.commentary(replayKey!, 'en'), services.matchCentre.detail(replayKey!, 'en')]);
        const stored = presentCommentary(commentary!).related_balls.find((entry) => entry.key === recorded.ballKey);
        const ball = pushed.commentory[0]!;
        expect(ball.key).toBe(recorded.ballKey);
        expect(storedPartOf(ball), `ball ${recorded.ballKey}`).toEqual(stored);
        expect(pushed.live, `play.live after ${recorded.ballKey}`).toEqual(presentMatchObject(detail!).play.live);
        compared.push({ key: ball.key, comment: ball.comment, kind: ball.wicket?.kind ?? null, fielders: ball.fielders.length, ballType: ball.ball_type });
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
});
