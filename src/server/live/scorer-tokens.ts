// API tokens of scorers, for other scoring apps sending balls to the ingest API. A token is
// shown once, when made; only its sha256 is stored, so a copy of the table scores nothing. A
// token is issued for some matches (their keys), or for its holder: then it scores what they may
// score on the console, the matches made for live scoring (docs/decisions/058).
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Database, MatchSource, Role } from '../db/schema.ts';

/** Tokens start with this, so a leaked one is recognisable (and never mistaken for a session). */
export const SCORER_TOKEN_PREFIX = 'crease_st_';
/** Live tokens a user may hold at once. */
export const MAX_TOKENS_PER_USER = 20;
/** Matches one token may be issued for (a day's fixtures of a league, say). */
export const MAX_TOKEN_MATCHES = 20;
/** How stale a token's recorded last use may grow while it is used (the tokens page shows it to the minute). */
export const LAST_USED_STEP_S = 60;

export interface ScorerTokenInfo {
  id: string;
  label: string;
  /** The matches the token may score; null: every match made for live scoring. */
  matchKeys: string[] | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The owner of a token in use. */
export interface TokenHolder {
  tokenId: string;
  userId: string;
  role: Role;
  matchKeys: string[] | null;
}

function hashOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export class ScorerTokens {
  private readonly db: Kysely<Database>;

  constructor(db: Db) {
    this.db = db.kysely;
  }

  /** A new token for the user, for these matches or (null) all; null when they already hold MAX_TOKENS_PER_USER. */
  async create(userId: string, label: string, matchKeys: readonly string[] | null = null): Promise<{ id: string; token: string } | null> {
    const token = SCORER_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    // The count and the insert in one statement: two requests at once cannot both pass the limit.
    // Plain SQL: an insert from a select without a table, guarded by the count, is past Kysely's builders.
    const {
      rows: [row],
    } = await sql<{ id: string }>`
      insert into scorer_tokens (user_id, token_hash, label, match_keys)
      select ${userId}, ${hashOf(token)}, ${label}, ${matchKeys === null ? null : [...matchKeys]}::text[]
      where (select count(*) from scorer_tokens where user_id = ${userId} and revoked_at is null) < ${MAX_TOKENS_PER_USER}
      returning id::text`.execute(this.db);
    return row ? { id: row.id, token } : null;
  }

  async list(userId: string): Promise<ScorerTokenInfo[]> {
    const rows = await this.db
      .selectFrom('scorer_tokens')
      .select([sql<string>`id::text`.as('id'), 'label', 'match_keys', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('scorer_tokens.id', 'desc')
      .execute();
    return rows.map((row) => ({ id: row.id, label: row.label, matchKeys: row.match_keys, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
  }

  /** Revokes one of the user's tokens; false when they have no such live token. */
  async revoke(userId: string, tokenId: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('scorer_tokens')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /**
   * Who holds a live token (any role: the caller decides what the role may do); null otherwise.
   * Its last use is recorded at most once a LAST_USED_STEP_S: a token sends a ball every few
   * seconds, and a write on each (committed to disk before the ball could start) bought only a
   * time the tokens page shows to the minute.
   */
  async resolve(token: string): Promise<TokenHolder | null> {
    if (!token.startsWith(SCORER_TOKEN_PREFIX)) return null;
    const row = await this.db
      .selectFrom('scorer_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        sql<string>`t.id::text`.as('id'),
        sql<string>`u.id::text`.as('user_id'),
        'u.role',
        't.match_keys',
        sql<boolean>`t.last_used_at is null or t.last_used_at < now() - make_interval(secs => ${LAST_USED_STEP_S})`.as('stale'),
      ])
      .where('t.token_hash', '=', hashOf(token))
      .where('t.revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row) return null;
    if (row.stale) await this.db.updateTable('scorer_tokens').set({ last_used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    return { tokenId: row.id, userId: row.user_id, role: row.role, matchKeys: row.match_keys };
  }
}

/** Where matches come from that take balls from scoring apps: made on the console or for ingest. Replays and imports take none. */
export const LIVE_SCORED_SOURCES: readonly MatchSource[] = ['scorer', 'ingest'];

/** Why a token may not score a match (the message of a 403), or null when it may. */
export function tokenRefusal(holder: Pick<TokenHolder, 'matchKeys'>, match: { key: string; source: MatchSource }): string | null {
  if (!LIVE_SCORED_SOURCES.includes(match.source)) {
    return 'This match takes no balls from scoring apps: it is a replay or an imported match.';
  }
  if (holder.matchKeys !== null && !holder.matchKeys.includes(match.key)) return 'This API token was not issued for this match.';
  return null;
}
