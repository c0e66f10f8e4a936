// Fantasy points routes (schemas/fantasy.ts): the match's points and the Top Fantasy Points page.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services/index.ts';
import { ApiError } from './errors.ts';
import { presentMatchFantasy, presentTopFantasy } from '../wire/presenters/fantasy.ts';
import { routeSchema } from '../wire/schemas/common.ts';
import { fantasyRoutes } from '../wire/schemas/fantasy.ts';

export function registerFantasyRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const centre = services.matchCentre;
  for (const path of fantasyRoutes.match.paths) {
    api.get(path, { schema: routeSchema(fantasyRoutes.match) }, async (request) => {
      const { match_key } = request.query;
      const fantasy = await centre.fantasy(match_key);
      if (fantasy === null) throw new ApiError(404, `No match with key ${match_key}`);
      return { status: true as const, data: presentMatchFantasy(fantasy) };
    });
  }
  for (const path of fantasyRoutes.top.paths) {
    api.get(path, { schema: routeSchema(fantasyRoutes.top) }, async (request) => {
      const { match_key, tab } = request.query;
      const top = await centre.topFantasy(match_key, tab);
      if (top === null) throw new ApiError(404, `No match with key ${match_key}`);
      return { status: true as const, data: presentTopFantasy(top) };
    });
  }
}
