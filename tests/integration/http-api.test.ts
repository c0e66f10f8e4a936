// The API's HTTP behaviour around its resources: CORS for allowed origins, errors the framework
// raises (bad URLs, unknown methods, oversized URLs and headers, bad bodies) in the one error
// shape, which answers may be cached, keys as long as the importer makes them, and the socket
// event payloads' schemas over a real Socket.IO connection.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { MAX_KEY_LENGTH, tournamentKey } from '../../src/server/store/naming.ts';
import { errorBody } from '../../src/server/wire/schemas/common.ts';
import { sendApiError } from '../../src/server/api/errors.ts';
import type { Db } from '../../src/server/db/client.ts';
import { cricsheetMatch, writeMatchFolder } from '../helpers/cricsheet-builder.ts';
import { checkingContract, expectToMatchSchema } from '../helpers/api-contract.ts';
import { freshDatabase } from '../helpers/test-db.ts';

const ALLOWED = 'https://scores.example.com';
// One of the real Cricsheet events whose key is longer than the old 64-character limit.
const LONG_EVENT = "ICC Women's T20 World Cup Africa Region Division Two Qualifier";

/** Sends raw bytes to the server and returns the status line and body it answers. */
function rawRequest(port: number, request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body });
    });
    socket.end(request);
  });
}

describe('API over HTTP: CORS, framework errors, caching, long keys, socket payloads', () => {
  let db: Db;
  let app: FastifyInstance;
  let port: number;
  let dataDir: string;
  let longKey: string;

  beforeAll(async () => {
    db = await freshDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'http-api-'));
    const folder = await writeMatchFolder(dataDir, {
      '9100001.json': cricsheetMatch({ event: { name: LONG_EVENT, match_number: 1 }, season: '2025', gender: 'female', teams: ['Nigeria', 'Rwanda'] }),
    });
    const summary = await importSources(db, [folder]);
    expect(summary.failedSources).toEqual([]);
    longKey = tournamentKey(LONG_EVENT, '2025', 'female');
    app = checkingContract(await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }), apiCorsOrigins: [ALLOWED] }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const expectErrorShape = (body: string, what: string) => expectToMatchSchema(errorBody, JSON.parse(body), what);

  // ---------- CORS ----------

  it('answers a preflight from an allowed origin, allowing Authorization, without credentials', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/user/v1/get/all/matches',
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(response.headers.vary)).toMatch(/origin/i);

    const get = await app.inject({ method: 'GET', url: '/user/v1/get/all/tournaments', headers: { origin: ALLOWED, authorization: 'Bearer x' } });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(String(get.headers.vary)).toMatch(/origin/i);
  });

  it('gives an origin not on the list no CORS headers, and never a wildcard', async () => {
    for (const origin of ['https://evil.example.net', 'https://scores.example.com.evil.net', 'null']) {
      const response = await app.inject({
        method: 'OPTIONS',
        url: '/user/v1/get/all/matches',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      const get = await app.inject({ method: 'GET', url: '/user/v1/get/all/matches', headers: { origin } });
      expect(get.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(String(get.headers.vary)).toMatch(/origin/i);
    }
  });

  it('allows no origin at all by default', async () => {
    const closed = await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }) });
    try {
      const response = await closed.inject({ method: 'GET', url: '/user/v1/get/all/matches', headers: { origin: ALLOWED } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await closed.close();
    }
  });

  // ---------- caching ----------

  it('only successful answers are public; errors are no-store', async () => {
    const ok = await app.inject({ method: 'GET', url: '/user/v1/get/all/tournaments' });
    expect([ok.statusCode, ok.headers['cache-control']]).toEqual([200, 'public, max-age=30']);
    for (const [url, status] of [
      ['/user/v1/scorecard/', 400],
      ['/user/v1/scorecard/?match_key=404404', 404],
      ['/user/v1/no/such/thing', 404],
      ['/user/v1/get/tournament/%zz', 400],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect([response.statusCode, response.headers['cache-control']], url).toEqual([status, 'no-store']);
    }
  });

  // ---------- errors the framework raises ----------

  it('a malformed URL, an unknown method and a NUL in a key are 4xx in the error shape', async () => {
    const cases = [
      { method: 'GET', url: '/user/v1/get/tournament/%', status: 400 },
      { method: 'GET', url: '/user/v1/x%E0%A4', status: 400 },
      { method: 'PATCH', url: '/user/v1/get/all/matches', status: 404 },
      { method: 'PROPFIND', url: '/user/v1/scorecard/', status: 404 },
      { method: 'GET', url: '/user/v1/scorecard/?match_key=%00', status: 400 },
      { method: 'GET', url: '/user/v1/get/squad?match_key=1%0A2', status: 400 },
      { method: 'GET', url: `/user/v1/get/tournament/${'a'.repeat(MAX_KEY_LENGTH + 1)}`, status: 414 },
    ] as const;
    for (const { method, url, status } of cases) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(status);
      expect(response.headers['content-type'], url).toContain('application/json');
      expectErrorShape(response.body, url);
    }
  });

  it("Fastify's body errors (bad JSON, too large, wrong type) become 4xx in the error shape", async () => {
    // No /user/v1 resource takes a body yet (every one is a GET); the API's error handler is
    // exercised with Fastify's own body parser on a route that does, as the write resources will.
    const bodies = Fastify({ bodyLimit: 1024 });
    bodies.setErrorHandler((error, request, reply) => sendApiError(request, reply, error));
    bodies.post('/user/v1/echo', async (request) => ({ status: true, data: request.body }));
    try {
      const cases = [
        { payload: '{"match_key": ', type: 'application/json', status: 400 },
        { payload: '', type: 'application/json', status: 400 },
        { payload: JSON.stringify({ padding: 'x'.repeat(4096) }), type: 'application/json', status: 413 },
        { payload: '<xml/>', type: 'application/xml', status: 415 },
      ];
      for (const { payload, type, status } of cases) {
        const response = await bodies.inject({ method: 'POST', url: '/user/v1/echo', headers: { 'content-type': type }, payload });
        expect(response.statusCode, `${type} ${payload.slice(0, 20)}`).toBe(status);
        expect(response.headers['cache-control']).toBe('no-store');
        expectErrorShape(response.body, `${status} body error`);
      }
    } finally {
      await bodies.close();
    }
  });

  it("requests Node's parser refuses get the error shape too: 414, 431, unknown method", async () => {
    const longUrl = await rawRequest(port, `GET /user/v1/get/all/matches?pad=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longUrl.status).toBe(414);
    const bigHeader = await rawRequest(port, `GET /user/v1/get/all/matches HTTP/1.1\r\nHost: x\r\nX-Pad: ${'y'.repeat(20_000)}\r\n\r\n`);
    expect(bigHeader.status).toBe(431);
    const unknownMethod = await rawRequest(port, 'FROB /user/v1/get/all/matches HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(unknownMethod.status).toBe(400);
    for (const answer of [longUrl, bigHeader, unknownMethod]) {
      expect(answer.headers).toContain('content-type: application/json');
      expect(answer.headers).toContain('cache-control: no-store');
      expectErrorShape(answer.body, String(answer.status));
    }
  });

  // ---------- long keys ----------

  it('a tournament key longer than 64 characters from the list opens in detail and stats', async () => {
    expect(longKey.length).toBeGreaterThan(64);
    const list = (await app.inject({ method: 'GET', url: '/user/v1/get/all/tournaments' })).json<{ data: { tou_key: string }[] }>();
    expect(list.data.map((item) => item.tou_key)).toContain(longKey);
    const detail = await app.inject({ method: 'GET', url: `/user/v1/get/tournament/${longKey}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ data: { tournamentKey: string } }>().data.tournamentKey).toBe(longKey);
    const stats = await app.inject({ method: 'GET', url: `/user/v1/tournamentwise/player/stats?tou_key=${longKey}` });
    expect(stats.statusCode).toBe(200);
  });
});
