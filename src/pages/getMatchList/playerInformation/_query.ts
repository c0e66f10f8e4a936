// The query of the player page (/getMatchList/playerInformation[/{match_key}]?player_key=),
// declared once: the page cache keeps and the middleware reads it (src/server/http/page-routes.ts).
import { z } from 'zod';
import { oneOf, pageRoute, param } from '../../../server/http/page-routes.ts';
import { MATCH_FILTERS, MATCH_VIEWS, PLAYER_TABS } from '../../../views/player-view.ts';

export const playerRoute = pageRoute({
  path: /^\/getMatchList\/playerInformation(?:\/[^/]+)?\/?$/,
  query: z.object({
    // Cricsheet registry ids; people without one are keyed by name (src/server/ingest/normalise.ts).
    player_key: param(z.string().regex(/^(?:[0-9a-f]{8}|name:[^\p{Cc}]{1,100})$/u), (raw) => raw?.trim() ?? ''),
    tab: oneOf(PLAYER_TABS, 'overview'),
    // The Matches tab's filter, and the Overview's career tab where the player has that type.
    format: param(z.enum(MATCH_FILTERS), (raw) => raw),
    view: oneOf(MATCH_VIEWS, 'batting'),
  }),
});

export type PlayerQuery = z.output<typeof playerRoute.query>;
