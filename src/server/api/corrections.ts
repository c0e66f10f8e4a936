// The admins' corrections routes: list the cases, add or edit one (applied at once). Role-checked
// here; a cookie-authenticated PUT must carry the session's csrf header (http/auth-hook.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/index.ts';
import type { Services } from '../services/index.ts';
import { actionSchema } from '../wire/schemas/common.ts';
import { correctionRoutes } from '../wire/schemas/corrections.ts';

const BODY_LIMIT = 16 * 1024;

export async function registerCorrectionRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const { list, save } = correctionRoutes;

    api.get(list.paths[0]!, { schema: actionSchema(list) }, async (request) => {
      requireRole(request, 'admin');
      const stored = await services.corrections.list();
      return {
        status: true as const,
        data: stored.map((entry) => ({ case: entry.case, origin: entry.origin, updated_at: entry.updatedAt.toISOString() })),
      };
    });

    api.put(save.paths[0]!, { schema: actionSchema(save), bodyLimit: BODY_LIMIT }, async (request) => {
      const user = requireRole(request, 'admin');
      const report = await services.corrections.save(request.body, user.id);
      request.log.info({ correction: request.body.key, kind: request.body.kind, report }, 'correction saved by an admin');
      return { status: true as const, message: 'Correction saved' as const, data: report };
    });
  });
}
