// Socket.IO at scale (docs/decisions/028): what one socket may send, and connection-state
// recovery: a fan whose network drops gets its rooms back and every event it missed, from the same
// process or, on Redis, from another process it reconnects to behind the same address.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io as connectClient, type Socket as ClientSocket, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { attachRealtime, matchRoom, type Realtime } from '../../src/server/realtime/index.ts';
import { MAX_SUBSCRIPTIONS, MESSAGE_RATE, REFUSALS_BEFORE_DISCONNECT, TOO_MANY_MESSAGES, TOO_MANY_SUBSCRIPTIONS } from '../../src/server/realtime/limits.ts';
import { startSwitchingProxy, type SwitchingProxy } from '../helpers/switching-proxy.ts';
import { testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';

const redisUrl = await testRedisUrl();
const silent = pino({ level: 'silent' });

interface Instance {
  http: HttpServer;
  realtime: Realtime;
  port: number;
}

let instances: Instance[] = [];
let clients: ClientSocket[] = [];
let proxies: SwitchingProxy[] = [];
afterEach(async () => {
  for (const client of clients) client.disconnect();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  for (const { http, realtime } of instances) {
    await realtime.close();
    http.close();
  }
  instances = [];
  clients = [];
  proxies = [];
});

async function startInstance(redisKey?: string): Promise<Instance> {
  const http = createServer();
  const realtime = await attachRealtime(http, silent, redisKey ? { redisUrl: redisUrl!, redisKey } : {});
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const instance = { http, realtime, port: (http.address() as AddressInfo).port };
  instances.push(instance);
  return instance;
}

async function connected(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<ClientSocket> {
  const client = connectClient(url, { transports: ['websocket'], ...options });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

/** Resolves once the condition holds, polling every 10 ms; fails past 2 s. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > 2_000) throw new Error(`not within 2 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The matches the server holds this client's socket in, read on the process it is connected to. */
async function roomsOf(instance: Instance, client: ClientSocket): Promise<string[]> {
  const [socket] = await instance.realtime.io.in(client.id!).local.fetchSockets();
  return socket ? [...socket.rooms].filter((room) => room.startsWith('match:')).sort() : [];
}

function errorsOf(client: ClientSocket): string[] {
  const messages: string[] = [];
  client.on('error_message', (payload: { message: string }) => messages.push(payload.message));
  return messages;
}

describe('per-socket limits', () => {
  it(`a socket follows at most ${MAX_SUBSCRIPTIONS} matches; the one past that is refused until it unsubscribes from one`, async () => {
    const instance = await startInstance();
    const client = await connected(`http://127.0.0.1:${instance.port}`);
    const errors = errorsOf(client);
    const keys = Array.from({ length: MAX_SUBSCRIPTIONS }, (_, index) => `M${index + 1}`);
    for (const key of keys) client.emit('sub', { match_key: key });
    await until(async () => (await roomsOf(instance, client)).length === MAX_SUBSCRIPTIONS, 'all subscribed');

    client.emit('sub', 'M1'); // already followed: not a new subscription
    client.emit('sub', { match_key: 'M21' });
    await until(() => errors.length === 1, 'the refusal');
    expect(errors).toEqual([TOO_MANY_SUBSCRIPTIONS]);
    expect(await roomsOf(instance, client)).toEqual(keys.map(matchRoom).sort());

    client.emit('unsub', 'M3');
    client.emit('sub', 'M21');
    await until(async () => (await roomsOf(instance, client)).includes(matchRoom('M21')), 'M21 after an unsub');
    expect(await roomsOf(instance, client)).not.toContain(matchRoom('M3'));
    expect(errors).toHaveLength(1);
  });

  it('messages past the burst are refused, and a socket that keeps sending is disconnected', async () => {
    const instance = await startInstance();
    const client = await connected(`http://127.0.0.1:${instance.port}`, { reconnection: false });
    const errors = errorsOf(client);
    const disconnected = new Promise<string>((resolve) => client.once('disconnect', resolve));
    // Far faster than the refill: the burst passes, the rest is refused.
    for (let index = 0; index < MESSAGE_RATE.burst + 5; index += 1) client.emit('unsub', 'M1');
    await until(() => errors.length === 5, 'five refusals');
    expect(new Set(errors)).toEqual(new Set([TOO_MANY_MESSAGES]));
    expect(client.connected).toBe(true);

    for (let index = 0; index < REFUSALS_BEFORE_DISCONNECT; index += 1) client.emit('catchup', { match_key: 'M1', after_sequence: 0 });
    expect(await disconnected).toBe('io server disconnect');
    expect(errors).toHaveLength(REFUSALS_BEFORE_DISCONNECT);
  });

  it('the bucket refills: a socket sending at a steady pace is never refused', async () => {
    const instance = await startInstance();
    const client = await connected(`http://127.0.0.1:${instance.port}`);
    const errors = errorsOf(client);
    for (let index = 0; index < MESSAGE_RATE.burst; index += 1) client.emit('unsub', 'M1');
    // One message per refill interval after emptying the bucket.
    for (let index = 0; index < 3; index += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000 / MESSAGE_RATE.perSecond + 50));
      client.emit('sub', 'M1');
    }
    await until(async () => (await roomsOf(instance, client)).includes(matchRoom('M1')), 'subscribed');
    expect(errors).toEqual([]);
  });
});

/**
 * A fan on match M1 behind the proxy hears event 1, loses its connection, misses events 2 and 3
 * (emitted by `during`), and comes back through the proxy, to `after` when given.
 */
async function dropAndReconnect(options: {
  before: Instance;
  emitWhileAway: Instance[];
  after?: Instance;
}): Promise<{ client: ClientSocket; heard: number[] }> {
  const proxy = await startSwitchingProxy(options.before.port);
  proxies.push(proxy);
  const client = await connected(proxy.url, { reconnectionDelay: 20, reconnectionDelayMax: 50 });
  const heard: number[] = [];
  client.on('score', (payload: { sequence: number }) => heard.push(payload.sequence));
  client.emit('sub', { match_key: 'M1' });
  await until(async () => (await roomsOf(options.before, client)).length === 1, 'subscribed');
  options.before.realtime.io.to(matchRoom('M1')).emit('score', { match_key: 'M1', sequence: 1 });
  options.before.realtime.io.to(matchRoom('M2')).emit('score', { match_key: 'M2', sequence: 1 });
  await until(() => heard.length === 1, 'event 1');

  const disconnected = new Promise<string>((resolve) => client.once('disconnect', resolve));
  proxy.drop({ refuseNew: true });
  expect(await disconnected).toBe('transport close');
  for (const [index, instance] of options.emitWhileAway.entries()) {
    instance.realtime.io.to(matchRoom('M1')).emit('score', { match_key: 'M1', sequence: 2 + index });
  }
  // The event of another match is not the fan's to recover.
  options.emitWhileAway[0]!.realtime.io.to(matchRoom('M2')).emit('score', { match_key: 'M2', sequence: 2 });
  if (options.after) proxy.pointAt(options.after.port);
  const reconnected = new Promise<void>((resolve) => client.once('connect', resolve));
  proxy.accept();
  await reconnected;
  return { client, heard };
}

describe('connection-state recovery in one process', () => {
  it('a fan that reconnects gets its room back and the events it missed, once each', async () => {
    const instance = await startInstance();
    const { client, heard } = await dropAndReconnect({ before: instance, emitWhileAway: [instance, instance] });
    expect(client.recovered).toBe(true);
    await until(() => heard.length === 3, 'the missed events');
    expect(await roomsOf(instance, client)).toEqual([matchRoom('M1')]);
    instance.realtime.io.to(matchRoom('M1')).emit('score', { match_key: 'M1', sequence: 4 });
    await until(() => heard.length === 4, 'event 4');
    expect(heard).toEqual([1, 2, 3, 4]);
  });
});

describe.skipIf(redisUrl === null)('connection-state recovery across processes on Redis', () => {
  it('a fan dropped from one process reconnects to the other and gets its room and every missed event', async () => {
    const redisKey = uniqueChannel('recovery');
    const first = await startInstance(redisKey);
    const second = await startInstance(redisKey);
    // Missed events emitted by both processes: both are in the stream the second one reads.
    const { client, heard } = await dropAndReconnect({ before: first, emitWhileAway: [first, second], after: second });
    expect(client.recovered).toBe(true);
    await until(() => heard.length === 3, 'the missed events');
    expect(await roomsOf(second, client)).toEqual([matchRoom('M1')]);
    expect(await first.realtime.io.in(client.id!).local.fetchSockets()).toEqual([]);

    // Live again on the second process: an event emitted on the first reaches it there.
    first.realtime.io.to(matchRoom('M1')).emit('score', { match_key: 'M1', sequence: 4 });
    await until(() => heard.length === 4, 'event 4');
    expect(heard).toEqual([1, 2, 3, 4]);
  });

  it('a session unknown to Redis (expired, or never stored) connects as a new socket with no rooms', async () => {
    const first = await startInstance(uniqueChannel('recovery'));
    // Another Redis prefix: the second process cannot see the first one's sessions.
    const stranger = await startInstance(uniqueChannel('recovery'));
    const { client, heard } = await dropAndReconnect({ before: first, emitWhileAway: [first], after: stranger });
    expect(client.recovered).toBe(false);
    expect(await roomsOf(stranger, client)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Only the 'catchup' request can fill this gap (the client asks from its last sequence).
    expect(heard).toEqual([1]);
  });
});
