// Several server processes sharing one PostgreSQL database, as in production behind a load
// balancer: each "process" here is an in-process app with its own database pool, services,
// caches and change feed. A write through one (an import) shows on the other's API and pages
// within 2 seconds, over LISTEN/NOTIFY and over Redis; so does `npm run import` run beside
// them. With Redis, a Socket.IO room spans the processes.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import { openChangeFeed, type FeedOptions } from '../../src/server/feed/open-feed.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { attachRealtime, matchRoom, type Realtime } from '../../src/server/realtime/index.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { cricsheetMatch, writeMatchFolder } from '../helpers/cricsheet-builder.ts';
import { testPostgresUrl, testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const postgresUrl = await testPostgresUrl();
const redisUrl = await testRedisUrl();
const repoRoot = path.resolve(import.meta.dirname, '../..');
const astroHandler = (await builtAstroHandler('page checks of the cross-process tests (the API is still checked)')) ?? undefined;

const SHOWN_WITHIN_MS = 2_000;
const silent = pino({ level: 'silent' });

interface ServerProcess {
  db: Db;
  feed: ChangeFeed;
  services: Services;
  app: FastifyInstance;
}

async function startServer(feedOptions: FeedOptions): Promise<ServerProcess> {
  const db = await openDatabase({ url: postgresUrl!, dataDir: '' });
  const feed = await openChangeFeed({ databaseUrl: postgresUrl!, ...feedOptions });
  const services = createServices(db, feed);
  const app = await buildApp({ services, logger: silent, astroHandler, pageRoutes: PAGE_ROUTES });
  return { db, feed, services, app };
}

async function stopServer(server: ServerProcess): Promise<void> {
  await server.app.close();
  await server.feed.close();
  await server.db.close();
}

async function emptyDatabase(): Promise<void> {
  const db = await openDatabase({ url: postgresUrl!, dataDir: '' });
  try {
    // A test database: start from an empty schema.
    await sql`drop schema public cascade; create schema public`.execute(db.kysely);
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
}

/** Match keys on the home list, read through the provider API. */
async function homeMatchKeys(server: ServerProcess): Promise<string[]> {
  const response = await server.app.inject({ method: 'GET', url: '/user/v1/get/all/matches' });
  return (response.json() as { data: { match_key: string }[] }).data.map((match) => match.match_key);
}

/** How long until the condition holds, polling every 20 ms; fails past the limit. */
async function millisecondsUntil(condition: () => Promise<boolean>, limitMs = SHOWN_WITHIN_MS): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await condition()) return performance.now() - started;
    if (performance.now() - started > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'several-processes-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const transports: { name: string; available: boolean; options: () => FeedOptions }[] = [
  { name: 'PostgreSQL LISTEN/NOTIFY', available: postgresUrl !== null, options: () => ({ channel: uniqueChannel('processes') }) },
  {
    name: 'Redis pub/sub',
    available: postgresUrl !== null && redisUrl !== null,
    options: () => ({ redisUrl: redisUrl!, channel: uniqueChannel('processes') }),
  },
];

for (const transport of transports) {
  describe.skipIf(!transport.available)(`two server processes on PostgreSQL, change feed over ${transport.name}`, () => {
    let servers: ServerProcess[] = [];
    afterEach(async () => {
      await Promise.all(servers.map(stopServer));
      servers = [];
    });

    it("an import through one shows on the other's API and pages within 2 s", async () => {
      await emptyDatabase();
      const options = transport.options();
      servers = [await startServer(options), await startServer(options)];
      const [writer, reader] = servers as [ServerProcess, ServerProcess];
      // The reader has the empty state cached: only the feed can tell it otherwise.
      expect(await homeMatchKeys(reader)).toEqual([]);
      const emptyHome = astroHandler ? await reader.app.inject({ method: 'GET', url: '/' }) : null;
      expect(emptyHome?.body ?? '').not.toContain('Alpha Strikers');

      const folder = await writeMatchFolder(path.join(tmp, uniqueChannel('match')), { '1.json': cricsheetMatch() });
      const summary = await importSources(writer.db, [folder], { publish: (changed) => writer.feed.publish(changed) });
      expect(summary.imported).toBe(1);

      await millisecondsUntil(async () => (await homeMatchKeys(reader)).includes('1'));
      if (astroHandler) {
        await millisecondsUntil(async () => (await reader.app.inject({ method: 'GET', url: '/' })).body.includes('Alpha Strikers'));
        const page = await reader.app.inject({ method: 'GET', url: '/getMatchList/1?tab=scoreboard' });
        expect(page.statusCode).toBe(200);
      }
    });
  });
}

describe.skipIf(postgresUrl === null)('npm run import beside a running server on PostgreSQL', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    if (server) await stopServer(server);
    server = undefined;
  });

  it("reaches the server's caches through LISTEN/NOTIFY", async () => {
    await emptyDatabase();
    // The command publishes on the default channel, as a server started by `npm start` listens.
    server = await startServer({});
    expect(await homeMatchKeys(server)).toEqual([]);
    const folder = await writeMatchFolder(path.join(tmp, uniqueChannel('cli')), {
      '7.json': cricsheetMatch({ teams: ['Cli Capitals', 'Shell Scorchers'] }),
    });
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/import.ts', folder], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: postgresUrl!, REDIS_URL: '', CRICSHEET_SOURCE: '', LIVE_REPLAYS: '0' },
    });
    expect(stdout).toContain('Imported 1');
    await millisecondsUntil(async () => (await homeMatchKeys(server!)).includes('7'));
  });
});

describe.skipIf(redisUrl === null)('Socket.IO rooms across processes (Redis streams adapter)', () => {
  const started: { http: HttpServer; realtime: Realtime }[] = [];
  const clients: Socket[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    for (const { http, realtime } of started) {
      await realtime.close();
      http.close();
    }
  });

  async function startRealtime(redisKey: string) {
    const http = createServer();
    const realtime = await attachRealtime(http, silent, { redisUrl: redisUrl!, redisKey });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    started.push({ http, realtime });
    return { realtime, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  }

  async function subscribedClient(url: string, matchKey: string) {
    const client = connectClient(url, { transports: ['websocket'] });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    client.emit('sub', { match_key: matchKey });
    return client;
  }

  it("an emit to a match's room in one process reaches that room's clients connected to another", async () => {
    const redisKey = uniqueChannel('socketio');
    const one = await startRealtime(redisKey);
    const two = await startRealtime(redisKey);
    const watching = await subscribedClient(two.url, 'M1');
    const elsewhere = await subscribedClient(two.url, 'M2');
    const otherMatch: unknown[] = [];
    elsewhere.on('score', (payload: unknown) => otherMatch.push(payload));
    // The first process sees the subscription made on the second.
    await millisecondsUntil(async () => (await one.realtime.io.in(matchRoom('M1')).fetchSockets()).length === 1);

    const received = new Promise<unknown>((resolve) => watching.once('score', resolve));
    one.realtime.io.to(matchRoom('M1')).emit('score', { match_key: 'M1', runs: 187 });
    expect(await received).toEqual({ match_key: 'M1', runs: 187 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(otherMatch).toEqual([]);
  });
});
