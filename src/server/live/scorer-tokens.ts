// API tokens of scorers, for other scoring apps sending balls to the ingest API. A token is
// shown once, when made; only its sha256 is stored, so a copy of the table scores nothing. A
// token is issued for some matches (their keys), or for its holder: then it scores what they may
// score on the console, the matches made for live scoring (docs/decisions/058).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { MatchSource, Role } from '../db/schema.ts';
import { queryRows, type QueryRows } from '../store/stored-deliveries.ts';

/** Tokens start with this, so a leaked one is recognisable (and never mistaken for a session). */
export const SCORER_TOKEN_PREFIX = 'crease_st_';
/** Live tokens a user may hold at once. */
export const MAX_TOKENS_PER_USER = 20;
/** Matches one token may be issued for (a day's fixtures of a league, say). */
export const MAX_TOKEN_MATCHES = 20;

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
  private readonly query: QueryRows;

  constructor(db: Db) {
    this.query = queryRows(db.kysely);
  }

  /** A new token for the user, for these matches or (null) all; null when they already hold MAX_TOKENS_PER_USER. */
  async create(userId: string, label: string, matchKeys: readonly string[] | null = null): Promise<{ id: string; token: string } | null> {
    const token = SCORER_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    // The count and the insert in one statement: two requests at once cannot both pass the limit.
    const [row] = await this.query<{ id: string }>(
      `insert into scorer_tokens (user_id, token_hash, label, match_keys)
       select $1, $2, $3, $5 where (select count(*) from scorer_tokens where user_id = $1 and revoked_at is null) < $4
       returning id::text`,
      [userId, hashOf(token), label, MAX_TOKENS_PER_USER, matchKeys],
    );
    return row ? { id: row.id, token } : null;
  }

  async list(userId: string): Promise<ScorerTokenInfo[]> {
    const rows = await this.query<{ id: string; label: string; match_keys: string[] | null; created_at: Date; last_used_at: Date | null }>(
      `select id::text, label, match_keys, created_at, last_used_at from scorer_tokens
       where user_id = $1 and revoked_at is null order by created_at desc, id desc`,
      [userId],
    );
    return rows.map((row) => ({ id: row.id, label: row.label, matchKeys: row.match_keys, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
  }

  /** Revokes one of the user's tokens; false when they have no such live token. */
  async revoke(userId: string, tokenId: string): Promise<boolean> {
    const rows = await this.query<{ id: string }>(
      'update scorer_tokens set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning id::text',
      [tokenId, userId],
    );
    return rows.length > 0;
  }

  /** Who holds a live token (any role: the caller decides what the role may do); null otherwise. */
  async resolve(token: string): Promise<TokenHolder | null> {
    if (!token.startsWith(SCORER_TOKEN_PREFIX)) return null;
    const [row] = await this.query<{ id: string; user_id: string; role: Role; match_keys: string[] | null }>(
      `update scorer_tokens t set last_used_at = now() from users u
       where t.token_hash = $1 and t.revoked_at is null and u.id = t.user_id
       returning t.id::text, u.id::text as user_id, u.role, t.match_keys`,
      [hashOf(token)],
    );
    return row ? { tokenId: row.id, userId: row.user_id, role: row.role, matchKeys: row.match_keys } : null;
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
