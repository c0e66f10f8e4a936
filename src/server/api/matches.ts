// Match resources of the provider API (spec §7).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../services/index.ts';

const listQuery = z.object({ lang: z.enum(['en', 'hi']).default('en') });

export function registerMatchRoutes(api: FastifyInstance, services: Services): void {
  api.get('/get/all/matches', async (request) => {
    const { lang } = listQuery.parse(request.query);
    return { status: true, data: await services.matches.listForHome(lang) };
  });
}
