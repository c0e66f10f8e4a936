// The query each cacheable page reads, and the values it accepts. The page cache keeps only
// these routes, keyed by path and these parameters; any other parameter, a value the page
// would ignore, or a repeated one is answered with a 301 to the canonical URL, so a query
// such as ?r=<random> cannot force a render per request. A page that starts reading a new
// parameter declares it here (tests/integration/page-cache.test.ts checks every link the
// pages print against this table).
import { LANGS } from '../../i18n/index.ts';
import { FORMAT_TYPES } from '../domain/format-type.ts';
import { DAY_FILTERS, FIXTURES_TABS, FORMATS, GENDERS, LEAGUES, parseIsoDate } from '../../lib/fixtures-view.ts';
import { MATCH_TABS } from '../../lib/match-view.ts';
import { MATCH_FILTERS, MATCH_VIEWS, PLAYER_TABS } from '../../lib/player-view.ts';
import { NEWS_TABS } from '../../shared/news-view.ts';
import { ROLE_FILTERS, SERIES_TABS, STAT_TABS } from '../../lib/tournament-view.ts';
import { TOP_FANTASY_TABS } from '../services/match-centre-types.ts';

/** A parameter's allowed values: a list, or a test. */
type Allowed = readonly string[] | ((value: string) => boolean);

export interface PageRoute {
  /** The path without the /hi prefix; a trailing slash is allowed. */
  path: RegExp;
  query: Readonly<Record<string, Allowed>>;
}

const pattern = (regex: RegExp) => (value: string) => regex.test(value);
// An innings (a Test has four, super overs add a few) or a points-table round.
const inningsNumber = pattern(/^\d$/);
const roundNumber = pattern(/^\d{1,2}$/);
const pageNumber = pattern(/^\d{1,6}$/);
const teamKey = pattern(/^[a-z0-9-]{1,100}$/);
// Cricsheet registry ids; people without one are keyed by name (src/server/ingest/normalise.ts).
const playerKey = pattern(/^(?:[0-9a-f]{8}|name:[^\p{Cc}]{1,100})$/u);

/** The Days list: quick filter tab, the filter modal, the calendar (date, or its form's parts), paging. */
const daysQuery = {
  filter: DAY_FILTERS,
  gender: GENDERS,
  format: FORMATS,
  // 'club' is the data's word for domestic, accepted from older links.
  league: [...LEAGUES, 'club'],
  date: (value: string) => parseIsoDate(value) !== null,
  year: pattern(/^\d{4}$/),
  month: pattern(/^\d{1,2}$/),
  day: pattern(/^\d{1,2}$/),
  page: pageNumber,
} as const;

const playerQuery = { player_key: playerKey, tab: PLAYER_TABS, format: MATCH_FILTERS, view: MATCH_VIEWS } as const;
// type: one type of cricket of a tournament that holds several (a tour's Test, ODI, T20I series).
// all=1: a stats list with every player, not only the first screen's.
const seriesQuery = { tab: SERIES_TABS, stat: STAT_TABS, team: teamKey, role: ROLE_FILTERS, round: roundNumber, type: FORMAT_TYPES, all: ['1'] } as const;

export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: /^\/$/, query: {} },
  // The Series tab reads format and page too, both already in the Days query.
  { path: /^\/fixtures\/?$/, query: { tab: FIXTURES_TABS, ...daysQuery } },
  { path: /^\/fixtures\/days\/?$/, query: daysQuery },
  { path: /^\/getMatchList\/playerInformation(?:\/[^/]+)?\/?$/, query: playerQuery },
  { path: /^\/getMatchList\/[^/]+\/?$/, query: { tab: MATCH_TABS, innings: inningsNumber, inn: inningsNumber, team: ['a', 'b'], all: ['1'], view: ['full'] } },
  { path: /^\/series(?:\/[^/]+)?\/?$/, query: seriesQuery },
  { path: /^\/stats(?:\/[^/]+)?\/?$/, query: { stat: STAT_TABS, type: FORMAT_TYPES, all: ['1'] } },
  // Records: the index, one type (?gender=female for the women's), one series across seasons (?type=).
  { path: /^\/records\/?$/, query: {} },
  { path: new RegExp(`^/records/(?:${FORMAT_TYPES.join('|')})/?$`), query: { gender: ['male', 'female'] } },
  { path: /^\/records\/series\/[a-z0-9-]{1,200}\/?$/, query: { type: FORMAT_TYPES } },
  // Top Fantasy Points of a match (both of the spec's addresses); match keys are numbers.
  { path: /^\/(?:matchTopFantasy|accordianFantasy)\/?$/, query: { match_key: pattern(/^\d{1,12}$/), tab: TOP_FANTASY_TABS } },
  // Only its Latest tab says it may be kept (the others move with every view: news/allNews.astro).
  { path: /^\/news\/allNews\/?$/, query: { tab: NEWS_TABS, page: pageNumber } },
];

/** Every page takes ?lang= (the language selector without JavaScript; src/middleware.ts). */
const EVERY_PAGE: Readonly<Record<string, Allowed>> = { lang: LANGS };

export function findPageRoute(path: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => route.path.test(path));
}

function allows(allowed: Allowed | undefined, value: string): boolean {
  if (allowed === undefined) return false;
  return typeof allowed === 'function' ? allowed(value) : allowed.includes(value);
}

/**
 * The query the route reads, in the order given, and the same sorted (the cache key: order does
 * not change the page); `canonical` is false when anything was left out (unknown, ignored or
 * repeated parameters).
 */
export function canonicalQuery(
  route: PageRoute,
  params: URLSearchParams,
): { search: string; sortedSearch: string; canonical: boolean } {
  const kept = new URLSearchParams();
  let canonical = true;
  for (const [name, value] of params) {
    const allowed = Object.hasOwn(route.query, name) ? route.query[name] : EVERY_PAGE[name];
    if (kept.has(name) || !allows(allowed, value)) canonical = false;
    else kept.append(name, value);
  }
  const search = kept.toString();
  kept.sort();
  const sorted = kept.toString();
  return { search: search ? `?${search}` : '', sortedSearch: sorted ? `?${sorted}` : '', canonical };
}

/**
 * What of a page's query makes it that page (player_key, tab, ...): the query its route reads,
 * less the language (which the path carries). Canonical links, share links and the language
 * switch keep it; an unknown route keeps none.
 */
export function pageQuery(path: string, params: URLSearchParams): URLSearchParams {
  const route = findPageRoute(path);
  if (!route) return new URLSearchParams();
  const kept = new URLSearchParams(canonicalQuery(route, params).search);
  kept.delete('lang');
  return kept;
}
