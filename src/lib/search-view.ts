// Pure helpers of search (the /search page, the header's suggestions, the API's url field).
import type { Lang } from '../i18n/index.ts';
import { localizePath } from '../i18n/index.ts';
import type { SearchHit } from '../server/services/search.ts';
import { playerInfoHref, seriesHref } from './tournament-view.ts';
import { localName } from '../i18n/names.ts';

/**
 * Where a hit leads: a player's page; a team's squad in its latest tournament; a tournament's
 * series page; a venue's latest match (the site has no team or venue pages).
 */
export function searchHitHref(hit: Pick<SearchHit, 'kind' | 'key' | 'link'>, lang: Lang): string {
  switch (hit.kind) {
    case 'player':
      return playerInfoHref(hit.key, lang);
    case 'team':
      return hit.link === null ? localizePath('/series', lang) : seriesHref(hit.link, lang, { tab: 'squads', team: hit.key });
    case 'tournament':
      return seriesHref(hit.key, lang);
    case 'venue':
      return hit.link === null ? localizePath('/fixtures', lang) : localizePath(`/getMatchList/${encodeURIComponent(hit.link)}`, lang);
  }
}

/** /search?q= in the page language. */
export function searchHref(query: string, lang: Lang): string {
  const path = localizePath('/search', lang);
  return query === '' ? path : `${path}?${new URLSearchParams({ q: query }).toString()}`;
}

/**
 * A hit's name as the page shows it: a player by his full name when his profile is held, in
 * Devanagari on Hindi pages where a name is known (teams, grounds, players); else as stored.
 */
export function searchHitName(hit: Pick<SearchHit, 'kind' | 'key' | 'name' | 'fullName'>, lang: Lang): string {
  if (hit.kind === 'tournament') return hit.name;
  const hindi = lang === 'hi' ? localName(hit.kind, hit.name, lang, hit.kind === 'player' ? hit.key : null) : hit.name;
  if (hindi !== hit.name) return hindi;
  return hit.kind === 'player' ? (hit.fullName ?? hit.name) : hit.name;
}

/** A hit's detail in the page's language: a player's latest side in Devanagari on Hindi pages where known. */
export function searchHitDetail(hit: Pick<SearchHit, 'kind' | 'detail'>, lang: Lang): string | null {
  return hit.kind === 'player' && hit.detail !== null ? localName('team', hit.detail, lang) : hit.detail;
}
