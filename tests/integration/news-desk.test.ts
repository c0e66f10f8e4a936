// The editor's desk over the real app and database (PGlite; PostgreSQL too when
// TEST_DATABASE_URL is set): roles, drafts that stay private until published, edits, withdrawal,
// covers validated by content and re-encoded with sharp at each width, and bad input refused.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { Role } from '../../src/server/db/schema.ts';
import { CoverStore } from '../../src/server/news/covers.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { accountsApp, createUser, type AccountsApp } from '../helpers/accounts.ts';
import { exifHasGps, imageBombPng, multipart, photoWithGps } from '../helpers/images.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';

const engines = await databasesUnderTest();


const article = (heading: string, extra: Record<string, unknown> = {}) => ({
  en: { heading, sub_heading: 'Sub', content: 'The content.', paragraphs: ['One.', '', 'Two.'] },
  hi: { heading: `${heading} हिंदी`, content: 'सामग्री।' },
  tags: { team: ['india'], tournament: ['ipl-2026'] },
  ...extra,
});

describe.each(engines)('the editor’s desk on %s', (_engine, open) => {
  let db: Db;
  let services: Services;
  let accounts: AccountsApp;
  let dataDir: string;
  let covers: CoverStore;
  const tokens: Record<string, string> = {};

  const signIn = async (phone: string, role: Role) => {
    const id = await createUser(db, phone, 'ab12cd', role);
    tokens[role] = (await accounts.auth.sessions.create(id, 'vitest')).token;
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, role: Role | null, payload?: unknown, headers: Record<string, string> = {}) =>
    accounts.app.inject({
      method,
      url: `/user/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as string }),
      headers: { ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}), ...headers },
    });
  const publicHeadings = async () =>
    (await accounts.app.inject({ method: 'GET', url: '/user/v1/get/all/news' })).json().data.map((item: { heading: string }) => item.heading);

  beforeAll(async () => {
    db = await open();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crease-covers-'));
    covers = new CoverStore(path.join(dataDir, 'news-covers'));
  });
  afterAll(async () => {
    await accounts?.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await accounts?.close();
    await sql`truncate users, news_articles restart identity cascade`.execute(db.kysely);
    services = createServices(db);
    accounts = await accountsApp(db, { appOptions: { services, covers } });
    await signIn('9000000001', 'editor');
    await signIn('9000000002', 'user');
    await signIn('9000000003', 'admin');
  });

  it('is for editors and admins only', async () => {
    expect((await call('GET', '/news/desk', null)).statusCode).toBe(401);
    expect((await call('GET', '/news/desk', 'user')).statusCode).toBe(403);
    expect((await call('POST', '/news/desk/article', 'user', article('Nope'))).statusCode).toBe(403);
    expect((await call('GET', '/news/desk', 'editor')).statusCode).toBe(200);
    expect((await call('GET', '/news/desk', 'admin')).statusCode).toBe(200);
  });

  it('writes a draft that stays private, publishes it, edits it and withdraws it', async () => {
    const created = await call('POST', '/news/desk/article', 'editor', article('India name their squad'));
    expect(created.statusCode).toBe(200);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const draft = created.json().data;
    expect(draft).toMatchObject({
      status: 'draft',
      kind: 'editorial',
      heading: 'India name their squad',
      en: { heading: 'India name their squad', sub_heading: 'Sub', content: 'The content.', paragraphs: ['One.', 'Two.'] },
      hi: { heading: 'India name their squad हिंदी', sub_heading: '', paragraphs: [] },
      tags: { team: ['india'], tournament: ['ipl-2026'], player: [], match: [] },
      url: expect.stringMatching(/^\/news\/india-name-their-squad-[0-9a-f]{6}$/),
    });
    expect(await publicHeadings()).toEqual([]);
    expect((await call('POST', '/news/desk/publish', 'editor', { id: draft.id })).json().data.status).toBe('published');
    expect(await publicHeadings()).toEqual(['India name their squad']);

    const edited = await call('PUT', `/news/desk/article?id=${draft.id}`, 'editor', article('India name a new squad'));
    expect(edited.json().data).toMatchObject({ status: 'published', heading: 'India name a new squad', slug: draft.slug });
    expect(await publicHeadings()).toEqual(['India name a new squad']);

    expect((await call('POST', '/news/desk/unpublish', 'editor', { id: draft.id })).json().data.status).toBe('draft');
    expect(await publicHeadings()).toEqual([]);
    expect((await call('POST', '/news/desk/publish', 'editor', { id: '999999' })).statusCode).toBe(404);
    expect((await call('GET', '/news/desk/article?id=abc', 'editor')).statusCode).toBe(400);
  });

  it('an automated report edited by an editor is kept as edited', async () => {
    await services.news.saveReport('some-match', {
      texts: { en: { heading: 'Auto', sub_heading: '', content: 'Auto content', paragraphs: [] } },
      tags: [{ kind: 'match', key: 'some-match' }],
    });
    const [report] = (await call('GET', '/news/desk', 'editor')).json().data;
    expect(report).toMatchObject({ kind: 'automated', status: 'published', edited: false });
    await call('PUT', `/news/desk/article?id=${report.id}`, 'editor', article('Edited by hand'));
    const again = await services.news.saveReport('some-match', {
      texts: { en: { heading: 'Auto again', sub_heading: '', content: 'x', paragraphs: [] } },
      tags: [],
    });
    expect(again).toBe('kept');
    expect(await publicHeadings()).toEqual(['Edited by hand']);
  });

  it('refuses bad articles with the field in the message', async () => {
    const bad = [
      { ...article('x'), en: { heading: '', content: 'c' } },
      { ...article('x'), en: { heading: 'h'.repeat(201), content: 'c' } },
      { ...article('x'), en: { heading: 'h', content: 'c', paragraphs: ['1', '2', '3', '4', '5', '6', '7'] } },
      { ...article('x'), en: { heading: 'a\u0000b', content: 'c' } },
      { ...article('x'), tags: { team: ['x'.repeat(201)] } },
      { ...article('x'), cover_image: '../../etc/passwd' },
      { ...article('x'), cover_image: 'c-0123456789abcdef' },
    ];
    for (const body of bad) {
      const response = await call('POST', '/news/desk/article', 'editor', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({ status: false, message: expect.any(String) });
    }
    const huge = await call('POST', '/news/desk/article', 'editor', { ...article('x'), en: { heading: 'h', content: 'c'.repeat(300_000) } });
    expect(huge.statusCode).toBe(413);
  });

  it('takes a cover by its content, re-encodes it at 320, 640 and 1280 px without metadata, and serves it for a year', async () => {
    const photo = await photoWithGps();
    const upload = multipart('cover', 'cover.txt', 'text/plain', photo);
    const response = await call('POST', '/news/desk/cover', 'editor', upload.payload, upload.headers);
    expect(response.statusCode).toBe(200);
    const { cover_image, cover_url } = response.json().data;
    expect(cover_image).toMatch(/^c-[0-9a-f]{16}$/);
    expect((await readdir(covers.dir)).sort()).toEqual([`${cover_image}-1280.webp`, `${cover_image}-320.webp`, `${cover_image}-640.webp`]);
    for (const width of [320, 640, 1280]) {
      const served = await accounts.app.inject({ method: 'GET', url: `/media/news/${cover_image}-${width}.webp` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 9) / 16) });
      expect(exifHasGps(meta.exif)).toBe(false);
    }
    expect(cover_url).toBe(`/media/news/${cover_image}-1280.webp`);
    const withCover = await call('POST', '/news/desk/article', 'editor', article('With a cover', { cover_image }));
    expect(withCover.json().data.cover_url).toBe(cover_url);
    expect((await accounts.app.inject({ method: 'GET', url: '/media/news/c-0000000000000000-640.webp' })).statusCode).toBe(404);
    expect((await accounts.app.inject({ method: 'GET', url: '/media/news/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404);
  });

  it('refuses covers that are not images, broken, too large or bombs, and uploads from fans', async () => {
    const send = (role: Role, data: Buffer, field = 'cover', type = 'image/png') => {
      const upload = multipart(field, 'x.png', type, data);
      return call('POST', '/news/desk/cover', role, upload.payload, upload.headers);
    };
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } }).png().toBuffer();
    expect((await send('user', png)).statusCode).toBe(403);
    expect((await send('editor', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).statusCode).toBe(415);
    expect((await send('editor', Buffer.from('just text'))).statusCode).toBe(415);
    expect((await send('editor', png.subarray(0, png.length - 40))).statusCode).toBe(400);
    expect((await send('editor', imageBombPng(20_000, 20_000))).statusCode).toBe(400);
    expect((await send('editor', Buffer.alloc(11 * 1024 * 1024, 1))).statusCode).toBe(413);
    expect((await send('editor', png, 'docs')).statusCode).toBe(400);
    expect((await send('editor', png)).statusCode).toBe(200);
  });
});
