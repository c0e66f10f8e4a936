// News resources of the provider API (spec §7 user/v1/get/all/news).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services/index.ts';
import { presentNews } from '../wire/presenters/news.ts';
import { routeSchema } from '../wire/schemas/common.ts';
import { newsRoutes as routes } from '../wire/schemas/news.ts';

export function registerNewsRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const path of routes.list.paths) {
    api.get(path, { schema: routeSchema(routes.list) }, async (request) => {
      const { limit, offset, lang, order, team, player, tournament, match } = request.query;
      // Recommended reads a signed-in fan's favourite teams (such an answer is private, no-store).
      const favouriteTeams = order === 'recommended' && request.user ? (await services.account.settings(request.user.id)).favourite_teams : [];
      const articles = await services.news.list({ lang, limit, offset, order, team, player, tournament, match, favouriteTeams });
      return { status: true as const, data: articles.map(presentNews) };
    });
  }
}
