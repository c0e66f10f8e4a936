// The attack file: what a stranger, or one user against another, would try, over the whole app
// (API, pages, Socket.IO) on PGlite. Each test is an attack and the answer that stops it.
// In Chromium: tests/e2e/security.spec.ts (injected scripts, framing, sockets from a page).
import { randomInt } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { io as connectClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { AvatarStore } from '../../src/server/account/avatars.ts';
import type { Db } from '../../src/server/db/client.ts';
import { attachRealtime } from '../../src/server/realtime/index.ts';
import { scriptHash } from '../../src/server/http/security-headers.ts';
import { accountsApp, createUser, setCookies, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { inlineScriptTexts, tagsWithEventHandlers } from '../helpers/html.ts';
import { imageBombPng } from '../helpers/images.ts';
import { freshDatabase, queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('attack tests on pages');
const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

const ALICE = { phone: '9811111111', password: 'a1ice!' };
const BOB = { phone: '9822222222', password: 'b0bby!' };
const ADMIN = { phone: '9833333333', password: 'adm1n!' };
// Each fits the name rule (2-50 characters) and would run if a page printed it as HTML.
const NAME_ATTACK = '<img src=x onerror=alert(1)>';
const MESSAGE_ATTACK = '</textarea><script>alert("q")</script><svg onload=alert(2)>';

/**
 * What a browser would run on this page is only the site's own: no tag with an event handler,
 * and every inline script one the policy allows by hash (an injected one would not be).
 */
function expectOnlyTheSitesScripts(page: LightMyRequestResponse, url: string): void {
  expect(tagsWithEventHandlers(page.body), url).toEqual([]);
  const allowed = String(page.headers['content-security-policy']);
  for (const text of inlineScriptTexts(page.body)) expect(allowed, `${url}: ${text.slice(0, 60)}`).toContain(scriptHash(text));
}

const randomAddress = () => `203.0.113.${randomInt(1, 255)}`;
// The connecting address of the login flood: its lock (kept in the database) must not reach the
// other tests, which connect from 127.0.0.1.
const ATTACKER_ADDRESS = '198.51.100.66';

const engines = await databasesUnderTest();

describe.each(engines)('attacks on accounts (%s)', (_engine, open) => {
  let db: Db;
  let accounts: AccountsApp;
  let dataDir: string;
  let avatars: AvatarStore;

  beforeAll(async () => {
    db = await open();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crease-attacks-'));
    avatars = new AvatarStore(path.join(dataDir, 'avatars'));
    accounts = await accountsApp(db, { appOptions: { avatars, ...(handler ? { pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir } : {}) } });
    await createUser(db, ALICE.phone, ALICE.password);
    await createUser(db, BOB.phone, BOB.password);
    await createUser(db, ADMIN.phone, ADMIN.password, 'admin');
  });
  afterAll(async () => {
    await accounts?.close();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: unknown; headers?: Record<string, string> } = {}) =>
    accounts.app.inject({
      method,
      url: `/user/v1/${url}`,
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
      headers: options.headers ?? {},
    });

  /** Signs in through the API as the site's login page does; the token, and the cookies a browser would hold. */
  const signIn = async (person: { phone: string; password: string }) => {
    const response = await api('POST', 'login', { payload: person, headers: { origin: SITE_ORIGIN } });
    expect(response.statusCode).toBe(200);
    const token = response.json<{ token: string }>().token;
    const csrf = setCookies(response).get('crease_csrf')!.value;
    return { token, csrf, cookie: `crease_session=${token}; crease_csrf=${csrf}`, bearer: { authorization: `Bearer ${token}` } };
  };

  it('guessing an OTP: after 5 wrong codes the 6th try is refused, even with the right code', async () => {
    const phone = '9844444444';
    const sent = await api('GET', `send/otp?phone=${phone}`);
    const otpId = sent.json<{ otp_id: string }>().otp_id;
    expect(sent.body).not.toMatch(/\b\d{6}\b/);
    const code = accounts.sms.lastCodeTo(phone)!;
    const wrong = code === '111111' ? '222222' : '111111';
    for (let guess = 0; guess < 5; guess++) {
      expect((await api('POST', 'verify_otp', { payload: { otp: wrong, otp_id: otpId } })).statusCode).toBe(400);
    }
    const right = await api('GET', `verify_otp?otp=${code}&otp_id=${otpId}`);
    expect([right.statusCode, right.json().message]).toEqual([429, 'Too many wrong codes. Request a new OTP.']);
    const register = await api('POST', 'register', { payload: { phone, password: 'zz9zz9', otp: code, otp_id: otpId } });
    expect(register.statusCode).toBe(429);
  });

  it('guessing a password: after 5 wrong ones the right one is refused, with Retry-After', async () => {
    const target = { phone: '9855555555', password: 'c0rr3c' };
    await createUser(db, target.phone, target.password);
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await api('POST', 'login', { payload: { phone: target.phone, password: `wr0ng${guess}` } });
      expect(wrong.statusCode).toBe(401);
    }
    const right = await api('POST', 'login', { payload: target });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json().message).toMatch(/^Too many attempts\. Try again in \d+ minutes?\.$/);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('a new X-Forwarded-For on every try does not dodge the per-address login limit', async () => {
    const fresh = await accountsApp(db);
    try {
      // 20 failures from one address, each claiming another address and trying another phone
      // (so no phone's own limit is reached).
      for (let attempt = 0; attempt < 20; attempt++) {
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/user/v1/login',
          payload: { phone: `97000000${String(attempt).padStart(2, '0')}`, password: 'guess1' },
          headers: { 'x-forwarded-for': randomAddress() },
          remoteAddress: ATTACKER_ADDRESS,
        });
        expect(response.statusCode).toBe(401);
      }
      const blocked = await fresh.app.inject({
        method: 'POST',
        url: '/user/v1/login',
        payload: BOB,
        headers: { 'x-forwarded-for': randomAddress() },
        remoteAddress: ATTACKER_ADDRESS,
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });

  it('the login page may not be framed by any site', async () => {
    const response = await accounts.app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
  });

  it.skipIf(handler === null)('a stored script in a profile name comes back as text on every page that shows it', async () => {
    const alice = await signIn(ALICE);
    const saved = await api('PUT', 'user/profile', { payload: { name: NAME_ATTACK }, headers: alice.bearer });
    expect(saved.statusCode).toBe(200);
    // The API gives the name back as typed, in JSON that no browser renders as HTML.
    expect(saved.json().data.name).toBe(NAME_ATTACK);
    expect(saved.headers['content-type']).toMatch(/^application\/json/);
    expect(saved.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/', '/editProfile', '/profile', '/themeProfile', '/mail', '/about', '/hi/editProfile']) {
      const page = await accounts.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } });
      expect(page.statusCode, url).toBe(200);
      expectOnlyTheSitesScripts(page, url);
    }
    // Where the name is printed as text, it is escaped.
    const profile = await accounts.app.inject({ method: 'GET', url: '/editProfile', headers: { cookie: alice.cookie } });
    expect(profile.body).toContain('value="&lt;img src=x onerror=alert(1)&gt;"');
  });

  it.skipIf(handler === null)("a stored script in a contact message reaches the admin's page and API only as data", async () => {
    const posted = await api('POST', 'post/query', {
      payload: { name: 'Eve <b>Hacker</b>', email: 'eve@example.com', phone: '9866666666', message: MESSAGE_ATTACK },
      headers: { origin: SITE_ORIGIN },
    });
    expect(posted.statusCode).toBe(200);
    const admin = await signIn(ADMIN);
    const list = await api('GET', 'admin/queries', { headers: admin.bearer });
    expect(list.json().data[0].message).toBe(MESSAGE_ATTACK);
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    const page = await accounts.app.inject({ method: 'GET', url: '/admin/queries', headers: { cookie: admin.cookie } });
    expect(page.statusCode).toBe(200);
    expectOnlyTheSitesScripts(page, '/admin/queries');
    // Another user cannot read them at all.
    const bob = await signIn(BOB);
    expect((await api('GET', 'admin/queries', { headers: bob.bearer })).statusCode).toBe(403);
  });

  it('uploads of a non-image, an oversize file and an image bomb are refused, and nothing is stored', async () => {
    const alice = await signIn(ALICE);
    const upload = async (fileName: string, type: string, data: Buffer) => {
      const form = new FormData();
      form.append('docs', new Blob([new Uint8Array(data)], { type }), fileName);
      const body = new Response(form);
      return api('PUT', 'user/profile/image', {
        payload: Buffer.from(await body.arrayBuffer()),
        headers: { ...alice.bearer, 'content-type': body.headers.get('content-type')! },
      });
    };
    const script = await upload('avatar.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(script.statusCode).toBe(415);
    const html = await upload('avatar.html', 'text/html', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(html.statusCode).toBe(415);
    const oversize = await upload('big.jpg', 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 1, 0xff));
    expect(oversize.statusCode).toBe(413);
    const bomb = await upload('bomb.png', 'image/png', imageBombPng(30_000, 30_000));
    expect(bomb.statusCode).toBe(400);
    for (const response of [script, html, oversize, bomb]) expect(response.json().message).toMatch(/^User Profile Not Updated: /);
    expect(await readdir(avatars.dir).catch(() => [] as string[])).toEqual([]);
  });

  it("one user can neither read nor change another's profile: there is no id to name, and the obvious tricks fail", async () => {
    const alice = await signIn(ALICE);
    const bob = await signIn(BOB);
    const before = await queryRows<{ phone: string; name: string | null; email: string | null }>(
      db,
      `select phone, name, email from users where phone = '${ALICE.phone}'`,
    );
    // Naming Alice in the query or the body changes nothing: the session says who is asking.
    const read = await api('GET', `get/user?phone=${ALICE.phone}&id=1`, { headers: bob.bearer });
    expect(read.json().data.phone).toBe(BOB.phone);
    const renamed = await api('PUT', 'user/profile', { payload: { name: 'Mallory', phone: ALICE.phone }, headers: bob.bearer });
    expect([renamed.statusCode, renamed.json().message]).toEqual([400, 'Mobile number cannot be changed']);
    // A made-up token is nobody; Bob's cookie with Alice's csrf value is refused.
    const forgedToken = await api('PUT', 'user/profile', { payload: { name: 'Mallory' }, headers: { authorization: `Bearer ${'A'.repeat(43)}` } });
    expect(forgedToken.statusCode).toBe(401);
    const mixed = await api('PUT', 'user/profile', {
      payload: { name: 'Mallory' },
      headers: { cookie: `crease_session=${bob.token}`, 'x-csrf-token': alice.csrf, origin: SITE_ORIGIN },
    });
    expect(mixed.statusCode).toBe(403);
    const after = await queryRows(db, `select phone, name, email from users where phone = '${ALICE.phone}'`);
    expect(after).toEqual(before);
  });

  it('CSRF: a cookie-signed write without the csrf header, or from another origin, is refused and changes nothing', async () => {
    const bob = await signIn(BOB);
    const attempts: Record<string, string>[] = [
      { cookie: bob.cookie, origin: SITE_ORIGIN },
      { cookie: bob.cookie, 'x-csrf-token': bob.csrf, origin: 'https://evil.test' },
      // A token one character off (its last one changed: a random token may itself end in 'AA').
      { cookie: bob.cookie, 'x-csrf-token': bob.csrf.slice(0, -1) + (bob.csrf.endsWith('A') ? 'B' : 'A'), origin: SITE_ORIGIN },
    ];
    for (const headers of attempts) {
      for (const [method, url, payload] of [
        ['PUT', 'user/profile', { name: 'Pwned' }],
        ['POST', 'logout', {}],
        ['PUT', 'user/settings', { theme: 9 }],
      ] as const) {
        const response = await api(method, url, { payload, headers });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    const [row] = await queryRows<{ name: string | null }>(db, `select name from users where phone = '${BOB.phone}'`);
    expect(row?.name).not.toBe('Pwned');
    // The session survived the forged logout.
    expect((await api('GET', 'get/user', { headers: bob.bearer })).statusCode).toBe(200);
  });

  it.skipIf(handler === null)("one user's page never reaches another user or a visitor, even on a page the cache keeps", async () => {
    await sql`update users set name = 'Alice Awasthi' where phone = ${ALICE.phone}`.execute(db.kysely);
    await sql`update users set name = 'Bob Bhatia' where phone = ${BOB.phone}`.execute(db.kysely);
    const alice = await signIn(ALICE);
    const bob = await signIn(BOB);
    for (const url of ['/', '/editProfile']) {
      const asAlice = await accounts.app.inject({ method: 'GET', url, headers: { cookie: alice.cookie } });
      const asBob = await accounts.app.inject({ method: 'GET', url, headers: { cookie: bob.cookie } });
      const visitor = await accounts.app.inject({ method: 'GET', url });
      expect(asAlice.body, url).toContain('Alice Awasthi');
      expect(asAlice.body, url).not.toContain('Bob Bhatia');
      expect(asBob.body, url).toContain('Bob Bhatia');
      expect(asBob.body, url).not.toContain('Alice Awasthi');
      for (const response of [asAlice, asBob]) expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(visitor.body, url).not.toMatch(/Alice Awasthi|Bob Bhatia/);
    }
    const home = await accounts.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['cache-control']).toContain('public');
  });
});

describe('attacks on Socket.IO', () => {
  it("a page on another site cannot open the site's socket; the site's own page can", async () => {
    const db = await freshDatabase();
    const accounts = await accountsApp(db);
    const realtime = await attachRealtime(accounts.app.server, pino({ level: 'silent' }), { allowedOrigins: [SITE_ORIGIN] });
    await accounts.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(accounts.app.server.address() as AddressInfo).port}`;
    const clients: ReturnType<typeof connectClient>[] = [];
    const attempt = (origin: string) =>
      new Promise<string>((resolve) => {
        const client = connectClient(url, { transports: ['websocket'], reconnection: false, extraHeaders: { origin } });
        clients.push(client);
        client.on('connect', () => resolve('connected'));
        client.on('connect_error', () => resolve('refused'));
      });
    try {
      expect(await attempt('https://evil.test')).toBe('refused');
      expect(await attempt(`${SITE_ORIGIN}.evil.test`)).toBe('refused');
      expect(await attempt(SITE_ORIGIN)).toBe('connected');
    } finally {
      for (const client of clients) client.close();
      await realtime.close();
      await accounts.close();
      await db.close();
    }
  });
});
