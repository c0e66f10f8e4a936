// The query of the match page (/getMatchList/{match_key}) and of a live page's tab body alone,
// declared once: the page cache keeps and the middleware reads it (src/server/http/page-routes.ts).
import { z } from 'zod';
import { matching, oneOf, pageRoute, param } from '../../server/http/page-routes.ts';
import { LIVE_BODY_TABS, MATCH_TABS } from '../../views/match-view.ts';

// An innings (a Test has four, super overs add a few); the tab picks among those the match has.
const innings = matching(/^\d$/);

export const matchRoute = pageRoute({
  path: /^\/getMatchList\/[^/]+\/?$/,
  query: z.object({
    // The tab the match's status shows, else its first (match-view.ts pickTab).
    tab: oneOf(MATCH_TABS, null),
    innings,
    inn: innings,
    team: oneOf(['a', 'b'], 'a'),
    // Every ball of a live innings, and the full commentary of a match not in progress.
    all: param(z.literal('1'), (raw) => raw === '1'),
    view: oneOf(['full'], null),
  }),
});

/** A live page's Scoreboard or Summary body alone, at a live event sequence (v=). */
export const tabBodyRoute = pageRoute({
  path: /^\/getMatchList\/[^/]+\/tab-body\/?$/,
  query: z.object({ tab: oneOf(LIVE_BODY_TABS, null), inn: innings, v: matching(/^\d{1,12}$/) }),
  sameForEveryone: true,
});
