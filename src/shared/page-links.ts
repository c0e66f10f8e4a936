// Links to the series, stats and player pages, in the page language: the pages print them and
// the API's search hits carry them (src/server/wire/presenters/search.ts), so they stand where
// both floors reach.
import { localizePath, type Lang } from '../i18n/index.ts';

type Query = Record<string, string | number | null | undefined>;

function withQuery(path: string, query: Query): string {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === null || value === undefined ? [] : [[key, String(value)]])),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/** /series/{tou_key} in the page language, with its tab state (tab, team, role, round, stat). */
export function seriesHref(touKey: string, lang: Lang, query: Query = {}): string {
  return withQuery(localizePath(`/series/${encodeURIComponent(touKey)}`, lang), query);
}

/** /stats/{tou_key} in the page language, with the stat tab. */
export function statsHref(touKey: string, lang: Lang, query: Query = {}): string {
  return withQuery(localizePath(`/stats/${encodeURIComponent(touKey)}`, lang), query);
}

/** The player page without a match: /getMatchList/playerInformation?player_key=K. */
export function playerInfoHref(playerKey: string, lang: Lang): string {
  return withQuery(localizePath('/getMatchList/playerInformation', lang), { player_key: playerKey });
}
