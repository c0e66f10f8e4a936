// Match listings (spec §7 get/all/matches).
import { z } from 'zod';
import { envelope, langParameter, route } from './common.ts';
import { matchObject } from './match.ts';

export const matchListQuery = z.object({ lang: langParameter });

export const matchRoutes = {
  list: route({
    paths: ['/get/all/matches'],
    summary: 'Matches for the home page: live, then upcoming, then latest completed (at most 20)',
    tags: ['matches'],
    querystring: matchListQuery,
    response: envelope(z.array(matchObject)),
    notFound: false,
  }),
};
