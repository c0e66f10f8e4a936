// Fixtures helpers that the browser needs too (MyMatches' island and store): paging, date
// labels, favourites parsing and the team search. No dictionary or i18next in here, so the island
// bundle stays small; src/views/fixtures-view.ts re-exports all of it for the pages.
import { dayText, monthText } from '../i18n/dates.ts';
import type { Lang } from '../i18n/index.ts';

/** Spec §9: fixtures and series page size. */
export const FIXTURES_PAGE_SIZE = 30;
/** A page number past this is a typo or a crawler, not a fan: treat it as the last we allow. */
export const MAX_PAGE = 10_000;

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
/** localStorage key of MyMatches' favourites: a JSON array of team keys. */
export const FAVOURITE_TEAMS_KEY = 'favouriteTeams';
/** The API takes at most this many team keys. */
export const MAX_FAVOURITE_TEAMS = 50;
/** A team key as the fixtures API and favourites take it. */
export const TEAM_KEY = /^[a-z0-9-]{1,64}$/;

/** '?page=N': a whole number from 1; anything else is page 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return 1;
  const page = Number(raw.trim());
  return page < 1 ? 1 : Math.min(page, MAX_PAGE);
}

/** Page N asks for limit 30 at offset 30 * (N - 1). */
export function pageRange(page: number): { limit: number; offset: number } {
  return { limit: FIXTURES_PAGE_SIZE, offset: (page - 1) * FIXTURES_PAGE_SIZE };
}

export interface Pager {
  page: number;
  prev: number | null;
  next: number | null;
}

/** Prev is disabled on page 1, Next when the service says there is nothing more. */
export function pager(page: number, hasMore: boolean): Pager {
  return { page, prev: page > 1 ? page - 1 : null, next: hasMore && page < MAX_PAGE ? page + 1 : null };
}

const localeOf = (lang: Lang) => (lang === 'hi' ? 'hi-IN' : 'en-GB');

/** '2024-01-05' -> '05 Jan 2024', '5 जनवरी 2024'. */
export function dayLabel(isoDate: string, lang: Lang): string {
  return dayText(isoDate, lang);
}

/** Epoch seconds -> '05 Jan 2024'. */
export function epochDayLabel(seconds: number, lang: Lang): string {
  return dayLabel(new Date(seconds * 1000).toISOString().slice(0, 10), lang);
}

/** '2024-01' -> 'January 2024'. */
export function monthLabel(month: string, lang: Lang): string {
  return monthText(month, lang);
}

/** Month names for the calendar's month select, January first. */
export function monthNames(lang: Lang): string[] {
  const format = new Intl.DateTimeFormat(localeOf(lang), { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, index) => format.format(Date.UTC(2024, index, 1)));
}

/** A favourites value read back from storage: valid team keys, no repeats, at most 50. */
export function parseFavourites(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const keys = value.filter((key): key is string => typeof key === 'string' && TEAM_KEY.test(key));
    return [...new Set(keys)].slice(0, MAX_FAVOURITE_TEAMS);
  } catch {
    return [];
  }
}

/** MyMatches' request: the fixtures API with the picked teams. */
export function favouriteFixturesUrl(teams: readonly string[], page: number, lang: Lang): string {
  const query = new URLSearchParams();
  for (const team of teams) query.append('team', team);
  const { limit, offset } = pageRange(page);
  query.set('limit', String(limit));
  query.set('offset', String(offset));
  query.set('lang', lang);
  return `/user/v1/get/match/fixtures?${query}`;
}

export interface PickerTeam {
  url: string;
  name: string;
  gender: Gender;
}

/**
 * The picker's search: every word typed starts a word of the team's name or of its side
 * ('men' / 'women'), so 'ind wom' finds India Women and 'men' does not find women's teams.
 * Names that start with the first word come first.
 */
export function searchTeams(teams: readonly PickerTeam[], query: string, limit = 20): PickerTeam[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const matches = teams.filter((team) => {
    const haystack = `${team.name} ${team.gender === 'female' ? 'women' : 'men'}`.toLowerCase().split(/[\s()/.,-]+/);
    return words.every((word) => haystack.some((part) => part.startsWith(word)));
  });
  const starts = (team: PickerTeam) => (team.name.toLowerCase().startsWith(words[0] ?? '') ? 0 : 1);
  return matches.sort((x, y) => starts(x) - starts(y) || x.name.localeCompare(y.name)).slice(0, limit);
}
