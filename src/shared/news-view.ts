// How news shows: the spec's preview lengths, cover image URLs in their responsive sizes, the
// article's URL. Shared by the pages, the feeds and the provider API.
import { localizePath, type Lang } from '../i18n/index.ts';
import { dayText } from '../i18n/dates.ts';
import { graphemes } from './graphemes.ts';

/** Widths each cover is re-encoded at (src/server/news/covers.ts). */
export const COVER_WIDTHS = [320, 640, 1280] as const;
export const COVER_URL_PREFIX = '/media/news/';
/** A stored cover's base name: c-<16 hex digits of the content's sha256>. */
export const COVER_NAME = /^c-[0-9a-f]{16}$/;

/**
 * The spec's previews: content 100 (list), 200 (home lead), 50 (home side). Headings are shown
 * whole and wrap (issue 29 §1: the spec's 20 characters cut "England beat India by…" mid-word).
 */
export const PREVIEW = { listContent: 100, leadContent: 200, sideContent: 50 } as const;

/** The first `length` characters (whole letters: a Devanagari conjunct is not split) of a text, with '...' when it was cut. */
export function preview(text: string, length: number): string {
  const chars = graphemes(text.trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length).join('').trimEnd()}...`;
}

export function coverUrl(cover: string, width: (typeof COVER_WIDTHS)[number] = 1280): string {
  return `${COVER_URL_PREFIX}${cover}-${width}.webp`;
}

export function coverSrcset(cover: string): string {
  return COVER_WIDTHS.map((width) => `${coverUrl(cover, width)} ${width}w`).join(', ');
}

/** An article's slug: its English heading's words and 6 random hex digits (decision 036). */
export const SLUG_PATTERN = /^[a-z0-9-]{1,100}$/;

export function articlePath(slug: string): string {
  return `/news/${encodeURIComponent(slug)}`;
}

/** A completed match's report: the address finds (or writes) it and goes to its article. */
export function reportPath(matchKey: string): string {
  return `/news/report/${encodeURIComponent(matchKey)}`;
}

/**
 * YYYY-MM-DD on English pages, as the spec shows created_at (its first 10 characters); on Hindi
 * pages the style guide's one date style, '3 जून 2025' (docs/hindi-style-guide.md).
 */
export function articleDate(date: Date, lang: Lang = 'en'): string {
  const day = date.toISOString().slice(0, 10);
  return lang === 'hi' ? dayText(day, 'hi') : day;
}

// ---------- the news list page ----------

/** The list page's tabs in the spec's order; each is one of the service's orderings. Latest is the default (the one page the page cache keeps: the others move with every view). */
export const NEWS_TABS = ['recommended', 'trending', 'latest', 'views'] as const;
export type NewsTab = (typeof NEWS_TABS)[number];
/** The spec's news page size (limit 4, offset 4 × (page − 1)). */
export const NEWS_PAGE_SIZE = 4;
/** Pages beyond this are not served (an offset a stranger picks stays bounded). */
export const MAX_NEWS_PAGE = 10_000;

export function pickNewsTab(value: string | null): NewsTab {
  return (NEWS_TABS as readonly string[]).includes(value ?? '') ? (value as NewsTab) : 'latest';
}

export function pickNewsPage(value: string | null): number {
  const page = /^\d{1,6}$/.test(value ?? '') ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_NEWS_PAGE);
}

export function newsListHref(lang: Lang, tab: NewsTab, page: number): string {
  const query = new URLSearchParams();
  if (tab !== 'latest') query.set('tab', tab);
  if (page > 1) query.set('page', String(page));
  const search = query.size > 0 ? `?${query}` : '';
  return `${localizePath('/news/allNews', lang)}${search}`;
}

// ---------- tagged news on the series, player and match pages ----------

/** Cards on a series' or a player's News tab, on a series' overview, and the match tab's (spec: limit 3). */
export const SERIES_NEWS = 12;
export const PLAYER_NEWS = 12;
export const OVERVIEW_NEWS = 3;
export const MATCH_NEWS = 3;

/**
 * A series page's news: the articles tagged with this tournament (this season) only. A team's
 * other matches (an earlier season, another tour) belong on the team's news, not the series'.
 */
export function seriesNewsFilters(detail: { key: string }): { tournament: string } {
  return { tournament: detail.key };
}
