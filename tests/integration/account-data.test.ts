// A signed-in fan's own data (issue 29 §6, decision 064): downloaded whole (profile, photo,
// settings, sessions, likes, comments, contact messages, the devices subscribed to match alerts
// with the matches they follow and the alerts sent), and deleted with the account: after
// the deletion no table holds a row of theirs (every column that names a user, every phone
// column, the login counters), their photo file is gone and their sessions sign nobody in;
// another fan's rows are untouched.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvatarStore } from '../../src/server/account/avatars.ts';
import type { Db } from '../../src/server/db/client.ts';
import { accountsApp, createUser, setCookies, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { multipart } from '../helpers/images.ts';
import { browserKeys } from '../helpers/push-service.ts';
import { freshDatabase } from '../helpers/test-db.ts';

const ALICE = '9876543210';
const BOB = '9123456780';
const PASSWORD = 'ab12cd';
/** Columns that name a user (by id) in any table. */
const USER_COLUMNS = ['user_id', 'created_by', 'updated_by', 'uploaded_by', 'deleted_by'];

describe('a fan’s own data: download and deletion', () => {
  let db: Db;
  let accounts: AccountsApp;
  let dataDir: string;
  let avatars: AvatarStore;
  let alice: string;
  let bob: string;
  let bearer: string;
  let reelId: string;
  /** Alice's phone, subscribed to alerts while signed in (the account's); her laptop subscribed signed out (a device's). */
  const alicePhone = 'https://push.example.test/send/alice-phone';
  const aliceLaptop = 'https://push.example.test/send/alice-laptop';
  const bobPhone = 'https://push.example.test/send/bob-phone';
  const deviceKeys = browserKeys().json;
  const alertPreferences = { language: 'hi', kinds: ['wicket', 'result'], quiet_start: 1320, quiet_end: 420, time_zone: 'Asia/Kolkata', match_keys: ['1529312'], team_keys: ['india'] };

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
    accounts.app.inject({
      method,
      url: `/user/v1${url}`,
      ...(options.payload === undefined ? {} : { payload: options.payload as string }),
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    });

  /** Rows of every table that still name the user (by id or phone), table by table. */
  async function rowsOf(userId: string, phone: string): Promise<Record<string, number>> {
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and (column_name = any(${USER_COLUMNS}::text[]) or column_name = 'phone')`.execute(db.kysely);
    const found: Record<string, number> = {};
    for (const { table_name: table, column_name: column } of columns) {
      const value = column === 'phone' ? phone : userId;
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)} where ${sql.ref(column)}::text = ${value}`.execute(db.kysely);
      if (Number(rows[0]!.n) > 0) found[`${table}.${column}`] = Number(rows[0]!.n);
    }
    const { rows: users } = await sql<{ n: string }>`select count(*)::text as n from users where id::text = ${userId}`.execute(db.kysely);
    if (Number(users[0]!.n) > 0) found['users.id'] = Number(users[0]!.n);
    const { rows: counters } = await sql<{ n: string }>`select count(*)::text as n from limit_counters where key like ${`%${phone}%`}`.execute(db.kysely);
    if (Number(counters[0]!.n) > 0) found['limit_counters.key'] = Number(counters[0]!.n);
    return found;
  }

  beforeAll(async () => {
    db = await freshDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crease-account-data-'));
    avatars = new AvatarStore(path.join(dataDir, 'avatars'));
    accounts = await accountsApp(db, { appOptions: { avatars } });
    alice = await createUser(db, ALICE, PASSWORD);
    bob = await createUser(db, BOB, PASSWORD, 'editor');
    bearer = (await accounts.auth.sessions.create(alice, 'vitest')).token;
    const bobToken = (await accounts.auth.sessions.create(bob, 'vitest')).token;

    // Alice's life on the site: a cookie login from a browser, a profile, a photo, settings, a like,
    // a comment, a contact message, a password-reset code and a wrong password.
    const login = await call('POST', '/login', { payload: { phone: ALICE, password: PASSWORD }, headers: { 'user-agent': 'Firefox on a phone' } });
    expect(login.statusCode).toBe(200);
    expect(setCookies(login).get('crease_session')?.value).toBeTruthy();
    expect((await call('PUT', '/user/profile', { token: bearer, payload: { name: 'Alice A', email: 'alice@example.com' } })).statusCode).toBe(200);
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const body = multipart('docs', 'me.jpg', 'image/jpeg', photo);
    expect((await call('PUT', '/user/profile/image', { token: bearer, payload: body.payload, headers: body.headers })).statusCode).toBe(200);
    expect((await call('PUT', '/user/settings', { token: bearer, payload: { theme: 3 } })).statusCode).toBe(200);
    const reel = await db.kysely
      .insertInto('reels')
      .values({ title: 'Yorker at the death', title_hi: null, status: 'ready', error: null, uploaded_by: bob, source_bytes: 1000, duration_ms: 4000, video_file: 'r1-0123456789abcdef.mp4', poster_file: 'r1-0123456789abcdef.jpg', video_bytes: 900, ready_at: new Date() })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    reelId = reel.id;
    expect((await call('POST', '/add/like', { token: bearer, payload: { reel_id: reelId } })).statusCode).toBe(200);
    expect((await call('POST', '/add/comment', { token: bearer, payload: { reel_id: reelId, comment: 'What a ball' } })).statusCode).toBe(200);
    expect((await call('POST', '/add/comment', { token: bobToken, payload: { reel_id: reelId, comment: 'Agreed' } })).statusCode).toBe(200);
    const query = { name: 'Alice A', email: 'alice@example.com', phone: ALICE, message: 'Please add women’s IPL' };
    expect((await call('POST', '/post/query', { token: bearer, payload: query })).statusCode).toBe(200);
    expect((await call('GET', `/send_otp?phone=${ALICE}`)).statusCode).toBe(200);
    expect((await call('POST', '/login', { payload: { phone: ALICE, password: 'wrong-one' } })).statusCode).toBe(401);
    // Match alerts: Alice's phone subscribed signed in (and was sent two alerts), her laptop signed
    // out; Bob's phone signed in.
    const subscribe = (endpoint: string, token: string | null) =>
      call('POST', '/push/subscribe', { ...(token ? { token } : {}), payload: { subscription: { endpoint, keys: deviceKeys }, preferences: alertPreferences }, headers: { origin: SITE_ORIGIN } });
    for (const [endpoint, token] of [[alicePhone, bearer], [aliceLaptop, null], [bobPhone, bobToken]] as const) {
      expect((await subscribe(endpoint, token)).statusCode, endpoint).toBe(200);
    }
    await sql`insert into push_sent (subscription_id, event_key, sent_at)
      select id, unnest(array['1529312:ball:1.1', '1529312:result']), unnest(array[timestamptz '2026-05-31 14:00:00+00', timestamptz '2026-05-31 17:40:00+00'])
      from push_subscriptions where endpoint in (${alicePhone}, ${bobPhone})`.execute(db.kysely);
  });

  afterAll(async () => {
    await accounts?.close();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('downloads everything kept about the fan, as a file, to them only', async () => {
    expect((await call('GET', '/user/account/export')).statusCode).toBe(401);
    const response = await call('GET', '/user/account/export', { token: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="crease-account.json"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.json();
    expect(data.profile).toMatchObject({ phone: ALICE, name: 'Alice A', email: 'alice@example.com', role: 'user' });
    expect(data.profile.image).toMatch(/^\/media\/avatars\//);
    expect(data.settings.theme).toBe(3);
    expect(data.sessions.map((session: { user_agent: string | null }) => session.user_agent).sort()).toEqual(['Firefox on a phone', 'vitest']);
    expect(JSON.stringify(data)).not.toMatch(/token|password/i);
    expect(data.reel_likes).toEqual([expect.objectContaining({ reel_id: reelId, title: 'Yorker at the death', status: 'like' })]);
    expect(data.reel_comments).toEqual([expect.objectContaining({ reel_id: reelId, comment: 'What a ball', deleted_at: null })]);
    expect(data.contact_queries).toEqual([expect.objectContaining({ message: 'Please add women’s IPL' })]);
    // The device subscribed while signed in, with what it asked to hear, the match it follows and
    // the alerts sent to it; not its endpoint's address or keys (the device's credentials), and not
    // the laptop subscribed signed out (a device's, not the account's).
    expect(data.push_subscriptions).toEqual([
      {
        push_service: 'https://push.example.test',
        ...alertPreferences,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_success_at: null,
        alerts_sent: [
          { event: '1529312:ball:1.1', sent_at: '2026-05-31T14:00:00.000Z' },
          { event: '1529312:result', sent_at: '2026-05-31T17:40:00.000Z' },
        ],
      },
    ]);
    const text = JSON.stringify(data);
    for (const secret of ['alice-phone', 'alice-laptop', deviceKeys.p256dh, deviceKeys.auth]) expect(text).not.toContain(secret);
    expect(new Date(data.exported_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('deletes the account with everything kept with it once the password confirms it; no table keeps a row of theirs', async () => {
    const before = await rowsOf(alice, ALICE);
    for (const where of ['sessions.user_id', 'user_settings.user_id', 'reel_likes.user_id', 'reel_comments.user_id', 'contact_queries.user_id', 'push_subscriptions.user_id', 'otps.phone', 'users.phone', 'limit_counters.key']) {
      expect(before[where], where).toBeGreaterThan(0);
    }
    expect(await readdir(avatars.dir)).toHaveLength(1);

    expect((await call('POST', '/user/account/delete', { payload: { password: PASSWORD } })).statusCode).toBe(401);
    const wrong = await call('POST', '/user/account/delete', { token: bearer, payload: { password: 'not-it' } });
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, 'The password is not right.']);
    expect((await call('POST', '/user/account/delete', { token: bearer, payload: {} })).statusCode).toBe(400);
    expect((await rowsOf(alice, ALICE))['users.id']).toBe(1);

    const deleted = await call('POST', '/user/account/delete', { token: bearer, payload: { password: PASSWORD } });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: true, message: 'Account deleted' });
    expect(setCookies(deleted).get('crease_session')?.value).toBe('');

    expect(await rowsOf(alice, ALICE)).toEqual({});
    // Her phone's subscription went with the account, and the log of alerts sent to it; the laptop
    // subscribed signed out is that device's (turned off on its Notifications page); Bob's stays.
    const left = await sql<{ endpoint: string; sent: string }>`
      select s.endpoint, (select count(*) from push_sent p where p.subscription_id = s.id)::text as sent
      from push_subscriptions s order by s.endpoint`.execute(db.kysely);
    expect(left.rows).toEqual([
      { endpoint: aliceLaptop, sent: '0' },
      { endpoint: bobPhone, sent: '2' },
    ]);
    expect((await sql<{ n: string }>`select count(*)::text as n from push_sent`.execute(db.kysely)).rows[0]!.n).toBe('2');
    expect(await readdir(avatars.dir)).toEqual([]);
    expect((await call('GET', '/get/user', { token: bearer })).statusCode).toBe(401);
    // Bob's reel, his comment and his session stay; the reel counts only his comment now.
    expect(await rowsOf(bob, BOB)).toMatchObject({ 'users.id': 1, 'users.phone': 1, 'sessions.user_id': 1, 'reel_comments.user_id': 1, 'reels.uploaded_by': 1 });
    const comments = (await call('GET', `/get/comment?reel_id=${reelId}`)).json().comments as { comment: string }[];
    expect(comments.map((comment) => comment.comment)).toEqual(['Agreed']);
    // The number can sign up again.
    expect((await call('GET', `/send/otp?phone=${ALICE}`)).json().otp_id).toBeTruthy();
  });
});
