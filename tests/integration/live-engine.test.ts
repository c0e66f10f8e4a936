// The live engine end to end: commands through the one write path, events in the match's log,
// pushed over a real Socket.IO server to a real client, caught up after a gap. PGlite always,
// PostgreSQL when TEST_DATABASE_URL answers.
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/client.ts';
import { RECENT_BALLS_READ } from '../../src/server/domain/live.ts';
import type { Live } from '../../src/server/realtime/fan-out.ts';
import { createServices } from '../../src/server/services/index.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { cardEvent, commentoryEvent, scoreEvent, type CardEvent, type CommentoryEvent, type ScoreEvent } from '../../src/server/wire/schemas/realtime.ts';
import { expectToMatchSchema } from '../helpers/api-contract.ts';
import { queryNumber } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey as key, openerKkr as kkr, openerRcb as rcb, startLiveServer, type LiveServer } from '../helpers/live-server.ts';


interface Heard {
  event: string;
  /** Checked against its event's schema before a test reads further into it. */
  payload: ScoreEvent & CommentoryEvent & CardEvent;
}

/** A client subscribed to a match (and the home room) recording every event it hears. */
async function listener(url: string, matchKey: string): Promise<{ socket: Socket; heard: Heard[] }> {
  const socket = connectClient(url, { transports: ['websocket'] });
  const heard: Heard[] = [];
  for (const event of ['score', 'commentory', 'card']) socket.on(event, (payload: Heard['payload']) => heard.push({ event, payload }));
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  socket.emit('sub', { match_key: matchKey });
  socket.emit('sub_home');
  // A round trip: the server handled 'sub' before it answers a later catch-up.
  await new Promise<void>((resolve) => {
    socket.once('score', () => resolve());
    socket.once('error_message', () => resolve());
    socket.emit('catchup', { match_key: matchKey, after_sequence: 2 ** 31 - 1 });
    setTimeout(resolve, 200);
  });
  return { socket, heard };
}

const ball = (batter: string, nonStriker: string, bowler: string, runs: number, more: Partial<CricsheetBall> = {}): CricsheetBall => ({
  batter: key(batter),
  non_striker: key(nonStriker),
  bowler: key(bowler),
  runs: { batter: runs, extras: 0, total: runs },
  ...more,
});

describe.each(await databasesUnderTest())('live engine on %s', (_name, open) => {
  let db: Db;
  let live: LiveServer;
  let engine: Live;
  let url: string;
  let matchKey: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await open();
    live = await startLiveServer(db);
    ({ engine, url } = live);
    ({ matchKey } = await engine.createFixture(t20Fixture({
      tournament: { name: 'Live Test Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      venue: { name: 'Eden Gardens', city: 'Kolkata' },
      squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
    })));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live?.close();
  });

  it('pushes one commentory and one score per ball, with consecutive sequences, each payload as its schema says', async () => {
    const fan = await listener(url, matchKey);
    sockets.push(fan.socket);
    await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await engine.startInnings(matchKey, { battingSide: 'a' });
    const start = (await engine.lastSequence(matchKey))!;
    expect(start).toBe(2);
    const [ganguly, mccullum, praveen] = [kkr[0]!, kkr[1]!, rcb.find((name) => name === 'P Kumar')!];
    const first = await engine.recordBall(matchKey, ball(ganguly, mccullum, praveen, 0, { extras: { legbyes: 1 }, runs: { batter: 0, extras: 1, total: 1 } }), {
      idempotencyKey: 'k1',
    });
    const second = await engine.recordBall(matchKey, ball(mccullum, ganguly, praveen, 4), { idempotencyKey: 'k2' });
    expect([first.sequence, second.sequence]).toEqual([start + 1, start + 3]);
    expect(first.duplicate || second.duplicate).toBe(false);

    await expect.poll(() => fan.heard.filter((heard) => heard.event !== 'card').length).toBe(6);
    const matchEvents = fan.heard.filter((heard) => heard.event !== 'card');
    expect(matchEvents.map((heard) => [heard.event, heard.payload.sequence])).toEqual([
      ['score', 1],
      ['score', 2],
      ['commentory', 3],
      ['score', 4],
      ['commentory', 5],
      ['score', 6],
    ]);
    for (const { event, payload } of matchEvents) expectToMatchSchema(event === 'score' ? scoreEvent : commentoryEvent, payload, event);
    for (const { payload } of fan.heard.filter((heard) => heard.event === 'card')) expectToMatchSchema(cardEvent, payload, 'card');
    const four = matchEvents[4]!.payload;
    expect(four.commentory[0]!.key).toBe(second.ballKey);
    expect(four.commentory[0]!.batsman).toMatchObject({ runs: 4, is_four: true, player_key: key(mccullum), ball_count: 1 });
    const score = matchEvents[5]!.payload;
    expect(score.innings.a_1?.score).toMatchObject({ runs: 5, balls: 2 });
    expect(score.live).toMatchObject({ batting_team: 'a', striker_key: key(mccullum), last_ball_key: second.ballKey, score: { runs: 5, wickets: 0 } });
    expect(four.live?.last_ball_key).toBe(second.ballKey);
    // The score after a ball carries the win probability after it, as match/winprob's last ball.
    expect(matchEvents[1]!.payload.win_probability).toBeNull();
    expect(score.win_probability).toMatchObject({ innings: 1, over: 0, ball: 2, draw: null });
    expect(score.win_probability!.a_win).toBeGreaterThan(0);
    expect(score.win_probability!.a_win).toBeLessThan(1);
  });

  it('a ball sent again with its idempotency key writes nothing and pushes nothing', async () => {
    const fan = await listener(url, matchKey);
    sockets.push(fan.socket);
    const before = await engine.lastSequence(matchKey);
    const balls = await queryNumber(db, `select count(*) from live_events where match_id = (select id from matches where match_key = '${matchKey}')`);
    const again = await engine.recordBall(matchKey, ball(kkr[1]!, kkr[0]!, 'P Kumar', 4), { idempotencyKey: 'k2' });
    expect(again.duplicate).toBe(true);
    expect(again.sequence).toBe(5);
    expect(await engine.lastSequence(matchKey)).toBe(before);
    expect(await queryNumber(db, `select count(*) from live_events where match_id = (select id from matches where match_key = '${matchKey}')`)).toBe(balls);
    // Scored once: 5 runs from two balls.
    const [score] = await engine.eventsSince(matchKey, before! - 1);
    expect(score?.event === 'score' && score.payload.innings.a_1?.score.runs).toBe(5);
    // A later ball's events reach the fan; nothing came before them.
    await engine.recordBall(matchKey, ball(kkr[1]!, kkr[0]!, 'P Kumar', 1), { idempotencyKey: 'k3' });
    await expect.poll(() => fan.heard.filter((heard) => heard.event !== 'card').length).toBe(2);
    expect(fan.heard.filter((heard) => heard.event !== 'card').map((heard) => heard.payload.sequence)).toEqual([before! + 1, before! + 2]);
  });

  it('undo pushes the ball again with is_delete, then the score without it', async () => {
    const fan = await listener(url, matchKey);
    sockets.push(fan.socket);
    const lastBall = await engine.recordBall(matchKey, ball(kkr[0]!, kkr[1]!, 'P Kumar', 6), { idempotencyKey: 'k4' });
    const undone = await engine.undoLastBall(matchKey);
    expect(undone?.ballKey).toBe(lastBall.ballKey);
    await expect.poll(() => fan.heard.filter((heard) => heard.event !== 'card').length).toBe(4);
    const [, , deletion, score] = fan.heard.filter((heard) => heard.event !== 'card');
    expectToMatchSchema(commentoryEvent, deletion!.payload, 'deletion');
    const deleted = deletion!.payload.commentory[0]!;
    expect(deleted).toMatchObject({ key: lastBall.ballKey, is_delete: true, update_reason: 'undo' });
    expect(deletion!.payload.sequence).toBe(undone!.sequence);
    expect(score!.payload.innings.a_1?.score.runs).toBe(6);
  });

  it("'catchup' after a gap sends exactly the missed events, in order, as they were pushed", async () => {
    const early = await listener(url, matchKey);
    sockets.push(early.socket);
    const seen = (await engine.lastSequence(matchKey))!;
    await engine.recordBall(matchKey, ball(kkr[1]!, kkr[0]!, 'P Kumar', 2), { idempotencyKey: 'k5' });
    await engine.recordBall(matchKey, ball(kkr[1]!, kkr[0]!, 'P Kumar', 0, { wickets: [{ player_out: key(kkr[1]!), kind: 'bowled' }] }), { idempotencyKey: 'k6' });
    await expect.poll(() => early.heard.filter((heard) => heard.event !== 'card').length).toBe(4);
    const pushed = early.heard.filter((heard) => heard.event !== 'card');

    // A fan who saw everything up to `seen` comes back.
    const late = connectClient(url, { transports: ['websocket'] });
    sockets.push(late);
    const caught: Heard[] = [];
    for (const event of ['score', 'commentory']) late.on(event, (payload: Heard['payload']) => caught.push({ event, payload }));
    await new Promise<void>((resolve) => late.on('connect', () => resolve()));
    late.emit('catchup', { match_key: matchKey, after_sequence: seen });
    await expect.poll(() => caught.length).toBe(4);
    expect(caught).toEqual(pushed);
    // Nothing else arrives.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(caught).toHaveLength(4);
  });

  it('an event whose payload was never filled in (the process stopped after the commit) is made from the stored state', async () => {
    const recorded = await engine.recordBall(matchKey, ball(kkr[2]!, kkr[0]!, 'P Kumar', 3), { idempotencyKey: 'k7' });
    const [pushedBall, pushedScore] = await engine.eventsSince(matchKey, recorded.sequence - 1);
    await sql`update live_events set payload = 'null'::jsonb where match_id = (select id from matches where match_key = ${matchKey}) and sequence >= ${recorded.sequence}`.execute(db.kysely);
    const [ballAgain, scoreAgain] = await engine.eventsSince(matchKey, recorded.sequence - 1);
    expect(ballAgain?.event).toBe('commentory');
    expectToMatchSchema(commentoryEvent, ballAgain!.payload, 'rebuilt commentory');
    expectToMatchSchema(scoreEvent, scoreAgain!.payload, 'rebuilt score');
    const withoutTime = (event: typeof pushedBall) =>
      event?.event === 'commentory'
        ? {
            ...event.payload,
            commentory: event.payload.commentory.map((item) => ({ ...item, updated_time: 0 })),
            last_ball_key: event.payload.last_ball_key && { ...event.payload.last_ball_key, updated_time: 0 },
          }
        : event?.payload;
    expect(withoutTime(ballAgain)).toEqual(withoutTime(pushedBall));
    expect(scoreAgain).toEqual(pushedScore);
  });

  it('a ball after an over longer than the engine reads back has the key and entry the whole commentary gives it', async () => {
    // A legal ball, then more wides than the engine reads back for a ball's key (RECENT_BALLS_READ):
    // the next legal ball is the over's second, which only the balls before the wides tell.
    await engine.recordBall(matchKey, ball(kkr[2]!, kkr[0]!, 'P Kumar', 0), { idempotencyKey: 'before-wides' });
    for (let wide = 1; wide <= RECENT_BALLS_READ + 2; wide += 1) {
      await engine.recordBall(matchKey, ball(kkr[2]!, kkr[0]!, 'P Kumar', 0, { extras: { wides: 1 }, runs: { batter: 0, extras: 1, total: 1 } }), {
        idempotencyKey: `wide-${wide}`,
      });
    }
    const recorded = await engine.recordBall(matchKey, ball(kkr[2]!, kkr[0]!, 'P Kumar', 1), { idempotencyKey: 'after-wides' });
    const commentary = await createServices(db).matchCentre.commentary(matchKey, 'en');
    const newest = commentary!.balls[0]!;
    expect(newest.ball.ball).toBe(2);
    expect(recorded.ballKey).toBe(newest.key);
    const [pushed] = await engine.eventsSince(matchKey, recorded.sequence - 1);
    expect(pushed?.event === 'commentory' && pushed.payload.commentory[0]!.key).toBe(newest.key);
    expect(pushed?.event === 'commentory' && pushed.payload.commentory[0]!.comment).toBe(newest.comment);
    expect(pushed?.event === 'commentory' && pushed.payload.commentory[0]!.entry_time).toBe(newest.sequence);
  });

  it("a catch drops the pages of everyone the ball names: the batters', the bowler's and the catcher's", async () => {
    const published: (readonly string[])[] = [];
    const unsubscribe = live.services.feed.subscribe((tags) => void published.push(tags));
    try {
      const catcher = rcb.find((name) => name !== 'P Kumar')!;
      await engine.recordBall(matchKey, ball(kkr[2]!, kkr[0]!, 'P Kumar', 0, {
        wickets: [{ kind: 'caught', player_out: key(kkr[2]!), fielders: [{ name: catcher, key: key(catcher) }] }],
      }), { idempotencyKey: 'caught' });
      const dropped = new Set(published.flat());
      for (const named of [kkr[2]!, kkr[0]!, 'P Kumar', catcher]) expect(dropped, named).toContain(`player:${key(named)}`);
    } finally {
      unsubscribe();
    }
  });

  it('priming the matches in play (a server starting) builds their payloads, and pushes and writes nothing', async () => {
    const fan = await listener(url, matchKey);
    sockets.push(fan.socket);
    const events = `select count(*) from live_events where match_id = (select id from matches where match_key = '${matchKey}')`;
    const before = { sequence: await engine.lastSequence(matchKey), rows: await queryNumber(db, events) };
    const fixture = await engine.createFixture(t20Fixture({
      tournament: { name: 'Live Test Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      venue: { name: 'Eden Gardens', city: 'Kolkata' },
      squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
    }));
    // The match in play is primed; the fixture not started yet is not.
    expect(await engine.primeMatchesInPlay()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fan.heard.filter((heard) => heard.event !== 'card' || heard.payload.match_key !== fixture.matchKey)).toEqual([]);
    expect({ sequence: await engine.lastSequence(matchKey), rows: await queryNumber(db, events) }).toEqual(before);
  });
});
