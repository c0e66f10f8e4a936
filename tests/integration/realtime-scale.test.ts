// Socket.IO at scale (docs/decisions/028): what one socket may send, and connection-state
// recovery: a fan whose network drops gets its rooms back and every event it missed, from the same
// process or, on Redis, from another process it reconnects to behind the same address. Last, two
// server processes with the live engine on PostgreSQL and Redis: balls scored through one reach a
// fan on the other, and a fan moved between them mid-over misses nothing and hears nothing twice.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { io as connectClient, type Socket as ClientSocket, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commentoryEvent, scoreEvent } from '../../src/server/wire/schemas/realtime.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { openChangeFeed } from '../../src/server/feed/open-feed.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { createLive, type Live } from '../../src/server/realtime/fan-out.ts';
import { attachRealtime, matchRoom, NOT_SIGNED_IN, type Realtime, type RealtimeOptions } from '../../src/server/realtime/index.ts';
import { createServices } from '../../src/server/services/index.ts';
import { MAX_SUBSCRIPTIONS, MESSAGE_RATE, REFUSALS_BEFORE_DISCONNECT, TOO_MANY_MESSAGES, TOO_MANY_SUBSCRIPTIONS } from '../../src/server/realtime/limits.ts';
import { startSwitchingProxy, type SwitchingProxy } from '../helpers/switching-proxy.ts';
import { expectToMatchSchema } from '../helpers/api-contract.ts';
import { testPostgresUrl, testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';

const redisUrl = await testRedisUrl();
const postgresUrl = await testPostgresUrl();
const silent = pino({ level: 'silent' });

interface Instance {
  http: HttpServer;
  realtime: Realtime;
  port: number;
  /** What else the instance holds open (a live process's database and change feed). */
  release?: () => Promise<void>;
}

let instances: Instance[] = [];
let clients: ClientSocket[] = [];
let proxies: SwitchingProxy[] = [];
afterEach(async () => {
  for (const client of clients) client.disconnect();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  for (const { http, realtime, release } of instances) {
    await realtime.close();
    http.close();
    await release?.();
  }
  instances = [];
  clients = [];
  proxies = [];
});

async function startInstance(redisKey?: string, options: RealtimeOptions = {}): Promise<Instance> {
  const http = createServer();
  const realtime = await attachRealtime(http, silent, { ...options, ...(redisKey ? { redisUrl: redisUrl!, redisKey } : {}) });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const instance: Instance = { http, realtime, port: (http.address() as AddressInfo).port };
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

// What these tests check is delivery, not latency (bench:live measures that): the wait is long
// enough for a machine busy with other builds.
const WAIT_MS = 10_000;

/** Resolves once the condition holds, polling every 10 ms; fails past WAIT_MS. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > WAIT_MS) throw new Error(`not within ${WAIT_MS / 1000} s: ${what}`);
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

  it('a recovered socket is checked again: a session that ended meanwhile is refused', async () => {
    const signedIn = new Set(['session-of-a-fan']);
    const instance = await startInstance(undefined, {
      resolveUser: async (token) => (signedIn.has(token) ? { id: '7', role: 'user' } : null),
    });
    const proxy = await startSwitchingProxy(instance.port);
    proxies.push(proxy);
    const client = await connected(proxy.url, { auth: { token: 'session-of-a-fan' }, reconnectionDelay: 20, reconnectionDelayMax: 50 });
    client.emit('sub', 'M1');
    await until(async () => (await roomsOf(instance, client)).length === 1, 'subscribed');
    instance.realtime.io.to(matchRoom('M1')).emit('score', { match_key: 'M1', sequence: 1 });
    await new Promise((resolve) => client.once('score', resolve));

    proxy.drop({ refuseNew: true });
    signedIn.clear(); // logged out on another device
    const outcome = new Promise<string>((resolve) => {
      client.once('connect_error', (error) => resolve(error.message));
      client.once('connect', () => resolve(`connected, recovered: ${client.recovered}`));
    });
    proxy.accept();
    expect(await outcome).toBe(NOT_SIGNED_IN);
    expect(client.connected).toBe(false);
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

const opener = path.resolve(import.meta.dirname, '../fixtures/cricsheet/335982.json');
const registry = (JSON.parse(readFileSync(opener, 'utf8')) as { info: { registry: { people: Record<string, string> }; players: Record<string, string[]> } }).info;
const keyOf = (name: string) => registry.registry.people[name]!;
const [kkr, rcb] = Object.values(registry.players) as [string[], string[]];
/** A dot ball, or `runs` off the bat, by the first two KKR batters against P Kumar. */
const ball = (runs: number): CricsheetBall => ({
  batter: keyOf(kkr[0]!),
  non_striker: keyOf(kkr[1]!),
  bowler: keyOf('P Kumar'),
  runs: { batter: runs, extras: 0, total: runs },
});

interface LiveProcess extends Instance {
  engine: Live;
}

describe.skipIf(postgresUrl === null || redisUrl === null)('two server processes with the live engine, on PostgreSQL and Redis', () => {
  let folder: string;
  beforeAll(async () => {
    const db = await openDatabase({ url: postgresUrl!, dataDir: '' });
    try {
      await migrateToLatest(db);
      await sql`truncate matches, people, teams, team_names, venues, tournaments, import_runs restart identity cascade`.execute(db.kysely);
      folder = await mkdtemp(path.join(os.tmpdir(), 'realtime-scale-'));
      await copyFile(opener, path.join(folder, path.basename(opener)));
      await importSources(db, [folder]);
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** One server process as main.ts builds it: its own database pool, feed, services, engine and Socket.IO. */
  async function startLiveProcess(redisKey: string, channel: string): Promise<LiveProcess> {
    const db = await openDatabase({ url: postgresUrl!, dataDir: '' });
    const feed = await openChangeFeed({ redisUrl: redisUrl!, databaseUrl: postgresUrl!, channel });
    const broadcaster = new SocketBroadcaster();
    const engine = createLive({ db, services: createServices(db, feed), broadcaster });
    const instance = await startInstance(redisKey, { catchUp: (matchKey, after) => engine.catchUp(matchKey, after) });
    broadcaster.attach(instance.realtime.io);
    instance.release = async () => {
      await feed.close();
      await db.close();
    };
    return Object.assign(instance, { engine });
  }

  async function twoProcessesAndAMatch(): Promise<{ first: LiveProcess; second: LiveProcess; matchKey: string }> {
    const redisKey = uniqueChannel('live');
    const channel = uniqueChannel('feed');
    const first = await startLiveProcess(redisKey, channel);
    const second = await startLiveProcess(redisKey, channel);
    const { matchKey } = await second.engine.createFixture(t20Fixture({
      tournament: { name: 'Two Process Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      venue: { name: 'Eden Gardens', city: 'Kolkata' },
      squads: { a: kkr.map((name) => ({ key: keyOf(name) })), b: rcb.map((name) => ({ key: keyOf(name) })) },
    }));
    await second.engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await second.engine.startInnings(matchKey, { battingSide: 'a' });
    return { first, second, matchKey };
  }

  /** Every 'score' and 'commentory' the client hears, checked against its schema. */
  function matchEventsOf(client: ClientSocket): { event: string; sequence: number; ballKey?: string | null }[] {
    const heard: { event: string; sequence: number; ballKey?: string | null }[] = [];
    client.on('score', (payload: { sequence: number }) => {
      expectToMatchSchema(scoreEvent, payload, 'score');
      heard.push({ event: 'score', sequence: payload.sequence });
    });
    client.on('commentory', (payload: { sequence: number; last_ball_key: { key: string } | null }) => {
      expectToMatchSchema(commentoryEvent, payload, 'commentory');
      heard.push({ event: 'commentory', sequence: payload.sequence, ballKey: payload.last_ball_key?.key ?? null });
    });
    return heard;
  }

  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

  it('a fan on the first process hears every ball scored through the second: a commentory and a score each, in sequence', async () => {
    const { first, second, matchKey } = await twoProcessesAndAMatch();
    const fan = await connected(`http://127.0.0.1:${first.port}`);
    const heard = matchEventsOf(fan);
    fan.emit('sub', { match_key: matchKey });
    await until(async () => (await second.realtime.io.in(matchRoom(matchKey)).fetchSockets()).length === 1, 'the second process sees the fan');
    const before = (await second.engine.lastSequence(matchKey))!;

    const balls = [];
    for (const runs of [1, 4, 0]) balls.push(await second.engine.recordBall(matchKey, ball(runs), { idempotencyKey: `two-${runs}` }));
    await until(() => heard.length === 6, 'six events');
    expect(heard.map((one) => one.sequence)).toEqual(range(before + 1, before + 6));
    expect(heard.map((one) => one.event)).toEqual(['commentory', 'score', 'commentory', 'score', 'commentory', 'score']);
    expect(heard.filter((one) => one.event === 'commentory').map((one) => one.ballKey)).toEqual(balls.map((one) => one.ballKey));
  });

  it('a fan dropped mid-over from one process comes back on the other with every ball it missed, none twice', async () => {
    const { first, second, matchKey } = await twoProcessesAndAMatch();
    const proxy = await startSwitchingProxy(first.port);
    proxies.push(proxy);
    const fan = await connected(proxy.url, { reconnectionDelay: 20, reconnectionDelayMax: 50 });
    const heard = matchEventsOf(fan);
    fan.emit('sub', { match_key: matchKey });
    await until(async () => (await second.realtime.io.in(matchRoom(matchKey)).fetchSockets()).length === 1, 'the second process sees the fan');
    const before = (await first.engine.lastSequence(matchKey))!;
    await second.engine.recordBall(matchKey, ball(1), { idempotencyKey: 'drop-1' });
    await until(() => heard.length === 2, 'the first ball');

    const disconnected = new Promise<string>((resolve) => fan.once('disconnect', resolve));
    proxy.drop({ refuseNew: true });
    expect(await disconnected).toBe('transport close');
    // Scored meanwhile through either process.
    await first.engine.recordBall(matchKey, ball(4), { idempotencyKey: 'drop-2' });
    await second.engine.recordBall(matchKey, ball(0), { idempotencyKey: 'drop-3' });
    proxy.pointAt(second.port);
    const reconnected = new Promise<void>((resolve) => fan.once('connect', resolve));
    proxy.accept();
    await reconnected;
    expect(fan.recovered).toBe(true);
    await until(() => heard.length === 6, 'the missed balls');

    await first.engine.recordBall(matchKey, ball(6), { idempotencyKey: 'drop-4' });
    await until(() => heard.length === 8, 'the ball after the reconnection');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.map((one) => one.sequence)).toEqual(range(before + 1, before + 8));
  });
});
