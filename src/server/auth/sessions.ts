// Sessions: a random token per login, handed to the client once; the database keeps only its
// sha256, so a copy of the sessions table signs nobody in. Every lookup reads the table (one
// indexed query): a revoked session stops working at once, in every process.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Role } from '../db/schema.ts';

export interface SessionUser {
  id: string;
  phone: string;
  name: string | null;
  email: string | null;
  /** Public URL path of the avatar, e.g. /media/avatars/u12-3fa9c1.webp, or null. */
  image: string | null;
  role: Role;
  sessionId: string;
}

export const AVATAR_URL_PREFIX = '/media/avatars/';

/** The public URL path of an avatar file name. */
export function avatarUrl(file: string | null): string | null {
  return file === null ? null : `${AVATAR_URL_PREFIX}${encodeURIComponent(file)}`;
}

// Tokens are 32 random bytes: 43 base64url characters.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const USER_AGENT_MAX = 200;
// last_seen_at is written at most this often per session: reads stay reads.
const LAST_SEEN_STEP_MS = 60_000;

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly ttlDays: number,
    private readonly logger: FastifyBaseLogger,
  ) {}

  get ttlSeconds(): number {
    return this.ttlDays * 86_400;
  }

  /** Starts a session; answers the token (shown to the client once, never stored). */
  async create(userId: string, userAgent: string | undefined): Promise<{ token: string; sessionId: string }> {
    const token = randomBytes(32).toString('base64url');
    const row = await this.db.kysely
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + this.ttlSeconds * 1000),
        user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    return { token, sessionId: row.id };
  }

  /** The user of a live (not expired, not revoked) session; null otherwise. */
  async resolve(token: string): Promise<SessionUser | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const row = await this.db.kysely
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        sql<string>`s.id::text`.as('session_id'),
        sql<string>`u.id::text`.as('user_id'),
        'u.phone',
        'u.name',
        'u.email',
        'u.image',
        'u.role',
        's.last_seen_at',
      ])
      .where('s.token_hash', '=', hashToken(token))
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (!row) return null;
    if (Date.now() - new Date(row.last_seen_at).getTime() > LAST_SEEN_STEP_MS) {
      // Bookkeeping only: the request does not wait for it, and a failure is just logged.
      this.db.kysely
        .updateTable('sessions')
        .set({ last_seen_at: sql`now()` })
        .where('id', '=', row.session_id)
        .execute()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'session last_seen_at not updated'));
    }
    return {
      id: row.user_id,
      phone: row.phone,
      name: row.name,
      email: row.email,
      image: avatarUrl(row.image),
      role: row.role,
      sessionId: row.session_id,
    };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Signs the user out everywhere (a password change). */
  async revokeAllOf(userId: string): Promise<number> {
    const result = await this.db.kysely
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Drops a user's sessions that ended over a day ago, so the table does not grow without end. */
  async pruneEnded(userId: string): Promise<void> {
    await this.db.kysely
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([eb('expires_at', '<', sql<Date>`now() - interval '1 day'`), eb('revoked_at', '<', sql<Date>`now() - interval '1 day'`)]),
      )
      .execute();
  }
}
