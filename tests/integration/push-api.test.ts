// The Web Push API (issue 29 §4): the public key, a device's subscription made, read, changed and
// removed by its endpoint, signed in or not; sizes and shapes refused; a foreign page refused;
// writes limited per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { PUSH_RULES } from '../../src/server/api/push.ts';
import { accountsApp, createUser, SITE_ORIGIN, type AccountsApp } from '../helpers/accounts.ts';
import { browserKeys } from '../helpers/push-service.ts';
import { freshDatabase, queryRows } from '../helpers/test-db.ts';

describe('push API', () => {
  let db: Db;
  let accounts: AccountsApp;
  let bearer: string;
  const keys = browserKeys().json;
  const endpoint = 'https://push.example.test/send/device-1';
  const preferences = { language: 'hi', kinds: ['wicket', 'result'], quiet_start: 1320, quiet_end: 420, time_zone: 'Asia/Kolkata', match_keys: ['m1'], team_keys: ['india'] };

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    accounts.app.inject({ method, url: `/user/v1${url}`, ...(payload === undefined ? {} : { payload: payload as string }), headers: { origin: SITE_ORIGIN, ...headers } });

  beforeAll(async () => {
    db = await freshDatabase();
    accounts = await accountsApp(db);
    const user = await createUser(db, '9876543210', 'a long enough password 1');
    bearer = (await accounts.auth.sessions.create(user, 'vitest')).token;
  });

  afterAll(async () => {
    await accounts?.close();
    await db?.close();
  });

  it('gives the VAPID public key, the same each time', async () => {
    const first = await call('GET', '/push/key');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await call('GET', '/push/key')).json().data.public_key).toBe(first.json().data.public_key);
  });

  it('subscribes a signed-out device, reads, changes and removes its preferences by endpoint', async () => {
    const made = await call('POST', '/push/subscribe', { subscription: { endpoint, expirationTime: null, keys }, preferences });
    expect(made.statusCode).toBe(200);
    expect(made.json().data).toEqual(preferences);
    // The same endpoint again replaces, never duplicates.
    expect((await call('POST', '/push/subscribe', { subscription: { endpoint, keys }, preferences: { ...preferences, language: 'en' } })).statusCode).toBe(200);
    expect(await queryRows(db, 'select language, user_id from push_subscriptions')).toEqual([{ language: 'en', user_id: null }]);

    const changed = await call('PUT', '/push/preferences', { endpoint, preferences: { kinds: ['start'], quiet_start: null, quiet_end: null } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ kinds: ['start'], quiet_start: null, language: 'en', match_keys: ['m1'] });
    expect((await call('POST', '/push/preferences', { endpoint })).json().data.kinds).toEqual(['start']);

    expect((await call('POST', '/push/unsubscribe', { endpoint })).json().message).toBe('Unsubscribed');
    expect((await call('POST', '/push/preferences', { endpoint })).statusCode).toBe(404);
    expect((await call('PUT', '/push/preferences', { endpoint, preferences: { kinds: [] } })).statusCode).toBe(404);
  });

  it('a signed-in fan\'s subscription is theirs (their favourite teams count, and it goes with the account)', async () => {
    const made = await call('POST', '/push/subscribe', { subscription: { endpoint: `${endpoint}-signed-in`, keys }, preferences }, { authorization: `Bearer ${bearer}` });
    expect(made.statusCode).toBe(200);
    expect((await queryRows<{ user_id: string | null }>(db, "select user_id::text from push_subscriptions where endpoint like '%-signed-in'"))[0]!.user_id).not.toBeNull();
  });

  it('refuses what is not a subscription: http endpoints, long ones, bad keys, unknown kinds and time zones, and foreign pages', async () => {
    const refused = async (body: unknown, status = 400) => expect((await call('POST', '/push/subscribe', body)).statusCode).toBe(status);
    await refused({ subscription: { endpoint: 'http://push.example.test/x', keys }, preferences });
    await refused({ subscription: { endpoint: `https://push.example.test/${'x'.repeat(1100)}`, keys }, preferences });
    await refused({ subscription: { endpoint, keys: { ...keys, p256dh: 'short' } }, preferences });
    await refused({ subscription: { endpoint, keys }, preferences: { ...preferences, kinds: ['gossip'] } });
    await refused({ subscription: { endpoint, keys }, preferences: { ...preferences, time_zone: 'Mars/Olympus' } });
    await refused({ subscription: { endpoint, keys }, preferences: { ...preferences, quiet_start: 1440 } });
    await refused({ subscription: { endpoint, keys }, preferences: { ...preferences, match_keys: Array.from({ length: 51 }, (_, i) => `m${i}`) } });
    await refused({ subscription: { endpoint, keys }, preferences, extra: 1 });
    // A page on another site cannot subscribe a visitor's browser.
    const foreign = await call('POST', '/push/subscribe', { subscription: { endpoint, keys }, preferences }, { origin: 'https://evil.test' });
    expect(foreign.statusCode).toBe(403);
  });

  it('limits writes per address', async () => {
    let last = 0;
    for (let i = 0; i <= PUSH_RULES.writesPerIp.limit; i += 1) {
      last = (await call('POST', '/push/unsubscribe', { endpoint }, { 'x-forwarded-for': '198.51.100.7' })).statusCode;
      if (last === 429) break;
    }
    expect(last).toBe(429);
  });
});
