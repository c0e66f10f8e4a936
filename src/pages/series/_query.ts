// The query of the series pages (/series, /series/{tou_key}), declared once: the page cache keeps
// and the middleware reads it (src/server/http/page-routes.ts).
import { z } from 'zod';
import { matching, oneOf, pageRoute, param } from '../../server/http/page-routes.ts';
import { FORMAT_TYPES } from '../../server/domain/format-type.ts';
import { ROLE_FILTERS, SERIES_TABS, STAT_TABS } from '../../views/tournament-view.ts';

/** type: one type of cricket of a tournament that holds several (a tour's Test, ODI, T20I series); picked among its own. */
export const typeParam = param(z.enum(FORMAT_TYPES), (raw) => raw);
/** all=1: a stats list with every player, not only the first screen's. */
export const allParam = param(z.literal('1'), (raw) => raw === '1');
export const statParam = oneOf(STAT_TABS, 'runs');

export const seriesRoute = pageRoute({
  path: /^\/series(?:\/[^/]+)?\/?$/,
  query: z.object({
    // The tabs the series shows (a bilateral one has no points table), else its overview.
    tab: oneOf(SERIES_TABS, null),
    stat: statParam,
    team: matching(/^[a-z0-9-]{1,100}$/),
    role: oneOf(ROLE_FILTERS, 'all'),
    // A points-table round, by its position.
    round: matching(/^\d{1,2}$/),
    type: typeParam,
    all: allParam,
  }),
});

export type SeriesQuery = z.output<typeof seriesRoute.query>;
