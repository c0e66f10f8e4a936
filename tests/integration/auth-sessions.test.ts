// Login, sessions, logout and CSRF over the real app (PGlite; PostgreSQL too when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/client.ts';
import { setUserRole } from '../../src/server/auth/roles.ts';
import { accountsApp, APP_ORIGIN, createUser, setCookies, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const PHONE = '9876543210';
const PASSWORD = 'ab12cd';
const engines = await databasesUnderTest();

describe.each(engines)('sessions on %s', (_engine, open) => {
  let db: Db;
  let accounts: AccountsApp;

  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await accounts?.close();
    await sql`truncate users, otps restart identity cascade`.execute(db.kysely);
    accounts = await accountsApp(db);
    await createUser(db, PHONE, PASSWORD);
  });
  afterAll(async () => {
    await accounts.close();
  });

  const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    accounts.app.inject({ method: 'POST', url: '/user/v1/login', payload: body, headers });

  it('logs in with the right password: a token, userData and two cookies with the contract flags', async () => {
    const response = await login({ phone: PHONE, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: true, message: 'Login successful', userData: { phone: PHONE, name: null, image: null } });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const cookies = setCookies(response);
    const session = cookies.get('crease_session');
    const csrf = cookies.get('crease_csrf');
    expect(session?.value).toBe(body.token);
    expect(session?.attributes).toEqual(['Path=/', 'SameSite=Lax', 'HttpOnly', 'Secure']);
    // Without 'Remember Me' both cookies end with the browser session.
    expect(csrf?.attributes).toEqual(['Path=/', 'SameSite=Lax', 'Secure']);
    expect(csrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash of the token is stored.
    const stored = await sql<{ token_hash: Uint8Array }>`select token_hash from sessions`.execute(db.kysely);
    expect(stored.rows).toHaveLength(1);
    expect(Buffer.from(stored.rows[0]!.token_hash).toString('base64url')).not.toBe(body.token);
  });

  it("'Remember Me' makes the cookies last SESSION_TTL_DAYS", async () => {
    const response = await login({ phone: PHONE, password: PASSWORD, remember: true });
    expect(setCookies(response).get('crease_session')?.attributes).toContain(`Max-Age=${30 * 86_400}`);
    expect(setCookies(response).get('crease_csrf')?.attributes).toContain(`Max-Age=${30 * 86_400}`);
  });

  it('refuses a wrong password and an unknown phone with the same answer', async () => {
    const wrong = await login({ phone: PHONE, password: 'zzzzzz' });
    const unknown = await login({ phone: '9000000001', password: PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        status: false,
        message: 'Mobile number or password is incorrect.',
        errMsg: 'Mobile number or password is incorrect.',
        data: null,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers the spec messages for a missing or malformed phone', async () => {
    expect((await login({ password: PASSWORD })).json().message).toBe('Mobile Number is Required');
    expect((await login({ phone: '98765', password: PASSWORD })).json().message).toBe('Phone number is not valid');
    expect((await login({ phone: PHONE })).json().message).toBe('Password is Required');
  });

  it('get/user answers the user for the bearer token and for the cookie; 401 without either', async () => {
    const token = (await login({ phone: PHONE, password: PASSWORD })).json().token as string;
    const byBearer = await accounts.app.inject({ url: '/user/v1/get/user', headers: { authorization: `Bearer ${token}` } });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()).toEqual({ status: true, data: { name: null, phone: PHONE, email: null, image: null, role: 'user' } });
    expect(byBearer.headers['cache-control']).toBe('private, no-store');
    const byCookie = await accounts.app.inject({ url: '/user/v1/get/user', headers: { cookie: `crease_session=${token}` } });
    expect(byCookie.json().data.phone).toBe(PHONE);
    const signedOut = await accounts.app.inject({ url: '/user/v1/get/user' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('Please log in first.');
  });

  it('logout revokes the session at once, and clears the cookies', async () => {
    const loginAnswer = await login({ phone: PHONE, password: PASSWORD });
    const token = loginAnswer.json().token as string;
    const csrf = setCookies(loginAnswer).get('crease_csrf')!.value;
    const cookie = `crease_session=${token}; crease_csrf=${csrf}`;
    const out = await accounts.app.inject({ method: 'POST', url: '/user/v1/logout', headers: { cookie, 'x-csrf-token': csrf, origin: SITE_ORIGIN } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: true, message: 'Logged out' });
    expect(setCookies(out).get('crease_session')).toEqual({ value: '', attributes: ['Path=/', 'SameSite=Lax', 'HttpOnly', 'Secure', 'Max-Age=0'] });
    for (const headers of [{ cookie }, { authorization: `Bearer ${token}` }]) {
      expect((await accounts.app.inject({ url: '/user/v1/get/user', headers })).statusCode).toBe(401);
    }
  });

  it('a role given while signed in applies to the live session at once', async () => {
    const token = (await login({ phone: PHONE, password: PASSWORD })).json().token as string;
    expect(await setUserRole(db, PHONE, 'scorer')).toBe(true);
    const answer = await accounts.app.inject({ url: '/user/v1/get/user', headers: { authorization: `Bearer ${token}` } });
    expect(answer.json().data.role).toBe('scorer');
    expect(await setUserRole(db, '9000000001', 'admin')).toBe(false);
  });

  it('records the user agent (at most 200 characters) and last_seen_at, written at most once a minute', async () => {
    const token = (await login({ phone: PHONE, password: PASSWORD }, { 'user-agent': `Browser/${'x'.repeat(300)}` })).json().token as string;
    const row = async () =>
      (await sql<{ user_agent: string; seen_ago_s: number }>`select user_agent, extract(epoch from now() - last_seen_at)::float8 as seen_ago_s from sessions`.execute(db.kysely)).rows[0]!;
    expect((await row()).user_agent).toHaveLength(200);
    await sql`update sessions set last_seen_at = now() - interval '30 seconds'`.execute(db.kysely);
    await accounts.auth.resolveSession(token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await row()).seen_ago_s).toBeGreaterThan(29);
    await sql`update sessions set last_seen_at = now() - interval '2 minutes'`.execute(db.kysely);
    await accounts.auth.resolveSession(token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await row()).seen_ago_s).toBeLessThan(5);
  });

  it('an expired session resolves to nobody', async () => {
    const token = (await login({ phone: PHONE, password: PASSWORD })).json().token as string;
    await sql`update sessions set expires_at = now() - interval '1 second'`.execute(db.kysely);
    expect(await accounts.auth.resolveSession(token)).toBeNull();
    expect((await accounts.app.inject({ url: '/user/v1/get/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });

  it('pages get the user and the csrf value of the cookie session in Astro.locals; none without a live session', async () => {
    const seen: Record<string, unknown>[] = [];
    const pages = await accountsApp(db, {
      appOptions: {
        pageRoutes: PAGE_ROUTES, astroHandler: async (_request, response, _next, locals) => {
          seen.push(locals as Record<string, unknown>);
          response.writeHead(200, { 'content-type': 'text/plain' }).end('page');
        },
      },
    });
    try {
      const answer = await login({ phone: PHONE, password: PASSWORD });
      const token = answer.json().token as string;
      await pages.app.inject({ url: '/editProfile', headers: { cookie: `crease_session=${token}` } });
      await pages.app.inject({ url: '/editProfile', headers: { cookie: `crease_session=${'x'.repeat(43)}` } });
      await pages.app.inject({ url: '/editProfile' });
      expect(seen[0]).toMatchObject({
        user: { phone: PHONE, role: 'user', name: null, email: null, image: null, id: expect.any(String), sessionId: expect.any(String) },
        csrfToken: setCookies(answer).get('crease_csrf')!.value,
      });
      expect(seen.slice(1).map((locals) => [locals.user, locals.csrfToken])).toEqual([
        [null, null],
        [null, null],
      ]);
    } finally {
      await pages.close();
    }
  });

  describe('CSRF', () => {
    let token: string;
    let csrf: string;
    beforeEach(async () => {
      const answer = await login({ phone: PHONE, password: PASSWORD });
      token = answer.json().token as string;
      csrf = setCookies(answer).get('crease_csrf')!.value;
    });
    const logout = (headers: Record<string, string>) => accounts.app.inject({ method: 'POST', url: '/user/v1/logout', headers });
    const refusal = {
      status: false,
      message: 'The request could not be verified. Reload the page and try again.',
      errMsg: 'The request could not be verified. Reload the page and try again.',
      data: null,
    };

    it('refuses a cookie-authenticated write without the header, with a wrong one, or from a foreign origin', async () => {
      const attempts: Record<string, string>[] = [
        { cookie: `crease_session=${token}` },
        { cookie: `crease_session=${token}`, 'x-csrf-token': 'x'.repeat(43) },
        { cookie: `crease_session=${token}`, 'x-csrf-token': csrf, origin: 'https://evil.test' },
        // The partner app's origin may call without cookies, not with the site's cookie.
        { cookie: `crease_session=${token}`, 'x-csrf-token': csrf, origin: APP_ORIGIN },
      ];
      for (const headers of attempts) {
        const response = await logout(headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
        expect(response.json()).toEqual(refusal);
      }
      // Nothing was done: the session still works.
      expect((await accounts.app.inject({ url: '/user/v1/get/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    });

    it("another session's csrf value does not fit this session", async () => {
      const other = setCookies(await login({ phone: PHONE, password: PASSWORD })).get('crease_csrf')!.value;
      expect((await logout({ cookie: `crease_session=${token}`, 'x-csrf-token': other })).statusCode).toBe(403);
    });

    it('a bearer-authenticated write needs no csrf value, whatever the origin', async () => {
      const response = await logout({ authorization: `Bearer ${token}`, origin: 'https://elsewhere.test' });
      expect(response.statusCode).toBe(200);
    });

    it('an anonymous write is refused from a foreign origin, accepted from the site, a partner, or without Origin', async () => {
      expect((await login({ phone: PHONE, password: PASSWORD }, { origin: 'https://evil.test' })).statusCode).toBe(403);
      for (const headers of [{ origin: SITE_ORIGIN }, { origin: APP_ORIGIN }, {}] as Record<string, string>[]) {
        expect((await login({ phone: PHONE, password: PASSWORD }, headers)).statusCode).toBe(200);
      }
    });

    it("without PUBLIC_ORIGIN, the address the site was opened at is its own origin (a LAN address, 127.0.0.1); only then", async () => {
      const lan = { host: '192.168.1.20:4321', origin: 'http://192.168.1.20:4321' };
      // PUBLIC_ORIGIN set (this app): only that origin writes.
      expect((await login({ phone: PHONE, password: PASSWORD }, lan)).statusCode).toBe(403);
      const local = await accountsApp(db, { originFromHost: true });
      try {
        const answer = await local.app.inject({ method: 'POST', url: '/user/v1/login', headers: lan, payload: { phone: PHONE, password: PASSWORD } });
        expect(answer.statusCode).toBe(200);
        const cookie = `crease_session=${answer.json().token as string}`;
        const csrf = setCookies(answer).get('crease_csrf')!.value;
        const foreign = { ...lan, origin: 'http://192.168.1.99:4321' };
        expect((await local.app.inject({ method: 'POST', url: '/user/v1/login', headers: foreign, payload: { phone: PHONE, password: PASSWORD } })).statusCode).toBe(403);
        expect((await local.app.inject({ method: 'POST', url: '/user/v1/logout', headers: { ...foreign, cookie, 'x-csrf-token': csrf } })).statusCode).toBe(403);
        expect((await local.app.inject({ method: 'POST', url: '/user/v1/logout', headers: { ...lan, cookie, 'x-csrf-token': csrf } })).statusCode).toBe(200);
      } finally {
        await local.close();
      }
    });

    it('a page write with the cookie is refused too (plain text)', async () => {
      const response = await accounts.app.inject({ method: 'POST', url: '/editProfile', headers: { cookie: `crease_session=${token}` } });
      expect(response.statusCode).toBe(403);
      expect(response.body).toBe(refusal.message);
    });
  });
});
