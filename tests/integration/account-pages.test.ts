// The account pages through the built Astro handler with real sessions: the guards' redirects,
// private caching of every page rendered for a user, a visitor's page unchanged and shared,
// the admin page's role check, and a user's name rendered as text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.ts';
import { accountsApp, createUser, setCookies, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('account page tests');
const PASSWORD = 'pa55wd';

describe.skipIf(handler === null)('account pages', () => {
  let db: Db;
  let accounts: AccountsApp;
  let app: FastifyInstance;
  let userCookie: string;
  let adminCookie: string;

  async function logIn(phone: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    return `crease_session=${setCookies(response).get('crease_session')?.value}`;
  }

  const page = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  beforeAll(async () => {
    db = await freshDatabase();
    accounts = await accountsApp(db, { appOptions: { pageRoutes: PAGE_ROUTES, astroHandler: handler! } });
    app = accounts.app;
    const userId = await createUser(db, '9876500001', PASSWORD);
    await db.kysely.updateTable('users').set({ name: '<img src=x onerror=alert(1)>Ravi' }).where('id', '=', userId).execute();
    await createUser(db, '9876500002', PASSWORD, 'admin');
    userCookie = await logIn('9876500001');
    adminCookie = await logIn('9876500002');
  });

  afterAll(async () => {
    await accounts.close();
    await db.close();
  });

  it('sends a visitor from each guarded page to the login page, keeping the way back and the language', async () => {
    for (const path of ['/editProfile', '/themeProfile', '/profileMatchSetting', '/speechSetting', '/mail', '/profile', '/admin/queries', '/admin/corrections']) {
      const response = await page(path);
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location, path).toBe(`/login?next=${encodeURIComponent(path)}`);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
    const hindi = await page('/hi/speechSetting');
    expect(hindi.headers.location).toBe('/hi/login?next=%2Fhi%2FspeechSetting');
  });

  it('the Notifications page is a device\'s, signed in or not, and says what it sends', async () => {
    for (const [path, intro] of [['/notification', 'Alerts on this device for your favourite teams'], ['/hi/notification', 'इस डिवाइस पर आपकी पसंदीदा टीमों']] as const) {
      const response = await page(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
      expect(response.body, path).toContain(intro);
      expect(response.body, path).not.toContain('We do not send notifications yet');
    }
  });

  it('renders the profile area for a signed-in user, privately, with the name as text', async () => {
    const response = await page('/editProfile', userCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toContain('9876500001');
    expect(response.body).toContain('data-logout-open');
    // Their data: downloaded, or deleted with the account (issue 29 §6).
    expect(response.body).toContain('href="/user/v1/user/account/export"');
    expect(response.body).toContain('Delete my account');
    // As text it is escaped; unescaped only inside a quoted attribute (the avatar's alt), where it is inert.
    expect(response.body).toMatch(/<span[^>]*>&lt;img src=x onerror=alert\(1\)&gt;Ravi<\/span>/);
    const raw = [...response.body.matchAll(/<img src=x onerror/g)].map((match) => response.body.slice(match.index - 5, match.index));
    expect(raw).toEqual(['alt="']);
  });

  it('sends a signed-in user from login, register and password reset to Edit Profile', async () => {
    for (const [path, target] of [
      ['/login', '/editProfile'],
      ['/register', '/editProfile'],
      ['/forget_password', '/editProfile'],
      ['/hi/login', '/hi/editProfile'],
    ]) {
      const response = await page(path!, userCookie);
      expect(response.statusCode, path).toBe(302);
      expect(response.headers.location, path).toBe(target);
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
    expect((await page('/login')).statusCode).toBe(200);
  });

  it('keeps a visitor’s page the same for everyone, and a signed-in user’s page private', async () => {
    const first = await page('/about');
    const second = await page('/about');
    expect(first.body).toBe(second.body);
    expect(first.body).not.toContain('data-logout-open');
    expect(first.headers['cache-control'] ?? '').not.toContain('private');
    const signedIn = await page('/about', userCookie);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect(signedIn.body).toContain('data-logout-open');
  });

  it('shows the contact queries to an admin only', async () => {
    const user = await page('/admin/queries', userCookie);
    expect(user.statusCode).toBe(403);
    expect(user.body).toContain('You do not have permission to do this.');
    const admin = await page('/admin/queries', adminCookie);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('AdminQueries');
  });

  it('after logout the same cookie is a visitor again', async () => {
    const login = await app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone: '9876500001', password: PASSWORD } });
    const cookies = setCookies(login);
    const session = `crease_session=${cookies.get('crease_session')?.value}`;
    expect((await page('/editProfile', session)).statusCode).toBe(200);
    const logout = await app.inject({
      method: 'POST',
      url: '/user/v1/logout',
      headers: { cookie: session, 'x-csrf-token': cookies.get('crease_csrf')?.value ?? '' },
    });
    expect(logout.statusCode).toBe(200);
    expect((await page('/editProfile', session)).statusCode).toBe(302);
  });
});
