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
  dataCurrency: route({
    paths: ['/get/data/currency'],
    summary: 'Addition: how current the data is: the last day of play the Cricsheet data covers, and its matches',
    tags: ['matches'],
    querystring: z.object({}),
    response: envelope(
      z.object({
        ball_by_ball_to: z.iso.date().nullable().meta({ description: 'The last day of play with ball-by-ball data (YYYY-MM-DD); null before the first import.' }),
        matches: z.number().int().meta({ description: 'Matches imported from Cricsheet.' }),
        source: z.literal('Cricsheet (cricsheet.org), ODC-By 1.0'),
      }),
    ),
    notFound: false,
  }),
};
