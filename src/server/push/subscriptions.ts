// Web Push subscriptions and the site's VAPID keys (docs/decisions/072-web-push.md). A subscription
// is a device's (signed in or not): its endpoint is unique, so subscribing again from the same
// browser updates the one row. It keeps what the fan asked to hear: the kinds of alert, quiet
// hours in the fan's time zone, the matches followed on this device and the teams (a signed-in
// fan's favourite teams count too).
import webpush from 'web-push';
import { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/client.ts';
import { textArray } from '../db/any-of.ts';
import type { Database } from '../db/schema.ts';
import { ALERT_KINDS } from '../domain/alerts.ts';
import { MAX_FAVOURITE_TEAMS, TEAM_KEY } from '../../shared/fixtures-shared.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The site's VAPID key pair: made on first use and kept in the database, so every process signs with the same one. */
export async function vapidKeys(db: Db): Promise<VapidKeys> {
  const read = () => db.kysely.selectFrom('push_keys').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
  const found = await read();
  if (found) return { publicKey: found.public_key, privateKey: found.private_key };
  const made = webpush.generateVAPIDKeys();
  // Two processes starting together: the first insert wins and both read it back.
  await db.kysely
    .insertInto('push_keys')
    .values({ id: 1, public_key: made.publicKey, private_key: made.privateKey })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const kept = (await read())!;
  return { publicKey: kept.public_key, privateKey: kept.private_key };
}

export const MAX_ENDPOINT = 1024;
export const MAX_FOLLOWED_MATCHES = 50;
const MATCH_KEY = /^[A-Za-z0-9_-]{1,64}$/;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const minuteOfDay = z.number().int().min(0).max(1439);

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What the page may change: every field optional in an update, all given on subscribe. */
export const pushPreferences = z.strictObject({
  language: z.enum(['en', 'hi']),
  kinds: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length).transform((kinds) => [...new Set(kinds)]),
  quiet_start: minuteOfDay.nullable(),
  quiet_end: minuteOfDay.nullable(),
  time_zone: z.string().min(1).max(64).refine(validTimeZone, 'time_zone must be an IANA time zone'),
  match_keys: z.array(z.string().regex(MATCH_KEY, 'match_keys: a match key is 1 to 64 letters, digits, - or _')).max(MAX_FOLLOWED_MATCHES).transform((keys) => [...new Set(keys)]),
  team_keys: z.array(z.string().regex(TEAM_KEY, 'team_keys: a team key is 1 to 64 lowercase letters, digits or hyphens')).max(MAX_FAVOURITE_TEAMS).transform((keys) => [...new Set(keys)]),
});
export type PushPreferences = z.output<typeof pushPreferences>;

export const pushEndpoint = z
  .string()
  .max(MAX_ENDPOINT, `endpoint: at most ${MAX_ENDPOINT} characters`)
  .refine((url) => URL.canParse(url) && new URL(url).protocol === 'https:', 'endpoint must be an https URL');

/** The browser's PushSubscription.toJSON(), and the preferences. */
export const subscribeBody = z.strictObject({
  subscription: z.object({
    endpoint: pushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({
      // An uncompressed P-256 point is 65 bytes (87 base64url characters); auth is 16 bytes (22).
      p256dh: z.string().min(80).max(100).regex(BASE64URL),
      auth: z.string().min(16).max(32).regex(BASE64URL),
    }),
  }),
  preferences: pushPreferences,
});

export const updateBody = z.strictObject({ endpoint: pushEndpoint, preferences: pushPreferences.partial() });
export const unsubscribeBody = z.strictObject({ endpoint: pushEndpoint });

export const DEFAULT_PREFERENCES: PushPreferences = {
  language: 'en',
  kinds: [...ALERT_KINDS],
  quiet_start: null,
  quiet_end: null,
  time_zone: 'UTC',
  match_keys: [],
  team_keys: [],
};

export interface StoredSubscription extends PushPreferences {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: string | null;
}

const COLUMNS = ['id', 'endpoint', 'p256dh', 'auth', 'user_id', 'language', 'kinds', 'quiet_start', 'quiet_end', 'time_zone', 'match_keys', 'team_keys'] as const;

/** The preferences as the row's columns (the arrays as text[], as the column takes them). */
function preferenceColumns(p: PushPreferences) {
  return {
    language: p.language,
    kinds: textArray(p.kinds),
    quiet_start: p.quiet_start,
    quiet_end: p.quiet_end,
    time_zone: p.time_zone,
    match_keys: textArray(p.match_keys),
    team_keys: textArray(p.team_keys),
  };
}

function row(stored: StoredSubscription): StoredSubscription {
  return { ...stored, id: String(stored.id), user_id: stored.user_id === null ? null : String(stored.user_id) };
}

export class PushSubscriptions {
  private readonly kysely: Kysely<Database>;

  constructor(private readonly db: Db) {
    this.kysely = db.kysely;
  }

  /** Adds the device's subscription, or replaces what the same endpoint had (its keys and preferences). */
  async subscribe(body: z.output<typeof subscribeBody>, userId: string | null): Promise<StoredSubscription> {
    const { subscription: s, preferences: p } = body;
    const stored = await this.kysely
      .insertInto('push_subscriptions')
      .values({
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        user_id: userId,
        ...preferenceColumns(p),
      })
      .onConflict((conflict) =>
        conflict.column('endpoint').doUpdateSet((eb) => ({
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          user_id: eb.fn.coalesce('excluded.user_id', 'push_subscriptions.user_id'),
          language: eb.ref('excluded.language'),
          kinds: eb.ref('excluded.kinds'),
          quiet_start: eb.ref('excluded.quiet_start'),
          quiet_end: eb.ref('excluded.quiet_end'),
          time_zone: eb.ref('excluded.time_zone'),
          match_keys: eb.ref('excluded.match_keys'),
          team_keys: eb.ref('excluded.team_keys'),
          updated_at: sql<Date>`now()`,
        })),
      )
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return row(stored);
  }

  async find(endpoint: string): Promise<StoredSubscription | null> {
    const stored = await this.kysely.selectFrom('push_subscriptions').select(COLUMNS).where('endpoint', '=', endpoint).executeTakeFirst();
    return stored ? row(stored) : null;
  }

  /** Changes the preferences sent; null when the endpoint has no subscription. */
  async update(endpoint: string, change: Partial<PushPreferences>): Promise<StoredSubscription | null> {
    const current = await this.find(endpoint);
    if (!current) return null;
    const p = { ...current, ...change };
    const stored = await this.kysely
      .updateTable('push_subscriptions')
      .set({ ...preferenceColumns(p), updated_at: sql<Date>`now()` })
      .where('endpoint', '=', endpoint)
      .returning(COLUMNS)
      .executeTakeFirst();
    return stored ? row(stored) : null;
  }

  /** Removes a subscription (the fan turned alerts off, or the push service says it is gone); whether one was. */
  async remove(endpoint: string): Promise<boolean> {
    const gone = await this.kysely.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).returning('id').execute();
    return gone.length > 0;
  }

  /** The subscriptions that follow the match or one of its teams (a signed-in fan's favourite teams included). */
  async following(matchKey: string, teamKeys: readonly string[]): Promise<StoredSubscription[]> {
    const rows = await this.kysely
      .selectFrom('push_subscriptions as s')
      .leftJoin('user_settings as u', 'u.user_id', 's.user_id')
      .select(COLUMNS.map((column) => `s.${column}` as const))
      .where((eb) =>
        eb.or([
          eb('s.match_keys', '@>', textArray([matchKey])),
          eb('s.team_keys', '&&', textArray(teamKeys)),
          eb(sql`u.settings -> 'favourite_teams'`, '?|', textArray(teamKeys)),
        ]),
      )
      .orderBy('s.id')
      .execute();
    return rows.map(row);
  }

  get database(): Db {
    return this.db;
  }
}
