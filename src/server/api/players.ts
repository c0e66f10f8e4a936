// Player resources of the provider API (spec §7): player/info and player/overview.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services/index.ts';
import { ApiError } from './errors.ts';
import { presentPlayerInfo, presentPlayerOverview } from '../wire/presenters/players.ts';
import { routeSchema } from '../wire/schemas/common.ts';
import { playerRoutes } from '../wire/schemas/players.ts';

const unknownPlayer = (key: string) => new ApiError(404, `No player with key ${key}`);

export function registerPlayerRoutes(app: FastifyInstance, services: Services): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { info, overview } = playerRoutes;

  for (const path of info.paths) {
    api.get(path, { schema: routeSchema(info) }, async (request) => {
      const { player_key } = request.query;
      const found = await services.players.info(player_key);
      if (!found) throw unknownPlayer(player_key);
      const info = presentPlayerInfo(found);
      // The spec reads finalData at the top level; data mirrors the other resources.
      return { status: true as const, finalData: info.finalData, data: info };
    });
  }

  for (const path of overview.paths) {
    // ass_key narrows nothing: the stats cover every match the player played, whoever for.
    api.get(path, { schema: routeSchema(overview) }, async (request) => {
      const { player_key } = request.query;
      const [found, heldSince] = await Promise.all([services.players.overview(player_key), services.players.heldSince()]);
      if (!found) throw unknownPlayer(player_key);
      return { status: true as const, data: presentPlayerOverview(found, heldSince) };
    });
  }
}
