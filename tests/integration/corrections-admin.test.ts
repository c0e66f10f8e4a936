// The admins' corrections (GET/PUT user/v1/admin/corrections and the /admin/corrections page) over
// the real app on PGlite: visitors get 401, other users 403 (page too), a cookie-signed write
// without the session's csrf header or from another origin is refused, a bad case gets a 400 naming
// the field, and an admin's case is saved and applied at once through the write path.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfTokenFor } from '../../src/server/auth/csrf.ts';
import type { Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { accountsApp, createUser, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';
import { freshDatabase, queryNumber } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const iplArchive = requiredArchive('ipl_json.zip', 'admin corrections tests');
const handler = await builtAstroHandler('admin corrections page tests');
const PASSWORD = 'ab12cd';
const VOID_CASE = { key: 'pbks-dc-8-may-void', kind: 'void', source: 'Declared void and replayed on 24 May 2025 (published results).', match: '1473495', replayedBy: '1485779' };

describe.skipIf(!iplArchive)('admin corrections', () => {
  let db: Db;
  let accounts: AccountsApp;
  let userToken: string;
  let adminToken: string;
  let folder: string;

  const api = (method: 'GET' | 'PUT', headers: Record<string, string> = {}, payload?: unknown) =>
    accounts.app.inject({ method, url: '/user/v1/admin/corrections', headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    db = await freshDatabase();
    // The void match and its replay: IPL 2025, 8 and 24 May.
    const extracted = await extractArchive(iplArchive!, (text) => text.includes('"2025-05-08"') || text.includes('"2025-05-24"'));
    folder = extracted.folder;
    await importSources(db, [folder]);
    accounts = await accountsApp(db, handler ? { appOptions: { pageRoutes: PAGE_ROUTES, astroHandler: handler } } : {});
    const user = await createUser(db, '9876500011', PASSWORD);
    const admin = await createUser(db, '9876500012', PASSWORD, 'admin');
    userToken = (await accounts.auth.sessions.create(user, 'vitest')).token;
    adminToken = (await accounts.auth.sessions.create(admin, 'vitest')).token;
  });
  afterAll(async () => {
    await accounts?.close();
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('refuses visitors (401) and users who are not admins (403), reading or writing', async () => {
    expect((await api('GET')).statusCode).toBe(401);
    expect((await api('PUT', {}, VOID_CASE)).statusCode).toBe(401);
    const read = await api('GET', bearer(userToken));
    expect([read.statusCode, read.json().message]).toEqual([403, 'You do not have permission to do this.']);
    expect((await api('PUT', bearer(userToken), VOID_CASE)).statusCode).toBe(403);
    expect(await queryNumber(db, 'select count(*) from corrections')).toBe(0);
    expect(await queryNumber(db, 'select count(*) from matches where void_replayed_by is not null')).toBe(0);
  });

  it("refuses an admin's cookie-signed write without the csrf header, or from another site", async () => {
    const cookie = `crease_session=${adminToken}`;
    const forged = await api('PUT', { cookie, origin: SITE_ORIGIN }, VOID_CASE);
    expect(forged.statusCode).toBe(403);
    const otherSite = await api('PUT', { cookie, origin: 'https://evil.test', 'x-csrf-token': csrfTokenFor(adminToken) }, VOID_CASE);
    expect(otherSite.statusCode).toBe(403);
    expect(await queryNumber(db, 'select count(*) from corrections')).toBe(0);
  });

  it('answers a bad case with a 400 naming the field, and an oversized one with 413', async () => {
    const bad = await api('PUT', bearer(adminToken), { ...VOID_CASE, match: '1473495; drop table matches' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/match/);
    expect((await api('PUT', bearer(adminToken), { ...VOID_CASE, kind: 'delete_everything' })).statusCode).toBe(400);
    const huge = await api('PUT', bearer(adminToken), { ...VOID_CASE, source: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
    expect(await queryNumber(db, 'select count(*) from corrections')).toBe(0);
  });

  it("saves an admin's case with the page's csrf header and applies it at once", async () => {
    const cookie = `crease_session=${adminToken}`;
    const saved = await api('PUT', { cookie, origin: SITE_ORIGIN, 'x-csrf-token': csrfTokenFor(adminToken) }, VOID_CASE);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect(saved.json()).toEqual({ status: true, message: 'Correction saved', data: { written: 0, deleted: 0, voided: 1, unvoided: 0, renamed: 0, waiting: [] } });
    expect(await queryNumber(db, "select count(*) from matches where match_key = '1473495' and void_replayed_by = '1485779'")).toBe(1);
    const list = await api('GET', bearer(adminToken));
    expect(list.json().data).toEqual([{ case: VOID_CASE, origin: 'admin', updated_at: expect.any(String) }]);
    // An abandoned match whose tournament is not imported waits, and says so.
    const waiting = await api('PUT', bearer(adminToken), {
      key: 'future-washout',
      kind: 'abandoned',
      source: 'a test',
      tournament: 'indian-premier-league-2031',
      teams: ['Punjab Kings', 'Delhi Capitals'],
      date: '2031-05-01',
      venue: { name: 'Sawai Mansingh Stadium, Jaipur', city: 'Jaipur' },
    });
    expect(waiting.json().data.waiting).toEqual([{ key: 'future-washout', reason: 'no tournament indian-premier-league-2031' }]);
  });

  it.skipIf(!handler)('shows the page to admins only', async () => {
    const page = (token: string) => accounts.app.inject({ method: 'GET', url: '/admin/corrections', headers: { accept: 'text/html', cookie: `crease_session=${token}` } });
    const user = await page(userToken);
    expect(user.statusCode).toBe(403);
    expect(user.body).toContain('You do not have permission to do this.');
    expect(user.body).not.toContain('AdminCorrections');
    const admin = await page(adminToken);
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('AdminCorrections');
    const hindi = await accounts.app.inject({ method: 'GET', url: '/hi/admin/corrections', headers: { accept: 'text/html', cookie: `crease_session=${adminToken}` } });
    expect(hindi.body).toContain('सुधार');
  });
});
