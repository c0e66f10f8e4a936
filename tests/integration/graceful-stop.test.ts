// A graceful stop of one server process of a cluster (two processes on one PostgreSQL database
// and one Redis, behind a load balancer: here a TCP proxy that sends new connections to the first
// process while it runs, then to the second). The stopping process closes only its own sockets:
// a fan connected to the other process is not disconnected and hears the next ball; a fan of the
// stopping one reconnects through the balancer to the other process and hears the balls scored
// while it was away and the next one (issue 26; decision 066). Before, the stop sent Socket.IO's
// disconnect through the Redis adapter to every process's clients, and no client reconnects
// after that.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createLive, type Live } from '../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { attachRealtime, matchRoom, type Realtime } from '../../src/server/realtime/index.ts';
import { createServices } from '../../src/server/services/index.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { OPENER, openerKey as key, openerKkr as kkr, openerRcb as rcb } from '../helpers/live-server.ts';
import { testPostgresUrl, testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';

const postgresUrl = await testPostgresUrl();
const redisUrl = await testRedisUrl();
const silent = pino({ level: 'silent' });

interface Process {
  http: HttpServer;
  realtime: Realtime;
  engine: Live;
  port: number;
}

async function startProcess(db: Db, redisKey: string): Promise<Process> {
  const services = createServices(db);
  const broadcaster = new SocketBroadcaster();
  const engine = createLive({ db, services, broadcaster });
  const http = createServer();
  const realtime = await attachRealtime(http, silent, { redisUrl: redisUrl!, redisKey, catchUp: (match, after) => engine.catchUp(match, after) });
  broadcaster.attach(realtime.io);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, realtime, engine, port: (http.address() as AddressInfo).port };
}

/** A process's graceful stop as main.ts does it: its sockets dropped, then HTTP and Socket.IO closed. */
async function stopProcess(process: Process): Promise<void> {
  process.realtime.dropSockets();
  await new Promise<void>((resolve) => process.http.close(() => resolve()));
  await process.realtime.close();
}

/** The load balancer: each new connection to the first port that is in service. */
async function balancer(inService: () => number): Promise<net.Server> {
  const server = net.createServer((incoming) => {
    const outgoing = net.connect(inService(), '127.0.0.1');
    incoming.pipe(outgoing).pipe(incoming);
    const end = () => {
      incoming.destroy();
      outgoing.destroy();
    };
    incoming.on('error', end).on('close', end);
    outgoing.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function within<T>(what: string, promise: Promise<T>, ms = 8_000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
}

/** A fan's socket, with the ball keys of the 'commentory' events it heard. */
function fan(url: string) {
  const socket = connectClient(url, { transports: ['websocket'], reconnectionDelay: 100, reconnectionDelayMax: 500 });
  const heard: string[] = [];
  const disconnects: string[] = [];
  const waiting = new Map<string, () => void>();
  socket.on('commentory', (payload: { commentory: { key: string }[] }) => {
    for (const ball of payload.commentory) {
      heard.push(ball.key);
      waiting.get(ball.key)?.();
    }
  });
  socket.on('disconnect', (reason) => disconnects.push(reason));
  return {
    socket,
    heard,
    disconnects,
    hears: (ballKey: string, who: string) =>
      heard.includes(ballKey) ? Promise.resolve() : within(`${who} hears ${ballKey}`, new Promise<void>((resolve) => waiting.set(ballKey, resolve))),
  };
}

describe.skipIf(postgresUrl === null || redisUrl === null)('a graceful stop of one of two processes on one Redis', () => {
  let db: Db;
  let one: Process;
  let two: Process;
  let proxy: net.Server;
  let oneInService = true;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await openDatabase({ url: postgresUrl!, dataDir: '' });
    await migrateToLatest(db);
    await sql`truncate matches, people, teams, team_names, venues, tournaments, import_runs restart identity cascade`.execute(db.kysely);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'graceful-stop-'));
    await copyFile(OPENER, path.join(folder, path.basename(OPENER)));
    await importSources(db, [folder], {});
    await rm(folder, { recursive: true, force: true });
    const redisKey = uniqueChannel('graceful');
    one = await startProcess(db, redisKey);
    two = await startProcess(db, redisKey);
    proxy = await balancer(() => (oneInService ? one.port : two.port));
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    proxy?.close();
    await two?.realtime.close();
    two?.http.close();
    await db?.close();
  });

  it("the other process's fans hear the next ball; the stopped one's reconnect to it and miss nothing", async () => {
    const { matchKey } = await two.engine.createFixture(
      t20Fixture({
        tournament: { name: 'Graceful Stop Cup' },
        teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
        venue: { name: 'Eden Gardens', city: 'Kolkata' },
        squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
      }),
    );
    await two.engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await two.engine.startInnings(matchKey, { battingSide: 'a' });
    const ball = (runs: number): CricsheetBall => ({
      batter: key(kkr[0]!),
      non_striker: key(kkr[1]!),
      bowler: key('P Kumar'),
      runs: { batter: runs, extras: 0, total: runs },
    });

    // A fan on each process (the first through the balancer), both following the match.
    const ofOne = fan(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    const ofTwo = fan(`http://127.0.0.1:${two.port}`);
    sockets.push(ofOne.socket, ofTwo.socket);
    for (const { socket } of [ofOne, ofTwo]) {
      if (!socket.connected) await within('connect', new Promise<void>((resolve) => socket.once('connect', () => resolve())));
      socket.emit('sub', { match_key: matchKey });
    }
    await within(
      'both subscriptions seen',
      (async () => {
        while ((await two.realtime.io.in(matchRoom(matchKey)).fetchSockets()).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
      })(),
    );
    expect(one.realtime.io.of('/').sockets.size).toBe(1);

    const first = await two.engine.recordBall(matchKey, ball(1), { idempotencyKey: 'stop:1' });
    await Promise.all([ofOne.hears(first.ballKey, "the first process's fan"), ofTwo.hears(first.ballKey, "the second process's fan")]);

    // The first process stops (the balancer takes it out of service), and a ball is scored meanwhile.
    oneInService = false;
    await stopProcess(one);
    const whileAway = await two.engine.recordBall(matchKey, ball(4), { idempotencyKey: 'stop:2' });
    await ofTwo.hears(whileAway.ballKey, "the second process's fan");
    await ofOne.hears(whileAway.ballKey, "the stopped process's fan, once reconnected");
    expect(ofOne.socket.connected).toBe(true);

    const next = await two.engine.recordBall(matchKey, ball(6), { idempotencyKey: 'stop:3' });
    await Promise.all([ofOne.hears(next.ballKey, "the stopped process's fan"), ofTwo.hears(next.ballKey, "the second process's fan")]);
    // The second process's fan was never disconnected; the first's saw its connection drop (not a server's disconnect).
    expect(ofTwo.disconnects).toEqual([]);
    expect(ofOne.disconnects).toHaveLength(1);
    expect(ofOne.disconnects[0]).not.toBe('io server disconnect');
    // Each ball heard once, in order.
    expect(ofOne.heard).toEqual([first.ballKey, whileAway.ballKey, next.ballKey]);
    expect(ofTwo.heard).toEqual([first.ballKey, whileAway.ballKey, next.ballKey]);
  }, 60_000);
});
