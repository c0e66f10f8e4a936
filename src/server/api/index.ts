// The provider API under /user/v1/: one module per resource, one error shape.
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import type { Services } from '../services/index.ts';
import { ApiError, sendApiError } from './errors.ts';
import { registerMatchRoutes } from './matches.ts';
import { registerMatchCentreRoutes } from './match-centre.ts';
import { registerPlayerRoutes } from './players.ts';
import { registerTournamentRoutes } from './tournaments.ts';
import { registerOpenApi } from './openapi.ts';

export const API_PREFIX = '/user/v1';

export async function registerApi(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(
    async (api) => {
      // A Test's commentary is close to 1 MB of JSON; compressed it is a tenth of that.
      await api.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
      api.setErrorHandler((error, request, reply) => sendApiError(request, reply, error));
      api.setNotFoundHandler((request, reply) =>
        sendApiError(request, reply, new ApiError(404, `No API resource at ${request.method} ${request.url.split('?')[0]}`)),
      );
      api.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'public, max-age=30');
        return payload;
      });
      registerMatchRoutes(api, services);
      registerMatchCentreRoutes(api, services);
      registerPlayerRoutes(api, services);
      registerTournamentRoutes(api, services);
      registerOpenApi(api);
    },
    { prefix: API_PREFIX },
  );
}
