// Issue 24's Low findings over the whole app on PGlite, each an attack and the answer that stops
// it: NUL bytes that reached PostgreSQL (500s), '%25' under /hi (a 500), routes that validated a
// stranger's body before asking who they are, a page cache any bogus credential or language cookie
// could bypass (a full render per request), error logs that held a query's parameters, and My
// Matches telling a signed-in fan to log in.
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { loggerOptions } from '../../src/server/logging.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { accountsApp, createUser, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { logSink } from '../helpers/log-sink.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('hostile input tests on pages');
const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

describe('hostile input', () => {
  let db: Db;
  let services: Services;
  let accounts: AccountsApp;
  let scorer: string;
  let fan: string;
  const { lines: logged, stream } = logSink();

  beforeAll(async () => {
    db = await freshDatabase();
    services = createServices(db);
    const logger = pino(loggerOptions('warn'), stream);
    accounts = await accountsApp(db, { logger, appOptions: { services, ...(handler ? { pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir } : {}) } });
    const scorerId = await createUser(db, '9811100001', 'sc0rer', 'scorer');
    const fanId = await createUser(db, '9811100002', 'f4nnys');
    scorer = (await accounts.auth.sessions.create(scorerId, 'vitest')).token;
    fan = (await accounts.auth.sessions.create(fanId, 'vitest')).token;
  });
  afterAll(async () => {
    await accounts?.close();
    await db?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: unknown; headers?: Record<string, string> } = {}) =>
    accounts.app.inject({
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload) }),
      headers: { ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }), origin: SITE_ORIGIN, ...options.headers },
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('a NUL byte anywhere in the input is a 400 before it reaches the database, on every route', async () => {
    const before = logged.length;
    const cases: [string, ReturnType<typeof inject>][] = [
      ['verify_otp ?otp_id=%00', inject('GET', '/user/v1/verify_otp?otp=123456&otp_id=%00')],
      ['verify_otp body', inject('POST', '/user/v1/verify_otp', { payload: { otp: '123456', otp_id: 'ab\u0000cd' } })],
      ["scorer's people search", inject('GET', '/user/v1/scorer/people?q=a%00b', { headers: bearer(scorer) })],
      ["scorer's teams search", inject('GET', '/user/v1/scorer/teams?q=a%00b', { headers: bearer(scorer) })],
      ['a token label with U+0000', inject('POST', '/user/v1/scorer/tokens', { payload: { label: 'phone\u0000one' }, headers: bearer(scorer) })],
      ['a key with U+0000', inject('PUT', '/user/v1/user/settings', { payload: { ['theme\u0000']: 1 }, headers: bearer(fan) })],
      ['a path key', inject('GET', '/user/v1/get/tournament/a%00b')],
      ['a login phone', inject('POST', '/user/v1/login', { payload: { phone: '98111\u000000001', password: 'sc0rer' } })],
    ];
    for (const [what, answer] of cases) {
      const response = await answer;
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toMatchObject({ status: false });
    }
    // Nothing failed on our side, so nothing was logged as an error.
    expect(logged.slice(before).filter((line) => line.includes('"level":50'))).toEqual([]);
  });

  it.skipIf(handler === null)("a page query with a NUL, and '%25' in a Hindi path, are 4xx, never 500", async () => {
    for (const url of ['/hi/series/%25', '/hi/x%25y', '/hi/getMatchList/1%25', '/hi/%25', '/hi/500']) {
      const response = await inject('GET', url, { headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('lang="hi"');
    }
    for (const url of ['/series?tab=%00', '/login?next=%00', '/search?q=a%00b', '/series/%E0%A4', '/hi/series/%zz']) {
      expect((await inject('GET', url, { headers: { accept: 'text/html' } })).statusCode, url).toBe(400);
    }
  });

  it('who is asking is checked before the body: a stranger gets 401, not the fields a route wants', async () => {
    const bogusCookie = { cookie: 'crease_session=not-a-session' };
    for (const headers of [{}, bogusCookie]) {
      for (const [method, url, payload] of [
        ['PUT', '/user/v1/admin/corrections', { nonsense: true }],
        ['POST', '/user/v1/scorer/fixtures', {}],
        ['POST', '/user/v1/scorer/tokens', { label: '' }],
        ['PUT', '/user/v1/user/settings', { theme: 'not a theme' }],
      ] as const) {
        const response = await inject(method, url, { payload, headers });
        expect([url, response.statusCode, response.json().message]).toEqual([url, 401, 'Please log in first.']);
      }
    }
    // Signed in, the same bad body is a 400 naming the field, as before.
    const signedIn = await inject('PUT', '/user/v1/user/settings', { payload: { theme: 'not a theme' }, headers: bearer(fan) });
    expect(signedIn.statusCode).toBe(400);
  });

  it('the role is checked before the body: a signed-in user without it gets 403, not the fields a route wants', async () => {
    const nonsense = { nonsense: true };
    for (const [method, url, token] of [
      ['PUT', '/user/v1/admin/corrections', fan],
      ['PUT', '/user/v1/admin/corrections', scorer],
      ['POST', '/user/v1/scorer/fixtures', fan],
      ['POST', '/user/v1/scorer/matches/no-such-match/balls', fan],
      ['POST', '/user/v1/scorer/tokens', fan],
      ['POST', '/user/v1/news/desk/article', fan],
      ['GET', '/user/v1/admin/queries?limit=nonsense', scorer],
    ] as const) {
      const response = await inject(method, url, { ...(method === 'GET' ? {} : { payload: nonsense }), headers: bearer(token) });
      expect([method, url, response.statusCode, response.json().message]).toEqual([method, url, 403, 'You do not have permission to do this.']);
    }
    // With the role, the same bad body is a 400 naming what is wrong.
    const scorerFixture = await inject('POST', '/user/v1/scorer/fixtures', { payload: nonsense, headers: bearer(scorer) });
    expect(scorerFixture.statusCode).toBe(400);
  });

  it('a failed query is logged without the values it was sent with', async () => {
    const failure = await sql`select ${'otp-hash-0123456789abcdef'}::int as n`.execute(db.kysely).catch((error: unknown) => error);
    expect(JSON.stringify(failure)).toContain('otp-hash-0123456789abcdef');
    const spy = vi.spyOn(services.matches, 'listForHome').mockRejectedValueOnce(failure);
    try {
      const before = logged.length;
      expect((await inject('GET', '/user/v1/get/all/matches')).statusCode).toBe(500);
      const lines = logged.slice(before).join('');
      expect(lines).toContain('request failed');
      expect(lines).not.toContain('otp-hash-0123456789abcdef');
      expect(lines).toContain('"params":"[redacted]"');
    } finally {
      spy.mockRestore();
    }
  });

  describe.skipIf(handler === null)('the page cache', () => {
    it('only a valid session skips it: a bogus Authorization, session cookie or lang cookie is served from memory', async () => {
      const listForHome = vi.spyOn(services.matches, 'listForHome');
      try {
        const page = { accept: 'text/html' };
        const first = await inject('GET', '/', { headers: page });
        expect(first.statusCode).toBe(200);
        const renders = listForHome.mock.calls.length;
        const bogus: Record<string, string>[] = [
          { authorization: 'Bearer not-a-session' },
          { authorization: 'Basic Zm9vOmJhcg==' },
          { cookie: 'crease_session=forged' },
          { cookie: 'lang=xx-random' },
          { cookie: 'lang=en; crease_session=forged' },
        ];
        for (const headers of bogus) {
          const answer = await inject('GET', '/', { headers: { ...page, ...headers } });
          expect(answer.statusCode, JSON.stringify(headers)).toBe(200);
          expect(answer.body, JSON.stringify(headers)).toBe(first.body);
          expect(answer.headers['cache-control'], JSON.stringify(headers)).toContain('public');
        }
        expect(listForHome.mock.calls.length).toBe(renders);
        // A real session is rendered for its user, and kept private.
        const signedIn = await inject('GET', '/', { headers: { ...page, cookie: `crease_session=${fan}` } });
        expect(signedIn.headers['cache-control']).toBe('private, no-store');
        expect(listForHome.mock.calls.length).toBe(renders + 1);
        // A Hindi cookie still gets its redirect.
        expect((await inject('GET', '/', { headers: { ...page, cookie: 'lang=hi' } })).statusCode).toBe(302);
      } finally {
        listForHome.mockRestore();
      }
    });

    it("My Matches tells a visitor to log in, and a signed-in fan that the teams are the account's", async () => {
      const url = '/fixtures?tab=mymatches';
      const visitor = await inject('GET', url, { headers: { accept: 'text/html' } });
      expect(visitor.body).toContain('log in to keep them with your account');
      const signedIn = await inject('GET', url, { headers: { accept: 'text/html', cookie: `crease_session=${fan}` } });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).toMatch(/signedIn&quot;:\[0,true\]/);
      expect(signedIn.body).toContain('Kept with your account, on every device you sign in on.');
      // And the visitor's copy, kept in the cache, is still the visitor's.
      expect((await inject('GET', url, { headers: { accept: 'text/html' } })).body).toMatch(/signedIn&quot;:\[0,false\]/);
    });
  });
});
