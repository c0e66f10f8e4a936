// A signed-in user's own data (profile, avatar file, settings) and the contact queries: read and
// written here for the API and the pages alike. Every method acts on the user id it is given,
// which callers take from the session, never from a request body.
import { sql, type Kysely } from 'kysely';
import { avatarUrl } from '../auth/index.ts';
import { readStoredSettings, type Settings } from '../account/settings.ts';
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
