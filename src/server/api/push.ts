// Web Push subscriptions (schemas/push.ts; docs/decisions/072-web-push.md). Writes are anonymous
// or cookie-authenticated like the other writes: the auth hook checks the csrf header of a session
// and the Origin of an anonymous browser write; each address is limited in how often it writes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth, LimitRule } from '../auth/index.ts';
import type { Db } from '../db/client.ts';
import { PushSubscriptions, vapidKeys, type StoredSubscription } from '../push/subscriptions.ts';
import { ApiError, tooManyAttempts } from './errors.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { pushRoutes } from '../wire/schemas/push.ts';

export const PUSH_RULES = {
  // A page saves a switch per click; a device rarely makes more than a few dozen changes an hour.
  writesPerIp: { name: 'push-write-ip', limit: 120, windowS: 60 * 60 },
} as const satisfies Record<string, LimitRule>;

const BODY_LIMIT = 8 * 1024;
const NOT_SUBSCRIBED = 'This device is not subscribed to alerts';

function preferencesOf(stored: StoredSubscription) {
  const { language, kinds, quiet_start, quiet_end, time_zone, match_keys, team_keys } = stored;
  return { language, kinds, quiet_start, quiet_end, time_zone, match_keys, team_keys };
}

export function registerPushRoutes(app: FastifyInstance, db: Db, auth: Auth): void {
  const subscriptions = new PushSubscriptions(db);
  const { pushKey, pushSubscribe, pushPreferences, pushUpdate, pushUnsubscribe } = pushRoutes;

  app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const limited = async (ip: string) => {
      const rate = await auth.limiter.hit(ip, PUSH_RULES.writesPerIp);
      if (!rate.allowed) throw tooManyAttempts(rate.retryAfterS);
    };

    api.get(pushKey.paths[0]!, { schema: actionSchema(pushKey) }, async () => ({ status: true as const, data: { public_key: (await vapidKeys(db)).publicKey } }));

    api.post(pushSubscribe.paths[0]!, { schema: actionSchema(pushSubscribe), bodyLimit: BODY_LIMIT }, async (request) => {
      await limited(request.ip);
      const stored = await subscriptions.subscribe(request.body, request.user?.id ?? null);
      return { status: true as const, data: preferencesOf(stored) };
    });

    api.post(pushPreferences.paths[0]!, { schema: actionSchema(pushPreferences), bodyLimit: BODY_LIMIT }, async (request) => {
      await limited(request.ip);
      const stored = await subscriptions.find(request.body.endpoint);
      if (!stored) throw new ApiError(404, NOT_SUBSCRIBED);
      return { status: true as const, data: preferencesOf(stored) };
    });

    api.put(pushUpdate.paths[0]!, { schema: actionSchema(pushUpdate), bodyLimit: BODY_LIMIT }, async (request) => {
      await limited(request.ip);
      const stored = await subscriptions.update(request.body.endpoint, request.body.preferences);
      if (!stored) throw new ApiError(404, NOT_SUBSCRIBED);
      return { status: true as const, data: preferencesOf(stored) };
    });

    api.post(pushUnsubscribe.paths[0]!, { schema: actionSchema(pushUnsubscribe), bodyLimit: BODY_LIMIT }, async (request) => {
      await limited(request.ip);
      const removed = await subscriptions.remove(request.body.endpoint);
      return { status: true as const, message: removed ? 'Unsubscribed' : 'This device was not subscribed' };
    });
  });
}
