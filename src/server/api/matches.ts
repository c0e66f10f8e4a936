// Match resources of the provider API (spec §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services/index.ts';
import { presentMatchObject } from './presenters/match.ts';
import { routeSchema } from './schemas/common.ts';
import { matchRoutes } from './schemas/matches.ts';

export function registerMatchRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { list } = matchRoutes;
  for (const path of list.paths) {
    api.get(path, { schema: routeSchema(list) }, async (request) => ({
      status: true as const,
      data: (await services.matches.listForHome(request.query.lang)).map(presentMatchObject),
    }));
  }
}
