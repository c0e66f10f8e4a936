// How a page's declared query is read, for the page cache and for the page itself. Each page
// declares its query once, beside it (src/pages/**/_query.ts, gathered in src/pages/_routes.ts):
// a zod object of parameters, each saying which values make the page's canonical URL and what
// the page makes of any value. From that one declaration:
// - the page cache keeps only the declared routes, keyed by path and their parameters; any other
//   parameter, a value outside the canonical ones or a repeated one is answered with a 301 to
//   the canonical URL, so a query such as ?r=<random> cannot force a render per request;
// - the middleware reads the query into the page's route model (Astro.locals.route), with the
//   page's own fallbacks for a value it would not link to (a signed-in fan is never redirected).
// The table itself is the pages' (a floor up): the server entry hands it to the app (decision 082).
import { z } from 'zod';
import { LANGS, splitLangPrefix } from '../../i18n/index.ts';

/**
 * A query parameter: `accepts` the values the page links to (its canonical URLs), `read` what
 * the page makes of the value it was given (null: none), whatever it is.
 */
export function param<T>(accepts: z.ZodType<string, string>, read: (raw: string | null) => T) {
  // (Awaited: zod's type of a fallback; every read here is synchronous.)
  return accepts.transform((value) => read(value)).catch(({ input }) => read(typeof input === 'string' ? input : null) as Awaited<T>);
}

type Param = ReturnType<typeof param<unknown>>;
export type PageQuery = z.ZodObject<Record<string, Param>>;

export interface PageRoute<Query extends PageQuery = PageQuery> {
  /** The path without the /hi prefix; a trailing slash is allowed. */
  path: RegExp;
  query: Query;
  /**
   * The answer shows nothing of who asks (no site header: a fragment): a signed-in fan gets the
   * kept copy too, and the render is given no session.
   */
  sameForEveryone?: true;
}

/** A page's route declaration (typed by its query). */
export const pageRoute = <Query extends PageQuery>(route: PageRoute<Query>): PageRoute<Query> => route;

/** Shorthand of the common parameter: one of a list, else the page's fallback. */
export const oneOf = <const T extends string, const F>(values: readonly [T, ...T[]], fallback: F) =>
  param(z.enum(values), (raw) => values.find((value) => value === raw) ?? fallback);

/** A parameter whose values match a pattern; the page reads it as given. */
export const matching = (pattern: RegExp) => param(z.string().regex(pattern), (raw) => raw);

/** Every page takes ?lang= (the language selector without JavaScript; src/middleware.ts). */
const LANG = z.enum(LANGS);

export function findPageRoute(routes: readonly PageRoute[], path: string): PageRoute | undefined {
  return routes.find((route) => route.path.test(path));
}

/** Whether the page at `url` (path and query, /hi or not) shows nothing of who asks. */
export function sameForEveryone(routes: readonly PageRoute[], url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return findPageRoute(routes, splitLangPrefix(path).path)?.sameForEveryone === true;
}

function accepts(route: PageRoute, name: string, value: string): boolean {
  const declared = Object.hasOwn(route.query.shape, name) ? route.query.shape[name]?.unwrap() : name === 'lang' ? LANG : undefined;
  return declared?.safeParse(value).success === true;
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
    if (kept.has(name) || !accepts(route, name, value)) canonical = false;
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
export function pageQuery(routes: readonly PageRoute[], path: string, params: URLSearchParams): URLSearchParams {
  const route = findPageRoute(routes, path);
  if (!route) return new URLSearchParams();
  const kept = new URLSearchParams(canonicalQuery(route, params).search);
  kept.delete('lang');
  return kept;
}

/** A page's route model: its declaration and the query read by it (Astro.locals.route). */
export interface RouteModel {
  route: PageRoute;
  query: Record<string, unknown>;
}

/** The route model of a request's path and query (the first value of a repeated parameter, as the page reads it). */
export function readRoute(routes: readonly PageRoute[], path: string, params: URLSearchParams): RouteModel | null {
  const route = findPageRoute(routes, path);
  return route ? { route, query: readQuery(route, params) } : null;
}

function readQuery<Query extends PageQuery>(route: PageRoute<Query>, params: URLSearchParams): z.output<Query> {
  return route.query.parse(Object.fromEntries(Object.keys(route.query.shape).map((name) => [name, params.get(name) ?? undefined])));
}

/**
 * The page's query, typed by its declaration: the middleware's model, or (a path its route's
 * pattern leaves out, such as /records/<unknown type>, which the page answers with a 404) read here.
 */
export function routeQuery<Query extends PageQuery>(page: { locals: { route?: RouteModel | null }; url: URL }, route: PageRoute<Query>): z.output<Query> {
  const model = page.locals.route;
  return model?.route === route ? (model.query as z.output<Query>) : readQuery(route, page.url.searchParams);
}
