// The fan's live state against the real engine: a fan loads the match as the page does
// (liveMatchProps from the services), follows it over a real Socket.IO client with the
// browser's code (followMatch + the live match store), and converges on the stored truth
// through balls, a dropped connection mid-over and an undo: no ball missed, none doubled, each
// new ball announced once (read-aloud's queue). PGlite always, PostgreSQL when
// TEST_DATABASE_URL answers.
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { Services } from '../../src/server/services/index.ts';
import type { Live } from '../../src/server/realtime/fan-out.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { presentCommentary } from '../../src/server/wire/presenters/match-centre.ts';
import { liveMatchProps } from '../../src/views/live-match-props.ts';
import { followMatch } from '../../src/lib/live-socket.ts';
import { createLiveMatchStore, type LiveMatchStore } from '../../src/stores/live-match.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey as key, openerKkr as kkr, openerRcb as rcb, startLiveServer, type LiveServer } from '../helpers/live-server.ts';

const [ganguly, mccullum] = [kkr[0]!, kkr[1]!];
const praveen = rcb.find((name) => name === 'P Kumar')!;

const ball = (runs: number, more: Partial<CricsheetBall> = {}): CricsheetBall => ({
  batter: key(ganguly),
  non_striker: key(mccullum),
  bowler: key(praveen),
  runs: { batter: runs, extras: 0, total: runs },
  ...more,
});

describe.each(await databasesUnderTest())('the fan live view against the live engine on %s', (_name, open) => {
  let db: Db;
  let services: Services;
  let live: LiveServer;
  let engine: Live;
  let url: string;
  let matchKey: string;
  let idempotency = 0;
  const sockets: Socket[] = [];

  const score = (b: CricsheetBall) => engine.recordBall(matchKey, b, { idempotencyKey: `k${++idempotency}` });

  /** The commentary and live state as the server holds them now, in the island's format. */
  async function stored() {
    const commentary = await services.matchCentre.commentary(matchKey, 'en');
    const detail = await services.matchCentre.detail(matchKey, 'en');
    return {
      keys: presentCommentary(commentary!)
        .related_balls.sort((x, y) => y.entry_time - x.entry_time)
        .map((b) => b.key),
      runs: detail!.live?.score.runs,
      sequence: await engine.lastSequence(matchKey),
    };
  }

  /** A fan who opens the Commentary tab now, in English or Hindi, and follows the match. */
  async function fan(lang: 'en' | 'hi' = 'en'): Promise<{ store: LiveMatchStore; socket: Socket; announced: string[] }> {
    const detail = await services.matchCentre.detail(matchKey, lang);
    const commentary = await services.matchCentre.commentary(matchKey, lang);
    const props = liveMatchProps(detail!, commentary, 'commentary', lang);
    const store = createLiveMatchStore({ matchKey, sequence: props.sequence, live: props.live, innings: props.innings, balls: props.balls });
    const announced: string[] = [];
    store.onBallsAdded((balls) => announced.push(...balls.map((b) => b.key)));
    const socket = connectClient(url, { transports: ['websocket'] });
    sockets.push(socket);
    followMatch(socket, store, Date.now, () => {}, lang);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return { store, socket, announced };
  }

  async function converged(store: LiveMatchStore) {
    const truth = await stored();
    await expect.poll(() => store.$state.get().sequence).toBe(truth.sequence);
    expect(store.$state.get().balls.map((b) => b.key)).toEqual(truth.keys);
    expect(store.$state.get().live?.score.runs).toBe(truth.runs);
    return truth;
  }

  beforeAll(async () => {
    db = await open();
    live = await startLiveServer(db);
    ({ services, engine, url } = live);
    ({ matchKey } = await engine.createFixture(t20Fixture({
      tournament: { name: 'Live View Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      venue: { name: 'Eden Gardens', city: 'Kolkata' },
      squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
    })));
    await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await engine.startInnings(matchKey, { battingSide: 'a' });
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live?.close();
  });

  it('follows balls, a connection dropped mid-over and an undo, converging on the stored commentary', async () => {
    await score(ball(1));
    // A fan who opened the page after the first ball.
    const { store, socket, announced } = await fan();
    expect(store.$state.get().balls).toHaveLength(1);
    await score(ball(4));
    await score(ball(0, { extras: { wides: 1 }, runs: { batter: 0, extras: 1, total: 1 } }));
    await converged(store);

    // The network drops: two balls are bowled meanwhile; the client reconnects and catches up.
    socket.disconnect();
    await score(ball(6));
    await score(ball(0, { wickets: [{ player_out: key(ganguly), kind: 'bowled' }] }));
    socket.connect();
    const afterDrop = await converged(store);
    expect(afterDrop.keys).toHaveLength(5);

    // Undo: the wicket is taken back, and the score with it.
    const undone = await engine.undoLastBall(matchKey);
    const afterUndo = await converged(store);
    expect(afterUndo.keys).not.toContain(undone!.ballKey);
    expect(store.$state.get().live?.score.wickets).toBe(0);

    // Each new ball announced once, in the order bowled; the ball on the page at load is not.
    expect(announced).toEqual(afterDrop.keys.slice(0, 4).reverse());
  });

  it('a gap in the stream (an event lost) is filled by a catch-up, nothing doubled', async () => {
    const { store } = await fan();
    const start = store.$state.get().sequence;
    // The fan's state falls one event behind: the next event shows the gap.
    const behind = createLiveMatchStore({ ...store.$state.get(), sequence: start - 1 });
    const socket = connectClient(url, { transports: ['websocket'] });
    sockets.push(socket);
    followMatch(socket, behind);
    await score(ball(2));
    await converged(behind);
    await converged(store);
    expect(new Set(behind.$state.get().balls.map((b) => b.key)).size).toBe(behind.$state.get().balls.length);
  });

  it("a fan of the Hindi page reads each new ball's sentence in Hindi; an English fan's stays English and hears no Hindi", async () => {
    const hindi = await fan('hi');
    const english = await fan();
    const heard: unknown[] = [];
    english.socket.on('wording', (payload: unknown) => heard.push(payload));
    await score(ball(4));
    const truth = await converged(hindi.store);
    const latest = truth.keys[0]!;
    const inHindi = presentCommentary((await services.matchCentre.commentary(matchKey, 'hi'))!).related_balls.find((b) => b.key === latest)!;
    expect(inHindi.comment).toMatch(/[\u0900-\u097F]/);
    await expect.poll(() => hindi.store.$state.get().balls.find((b) => b.key === latest)?.comment).toBe(inHindi.comment);
    await converged(english.store);
    expect(english.store.$state.get().balls.find((b) => b.key === latest)?.comment).not.toMatch(/[\u0900-\u097F]/);
    expect(heard).toEqual([]);
  });
});
