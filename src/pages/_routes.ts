// Every page's route, as each declares it beside it. PAGE_ROUTES is the page cache's table: the
// pages that may be kept (the first route whose path matches is the page's: the player page
// before the match page). The server entry hands it to the app (src/server/main.ts), the pages'
// canonical links keep its query (SiteLayout.astro), and tests/integration/tagged-caches.test.ts
// checks every link the pages print against it. The middleware reads the route model of every
// declared page (src/middleware.ts), those rendered each time too.
import type { PageRoute } from '../server/http/page-routes.ts';
import { homeRoute, loginRoute, searchRoute, topFantasyRoute } from './_query.ts';
import { deskEditRoute, deskPreviewRoute, deskRoute } from './desk/news/_query.ts';
import { daysRoute, fixturesRoute } from './fixtures/_query.ts';
import { matchRoute, tabBodyRoute } from './getMatchList/_query.ts';
import { playerRoute } from './getMatchList/playerInformation/_query.ts';
import { allNewsRoute, descriptionRoute } from './news/_query.ts';
import { recordsRoute, recordsSeriesRoute, recordsTypeRoute } from './records/_query.ts';
import { seriesRoute } from './series/_query.ts';
import { statsRoute } from './stats/_query.ts';

export const PAGE_ROUTES: readonly PageRoute[] = [
  homeRoute,
  fixturesRoute,
  daysRoute,
  playerRoute,
  matchRoute,
  tabBodyRoute,
  seriesRoute,
  statsRoute,
  recordsRoute,
  recordsTypeRoute,
  recordsSeriesRoute,
  topFantasyRoute,
  allNewsRoute,
];

/** The pages never kept (free text, private or an editor's), whose query is declared all the same. */
export const ROUTES: readonly PageRoute[] = [...PAGE_ROUTES, searchRoute, loginRoute, descriptionRoute, deskRoute, deskEditRoute, deskPreviewRoute];
