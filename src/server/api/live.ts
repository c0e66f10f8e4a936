// The ingest API (other scoring apps send a match's balls one at a time with a scorer's API
// token) and the scorer's API tokens. Decisions: docs/decisions/025-live-engine-and-events.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../auth/index.ts';
import type { LimitRule } from '../auth/limits.ts';
import { requireRole } from '../auth/roles.ts';
import { anyText } from '../db/any-of.ts';
import type { Db } from '../db/client.ts';
import type { LiveEngine } from '../live/engine.ts';
import { LIVE_SCORED_SOURCES, ScorerTokens, tokenRefusal, type TokenHolder } from '../live/scorer-tokens.ts';
import { ApiError, tooManyAttempts } from './errors.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { liveRoutes, matchKeyParams, tokenIdParams } from '../wire/schemas/live.ts';

/** A ball is a few hundred bytes; a token label is short. */
const BODY_LIMIT = 16 * 1024;

export const LIVE_RULES = {
  /** Guessing tokens: wrong ones from one address. */
  badTokensPerIp: { name: 'ingest-bad-token-ip', limit: 30, windowS: 10 * 60 },
  /** A scoring app sends a ball every few seconds; a runaway one is stopped here. */
  ballsPerToken: { name: 'ingest-balls-token', limit: 300, windowS: 60 },
} as const satisfies Record<string, LimitRule>;

const NO_TOKEN = 'Send a scorer API token: Authorization: Bearer <token>.';

function bearerOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** The holder of the request's scorer API token, who must still be a scorer or an admin. */
async function tokenHolder(request: FastifyRequest, tokens: ScorerTokens, auth: Auth): Promise<TokenHolder> {
  const bad = await auth.limiter.peek(request.ip, LIVE_RULES.badTokensPerIp);
  if (!bad.allowed) throw tooManyAttempts(bad.retryAfterS);
  const token = bearerOf(request);
  const holder = token === null ? null : await tokens.resolve(token);
  if (!holder) {
    if (token !== null) await auth.limiter.hit(request.ip, LIVE_RULES.badTokensPerIp);
    throw new ApiError(401, NO_TOKEN);
  }
  if (holder.role !== 'scorer' && holder.role !== 'admin') throw new ApiError(403, 'This token belongs to an account that no longer scores.');
  const rate = await auth.limiter.hit(holder.tokenId, LIVE_RULES.ballsPerToken);
  if (!rate.allowed) throw tooManyAttempts(rate.retryAfterS);
  return holder;
}

export function registerLiveRoutes(app: FastifyInstance, db: Db, live: LiveEngine, auth: Auth): void {
  const tokens = new ScorerTokens(db);
  const { ingestBall, createToken, listTokens, revokeToken } = liveRoutes;

  app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();

    api.post(
      ingestBall.paths[0]!,
      { schema: { ...actionSchema(ingestBall), params: matchKeyParams }, bodyLimit: BODY_LIMIT },
      async (request) => {
        const { match_key: matchKey } = request.params;
        // Both at once: each is a round trip before the ball can be written. A bad token is refused first all the same.
        const [holder, match] = await Promise.all([
          tokenHolder(request, tokens, auth),
          // uncounted: this match, by its key.
          db.kysely.selectFrom('matches').select('source').where('match_key', '=', matchKey).executeTakeFirst(),
        ]);
        if (!match) throw new ApiError(404, 'Match not found');
        const refusal = tokenRefusal(holder, { key: matchKey, source: match.source });
        if (refusal !== null) throw new ApiError(403, refusal);
        const { sequence, innings, ball, previous_innings: closePrevious, batting_team: battingSide } = request.body;
        const start = { ...(closePrevious === undefined ? {} : { closePrevious }), ...(battingSide === undefined ? {} : { battingSide }) };
        // The engine sequences the ball: a later sequence than the next is a 409 with expected_sequence, an earlier one a resend.
        const recorded = await live.recordBall(matchKey, ball, { sequence, innings, start });
        return {
          status: true as const,
          data: {
            sequence,
            ball_key: recorded.ballKey,
            event_sequence: recorded.sequence,
            duplicate: recorded.duplicate,
            innings_end: recorded.inningsEnd === 'declared' ? null : recorded.inningsEnd,
            match_completed: recorded.matchCompleted,
          },
        };
      },
    );

    api.post(createToken.paths[0]!, { schema: actionSchema(createToken), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = requireRole(request, 'scorer', 'admin');
      const { label, match_keys: matchKeys = null } = request.body;
      if (matchKeys !== null) {
        const scored = await db.kysely
          // uncounted: the given matches, by key.
          .selectFrom('matches')
          .select('match_key')
          .where('match_key', '=', anyText(matchKeys))
          .where('source', 'in', LIVE_SCORED_SOURCES)
          .execute();
        const found = new Set(scored.map((row) => row.match_key));
        const missing = matchKeys.filter((key) => !found.has(key));
        if (missing.length > 0) throw new ApiError(400, `match_keys: no match scored live here has the key ${missing.join(', ')}.`);
      }
      const created = await tokens.create(user.id, label, matchKeys);
      if (!created) throw new ApiError(409, 'You have too many API tokens: revoke one first.');
      return { status: true as const, data: { id: created.id, label, match_keys: matchKeys, token: created.token } };
    });

    api.get(listTokens.paths[0]!, { schema: actionSchema(listTokens) }, async (request) => {
      const user = requireRole(request, 'scorer', 'admin');
      const list = await tokens.list(user.id);
      return {
        status: true as const,
        data: list.map((token) => ({
          id: token.id,
          label: token.label,
          match_keys: token.matchKeys,
          created_at: token.createdAt.toISOString(),
          last_used_at: token.lastUsedAt?.toISOString() ?? null,
        })),
      };
    });

    api.delete(revokeToken.paths[0]!, { schema: { ...actionSchema(revokeToken), params: tokenIdParams } }, async (request) => {
      const user = requireRole(request, 'scorer', 'admin');
      if (!(await tokens.revoke(user.id, request.params.id))) throw new ApiError(404, 'No such API token.');
      return { status: true as const, message: 'Token revoked' };
    });
  });
}
