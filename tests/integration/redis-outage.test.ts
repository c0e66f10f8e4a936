// Redis goes away under a running server (issue 26): the server reaches the real Redis through a
// TCP proxy the test closes. Ball posts through the ingest API and code requests carry on (the
// limits count in this process meanwhile, and still refuse past their limit), and /healthz stays
// 200 but says the Redis is down; when Redis is back, the limits are shared again. Before, both
// requests failed with 500 (MaxRetriesPerRequestError from the Redis-backed limiter) and
// /healthz said nothing.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createLive } from '../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { createServices } from '../../src/server/services/index.ts';
import { accountsApp, createUser, type AccountsApp } from '../helpers/accounts.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { OPENER, openerKey as key } from '../helpers/live-server.ts';
import { testPostgresUrl, testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';

const postgresUrl = await testPostgresUrl();
const redisUrl = await testRedisUrl();

/** A TCP proxy to the test's Redis that can be taken down (every connection cut, nothing listening) and brought back on its port. */
async function redisProxy(target: URL) {
  const connections = new Set<net.Socket>();
  const server = net.createServer((incoming) => {
    const outgoing = net.connect(Number(target.port || 6379), target.hostname);
    connections.add(incoming).add(outgoing);
    incoming.pipe(outgoing).pipe(incoming);
    const end = () => {
      incoming.destroy();
      outgoing.destroy();
      connections.delete(incoming);
      connections.delete(outgoing);
    };
    incoming.on('error', end).on('close', end);
    outgoing.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}${target.pathname}`,
    down: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) connection.destroy();
      await closed;
    },
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
  };
}

async function until(condition: () => Promise<boolean>, limitMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(postgresUrl === null || redisUrl === null)('a Redis that goes away under a running server', () => {
  let db: Db;
  let accounts: AccountsApp;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let matchKey: string;
  let apiToken: string;
  let sequence = 0;

  const ball = (runs: number): CricsheetBall => ({
    batter: key('SC Ganguly'),
    non_striker: key('BB McCullum'),
    bowler: key('P Kumar'),
    runs: { batter: runs, extras: 0, total: runs },
  });
  const post = (runs: number) =>
    accounts.app.inject({
      method: 'POST',
      url: `/user/v1/live/${matchKey}/balls`,
      headers: { authorization: `Bearer ${apiToken}` },
      payload: { sequence: (sequence += 1), innings: 1, ball: ball(runs) },
    });
  const health = async () => {
    const response = await accounts.app.inject({ method: 'GET', url: '/healthz' });
    return { code: response.statusCode, body: response.json<Record<string, string>>() };
  };
  const sendCode = (phone: string) => accounts.app.inject({ url: `/user/v1/send/otp?phone=${phone}`, remoteAddress: '203.0.113.70' });

  beforeAll(async () => {
    db = await openDatabase({ url: postgresUrl!, dataDir: '' });
    await migrateToLatest(db);
    await sql`truncate matches, people, teams, team_names, venues, tournaments, import_runs, users, otps, limit_counters restart identity cascade`.execute(db.kysely);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'redis-outage-'));
    await copyFile(OPENER, path.join(folder, path.basename(OPENER)));
    const services = createServices(db);
    await importSources(db, [folder], {});
    await rm(folder, { recursive: true, force: true });
    const engine = createLive({ db, services, broadcaster: new SocketBroadcaster() });
    proxy = await redisProxy(new URL(redisUrl!));
    accounts = await accountsApp(db, { redis: { url: proxy.url, keyPrefix: uniqueChannel('crease_outage') }, appOptions: { services, live: engine } });
    await createUser(db, '9000000061', 'abc123', 'scorer');
    const login = await accounts.app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone: '9000000061', password: 'abc123' } });
    const session = login.json<{ token: string }>().token;
    const made = await accounts.app.inject({ method: 'POST', url: '/user/v1/scorer/tokens', headers: { authorization: `Bearer ${session}` }, payload: { label: 'Outage app' } });
    apiToken = made.json<{ data: { token: string } }>().data.token;
    ({ matchKey } = await engine.createFixture(t20Fixture({ tournament: { name: 'Outage Cup' }, teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }], source: 'ingest' })));
    await engine.startInnings(matchKey, { battingSide: 'a' });
  }, 120_000);

  afterAll(async () => {
    await accounts?.close();
    await db?.close();
  });

  it('ball posts and code requests carry on with limits per process, and /healthz reports the Redis down', async () => {
    expect((await post(1)).statusCode).toBe(200);
    expect(await health()).toEqual({ code: 200, body: { status: 'ok', redis: 'ok' } });

    await proxy.down();
    await until(async () => (await health()).body.redis === 'down');
    expect(await health()).toEqual({ code: 200, body: { status: 'degraded', redis: 'down' } });

    const started = performance.now();
    const whileDown = await post(4);
    expect(whileDown.statusCode, whileDown.body).toBe(200);
    // Not held up waiting for the lost connection (ioredis's retries, the command timeout).
    expect(performance.now() - started).toBeLessThan(5_000);
    // Codes: three a phone, counted in this process meanwhile; the fourth is refused, not failed.
    for (let i = 0; i < 3; i += 1) expect((await sendCode('9000000062')).statusCode).toBe(200);
    expect((await sendCode('9000000062')).statusCode).toBe(429);
    expect((await post(6)).statusCode).toBe(200);

    await proxy.up();
    await until(async () => (await health()).body.redis === 'ok');
    expect((await post(0)).statusCode).toBe(200);
    // Back on the shared counters (which never saw the sends made while Redis was away).
    expect((await sendCode('9000000062')).statusCode).toBe(200);
  }, 60_000);
});
