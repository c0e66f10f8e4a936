// Match resources of the provider API (spec §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services/index.ts';
import { presentMatchObject } from '../wire/presenters/match.ts';
import { routeSchema } from '../wire/schemas/common.ts';
import { matchRoutes } from '../wire/schemas/matches.ts';

export function registerMatchRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { list, dataCurrency } = matchRoutes;
  for (const path of list.paths) {
    api.get(path, { schema: routeSchema(list) }, async (request) => ({
      status: true as const,
      data: (await services.matches.listForHome(request.query.lang)).map(presentMatchObject),
    }));
  }
  for (const path of dataCurrency.paths) {
    api.get(path, { schema: routeSchema(dataCurrency) }, async () => {
      const currency = await services.matches.dataCurrency();
      return {
        status: true as const,
        data: { ball_by_ball_to: currency.ballByBallTo, matches: currency.matches, source: 'Cricsheet (cricsheet.org), ODC-By 1.0' as const },
      };
    });
  }
}
