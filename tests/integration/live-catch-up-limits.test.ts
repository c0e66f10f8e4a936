// Issue 24's catch-up amplification, over a real Socket.IO server and real clients: two sockets
// sending 40 `catchup {after_sequence: 0}` each got 22,160 events (38.7 MB). A catch-up now sends
// at most CATCH_UP_WINDOW events, a client that missed more is told to reload, the events a
// catch-up sends are charged to the socket's budget, and one address holds a bounded number of
// sockets. PGlite always, PostgreSQL when TEST_DATABASE_URL answers.
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reloadEvent } from '../../src/server/wire/schemas/realtime.ts';
import { CATCH_UP_WINDOW, type Live } from '../../src/server/realtime/fan-out.ts';
import { CATCH_UP_EVENTS_PER_TOKEN, MESSAGE_RATE, TOO_MANY_MESSAGES } from '../../src/server/realtime/limits.ts';
import { expectToMatchSchema } from '../helpers/api-contract.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { startLiveServer, type LiveServer } from '../helpers/live-server.ts';

const SOCKETS_PER_ADDRESS = 4;

/** A connected client recording the match events, reloads and refusals it hears. */
async function client(url: string): Promise<{ socket: Socket; events: number[]; reloads: unknown[]; refusals: string[] }> {
  const socket = connectClient(url, { transports: ['websocket'], reconnection: false });
  const heard = { socket, events: [] as number[], reloads: [] as unknown[], refusals: [] as string[] };
  for (const event of ['score', 'commentory']) socket.on(event, (payload: { sequence: number }) => heard.events.push(payload.sequence));
  socket.on('reload', (payload: unknown) => heard.reloads.push(payload));
  socket.on('error_message', (payload: { message: string }) => heard.refusals.push(payload.message));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return heard;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe.each(await databasesUnderTest())('catch-up limits on %s', (_name, open) => {
  let live: LiveServer;
  let engine: Live;
  let matchKey: string;
  let last: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    live = await startLiveServer(await open(), { socketsPerAddress: SOCKETS_PER_ADDRESS });
    engine = live.engine;
    ({ matchKey } = await engine.createFixture(t20Fixture({ tournament: { name: 'Catch-up Cup' }, teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }] })));
    await engine.startInnings(matchKey, { battingSide: 'a' });
    // More events than one catch-up sends: each break and its end is one event of the match.
    while ((await engine.lastSequence(matchKey))! <= CATCH_UP_WINDOW + 10) {
      await engine.setBreak(matchKey, 'drinks');
      await engine.setBreak(matchKey, null);
    }
    last = (await engine.lastSequence(matchKey))!;
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live?.close();
  });

  it('a catch-up sends at most its window; a client that missed more is told to reload, and sent no event', async () => {
    const fan = await client(live.url);
    sockets.push(fan.socket);
    fan.socket.emit('catchup', { match_key: matchKey, after_sequence: 0 });
    await expect.poll(() => fan.reloads.length).toBe(1);
    expectToMatchSchema(reloadEvent, fan.reloads[0], 'reload');
    expect(fan.reloads[0]).toEqual({ match_key: matchKey, sequence: last });
    // Exactly the window back: every event of it, in order.
    fan.socket.emit('catchup', { match_key: matchKey, after_sequence: last - CATCH_UP_WINDOW });
    await expect.poll(() => fan.events.length).toBe(CATCH_UP_WINDOW);
    expect(fan.events).toEqual(Array.from({ length: CATCH_UP_WINDOW }, (_unused, index) => last - CATCH_UP_WINDOW + 1 + index));
    await settle();
    expect(fan.reloads).toHaveLength(1);
    expect(fan.events).toHaveLength(CATCH_UP_WINDOW);
  });

  it("a burst of full catch-ups is charged for its events: the socket reads a few windows, not one per message", async () => {
    const attackers = [await client(live.url), await client(live.url)];
    sockets.push(...attackers.map((attacker) => attacker.socket));
    for (const attacker of attackers) {
      for (let index = 0; index < MESSAGE_RATE.burst; index += 1) {
        attacker.socket.emit('catchup', { match_key: matchKey, after_sequence: last - CATCH_UP_WINDOW });
      }
    }
    for (const attacker of attackers) await expect.poll(() => attacker.refusals.length).toBeGreaterThan(MESSAGE_RATE.burst / 2);
    await settle();
    // Each full catch-up costs its message and a token per CATCH_UP_EVENTS_PER_TOKEN events: the
    // burst pays for a few (more of them when the server answers each before the next message
    // arrives, fewer when all the messages are counted first), and one more may refill meanwhile.
    const windowsPaid = Math.ceil(MESSAGE_RATE.burst / (1 + CATCH_UP_WINDOW / CATCH_UP_EVENTS_PER_TOKEN)) + 1;
    expect(windowsPaid).toBeLessThan(MESSAGE_RATE.burst / 5);
    for (const attacker of attackers) {
      expect(attacker.events.length).toBeGreaterThanOrEqual(CATCH_UP_WINDOW);
      expect(attacker.events.length).toBeLessThanOrEqual(windowsPaid * CATCH_UP_WINDOW);
      expect(new Set(attacker.refusals)).toEqual(new Set([TOO_MANY_MESSAGES]));
    }
  });

  it('one address holds a bounded number of sockets; a closed one makes room', async () => {
    for (const socket of sockets) socket.close();
    sockets.length = 0;
    await settle();
    for (let index = 0; index < SOCKETS_PER_ADDRESS; index += 1) sockets.push((await client(live.url)).socket);
    await expect(client(live.url)).rejects.toThrow();
    sockets.pop()!.close();
    await settle();
    const again = await client(live.url);
    sockets.push(again.socket);
    expect(again.socket.connected).toBe(true);
  });
});
