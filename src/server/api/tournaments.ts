// Series, statistics and fixtures resources of the provider API (spec §7): the tournament
// list, one tournament, tournaments by month, fixtures by day, per-tournament player stats,
// plus two small helpers of the fixtures page (years with matches, the team picker).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services/index.ts';
import { ApiError } from './errors.ts';
import { presentFixtureDay, presentPlayerStats, presentTournamentDetail } from '../wire/presenters/tournaments.ts';
import { routeSchema } from '../wire/schemas/common.ts';
import { tournamentRoutes as routes } from '../wire/schemas/tournaments.ts';

const unknownTournament = (key: string) => new ApiError(404, `No tournament with key ${key}`);

export function registerTournamentRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tournaments = services.tournaments;

  for (const path of routes.list.paths) {
    api.get(path, { schema: routeSchema(routes.list) }, async () => ({ status: true as const, data: await tournaments.list() }));
  }

  // A static path (/get/tournament/month) wins over the parametric one in Fastify's router,
  // whatever the order; it is registered first all the same, so the intent reads top to bottom.
  for (const path of routes.months.paths) {
    api.get(path, { schema: routeSchema(routes.months) }, async (request) => {
      const { limit, offset, format, format_type } = request.query;
      const { groups, hasMore } = await tournaments.months({ limit, offset }, { format, formatType: format_type });
      return { status: true as const, data: groups, hasMore };
    });
  }

  for (const path of routes.detail.paths) {
    api.get(path, { schema: routeSchema(routes.detail) }, async (request) => {
      const { tou_key } = request.params;
      const detail = await tournaments.detail(tou_key, request.query.lang);
      if (!detail) throw unknownTournament(tou_key);
      return { status: true as const, data: presentTournamentDetail(detail) };
    });
  }

  for (const path of routes.fixtures.paths) {
    api.get(path, { schema: routeSchema(routes.fixtures) }, async (request) => {
      const { limit, offset, format, format_type, gender, league, team, date, lang } = request.query;
      const { groups, hasMore } = await tournaments.fixtures(
        { limit, offset },
        { format, formatType: format_type, gender, teamType: league, teams: team, from: date },
        lang,
      );
      return { status: true as const, data: groups.map(presentFixtureDay), hasMore };
    });
  }

  for (const path of routes.fixtureYears.paths) {
    api.get(path, { schema: routeSchema(routes.fixtureYears) }, async () => ({
      status: true as const,
      data: await tournaments.fixtureYears(),
    }));
  }

  for (const path of routes.teams.paths) {
    api.get(path, { schema: routeSchema(routes.teams) }, async () => ({ status: true as const, data: await tournaments.teams() }));
  }

  for (const path of routes.playerStats.paths) {
    api.get(path, { schema: routeSchema(routes.playerStats) }, async (request) => {
      const { tou_key, format_type } = request.query;
      const stats = await tournaments.playerStats(tou_key, format_type);
      if (!stats) throw unknownTournament(tou_key);
      return { status: true as const, data: stats.map(presentPlayerStats) };
    });
  }
}
