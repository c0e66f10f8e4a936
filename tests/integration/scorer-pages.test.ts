// The scorer console's pages through the built Astro handler with real sessions: a visitor goes
// to the login page, a fan is refused (403) and sees no link to them, a scorer sees the matches made on the console, in
// English and Hindi, never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.ts';
import { accountsApp, createUser, setCookies, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('scorer page tests');
const PASSWORD = 'pa55wd';

describe.skipIf(handler === null)('scorer pages', () => {
  let db: Db;
  let accounts: AccountsApp;
  let app: FastifyInstance;
  let fanCookie: string;
  let scorerCookie: string;

  async function logIn(phone: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    return `crease_session=${setCookies(response).get('crease_session')?.value}`;
  }

  const page = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    db = await freshDatabase();
    accounts = await accountsApp(db, { appOptions: { pageRoutes: PAGE_ROUTES, astroHandler: handler! } });
    app = accounts.app;
    await createUser(db, '9876500011', PASSWORD);
    await createUser(db, '9876500012', PASSWORD, 'scorer');
    fanCookie = await logIn('9876500011');
    scorerCookie = await logIn('9876500012');
  });

  afterAll(async () => {
    await accounts.close();
    await db.close();
  });

  it('sends a visitor to the login page and refuses a fan', async () => {
    for (const path of ['/scorer', '/scorer/new', '/scorer/1000000000', '/scorer/tokens']) {
      const visitor = await page(path);
      expect(visitor.statusCode, path).toBe(302);
      expect(visitor.headers.location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
      const fan = await page(path, fanCookie);
      expect(fan.statusCode, path).toBe(403);
      expect(fan.body, path).toContain('Only scorers can use the scorer console');
      expect(fan.body, path).not.toContain('astro-island');
    }
  });

  it('links the console and the API tokens page from the profile menu of a scorer only', async () => {
    const scorer = await page('/profile', scorerCookie);
    expect(scorer.body).toContain('href="/scorer/tokens"');
    expect(scorer.body).toContain('>Scorer API tokens<');
    expect((await page('/hi/profile', scorerCookie)).body).toContain('href="/hi/scorer/tokens"');
    const fan = await page('/profile', fanCookie);
    expect(fan.statusCode).toBe(200);
    expect(fan.body).not.toContain('/scorer');
    const tokens = await page('/scorer/tokens', scorerCookie);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.headers['cache-control']).toBe('private, no-store');
    expect(tokens.body).toContain('ScorerTokens');
  });

  it('lists the matches made on the console for a scorer, privately, in both languages', async () => {
    await accounts.app.inject({
      method: 'POST',
      url: '/user/v1/scorer/fixtures',
      headers: { authorization: `Bearer ${scorerCookie.split('=')[1]}` },
      payload: { tournament: { name: 'Pages Cup' }, teams: [{ name: 'North <b>Stars</b>' }, { name: 'South Suns' }], start_at: '2026-12-01T14:00:00Z', format: 't20', overs_limit: 20 },
    });
    const response = await page('/scorer', scorerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('North &lt;b&gt;Stars&lt;/b&gt; v South Suns, Pages Cup 2026');
    expect(response.body).toMatch(/href="\/scorer\/\d+"/);
    const hindi = await page('/hi/scorer', scorerCookie);
    expect(hindi.body).toContain('कंसोल पर बने मैच');
    expect(hindi.body).toMatch(/href="\/hi\/scorer\/\d+"/);
    const console = await page('/scorer/1000000000', scorerCookie);
    expect(console.statusCode).toBe(200);
    expect(console.body).toContain('ScorerConsole');
  });
});
