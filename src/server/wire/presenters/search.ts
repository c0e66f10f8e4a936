// A search hit as people read it: its link, name and detail in the page's language. The API's
// hits carry them (api/search.ts) and the /search page prints the same.
import { localizePath, type Lang } from '../../../i18n/index.ts';
import type { SearchHit } from '../../services/search.ts';
import { playerInfoHref, seriesHref } from '../../../shared/page-links.ts';
import { localName } from '../../../i18n/names.ts';

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
