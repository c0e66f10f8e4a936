// The query of the pages at the site's root, declared once: the page cache keeps and the
// middleware reads it (src/server/http/page-routes.ts). Search and login are never kept (their
// query is free text, or where to go after signing in): any value is theirs.
import { z } from 'zod';
import { oneOf, pageRoute, param } from '../server/http/page-routes.ts';
import { TOP_FANTASY_TABS } from '../server/services/match-centre-types.ts';
import { MAX_QUERY_LENGTH } from '../server/domain/search-terms.ts';
import { safeNextPath } from '../shared/account-rules.ts';

export const homeRoute = pageRoute({ path: /^\/$/, query: z.object({}) });

/** Top Fantasy Points of a match (both of the spec's addresses); match keys are numbers. */
export const topFantasyRoute = pageRoute({
  path: /^\/(?:matchTopFantasy|accordianFantasy)\/?$/,
  query: z.object({
    match_key: param(z.string().regex(/^\d{1,12}$/), (raw) => (raw ?? '').trim().slice(0, 64)),
    tab: oneOf(TOP_FANTASY_TABS, 'all'),
  }),
});

/** /search?q=: the words, control characters made spaces, cut at the longest query searched. */
export const searchRoute = pageRoute({
  path: /^\/search\/?$/,
  query: z.object({ q: param(z.string(), (raw) => (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, MAX_QUERY_LENGTH)) }),
});

/** /login?next=: where to go after signing in, on this site only. */
export const loginRoute = pageRoute({ path: /^\/login\/?$/, query: z.object({ next: param(z.string(), safeNextPath) }) });
