// The query of the pages at the site's root, declared once: the page cache keeps and the
// middleware reads it (src/server/http/page-routes.ts).
import { z } from 'zod';
import { oneOf, pageRoute, param } from '../server/http/page-routes.ts';
import { TOP_FANTASY_TABS } from '../server/services/match-centre-types.ts';

export const homeRoute = pageRoute({ path: /^\/$/, query: z.object({}) });

/** Top Fantasy Points of a match (both of the spec's addresses); match keys are numbers. */
export const topFantasyRoute = pageRoute({
  path: /^\/(?:matchTopFantasy|accordianFantasy)\/?$/,
  query: z.object({
    match_key: param(z.string().regex(/^\d{1,12}$/), (raw) => (raw ?? '').trim().slice(0, 64)),
    tab: oneOf(TOP_FANTASY_TABS, 'all'),
  }),
});
