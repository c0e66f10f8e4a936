// Profile, profile photo, settings, contact queries and the admins' list over the real app (PGlite;
// PostgreSQL too when TEST_DATABASE_URL is set), with real images through sharp and a real SMTP
// server for the operator's email.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AvatarStore } from '../../src/server/account/avatars.ts';
import { createContactMailer, type ContactMailer } from '../../src/server/account/contact-mail.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/account-settings.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { Role } from '../../src/server/db/schema.ts';
import { accountsApp, createUser, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { exifHasGps, imageBombPng, multipart, photoWithGps } from '../helpers/images.ts';
import { queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';

const engines = await databasesUnderTest();

const ALICE = '9876543210';
const BOB = '9123456780';
const ADMIN = '9000000001';


/** A tiny SMTP server that keeps what it receives. */
async function smtpSink() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(engines)('profile, settings and contact API on %s', (_engine, open) => {
  let db: Db;
  let accounts: AccountsApp;
  let dataDir: string;
  let avatars: AvatarStore;
  let smtp: Awaited<ReturnType<typeof smtpSink>>;
  let mailer: ContactMailer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const signIn = async (phone: string, role: Role = 'user') => {
    ids[phone] = await createUser(db, phone, 'ab12cd', role);
    tokens[phone] = (await accounts.auth.sessions.create(ids[phone]!, 'vitest')).token;
  };
  const as = (phone: string) => ({ authorization: `Bearer ${tokens[phone]}` });
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, options: { phone?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
    accounts.app.inject({
      method,
      url: `/user/v1${url}`,
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
      headers: { ...(options.phone ? as(options.phone) : {}), ...options.headers },
    });

  beforeAll(async () => {
    db = await open();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crease-profile-'));
    avatars = new AvatarStore(path.join(dataDir, 'avatars'));
    smtp = await smtpSink();
    mailer = createContactMailer({ smtpUrl: smtp.url, to: 'operator@crease.test' });
  });
  afterAll(async () => {
    await accounts?.close();
    mailer.close();
    await smtp.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await accounts?.close();
    await sql`truncate users, contact_queries restart identity cascade`.execute(db.kysely);
    await rm(avatars.dir, { recursive: true, force: true });
    accounts = await accountsApp(db, { appOptions: { avatars, contactMailer: mailer } });
    await signIn(ALICE);
    await signIn(BOB);
    await signIn(ADMIN, 'admin');
  });

  describe('user/profile', () => {
    it('saves name and email with PUT and POST, stored as typed, private to the user', async () => {
      const name = '<script>alert("x")</script> Ana';
      const response = await call('PUT', '/user/profile', { phone: ALICE, payload: { name: `  ${name} `, email: 'ana@example.com', phone: ALICE } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.json()).toEqual({ status: true, message: 'Profile updated', data: { name, phone: ALICE, email: 'ana@example.com', image: null } });
      const posted = await call('POST', '/user/profile', { phone: ALICE, payload: { name: 'Ana B', email: '' } });
      expect(posted.json().data).toEqual({ name: 'Ana B', phone: ALICE, email: null, image: null });
      const user = await call('GET', '/get/user', { phone: ALICE });
      expect(user.json().data).toMatchObject({ name: 'Ana B', email: null });
    });

    it("changes only the signed-in user's row, whatever phone the body names", async () => {
      const response = await call('PUT', '/user/profile', { phone: BOB, payload: { name: 'Mallory', phone: ALICE } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Mobile number cannot be changed');
      await call('PUT', '/user/profile', { phone: BOB, payload: { name: 'Bob' } });
      const rows = await queryRows<{ phone: string; name: string | null }>(db, 'select phone, name from users order by phone');
      expect(rows.find((row) => row.phone === ALICE)?.name).toBeNull();
      expect(rows.find((row) => row.phone === BOB)?.name).toBe('Bob');
    });

    it('refuses a visitor, and a cookie-signed write without the csrf header', async () => {
      const visitor = await call('PUT', '/user/profile', { payload: { name: 'Someone' } });
      expect([visitor.statusCode, visitor.json().message]).toEqual([401, 'Please log in first.']);
      const forged = await call('PUT', '/user/profile', {
        payload: { name: 'Forged' },
        headers: { cookie: `crease_session=${tokens[ALICE]}`, origin: SITE_ORIGIN },
      });
      expect(forged.statusCode).toBe(403);
    });

    it('answers each invalid field with its message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{}, 'Full Name: Required'],
        [{ name: '   ' }, 'Full Name: Required'],
        [{ name: 'A' }, 'Full Name: Too Short!'],
        [{ name: 'x'.repeat(51) }, 'Full Name: Too Long!'],
        [{ name: 'Ana\u0000B' }, 'Full Name must not contain control characters'],
        [{ name: 'Ana\nB' }, 'Full Name must not contain control characters'],
        [{ name: 42 }, 'Full Name must be text'],
        [{ name: 'Ana', email: 'not-an-email' }, 'Email: Invalid email'],
        [{ name: 'Ana', email: `${'a'.repeat(250)}@example.com` }, 'Email: Invalid email'],
      ];
      for (const [payload, message] of cases) {
        const response = await call('PUT', '/user/profile', { phone: ALICE, payload });
        expect([response.statusCode, response.json().message], JSON.stringify(payload)).toEqual([400, message]);
      }
    });
  });

  describe('user/profile/image', () => {
    const upload = (phone: string | undefined, body: ReturnType<typeof multipart>) =>
      call('PUT', '/user/profile/image', { ...(phone ? { phone } : {}), payload: body.payload, headers: body.headers });

    it('stores a 256 px WebP without EXIF, serves it immutable, and replaces the previous one', async () => {
      const photo = await photoWithGps();
      expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true);
      const response = await upload(ALICE, multipart('docs', 'me.jpg', 'image/jpeg', photo));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const { image } = response.json().data as { image: string };
      expect(image).toMatch(new RegExp(`^/media/avatars/u${ids[ALICE]}-[0-9a-f]{16}\\.webp$`));
      expect(response.json().message).toBe('User Profile Updated');

      const served = await accounts.app.inject({ method: 'GET', url: image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['webp', 256, 256, undefined]);

      // get/user names it by its absolute URL (the provider's client shows it from its own origin).
      expect((await call('GET', '/get/user', { phone: ALICE })).json().data.image).toBe(`${SITE_ORIGIN}${image}`);
      const second = await upload(ALICE, multipart('docs', 'new.png', 'image/png', await sharp({ create: { width: 50, height: 80, channels: 3, background: '#00ff00' } }).png().toBuffer()));
      const replaced = second.json().data.image as string;
      expect(replaced).not.toBe(image);
      expect(await readdir(avatars.dir)).toEqual([path.basename(replaced)]);
      expect((await accounts.app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
    });

    it('get/user gives the photo as an absolute URL: on PUBLIC_ORIGIN whatever Host is named, else on the validated Host', async () => {
      const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0000ff' } }).png().toBuffer();
      const stored = (await upload(ALICE, multipart('docs', 'me.png', 'image/png', photo))).json().data.image as string;
      // PUBLIC_ORIGIN set: a foreign (valid) Host changes nothing.
      for (const host of [undefined, 'evil.example', 'localhost:4321']) {
        const answer = await call('GET', '/get/user', { phone: ALICE, headers: host ? { host } : {} });
        expect(answer.json().data.image, host).toBe(`${SITE_ORIGIN}${stored}`);
      }
      // Login's userData too: the provider's client keeps it for its header's photo.
      const login = await accounts.app.inject({ method: 'POST', url: '/user/v1/login', headers: { origin: SITE_ORIGIN }, payload: { phone: ALICE, password: 'ab12cd' } });
      expect(login.json().userData.image).toBe(`${SITE_ORIGIN}${stored}`);
      // An invalid Host never reaches it: refused before any route.
      expect((await call('GET', '/get/user', { phone: ALICE, headers: { host: 'a@evil.example' } })).statusCode).toBe(400);
      // No PUBLIC_ORIGIN (a local install): the Host the request was addressed to, once validated.
      const local = await accountsApp(db, { originFromHost: true, appOptions: { avatars } });
      try {
        const answer = await local.app.inject({ method: 'GET', url: '/user/v1/get/user', headers: { ...as(ALICE), host: '192.168.1.20:4321' } });
        expect(answer.json().data.image).toBe(`http://192.168.1.20:4321${stored}`);
        const bad = await local.app.inject({ method: 'GET', url: '/user/v1/get/user', headers: { ...as(ALICE), host: 'x y' } });
        expect(bad.statusCode).toBe(400);
      } finally {
        await local.close();
      }
    });

    it("takes 20 photos an hour from one user, then 429; another user's uploads are their own", async () => {
      const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
      for (let sent = 0; sent < 20; sent += 1) {
        expect((await upload(ALICE, multipart('docs', 'me.png', 'image/png', small))).statusCode).toBe(200);
      }
      const refused = await upload(ALICE, multipart('docs', 'me.png', 'image/png', small));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await upload(BOB, multipart('docs', 'me.png', 'image/png', small))).statusCode).toBe(200);
    });

    it('refuses a text file named .png and an SVG (415), judged by content', async () => {
      const text = await upload(ALICE, multipart('docs', 'photo.png', 'image/png', Buffer.from('just some text, not a picture')));
      expect([text.statusCode, text.json().message]).toEqual([415, 'User Profile Not Updated: the file is not an image']);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script></svg>');
      const vector = await upload(ALICE, multipart('docs', 'photo.jpg', 'image/jpeg', svg));
      expect([vector.statusCode, vector.json().message]).toEqual([415, 'User Profile Not Updated: only JPEG, PNG, WebP, GIF or AVIF photos are accepted']);
    });

    it('refuses more than 5 MB (413) and an image bomb (400), and keeps no file', async () => {
      const big = await upload(ALICE, multipart('docs', 'big.jpg', 'image/jpeg', Buffer.alloc(5 * 1024 * 1024 + 1, 0xff)));
      expect([big.statusCode, big.json().message]).toEqual([413, 'User Profile Not Updated: the photo is larger than 5 MB']);
      const bomb = await upload(ALICE, multipart('docs', 'bomb.png', 'image/png', imageBombPng(20_000, 20_000)));
      expect([bomb.statusCode, bomb.json().message]).toEqual([400, 'User Profile Not Updated: the image is too large (at most 24 megapixels)']);
      expect(await readdir(avatars.dir).catch(() => [] as string[])).toEqual([]);
    });

    it('refuses a visitor, a wrong field, no file and a body that is not multipart', async () => {
      const photo = multipart('docs', 'me.jpg', 'image/jpeg', await photoWithGps());
      expect((await upload(undefined, photo)).statusCode).toBe(401);
      const field = await upload(ALICE, multipart('photo', 'me.jpg', 'image/jpeg', await photoWithGps()));
      expect([field.statusCode, field.json().message]).toEqual([400, 'User Profile Not Updated: send the photo in the field docs']);
      const json = await call('PUT', '/user/profile/image', { phone: ALICE, payload: { docs: 'x' } });
      expect([json.statusCode, json.json().message]).toEqual([415, 'User Profile Not Updated: send the photo as multipart/form-data in the field docs']);
    });

    it('serves only avatar file names', async () => {
      for (const url of ['/media/avatars/u1-0123456789abcdef.webp', '/media/avatars/..%2F..%2Fpackage.json', '/media/avatars/u1-0123456789abcdef.svg']) {
        const response = await accounts.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
    });
  });

  describe('user/settings', () => {
    it('gives a new account the defaults, saves changes, and follows the user to another session', async () => {
      const first = await call('GET', '/user/settings', { phone: ALICE });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.json()).toEqual({ status: true, data: DEFAULT_SETTINGS });
      const changed = await call('PUT', '/user/settings', { phone: ALICE, payload: { theme: 5, speech: { enabled: true, voice: 3, rate: 1.25 } } });
      expect(changed.json().data).toMatchObject({ theme: 5, speech: { enabled: true, session: false, voice: 3, language: 'en', rate: 1.25 } });
      const { token } = await accounts.auth.sessions.create(ids[ALICE]!, 'another browser');
      const elsewhere = await call('GET', '/user/settings', { headers: { authorization: `Bearer ${token}` } });
      expect(elsewhere.json().data).toEqual(changed.json().data);
      // Bob's are his own.
      expect((await call('GET', '/user/settings', { phone: BOB })).json().data).toEqual(DEFAULT_SETTINGS);
    });

    it('refuses unknown keys and values out of range, and a visitor', async () => {
      const unknown = await call('PUT', '/user/settings', { phone: ALICE, payload: { theme: 1, colour: 'red' } });
      expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Unknown setting: colour']);
      const range = await call('PUT', '/user/settings', { phone: ALICE, payload: { speech: { rate: 3 } } });
      expect([range.statusCode, range.json().message]).toEqual([400, 'speech.rate must be a number from 0.5 to 2']);
      expect((await call('GET', '/user/settings', { phone: ALICE })).json().data).toEqual(DEFAULT_SETTINGS);
      expect((await call('GET', '/user/settings')).statusCode).toBe(401);
    });

    it('merges a device at sign-in: teams united, the account theme kept, its missing language taken', async () => {
      await call('PUT', '/user/settings', { phone: ALICE, payload: { theme: 2, favourite_teams: ['india', 'england'] } });
      const merged = await call('POST', '/user/settings/merge', {
        phone: ALICE,
        payload: { theme: 8, language: 'hi', favourite_teams: ['england', 'australia'] },
      });
      expect(merged.statusCode).toBe(200);
      expect(merged.json().data).toMatchObject({ theme: 2, language: 'hi', favourite_teams: ['india', 'england', 'australia'] });
      const refused = await call('POST', '/user/settings/merge', { phone: ALICE, payload: { notifications: { all: false } } });
      expect([refused.statusCode, refused.json().message]).toEqual([400, 'Unknown device setting: notifications']);
    });

    it('loses neither of two changes saved at once', async () => {
      await Promise.all([
        call('PUT', '/user/settings', { phone: ALICE, payload: { notifications: { admin: false } } }),
        call('PUT', '/user/settings', { phone: ALICE, payload: { notifications: { player: false } } }),
        call('PUT', '/user/settings', { phone: ALICE, payload: { theme: 3 } }),
      ]);
      const data = (await call('GET', '/user/settings', { phone: ALICE })).json().data;
      expect([data.notifications.admin, data.notifications.player, data.theme]).toEqual([false, false, 3]);
    });
  });

  describe('post/query and admin/queries', () => {
    const query = { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9988776655', message: 'Hello <b>there</b>\nSecond line' };

    it('stores a query from a visitor and from a signed-in user, and emails the operator', async () => {
      const before = smtp.received.length;
      const visitor = await call('POST', '/post/query', { payload: query, headers: { origin: SITE_ORIGIN } });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json()).toEqual({ status: true, message: 'Thank you. We will get back to you soon.' });
      const signedIn = await call('POST', '/post/query', { phone: BOB, payload: { firstName: 'Bob', email: 'bob@example.com', phone: BOB } });
      expect(signedIn.statusCode).toBe(200);

      const list = await call('GET', '/admin/queries', { phone: ADMIN });
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('private, no-store');
      const body = list.json();
      expect(body.total).toBe(2);
      expect(body.data.map((row: { name: string; user_phone: string | null; message: string | null }) => [row.name, row.user_phone, row.message])).toEqual([
        ['Bob', BOB, null],
        ['Ravi Kumar', null, query.message],
      ]);

      expect(smtp.received.length).toBe(before + 2);
      const mail = smtp.received[before]!;
      expect(mail.to).toEqual(['operator@crease.test']);
      expect(mail.data).toMatch(/^Subject: Contact query #\d+ from Ravi Kumar$/m);
      expect(mail.data).toMatch(/^Reply-To: Ravi Kumar <ravi@example.com>$/m);
      expect(mail.data).toContain('Hello <b>there</b>');
    });

    it('answers each invalid field with its message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...query, name: undefined }, 'Name: Required'],
        [{ ...query, name: 'R' }, 'Name: Too Short!'],
        [{ ...query, name: 'R'.repeat(51) }, 'Name: Too Long!'],
        [{ ...query, email: undefined }, 'Email: Required'],
        [{ ...query, email: 'ravi@' }, 'Email: Invalid email'],
        [{ ...query, phone: undefined }, 'Mobile Number is Required'],
        [{ ...query, phone: '12345' }, 'Phone number is not valid'],
        [{ ...query, phone: '98765 43210' }, 'Phone number is not valid'],
        [{ ...query, message: 'x'.repeat(2001) }, 'Message: Too Long! (at most 2000 characters)'],
        [{ ...query, message: 'nul \u0000 here' }, 'Message must not contain control characters'],
      ];
      for (const [payload, message] of cases) {
        const response = await call('POST', '/post/query', { payload });
        expect([response.statusCode, response.json().message], JSON.stringify(payload).slice(0, 80)).toEqual([400, message]);
      }
      // A page on another site cannot post a query in a visitor's name.
      const foreign = await call('POST', '/post/query', { payload: query, headers: { origin: 'https://elsewhere.example' } });
      expect(foreign.statusCode).toBe(403);
      expect((await queryRows(db, 'select id from contact_queries')).length).toBe(0);
    });

    it('takes five queries an hour from one address, then 429 with Retry-After', async () => {
      for (let sent = 0; sent < 5; sent += 1) expect((await call('POST', '/post/query', { payload: query })).statusCode).toBe(200);
      const refused = await call('POST', '/post/query', { payload: query });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(refused.json()).toMatchObject({ status: false, message: 'Too many attempts. Try again in 60 minutes.' });
      expect((await queryRows(db, 'select id from contact_queries')).length).toBe(5);
    });

    it('stores the query and still thanks the sender when the mail server is down', async () => {
      const down = createContactMailer({ smtpUrl: 'smtp://127.0.0.1:1', to: 'operator@crease.test' });
      await accounts.close();
      accounts = await accountsApp(db, { appOptions: { avatars, contactMailer: down } });
      const response = await call('POST', '/post/query', { payload: query });
      expect(response.statusCode).toBe(200);
      expect((await queryRows(db, 'select name from contact_queries')).map((row) => row.name)).toEqual(['Ravi Kumar']);
      down.close();
    });

    it('lists queries for admins only, newest first, in pages of at most 100', async () => {
      for (const name of ['First', 'Second', 'Third']) await call('POST', '/post/query', { payload: { ...query, name } });
      expect((await call('GET', '/admin/queries')).statusCode).toBe(401);
      const user = await call('GET', '/admin/queries', { phone: ALICE });
      expect([user.statusCode, user.json().message]).toEqual([403, 'You do not have permission to do this.']);
      const page = await call('GET', '/admin/queries?limit=2&offset=1', { phone: ADMIN });
      expect(page.json().data.map((row: { name: string }) => row.name)).toEqual(['Second', 'First']);
      expect(page.json().total).toBe(3);
      expect((await call('GET', '/admin/queries?limit=101', { phone: ADMIN })).statusCode).toBe(400);
    });
  });
});
