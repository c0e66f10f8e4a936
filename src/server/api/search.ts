// GET user/v1/search?q=: players, teams, tournaments and venues by name (schemas/search.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchHitDetail, searchHitHref, searchHitName } from '../wire/presenters/search.ts';
import type { Services } from '../services/index.ts';
import { routeSchema } from '../wire/schemas/common.ts';
import { searchRoutes } from '../wire/schemas/search.ts';

export function registerSearchRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { search } = searchRoutes;
  for (const path of search.paths) {
    api.get(path, { schema: routeSchema(search) }, async (request) => {
      const { q, limit, lang } = request.query;
      const hits = await services.search.search(q, limit);
      return {
        status: true as const,
        data: hits.map((hit) => ({
          kind: hit.kind,
          key: hit.key,
          name: searchHitName(hit, lang),
          full_name: hit.fullName,
          scorecard_name: hit.kind === 'player' ? hit.name : null,
          detail: searchHitDetail(hit, lang),
          gender: hit.gender,
          matches: hit.matches,
          last_date: hit.lastDate,
          typo: hit.typo,
          url: searchHitHref(hit, lang),
        })),
      };
    });
  }
}
