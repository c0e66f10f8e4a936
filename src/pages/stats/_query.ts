// The query of the stats pages (/stats, /stats/{tou_key}), declared once: the page cache keeps
// and the middleware reads it (src/server/http/page-routes.ts).
import { z } from 'zod';
import { pageRoute } from '../../server/http/page-routes.ts';
import { allParam, statParam, typeParam } from '../series/_query.ts';

export const statsRoute = pageRoute({ path: /^\/stats(?:\/[^/]+)?\/?$/, query: z.object({ stat: statParam, type: typeParam, all: allParam }) });

export type StatsQuery = z.output<typeof statsRoute.query>;
