import { describe, expect, it } from 'vitest';
import { preferredCoding } from '../../../src/server/http/page-cache.ts';
import { canonicalQuery, findPageRoute as findIn, readRoute, routeQuery } from '../../../src/server/http/page-routes.ts';
import { PAGE_ROUTES, ROUTES } from '../../../src/pages/_routes.ts';
import { fixturesRoute } from '../../../src/pages/fixtures/_query.ts';
import { matchRoute } from '../../../src/pages/getMatchList/_query.ts';
import { recordsTypeRoute } from '../../../src/pages/records/_query.ts';

const findPageRoute = (path: string) => findIn(PAGE_ROUTES, path);

function canonical(path: string, search: string) {
  const route = findPageRoute(path);
  if (!route) throw new Error(`no route for ${path}`);
  return canonicalQuery(route, new URLSearchParams(search));
}

describe('page routes', () => {
  it('finds the route of each cacheable page, the player page before the match page', () => {
    expect(findPageRoute('/')).toBeDefined();
    expect(findPageRoute('/getMatchList/playerInformation/1082591')?.query.shape).toHaveProperty('player_key');
    expect(findPageRoute('/getMatchList/playerInformation')?.query.shape).toHaveProperty('player_key');
    expect(findPageRoute('/getMatchList/1082591')?.query.shape).toHaveProperty('inn');
    expect(findPageRoute('/series/ipl-2024')?.query.shape).toHaveProperty('round');
    expect(findPageRoute('/stats')?.query.shape).toHaveProperty('stat');
    expect(findPageRoute('/fixtures/')?.query.shape).toHaveProperty('tab');
    // Pages that are never shared (profile, login) are not cache routes.
    expect(findPageRoute('/profile')).toBeUndefined();
    expect(findPageRoute('/about')).toBeUndefined();
  });

  it('keeps the parameters a page reads, with values it accepts', () => {
    expect(canonical('/getMatchList/1', 'tab=scoreboard&inn=2')).toEqual({
      search: '?tab=scoreboard&inn=2',
      sortedSearch: '?inn=2&tab=scoreboard',
      canonical: true,
    });
    expect(canonical('/fixtures', 'tab=series&format=test&page=3').canonical).toBe(true);
    expect(canonical('/fixtures/days', 'gender=female&league=domestic&date=2024-02-29').canonical).toBe(true);
    expect(canonical('/getMatchList/playerInformation', 'player_key=ba607b88&tab=matches&view=bowling&format=t20').canonical).toBe(true);
    expect(canonical('/getMatchList/playerInformation', 'player_key=name%3AA+B+Smith').canonical).toBe(true);
    expect(canonical('/series/ipl-2024', 'tab=squads&team=mumbai-indians&role=wk').canonical).toBe(true);
    expect(canonical('/', 'lang=hi').canonical).toBe(true);
    expect(canonical('/matchTopFantasy', 'match_key=1455615&tab=venue').canonical).toBe(true);
    expect(canonical('/accordianFantasy', 'match_key=x1&tab=nope').canonical).toBe(false);
    // Every player of a stats list, on the Stats page and the series Stats tab.
    expect(canonical('/stats/ipl-2024', 'stat=wickets&all=1').canonical).toBe(true);
    expect(canonical('/series/ipl-2024', 'tab=stats&all=1').canonical).toBe(true);
    expect(canonical('/stats/ipl-2024', 'all=yes')).toMatchObject({ search: '', canonical: false });
  });

  it('leaves out unknown parameters, ignored values and repeats', () => {
    expect(canonical('/', 'r=0.123')).toEqual({ search: '', sortedSearch: '', canonical: false });
    expect(canonical('/getMatchList/1', 'tab=scoreboard&r=1&utm_source=x')).toMatchObject({ search: '?tab=scoreboard', canonical: false });
    expect(canonical('/getMatchList/1', 'tab=nonsense')).toMatchObject({ search: '', canonical: false });
    expect(canonical('/getMatchList/1', 'tab=info&tab=squads')).toMatchObject({ search: '?tab=info', canonical: false });
    expect(canonical('/fixtures/days', 'date=2023-02-29')).toMatchObject({ search: '', canonical: false });
    expect(canonical('/fixtures/days', 'tab=series')).toMatchObject({ search: '', canonical: false });
    expect(canonical('/stats', 'stat=runs&lang=fr')).toMatchObject({ search: '?stat=runs', canonical: false });
    expect(canonical('/fixtures', 'page=')).toMatchObject({ search: '', canonical: false });
  });
});

describe('route models', () => {
  const read = (path: string, search: string) => readRoute(ROUTES, path, new URLSearchParams(search));

  it('reads the query a page declares, with its fallbacks for values it would not link to', () => {
    expect(read('/fixtures', 'tab=series&format=test&page=3')).toMatchObject({ route: fixturesRoute, query: { tab: 'series', format: 'test', page: 3, filter: 'all' } });
    // A signed-in fan is never redirected: the page makes of a bad value what it always did.
    expect(read('/fixtures', 'tab=bogus&page=%205&league=club&r=1')?.query).toMatchObject({ tab: 'days', page: 5, league: 'domestic' });
    // A repeated parameter: the first value, as URLSearchParams.get gave the pages.
    expect(read('/getMatchList/1', 'tab=info&tab=squads&all=1')).toMatchObject({ route: matchRoute, query: { tab: 'info', all: true, innings: null, team: 'a' } });
    expect(read('/search', 'q=%20kohli%07%20')?.query).toEqual({ q: 'kohli' });
    expect(read('/about', '')).toBeNull();
  });

  it('types a page\'s query by its declaration, and reads it where the pattern leaves the path out', () => {
    const url = new URL('http://site.test/records/nonsense?gender=female');
    expect(routeQuery({ locals: { route: read(url.pathname, url.search) }, url }, recordsTypeRoute)).toEqual({ gender: 'female' });
    expect(PAGE_ROUTES.every((route) => ROUTES.includes(route))).toBe(true);
  });
});

describe('preferredCoding', () => {
  it.each([
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['gzip;q=0', null],
    ['gzip; q=0.000, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*;q=0', null],
    ['*, gzip;q=0', 'br'],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['br', 'br'],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(preferredCoding(header)).toBe(expected);
  });
});
