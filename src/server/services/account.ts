// A signed-in user's own data (profile, avatar file, settings) and the contact queries: read and
// written here for the API and the pages alike. Every method acts on the user id it is given,
// which callers take from the session, never from a request body.
import { sql, type Kysely } from 'kysely';
import { avatarUrl } from '../auth/index.ts';
import { readStoredSettings, type Settings } from '../../shared/account-settings.ts';
import type { Database } from '../db/schema.ts';

export interface Profile {
  name: string | null;
  phone: string;
  email: string | null;
  /** Public path of the avatar, or null. */
  image: string | null;
}

export interface NewContactQuery {
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  message: string | null;
}

export interface StoredContactQuery {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  created_at: string;
  user_phone: string | null;
}

/** What GET user/account/export answers: every row kept about the user, times as ISO strings. */
export interface AccountExport {
  exported_at: string;
  profile: { phone: string; name: string | null; email: string | null; image: string | null; role: string; created_at: string };
  settings: Settings;
  sessions: { created_at: string; last_seen_at: string; expires_at: string; revoked_at: string | null; user_agent: string | null }[];
  reel_likes: { reel_id: string; title: string; status: string; created_at: string; updated_at: string }[];
  reel_comments: { reel_id: string; title: string; comment: string; created_at: string; deleted_at: string | null }[];
  contact_queries: { name: string; email: string; phone: string; message: string | null; created_at: string }[];
  push_subscriptions: {
    push_service: string;
    language: string;
    kinds: string[];
    quiet_start: number | null;
    quiet_end: number | null;
    time_zone: string;
    match_keys: string[];
    team_keys: string[];
    created_at: string;
    updated_at: string;
    last_success_at: string | null;
    alerts_sent: { event: string; sent_at: string }[];
  }[];
}

/** A push subscription as the export reads it (tables of migration 028): its endpoint and times, before they are presented. */
type PushSubscriptionRow = Omit<AccountExport['push_subscriptions'][number], 'push_service' | 'created_at' | 'updated_at' | 'last_success_at'> & {
  endpoint: string;
  created_at: Date;
  updated_at: Date;
  last_success_at: Date | null;
};

/** A row's timestamps as ISO strings (the drivers give Dates, or strings from PGlite's json). */
function isoTimes<T extends Record<string, unknown>>(row: T, ...columns: (keyof T)[]): { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] } {
  const copy: Record<string, unknown> = { ...row };
  for (const column of columns) {
    const value = row[column];
    copy[column as string] = value === null ? null : new Date(value as Date).toISOString();
  }
  return copy as { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
}

export class AccountService {
  constructor(private readonly db: Kysely<Database>) {}

  /** Name and email as typed (trimmed); the phone never changes here. */
  async updateProfile(userId: string, change: { name: string; email: string | null }): Promise<Profile> {
    const row = await this.db
      .updateTable('users')
      .set({ name: change.name, email: change.email, updated_at: sql`now()` })
      .where('id', '=', userId)
      .returning(['name', 'phone', 'email', 'image'])
      .executeTakeFirstOrThrow();
    return { ...row, image: avatarUrl(row.image) };
  }

  /** Points the user at a new avatar file; answers the file it replaces (to delete), if any. */
  async replaceAvatar(userId: string, fileName: string): Promise<string | null> {
    // The previous value is read under the row's lock, so two uploads at once each learn the
    // file the other replaced and no file is left behind.
    const { rows } = await sql<{ previous: string | null }>`
      update users set image = ${fileName}, updated_at = now()
      from (select id, image from users where id = ${userId} for update) as before
      where users.id = before.id
      returning before.image as previous`.execute(this.db);
    if (rows.length === 0) throw new Error(`no user ${userId}`);
    return rows[0]?.previous ?? null;
  }

  async settings(userId: string): Promise<Settings> {
    const row = await this.db.selectFrom('user_settings').select('settings').where('user_id', '=', userId).executeTakeFirst();
    return readStoredSettings(row?.settings);
  }

  /** Applies change to the stored settings under the row's lock (two tabs saving at once both count). */
  async changeSettings(userId: string, change: (current: Settings) => Settings): Promise<Settings> {
    return this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('user_settings')
        .values({ user_id: userId, settings: '{}' })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
      const row = await tx.selectFrom('user_settings').select('settings').where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const next = change(readStoredSettings(row.settings));
      await tx
        .updateTable('user_settings')
        .set({ settings: JSON.stringify(next), updated_at: sql`now()` })
        .where('user_id', '=', userId)
        .execute();
      return next;
    });
  }

  async addContactQuery(query: NewContactQuery): Promise<string> {
    const row = await this.db
      .insertInto('contact_queries')
      .values({ user_id: query.userId, name: query.name, email: query.email, phone: query.phone, message: query.message })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Everything kept about the user (the Privacy Policy's list), for them to download: profile,
   * settings, sessions (no token: only its hash is kept, and that is not theirs to use), likes,
   * comments, contact messages, and the devices subscribed to match alerts while signed in (what
   * each asked to hear, the matches it follows, the alerts sent to it; not the endpoint's address
   * or keys, which are that device's credentials, as a session's token is).
   */
  async exportData(userId: string): Promise<AccountExport> {
    const id = sql`${userId}::bigint`;
    const [user, settings, sessions, likes, comments, queries, subscriptions] = await Promise.all([
      sql<{ phone: string; name: string | null; email: string | null; image: string | null; role: string; created_at: Date }>`
        select phone, name, email, image, role, created_at from users where id = ${id}`.execute(this.db),
      this.settings(userId),
      sql<{ created_at: Date; last_seen_at: Date; expires_at: Date; revoked_at: Date | null; user_agent: string | null }>`
        select created_at, last_seen_at, expires_at, revoked_at, user_agent from sessions where user_id = ${id} order by created_at`.execute(this.db),
      sql<{ reel_id: string; title: string; status: string; created_at: Date; updated_at: Date }>`
        select l.reel_id::text as reel_id, r.title, l.status, l.created_at, l.updated_at
        from reel_likes l join reels r on r.id = l.reel_id where l.user_id = ${id} order by l.id`.execute(this.db),
      sql<{ reel_id: string; title: string; comment: string; created_at: Date; deleted_at: Date | null }>`
        select c.reel_id::text as reel_id, r.title, c.body as comment, c.created_at, c.deleted_at
        from reel_comments c join reels r on r.id = c.reel_id where c.user_id = ${id} order by c.id`.execute(this.db),
      sql<{ name: string; email: string; phone: string; message: string | null; created_at: Date }>`
        select name, email, phone, message, created_at from contact_queries where user_id = ${id} order by id`.execute(this.db),
      sql<PushSubscriptionRow>`
        select s.endpoint, s.language, s.kinds, s.quiet_start, s.quiet_end, s.time_zone, s.match_keys, s.team_keys,
          s.created_at, s.updated_at, s.last_success_at,
          coalesce((select json_agg(json_build_object('event', p.event_key, 'sent_at', p.sent_at) order by p.sent_at, p.event_key)
            from push_sent p where p.subscription_id = s.id), '[]') as alerts_sent
        from push_subscriptions s where s.user_id = ${id} order by s.id`.execute(this.db),
    ]);
    const profile = user.rows[0]!;
    return {
      exported_at: new Date().toISOString(),
      profile: { ...isoTimes(profile, 'created_at'), image: avatarUrl(profile.image) },
      settings,
      sessions: sessions.rows.map((row) => isoTimes(row, 'created_at', 'last_seen_at', 'expires_at', 'revoked_at')),
      reel_likes: likes.rows.map((row) => isoTimes(row, 'created_at', 'updated_at')),
      reel_comments: comments.rows.map((row) => isoTimes(row, 'created_at', 'deleted_at')),
      contact_queries: queries.rows.map((row) => isoTimes(row, 'created_at')),
      push_subscriptions: subscriptions.rows.map(({ endpoint, alerts_sent, ...row }) => ({
        push_service: new URL(endpoint).origin,
        ...isoTimes(row, 'created_at', 'updated_at', 'last_success_at'),
        alerts_sent: alerts_sent.map((sent) => ({ event: sent.event, sent_at: new Date(sent.sent_at).toISOString() })),
      })),
    };
  }

  /**
   * Deletes the account and everything kept with it: the user row (its sessions, settings, likes,
   * comments and scorer tokens go with it: foreign keys with on delete cascade), the contact
   * messages it sent, the one-time codes and login counts of its phone. What an editor wrote or
   * uploaded stays, without their name (on delete set null). Returns the photo's file name, for
   * the caller to remove from the avatar store.
   */
  async deleteAccount(userId: string): Promise<{ image: string | null } | null> {
    return this.db.transaction().execute(async (tx) => {
      const user = await tx.selectFrom('users').select(['phone', 'image']).where('id', '=', userId).executeTakeFirst();
      if (!user) return null;
      await tx.deleteFrom('contact_queries').where('user_id', '=', userId).execute();
      await tx.deleteFrom('otps').where('phone', '=', user.phone).execute();
      // Counters keyed '<rule>:<phone>' (login-fail-phone and the like).
      await tx.deleteFrom('limit_counters').where('key', 'like', `%:${user.phone}`).execute();
      await tx.deleteFrom('users').where('id', '=', userId).execute();
      return { image: user.image };
    });
  }

  /** Newest first, with the sender's account phone when they were signed in. */
  async contactQueries(page: { limit: number; offset: number }): Promise<{ rows: StoredContactQuery[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('contact_queries as q')
        .leftJoin('users as u', 'u.id', 'q.user_id')
        .select([
          sql<string>`q.id::text`.as('id'),
          'q.name',
          'q.email',
          'q.phone',
          'q.message',
          'q.created_at',
          'u.phone as user_phone',
        ])
        .orderBy('q.created_at', 'desc')
        .orderBy('q.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.db.selectFrom('contact_queries').select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
      total: Number(count.total),
    };
  }
}
