// Player resources of the provider API (spec §7): player/info and player/overview.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { ApiError } from './errors.ts';
import { keyParameter, parseQuery } from './query.ts';

// The spec sends the lowercased association code ('ind'); an empty value counts as absent.
const associationKey = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string({ error: 'ass_key must be a single value' })
    .regex(/^[a-z]{2,10}$/, 'ass_key must be 2 to 10 lowercase letters')
    .optional(),
);

const infoQuery = z.object({ player_key: keyParameter('player_key') });
const overviewQuery = z.object({ player_key: keyParameter('player_key'), ass_key: associationKey });

const unknownPlayer = (key: string) => new ApiError(404, `No player with key ${key}`);

export function registerPlayerRoutes(api: FastifyInstance, services: Services): void {
  api.get('/player/info', async (request) => {
    const { player_key } = parseQuery(infoQuery, request.query);
    const info = await services.players.info(player_key);
    if (!info) throw unknownPlayer(player_key);
    // The spec reads finalData at the top level; data mirrors the other resources.
    return { status: true, finalData: info.finalData, data: info };
  });

  api.get('/player/overview', async (request) => {
    // ass_key narrows nothing: the stats cover every match the player played, whoever for.
    const { player_key } = parseQuery(overviewQuery, request.query);
    const overview = await services.players.overview(player_key);
    if (!overview) throw unknownPlayer(player_key);
    return { status: true, data: overview };
  });
}
