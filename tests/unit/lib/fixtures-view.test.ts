import { describe, expect, it } from 'vitest';
import {
  DAY_FILTERS,
  SERIES_FORMATS,
  activeDayFilter,
  dateFromParts,
  dayLabel,
  daysHref,
  epochDayLabel,
  favouriteFixturesUrl,
  fixturesFilter,
  monthLabel,
  orderMonths,
  pageRange,
  pager,
  daysState,
  parseFavourites,
  parseIsoDate,
  parsePage,
  searchTeams,
  seriesHref,
  tabHref,
  tileLetters,
  type DaysQuery,
} from '../../../src/views/fixtures-view.ts';
import { routeQuery } from '../../../src/server/http/page-routes.ts';
import { fixturesRoute } from '../../../src/pages/fixtures/_query.ts';

/** The fixtures page's query as its route declares it (src/pages/fixtures/_query.ts). */
const read = (search: string) => routeQuery({ locals: {}, url: new URL(`http://site.test/fixtures?${search}`) }, fixturesRoute);
const parseDaysQuery = (search: string) => daysState(read(search));
const none: DaysQuery = { gender: null, format: null, league: null, date: null, page: 1 };

describe('paging (spec §4: offset steps by 30, pages from 1)', () => {
  it('reads the page number, anything odd is page 1', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('99999999')).toBe(1);
    expect(parsePage('999999')).toBe(10_000);
  });

  it('turns a page into limit 30 and its offset', () => {
    expect(pageRange(1)).toEqual({ limit: 30, offset: 0 });
    expect(pageRange(2)).toEqual({ limit: 30, offset: 30 });
    expect(pageRange(5)).toEqual({ limit: 30, offset: 120 });
  });

  it('disables Prev on page 1 and Next when nothing more', () => {
    expect(pager(1, true)).toEqual({ page: 1, prev: null, next: 2 });
    expect(pager(3, false)).toEqual({ page: 3, prev: 2, next: null });
  });
});

describe('tabs and queries', () => {
  it('defaults to the Days tab', () => {
    expect(read('').tab).toBe('days');
    expect(read('tab=series').tab).toBe('series');
    expect(read('tab=mymatches').tab).toBe('mymatches');
    expect(read('tab=bogus').tab).toBe('days');
  });

  it('folds the filter tab into gender or the type of cricket', () => {
    expect(parseDaysQuery('filter=female')).toEqual({ ...none, gender: 'female' });
    expect(parseDaysQuery('filter=odi&page=2')).toEqual({ ...none, format: 'odi', page: 2 });
    expect(parseDaysQuery('filter=first_class')).toEqual({ ...none, format: 'first_class' });
    expect(parseDaysQuery('filter=all')).toEqual(none);
    // The spec's broad 'oneday' is no type of cricket: Tests, ODIs and List A are told apart.
    expect(parseDaysQuery('filter=nonsense&gender=x&format=oneday')).toEqual(none);
  });

  it('has a tab for every type after All, Men and Women, so Test means Tests', () => {
    expect(DAY_FILTERS).toEqual(['all', 'male', 'female', 'test', 'odi', 't20i', 'first_class', 'list_a', 't20', 'hundred']);
    expect(SERIES_FORMATS).toEqual(['all', 'test', 'odi', 't20i', 'first_class', 'list_a', 't20', 'hundred']);
  });

  it('takes the modal fields, which win over the tab on the same dimension', () => {
    expect(parseDaysQuery('gender=female&format=t20&league=domestic')).toEqual({
      ...none,
      gender: 'female',
      format: 't20',
      league: 'domestic',
    });
    expect(parseDaysQuery('filter=male&gender=female').gender).toBe('female');
    expect(parseDaysQuery('filter=t20&gender=female')).toMatchObject({ gender: 'female', format: 't20' });
    expect(parseDaysQuery('league=club').league).toBe('domestic');
    expect(parseDaysQuery('gender=&format=&league=').league).toBeNull();
  });

  it('reads the day from date= or from the calendar form', () => {
    expect(parseDaysQuery('date=2024-01-05').date).toBe('2024-01-05');
    expect(parseDaysQuery('date=2024-02-30').date).toBeNull();
    expect(parseDaysQuery('year=2023&month=2&day=31').date).toBe('2023-02-28');
    expect(parseDaysQuery('year=2024&month=2&day=').date).toBe('2024-02-29');
    expect(parseDaysQuery('year=2022').date).toBe('2022-12-31');
    expect(parseDaysQuery('year=abcd&month=1').date).toBeNull();
  });

  it('validates ISO dates and calendar parts', () => {
    expect(parseIsoDate('2023-12-31')).toBe('2023-12-31');
    expect(parseIsoDate('2023-13-01')).toBeNull();
    expect(parseIsoDate('23-12-31')).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
    expect(dateFromParts('2021', '4', '31')).toBe('2021-04-30');
    expect(dateFromParts('2021', '13', '1')).toBe('2021-12-01');
    expect(dateFromParts(null, '1', '1')).toBeNull();
  });

  it('names the tab that shows the state, none for a combination', () => {
    expect(activeDayFilter(none)).toBe('all');
    expect(activeDayFilter({ gender: 'male', format: null })).toBe('male');
    expect(activeDayFilter({ gender: null, format: 'test' })).toBe('test');
    expect(activeDayFilter({ gender: 'female', format: 't20' })).toBeNull();
  });

  it('builds the service filter (domestic is club in the data)', () => {
    expect(fixturesFilter(none)).toEqual({});
    expect(fixturesFilter({ ...none, gender: 'female', format: 'test', league: 'domestic', date: '2024-01-05' })).toEqual({
      gender: 'female',
      formatType: 'test',
      teamType: 'club',
      from: '2024-01-05',
    });
    expect(fixturesFilter({ ...none, league: 'international' })).toEqual({ teamType: 'international' });
  });

  it('reads the series format and page', () => {
    expect(read('tab=series&format=test&page=2')).toMatchObject({ format: 'test', page: 2 });
    expect(read('tab=series&format=all')).toMatchObject({ format: null, page: 1 });
  });
});

describe('links', () => {
  it('tab links replace gender and format, keep league and day, restart at page 1', () => {
    const state: DaysQuery = { gender: 'female', format: 't20', league: 'domestic', date: '2024-01-05', page: 3 };
    expect(daysHref('/fixtures', 'en', state, { filter: 'test' })).toBe('/fixtures?filter=test&league=domestic&date=2024-01-05');
    expect(daysHref('/fixtures', 'en', state, { filter: 'all' })).toBe('/fixtures?league=domestic&date=2024-01-05');
    expect(daysHref('/fixtures/days', 'hi', state, { filter: 'male' })).toBe('/hi/fixtures/days?filter=male&league=domestic&date=2024-01-05');
  });

  it('keeps a combined modal state as its own fields, with the page', () => {
    const state: DaysQuery = { gender: 'female', format: 't20', league: null, date: null, page: 1 };
    expect(daysHref('/fixtures', 'en', state, { page: 2 })).toBe('/fixtures?gender=female&format=t20&page=2');
    expect(daysHref('/fixtures', 'en', { ...none, gender: 'male' }, { page: 2 })).toBe('/fixtures?filter=male&page=2');
  });

  it('drops the day or everything on request', () => {
    const state: DaysQuery = { ...none, format: 'odi', date: '2023-06-01' };
    expect(daysHref('/fixtures', 'en', state, { date: null })).toBe('/fixtures?filter=odi');
    expect(daysHref('/fixtures', 'en', state, { clear: true })).toBe('/fixtures');
  });

  it('series and tab links', () => {
    expect(seriesHref('en', { format: 'test', page: 1 }, { page: 2 })).toBe('/fixtures?tab=series&format=test&page=2');
    expect(seriesHref('hi', { format: 'test', page: 4 }, { format: 'all' })).toBe('/hi/fixtures?tab=series');
    expect(tabHref('days', 'en')).toBe('/fixtures');
    expect(tabHref('mymatches', 'hi')).toBe('/hi/fixtures?tab=mymatches');
  });
});

describe('labels', () => {
  it('shows days like 05 Jan 2024, localized for Hindi', () => {
    expect(dayLabel('2024-01-05', 'en')).toBe('05 Jan 2024');
    expect(dayLabel('2024-01-05', 'hi')).toBe('5 जनवरी 2024');
    expect(epochDayLabel(Date.parse('2023-11-19T00:00:00Z') / 1000, 'en')).toBe('19 Nov 2023');
    expect(dayLabel('nonsense', 'en')).toBe('nonsense');
  });

  it('names months', () => {
    expect(monthLabel('2024-03', 'en')).toBe('March 2024');
    expect(monthLabel('2024-03', 'hi')).toContain('2024');
  });

  it('letters a tournament tile', () => {
    expect(tileLetters('IPL', 'Indian Premier League')).toBe('IPL');
    expect(tileLetters('The Ashes', 'The Ashes 2023')).toBe('TA');
    expect(tileLetters('IPL 2026', 'Indian Premier League 2026')).toBe('IPL');
    expect(tileLetters('', 'ICC Men’s T20 World Cup')).toBe('ICC');
    expect(tileLetters('South Africa Women tour of New Zealand 2026', '')).toBe('SA');
    expect(tileLetters('2023 Asia Cup', '')).toBe('AC');
  });
});

describe('series month order', () => {
  const months = (...list: string[]) => list.map((month) => ({ month }));
  it('puts the current month first, then earlier months', () => {
    const today = new Date('2024-03-15T10:00:00Z');
    expect(orderMonths(months('2024-01', '2024-03', '2024-02'), today).map((g) => g.month)).toEqual(['2024-03', '2024-02', '2024-01']);
  });
  it('starts from the newest month when the data is older than today', () => {
    const today = new Date('2026-05-01T00:00:00Z');
    expect(orderMonths(months('2023-11', '2024-02'), today).map((g) => g.month)).toEqual(['2024-02', '2023-11']);
  });
  it('keeps months ahead of today, after the past ones', () => {
    const today = new Date('2024-03-15T00:00:00Z');
    expect(orderMonths(months('2024-05', '2024-03', '2024-04', '2024-01'), today).map((g) => g.month)).toEqual([
      '2024-03',
      '2024-01',
      '2024-04',
      '2024-05',
    ]);
  });
});

describe('favourites', () => {
  it('reads back only valid, unique team keys', () => {
    expect(parseFavourites(null)).toEqual([]);
    expect(parseFavourites('not json')).toEqual([]);
    expect(parseFavourites('{"a":1}')).toEqual([]);
    expect(parseFavourites('["india","india","Bad Key",3,"mumbai-indians"]')).toEqual(['india', 'mumbai-indians']);
    expect(parseFavourites(JSON.stringify(Array.from({ length: 60 }, (_, i) => `t${i}`)))).toHaveLength(50);
  });

  it('asks the fixtures API for the teams, 30 a page', () => {
    expect(favouriteFixturesUrl(['india', 'australia'], 2, 'hi')).toBe(
      '/user/v1/get/match/fixtures?team=india&team=australia&limit=30&offset=30&lang=hi',
    );
  });

  it('searches teams by word starts, men and women apart', () => {
    const teams = [
      { url: 'india', name: 'India', gender: 'male' as const },
      { url: 'india-women', name: 'India Women', gender: 'female' as const },
      { url: 'west-indies', name: 'West Indies', gender: 'male' as const },
      { url: 'mumbai-indians', name: 'Mumbai Indians', gender: 'male' as const },
    ];
    expect(searchTeams(teams, '').map((t) => t.url)).toEqual([]);
    expect(searchTeams(teams, 'ind').map((t) => t.url)).toEqual(['india', 'india-women', 'mumbai-indians', 'west-indies']);
    expect(searchTeams(teams, 'ind wom').map((t) => t.url)).toEqual(['india-women']);
    expect(searchTeams(teams, 'india men').map((t) => t.url)).toEqual(['india', 'mumbai-indians']);
    expect(searchTeams(teams, 'men').map((t) => t.url)).not.toContain('india-women');
    expect(searchTeams(teams, 'ind', 2)).toHaveLength(2);
  });
});
