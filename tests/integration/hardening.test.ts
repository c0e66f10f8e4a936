// The hardening of the one server process (docs/decisions/021): security headers on every kind
// of response, a policy that allows exactly the inline scripts pages carry, X-Forwarded-For
// believed only from configured proxies, logs without secrets, no shared cache for signed-in
// requests, and Socket.IO limited to the site's origin and aware of who is connected.
import { createServer } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices } from '../../src/server/services/index.ts';
import { createSecurityHeaders, scriptHash } from '../../src/server/http/security-headers.ts';
import { attachRealtime, type Realtime, type SocketUser } from '../../src/server/realtime/index.ts';
import { loggerOptions } from '../../src/server/logging.ts';
import { accountsApp, createUser, setCookies, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { inlineScriptTexts } from '../helpers/html.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('hardening tests of pages');
const clientDir = path.resolve(import.meta.dirname, '../../dist/client');
const e2eMatches = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');
const HSTS_MAX_AGE = 600;

const ALICE = { phone: '9000000001', password: 'al1ce!', name: 'Alice Awasthi' };
const BOB = { phone: '9000000002', password: 'b0b!b0', name: 'Bob Bhatia' };

function directives(policy: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectHardened(response: { headers: Record<string, unknown> }, what: string): void {
  const { headers } = response;
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\)/);
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['strict-transport-security'], what).toBe(`max-age=${HSTS_MAX_AGE}; includeSubDomains`);
  const policy = directives(headers['content-security-policy'] as string);
  expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(policy.get('script-src'), what).not.toContain("'unsafe-inline'");
}

describe('hardening of the server', () => {
  let db: Db;
  let accounts: AccountsApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [e2eMatches]);
    expect(summary.failedSources).toEqual([]);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    accounts = await accountsApp(db, {
      logger: pino(loggerOptions('info'), sink),
      appOptions: {
        securityHeaders: createSecurityHeaders({ publicOrigin: SITE_ORIGIN, hstsMaxAgeS: HSTS_MAX_AGE }),
        ...(handler ? { pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir } : {}),
      },
    });
    for (const person of [ALICE, BOB]) {
      const id = await createUser(db, person.phone, person.password);
      await sql`update users set name = ${person.name} where id = ${id}::bigint`.execute(db.kysely);
    }
  });
  afterAll(async () => {
    await accounts?.close();
    await db?.close();
  });

  const login = async (person: typeof ALICE) => {
    const response = await accounts.app.inject({
      method: 'POST',
      url: '/user/v1/login',
      payload: { phone: person.phone, password: person.password },
      headers: { origin: SITE_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    return { token: response.json<{ token: string }>().token, csrf: setCookies(response).get('crease_csrf')!.value };
  };

  it('every kind of API and server answer carries the security headers', async () => {
    const answers: [string, LightMyRequestResponse][] = [];
    for (const [method, url] of [
      ['GET', '/healthz'],
      ['GET', '/user/v1/get/all/matches'],
      ['GET', '/user/v1/no/such/route'],
      ['GET', '/user/v1/get/tournament/%zz'],
      ['POST', '/user/v1/login'],
      ['GET', '/user/v1/get/user'],
    ] as const) {
      answers.push([`${method} ${url}`, await accounts.app.inject({ method, url, headers: { origin: SITE_ORIGIN } })]);
    }
    expect(answers.map(([, response]) => response.statusCode)).toEqual([200, 200, 404, 400, 400, 401]);
    for (const [what, response] of answers) expectHardened(response, what);
  });

  it.skipIf(handler === null)('pages, redirects, 404s and static files carry them too', async () => {
    const cases: [string, number][] = [
      ['/', 200],
      ['/about', 200],
      ['/hi/about', 200],
      ['/no/such/page', 404],
      ['/?lang=hi', 303],
      ['/fixtures?unknown=1', 301],
      ['/favicon.svg', 200],
    ];
    for (const [url, status] of cases) {
      const response = await accounts.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(status);
      expectHardened(response, url);
    }
  });

  it.skipIf(handler === null)("the policy allows each inline script a page carries, Astro's island scripts included", async () => {
    const pages = ['/', '/about', '/fixtures', '/fixtures?tab=mymatches', '/stats', '/login', '/getMatchList/1455615', '/getMatchList/1455615?tab=commentary', '/hi/getMatchList/1455615'];
    let islands = 0;
    for (const url of pages) {
      const response = await accounts.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      const allowed = directives(response.headers['content-security-policy']).get('script-src') ?? [];
      const scripts = inlineScriptTexts(response.body);
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const text of scripts) expect(allowed, `${url}: ${text.slice(0, 80)}`).toContain(scriptHash(text));
      // One policy, in the header: a <meta> policy would intersect with it and cannot forbid framing.
      expect(response.body, url).not.toMatch(/http-equiv=["']?content-security-policy/i);
      if (response.body.includes('<astro-island')) islands++;
    }
    expect(islands, 'a page with an island was checked').toBeGreaterThan(0);
  });

  it('a malformed request refused before routing still says nosniff and no framing', async () => {
    await accounts.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = accounts.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('BREW / HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(raw).toMatch(/\r\nx-frame-options: DENY\r\n/i);
    expect(raw).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/i);
  });

  it('X-Forwarded-For is believed from as many proxies as configured, and none by default', async () => {
    const seen = async (hops: number | undefined) => {
      const app = await accountsApp(db, { appOptions: hops === undefined ? {} : { trustProxyHops: hops } });
      app.app.get('/test/ip', async (request) => ({ ip: request.ip }));
      try {
        const response = await app.app.inject({ method: 'GET', url: '/test/ip', headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' } });
        return response.json<{ ip: string }>().ip;
      } finally {
        await app.close();
      }
    };
    expect(await seen(undefined)).toBe('127.0.0.1');
    expect(await seen(0)).toBe('127.0.0.1');
    // One proxy (ours) appended the address it saw last: that is the client.
    expect(await seen(1)).toBe('198.51.100.9');
    expect(await seen(2)).toBe('203.0.113.7');
  });

  it('the log holds no password, token, cookie, csrf value, OTP or full phone number', async () => {
    logLines.length = 0;
    const { token, csrf } = await login(ALICE);
    await accounts.app.inject({ method: 'GET', url: '/user/v1/get/user', headers: { authorization: `Bearer ${token}` } });
    await accounts.app.inject({ method: 'GET', url: `/user/v1/verify_otp?otp=482913&otp_id=Qm9ndXNPdHBJZA&phone=${BOB.phone}` });
    await accounts.app.inject({ method: 'GET', url: `/user/v1/get/user?token=${token}` });
    const text = logLines.join('');
    expect(text).toContain('"url":"/user/v1/verify_otp?otp=[redacted]&otp_id=[redacted]&phone=******0002"');
    for (const secret of [ALICE.password, token, csrf, '482913', 'Qm9ndXNPdHBJZA', BOB.phone, ALICE.phone]) {
      expect(text).not.toContain(secret);
    }
  });

  it('API answers to a request with credentials say private, no-store, even on a public route', async () => {
    const { token } = await login(BOB);
    const anonymous = await accounts.app.inject({ method: 'GET', url: '/user/v1/get/all/matches' });
    expect(anonymous.headers['cache-control']).toBe('public, max-age=30');
    for (const headers of [{ authorization: `Bearer ${token}` }, { cookie: `crease_session=${token}` }, { authorization: 'Bearer not-a-session' }]) {
      const response = await accounts.app.inject({ method: 'GET', url: '/user/v1/get/all/matches', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('two signed-in users each get only their own data, marked private, no-store', async () => {
    const alice = await login(ALICE);
    const bob = await login(BOB);
    const asAlice = await accounts.app.inject({ method: 'GET', url: '/user/v1/get/user', headers: { cookie: `crease_session=${alice.token}` } });
    const asBob = await accounts.app.inject({ method: 'GET', url: '/user/v1/get/user', headers: { authorization: `Bearer ${bob.token}` } });
    expect(asAlice.json().data).toMatchObject({ name: ALICE.name, phone: ALICE.phone });
    expect(asBob.json().data).toMatchObject({ name: BOB.name, phone: BOB.phone });
    for (const response of [asAlice, asBob]) expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it.skipIf(handler === null)('a signed-in page request is rendered for that request alone; visitors still share the cached page', async () => {
    const services = createServices(db);
    const renders = vi.spyOn(services.matches, 'listForHome');
    const site = await accountsApp(db, { appOptions: { services, pageRoutes: PAGE_ROUTES, astroHandler: handler!, clientDir } });
    try {
      const alice = await site.app.inject({
        method: 'POST',
        url: '/user/v1/login',
        payload: { phone: ALICE.phone, password: ALICE.password },
      });
      const token = alice.json<{ token: string }>().token;
      const visitorFirst = await site.app.inject({ method: 'GET', url: '/' });
      expect(visitorFirst.headers['cache-control']).toContain('public');
      expect(renders).toHaveBeenCalledTimes(1);
      for (const headers of [{ cookie: `crease_session=${token}` }, { authorization: `Bearer ${token}` }]) {
        const signedIn = await site.app.inject({ method: 'GET', url: '/', headers });
        expect(signedIn.statusCode).toBe(200);
        expect(signedIn.headers['cache-control']).toBe('private, no-store');
      }
      // Each was rendered for its request, not served from the visitors' copy...
      expect(renders).toHaveBeenCalledTimes(3);
      // ...while a session that does not resolve is a visitor, served the visitors' copy (decision 050).
      const revoked = await site.app.inject({ method: 'GET', url: '/', headers: { cookie: 'crease_session=revoked' } });
      expect(revoked.headers['cache-control']).toContain('public');
      expect(revoked.body).toBe(visitorFirst.body);
      // ...and none was kept: the visitors' copy is still the one served.
      const visitorAfter = await site.app.inject({ method: 'GET', url: '/' });
      expect(renders).toHaveBeenCalledTimes(3);
      expect(visitorAfter.body).toBe(visitorFirst.body);
      expect(visitorAfter.headers['cache-control']).toContain('public');
    } finally {
      await site.close();
    }
  });
});

describe('Socket.IO', () => {
  let db: Db;
  let accounts: AccountsApp;
  let realtime: Realtime;
  let url: string;
  const connected: (SocketUser | null)[] = [];

  beforeAll(async () => {
    db = await freshDatabase();
    accounts = await accountsApp(db);
    await createUser(db, ALICE.phone, ALICE.password);
    realtime = await attachRealtime(accounts.app.server, pino({ level: 'silent' }), {
      allowedOrigins: [SITE_ORIGIN],
      resolveUser: (token) => accounts.auth.resolveSession(token),
      headers: createSecurityHeaders({ publicOrigin: SITE_ORIGIN }).all,
    });
    realtime.io.on('connection', (socket) => connected.push(socket.data.user));
    await accounts.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(accounts.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await realtime?.close();
    await accounts?.close();
    await db?.close();
  });

  /** Connects and resolves 'connected' or the refusal's message. */
  const attempt = (options: Parameters<typeof connectClient>[1]) =>
    new Promise<{ outcome: string; client: ClientSocket }>((resolve) => {
      const client = connectClient(url, { reconnection: false, ...options });
      client.on('connect', () => resolve({ outcome: 'connected', client }));
      client.on('connect_error', (error) => resolve({ outcome: error.message, client }));
    });

  const token = async () => {
    const response = await accounts.app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone: ALICE.phone, password: ALICE.password } });
    return response.json<{ token: string }>().token;
  };

  it("accepts the site's own origin and a client without one; refuses another origin, over either transport", async () => {
    for (const transports of [['websocket'], ['polling']] as const) {
      const own = await attempt({ transports: [...transports], extraHeaders: { origin: SITE_ORIGIN } });
      const none = await attempt({ transports: [...transports] });
      const foreign = await attempt({ transports: [...transports], extraHeaders: { origin: 'https://evil.test' } });
      expect([own.outcome, none.outcome], transports[0]).toEqual(['connected', 'connected']);
      expect(foreign.outcome, transports[0]).not.toBe('connected');
      for (const { client } of [own, none, foreign]) client.close();
    }
  });

  it('knows the user from the session cookie or auth.token; a visitor is null; a bad explicit token is refused', async () => {
    const session = await token();
    connected.length = 0;
    const byCookie = await attempt({ transports: ['websocket'], extraHeaders: { origin: SITE_ORIGIN, cookie: `lang=en; crease_session=${session}` } });
    const byToken = await attempt({ transports: ['websocket'], auth: { token: session } });
    const visitor = await attempt({ transports: ['websocket'], extraHeaders: { cookie: 'crease_session=expired-or-forged' } });
    const forged = await attempt({ transports: ['websocket'], auth: { token: 'forged-token' } });
    expect([byCookie.outcome, byToken.outcome, visitor.outcome]).toEqual(['connected', 'connected', 'connected']);
    expect(forged.outcome).toBe('Please log in first.');
    expect(connected).toEqual([
      { id: expect.any(String), role: 'user' },
      { id: expect.any(String), role: 'user' },
      null,
    ]);
    for (const { client } of [byCookie, byToken, visitor, forged]) client.close();
  });

  it('without PUBLIC_ORIGIN, a page from the address the server was opened at may connect; another origin may not', async () => {
    const server = createServer();
    const local = await attachRealtime(server, pino({ level: 'silent' }), { allowedOrigins: [SITE_ORIGIN], originFromHost: true });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const open = (origin: string) =>
      new Promise<string>((resolve) => {
        const client = connectClient(address, { reconnection: false, transports: ['websocket'], extraHeaders: { origin } });
        const settle = (outcome: string) => {
          client.close();
          resolve(outcome);
        };
        client.on('connect', () => settle('connected'));
        client.on('connect_error', (error) => settle(error.message));
      });
    try {
      expect(await open(address)).toBe('connected');
      expect(await open('http://192.168.1.99:4321')).not.toBe('connected');
    } finally {
      await local.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("Socket.IO's own HTTP answers carry the security headers", async () => {
    const response = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
