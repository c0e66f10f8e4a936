// Pure helpers of the fixtures pages (/fixtures, /fixtures/days): the Days state, paging
// (spec §4: the offset steps by 30, page numbers start at 1), links that keep the page state,
// and the date labels ('05 Jan 2024', 'January 2024').
import { localizePath, type Lang } from '../i18n/index.ts';
import { FORMAT_TYPES, type FormatType } from '../server/domain/format-type.ts';
import type { MonthGroup } from '../server/services/tournament-types.ts';
import { GENDERS, type Gender } from '../shared/fixtures-shared.ts';

export * from '../shared/fixtures-shared.ts';

export const FIXTURES_TABS = ['days', 'series', 'mymatches'] as const;
export type FixturesTab = (typeof FIXTURES_TABS)[number];

/**
 * The Days tab's quick filters: the spec's All, Men and Women, then each type of cricket as fans
 * name it (Test, ODI, T20I, first-class, List A, T20, The Hundred), so that Test means Tests.
 */
export const DAY_FILTERS = ['all', ...GENDERS, ...FORMAT_TYPES] as const;
export type DayFilter = (typeof DAY_FILTERS)[number];

/** The Series tab's format tabs: All, then the types. */
export const SERIES_FORMATS = ['all', ...FORMAT_TYPES] as const;
export type SeriesFormat = (typeof SERIES_FORMATS)[number];

/** The formats the pages filter by: the types (the API's broad `format` stays for its callers). */
export const FORMATS = FORMAT_TYPES;
/** The filter modal's League Type; the data calls domestic sides 'club'. */
export const LEAGUES = ['international', 'domestic'] as const;
export type League = (typeof LEAGUES)[number];

function pickOrNull<T extends string>(requested: string | null, allowed: readonly T[]): T | null {
  return allowed.find((value) => value === requested) ?? null;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' that names a real day, else null. */
export function parseIsoDate(raw: string | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw?.trim() ?? '');
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/**
 * The calendar form without JavaScript sends year, month and day; a missing day is the end of
 * the month, a missing month the end of the year, and day 31 of a short month its last day.
 */
export function dateFromParts(year: string | null, month: string | null, day: string | null): string | null {
  if (!year || !/^\d{4}$/.test(year)) return null;
  const y = Number(year);
  if (y < 1800 || y > 2200) return null;
  const m = month && /^\d{1,2}$/.test(month) && Number(month) >= 1 && Number(month) <= 12 ? Number(month) : 12;
  const last = daysInMonth(y, m);
  const d = day && /^\d{1,2}$/.test(day) && Number(day) >= 1 ? Math.min(Number(day), last) : last;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The Days tab's state: the filter tab and the filter modal fold into gender, format and league. */
export interface DaysQuery {
  gender: Gender | null;
  format: FormatType | null;
  league: League | null;
  /** Matches on and before this day ('YYYY-MM-DD'); null is 'the newest'. */
  date: string | null;
  page: number;
}

/** The Days query as its route reads it (src/pages/fixtures/_query.ts). */
export interface DaysParams {
  filter: DayFilter;
  gender: Gender | null;
  format: FormatType | null;
  league: League | null;
  date: string | null;
  year: string | null;
  month: string | null;
  day: string | null;
  page: number;
}

/**
 * `filter` is the spec's tab (male and female set the gender, t20/oneday/test the format);
 * `gender`, `format` and `league` come from the filter modal. Where both name one dimension the
 * modal's explicit value wins. `date`, or the calendar form's year/month/day, picks the day.
 */
export function daysState(params: DaysParams): DaysQuery {
  return {
    gender: params.gender ?? pickOrNull(params.filter, GENDERS),
    format: params.format ?? pickOrNull(params.filter, FORMATS),
    league: params.league,
    date: params.date ?? dateFromParts(params.year, params.month, params.day),
    page: params.page,
  };
}

/** The tab that shows this state exactly, or null when the modal combined filters (Women + T20). */
export function activeDayFilter(query: Pick<DaysQuery, 'gender' | 'format'>): DayFilter | null {
  if (query.gender && query.format) return null;
  return query.gender ?? query.format ?? 'all';
}

/** The service's filter for this state (the data says 'club' for domestic). */
export function fixturesFilter(query: DaysQuery): {
  formatType?: FormatType;
  gender?: Gender;
  teamType?: 'international' | 'club';
  from?: string;
} {
  return {
    ...(query.format ? { formatType: query.format } : {}),
    ...(query.gender ? { gender: query.gender } : {}),
    ...(query.league ? { teamType: query.league === 'domestic' ? 'club' : 'international' } : {}),
    ...(query.date ? { from: query.date } : {}),
  };
}

export interface SeriesQuery {
  format: FormatType | null;
  page: number;
}

/** Where the Days list lives: /fixtures (the default tab) or /fixtures/days on its own. */
export type DaysBase = '/fixtures' | '/fixtures/days';

function withQuery(path: string, query: URLSearchParams, lang: Lang): string {
  const search = query.toString();
  return `${localizePath(path, lang)}${search ? `?${search}` : ''}`;
}

/**
 * A Days link. Tabs, the modal and the calendar each write their own part; page is dropped
 * unless given (a new filter starts at page 1). A tab replaces gender and format together:
 * 'female' means all women's matches, whatever format the modal had picked.
 */
export function daysHref(
  base: DaysBase,
  lang: Lang,
  state: DaysQuery,
  change: { filter?: DayFilter; date?: string | null; page?: number; clear?: boolean } = {},
): string {
  const query = new URLSearchParams();
  let { gender, format } = state;
  let league = state.league;
  let date = change.date === undefined ? state.date : change.date;
  if (change.clear) {
    gender = null;
    format = null;
    league = null;
    date = null;
  }
  if (change.filter) {
    gender = pickOrNull(change.filter, GENDERS);
    format = pickOrNull(change.filter, FORMATS);
  }
  const tab = activeDayFilter({ gender, format });
  if (tab && tab !== 'all') {
    query.set('filter', tab);
  } else if (!tab) {
    if (gender) query.set('gender', gender);
    if (format) query.set('format', format);
  }
  if (league) query.set('league', league);
  if (date) query.set('date', date);
  if (change.page && change.page > 1) query.set('page', String(change.page));
  return withQuery(base, query, lang);
}

export function seriesHref(lang: Lang, state: SeriesQuery, change: { format?: SeriesFormat; page?: number } = {}): string {
  const query = new URLSearchParams({ tab: 'series' });
  const format = change.format === undefined ? state.format : change.format === 'all' ? null : change.format;
  if (format) query.set('format', format);
  if (change.page && change.page > 1) query.set('page', String(change.page));
  return withQuery('/fixtures', query, lang);
}

export function tabHref(tab: FixturesTab, lang: Lang): string {
  return tab === 'days' ? localizePath('/fixtures', lang) : withQuery('/fixtures', new URLSearchParams({ tab }), lang);
}

/**
 * The Series tab's order: the current month first, then earlier months. When the data's newest
 * month is older than today, the newest months simply come first. Months after the current one
 * (tournaments announced ahead; Cricsheet archives have none) go last, soonest first, rather than
 * being hidden.
 */
export function orderMonths<T extends Pick<MonthGroup, 'month'>>(groups: readonly T[], today: Date): T[] {
  const current = today.toISOString().slice(0, 7);
  const pastOrNow = groups.filter((group) => group.month <= current).sort((x, y) => y.month.localeCompare(x.month));
  const ahead = groups.filter((group) => group.month > current).sort((x, y) => x.month.localeCompare(y.month));
  return [...pastOrNow, ...ahead];
}

/**
 * The tournament tile's letters: an acronym as it stands ('IPL 2026' -> 'IPL'), else the initials
 * of the first two words ('The Ashes' -> 'TA'); years are skipped.
 */
export function tileLetters(shortName: string, name: string): string {
  const source = (shortName || name).trim();
  const words = source.split(/[\s/_-]+/).filter((word) => /^[\p{L}]/u.test(word));
  const first = words[0] ?? '';
  if (/^[A-Z][A-Z0-9]{1,3}$/.test(first)) return first;
  const letters = words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return letters || source.slice(0, 2).toUpperCase();
}


