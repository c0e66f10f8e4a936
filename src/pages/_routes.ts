// The page cache's table: every page that may be kept, as each declares itself beside it. The
// first route whose path matches is the page's (the player page before the match page). The
// server entry hands it to the app (src/server/main.ts), the middleware reads the route model
// from it (src/middleware.ts), and tests/integration/page-cache.test.ts checks every link the
// pages print against it.
import type { PageRoute } from '../server/http/page-routes.ts';
import { homeRoute, topFantasyRoute } from './_query.ts';
import { daysRoute, fixturesRoute } from './fixtures/_query.ts';
import { matchRoute, tabBodyRoute } from './getMatchList/_query.ts';
import { playerRoute } from './getMatchList/playerInformation/_query.ts';
import { allNewsRoute } from './news/_query.ts';
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
