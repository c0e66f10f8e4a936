// The scorer console's API (schemas/scorer.ts): reads for the console, and every write through
// the live engine, which writes through the one write path and pushes the events to fans.
// Scorers and admins only; with the session cookie, writes carry the csrf header (auth hook).
// docs/decisions/026-scorer-console.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole, type Auth, type LimitRule } from '../auth/index.ts';
import type { LiveEngine } from '../live/engine.ts';
import type { Lang } from '../domain/result.ts';
import type { ScorerService } from '../services/scorer.ts';
import { LiveWriteError } from '../store/fixture.ts';
import { ApiError, tooManyAttempts } from './errors.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { ballKeyParams, matchKeyParams, MAX_SEARCH_RESULTS, scorerRoutes } from '../wire/schemas/scorer.ts';

export const SCORER_RULES = {
  // A ball every few seconds at the very most, plus corrections; a runaway client is stopped.
  writesPerUser: { name: 'scorer-write-user', limit: 240, windowS: 60 },
  searchesPerUser: { name: 'scorer-search-user', limit: 120, windowS: 60 },
} as const satisfies Record<string, LimitRule>;

// The largest body is a fixture with two squads of 25 named players.
const BODY_LIMIT = 32 * 1024;
const NO_MATCH = 'No match with this key was made on the scorer console.';
const MOVED_ON = 'The match has changed since you last saw it: reload it to see what the last ball is.';

/** A fixture the store refuses (an unknown player key) is a bad request, not a conflict. */
async function refusedAs<T>(statusCode: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof LiveWriteError) throw new ApiError(statusCode, `Refused: ${error.message}.`);
    throw error;
  }
}

export async function registerScorerRoutes(app: FastifyInstance, scorer: ScorerService, live: LiveEngine, auth: Auth): Promise<void> {
  await app.register(async (scope) => {
    // The console's answers are one scorer's working state: never kept by a cache.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const routes = scorerRoutes;

    /** The scorer (or admin) behind a request, within their limit. */
    const scorerOf = async (request: FastifyRequest, rule: LimitRule) => {
      const user = requireRole(request, 'scorer', 'admin');
      const rate = await auth.limiter.hit(user.id, rule);
      if (!rate.allowed) throw tooManyAttempts(rate.retryAfterS);
      return user;
    };

    /** A match made on the console (404 for any other: replays and imports are not scored here). */
    const consoleMatch = async (matchKey: string, lang: Lang = 'en') => {
      const match = await scorer.match(matchKey, lang);
      if (!match || match.source !== 'scorer') throw new ApiError(404, NO_MATCH);
      return match;
    };

    api.get(routes.people.paths[0]!, { schema: actionSchema(routes.people) }, async (request) => {
      await scorerOf(request, SCORER_RULES.searchesPerUser);
      return { status: true as const, data: await scorer.searchPeople(request.query.q, MAX_SEARCH_RESULTS) };
    });

    api.get(routes.teams.paths[0]!, { schema: actionSchema(routes.teams) }, async (request) => {
      await scorerOf(request, SCORER_RULES.searchesPerUser);
      return { status: true as const, data: await scorer.searchTeams(request.query.q, MAX_SEARCH_RESULTS) };
    });

    api.get(routes.list.paths[0]!, { schema: actionSchema(routes.list) }, async (request) => {
      requireRole(request, 'scorer', 'admin');
      return { status: true as const, data: await scorer.list() };
    });

    api.post(routes.create.paths[0]!, { schema: actionSchema(routes.create), bodyLimit: BODY_LIMIT }, async (request) => {
      await scorerOf(request, SCORER_RULES.writesPerUser);
      const body = request.body;
      const { matchKey } = await refusedAs(400, () => live.createFixture({
        tournament: body.tournament,
        teams: body.teams,
        ...(body.venue === undefined ? {} : { venue: body.venue }),
        startAt: new Date(body.start_at),
        format: body.format,
        matchType: body.match_type ?? { t20: 'T20', oneday: 'ODI', test: 'Test' }[body.format],
        oversLimit: body.overs_limit,
        ballsPerOver: body.balls_per_over,
        gender: body.gender,
        source: 'scorer',
        ...(body.squads === undefined ? {} : { squads: body.squads }),
      }));
      return { status: true as const, data: { match_key: matchKey } };
    });

    const params = { params: matchKeyParams };

    api.get(routes.match.paths[0]!, { schema: { ...actionSchema(routes.match), ...params } }, async (request) => {
      requireRole(request, 'scorer', 'admin');
      const { source: _source, ...match } = await consoleMatch(request.params.match_key, request.query.lang);
      return { status: true as const, data: match };
    });

    /** A write to a console match: role, limit, the match checked, then the engine's command. */
    const write = async (request: FastifyRequest<{ Params: { match_key: string } }>) => {
      await scorerOf(request, SCORER_RULES.writesPerUser);
      return consoleMatch(request.params.match_key);
    };
    const done = { status: true as const };

    api.post(routes.toss.paths[0]!, { schema: { ...actionSchema(routes.toss), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      await live.setToss(request.params.match_key, request.body);
      return done;
    });

    api.post(routes.playingXi.paths[0]!, { schema: { ...actionSchema(routes.playingXi), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      const { side, player_keys: playerKeys, captain_key: captain = null, keeper_key: keeper = null } = request.body;
      await live.setPlayingXI(request.params.match_key, side, playerKeys, { captain, keeper });
      return done;
    });

    api.post(routes.startInnings.paths[0]!, { schema: { ...actionSchema(routes.startInnings), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      const { batting_side: battingSide, target } = request.body;
      await live.startInnings(request.params.match_key, { ...(battingSide === undefined ? {} : { battingSide }), ...(target === undefined ? {} : { target }) });
      return done;
    });

    api.post(routes.ball.paths[0]!, { schema: { ...actionSchema(routes.ball), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      const recorded = await live.recordBall(request.params.match_key, request.body.ball, { idempotencyKey: request.body.idempotency_key });
      return { status: true as const, data: { sequence: recorded.sequence, ball_key: recorded.ballKey, duplicate: recorded.duplicate } };
    });

    api.post(routes.correctBall.paths[0]!, { schema: { ...actionSchema(routes.correctBall), params: ballKeyParams }, bodyLimit: BODY_LIMIT }, async (request) => {
      const match = await write(request);
      // Only from the state the scorer saw: a correction never lands on a ball another device changed since.
      if (match.sequence !== request.body.sequence) throw new ApiError(409, MOVED_ON);
      const corrected = await live.correctBall(request.params.match_key, request.params.ball_key, request.body.ball);
      return { status: true as const, data: { sequence: corrected.sequence, ball_key: corrected.ballKey } };
    });

    api.post(routes.undo.paths[0]!, { schema: { ...actionSchema(routes.undo), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      const match = await write(request);
      // A retried undo must not take back a second step: only from the state the scorer saw.
      const { sequence, ball_key: ballKey } = request.body;
      if ((sequence !== undefined && match.sequence !== sequence) || (ballKey !== undefined && match.current?.last_ball_key !== ballKey)) {
        throw new ApiError(409, MOVED_ON);
      }
      const undone = await live.undoLastBall(request.params.match_key);
      if (!undone) throw new ApiError(409, 'There is nothing to take back.');
      return { status: true as const, data: { sequence: undone.sequence, ball_key: undone.ballKey } };
    });

    api.post(routes.break.paths[0]!, { schema: { ...actionSchema(routes.break), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      await live.setBreak(request.params.match_key, request.body.reason);
      return done;
    });

    api.post(routes.endInnings.paths[0]!, { schema: { ...actionSchema(routes.endInnings), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      const { declared, absent_hurt: absentHurt } = request.body;
      await live.endInnings(request.params.match_key, { declared, ...(absentHurt ? { absentHurt } : {}) });
      return done;
    });

    api.post(routes.revisedTarget.paths[0]!, { schema: { ...actionSchema(routes.revisedTarget), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      await live.setRevisedTarget(request.params.match_key, request.body);
      return done;
    });

    api.post(routes.penalty.paths[0]!, { schema: { ...actionSchema(routes.penalty), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      await live.addPenaltyRuns(request.params.match_key, request.body);
      return done;
    });

    api.post(routes.complete.paths[0]!, { schema: { ...actionSchema(routes.complete), ...params }, bodyLimit: BODY_LIMIT }, async (request) => {
      await write(request);
      await live.completeMatch(request.params.match_key, { playerOfMatch: request.body.player_of_match });
      return done;
    });
  });
}
