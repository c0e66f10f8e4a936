// Quality gates on every page type, in English and Hindi: axe-core finds no serious or
// critical accessibility violation, and at a 375 px phone width no page scrolls sideways.
// A new page type joins the list below; a regression fails `npm test` with the rule and the
// offending elements, or the page and its width.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility.ts';
import { SCORER_PASSWORD, SCORER_PHONE } from './support/scorer-account.ts';
import { UPCOMING_MATCH_KEY } from './support/seed-upcoming-key.ts';

const IPL = 'indian-premier-league-2026';
const T20 = '/getMatchList/1529312';
const TEST_MATCH = '/getMatchList/1455615';

/** Page types a visitor reaches (paths without the /hi prefix). */
const PUBLIC_PAGES = [
  '/',
  '/series',
  `/series/${IPL}`,
  `/series/${IPL}?tab=matches`,
  `/series/${IPL}?tab=squads`,
  `/series/${IPL}?tab=points`,
  `/series/${IPL}?tab=stats`,
  `/series/${IPL}?tab=info`,
  '/stats',
  `/stats/${IPL}`,
  '/fixtures',
  '/fixtures?tab=series',
  ...['summary', 'commentary', 'scoreboard', 'squads', 'info', 'fantasy', 'history'].map((tab) => `${T20}?tab=${tab}`),
  `${TEST_MATCH}?tab=summary`,
  `${TEST_MATCH}?tab=scoreboard`,
  `${TEST_MATCH}?tab=commentary`,
  `${TEST_MATCH}?tab=info`,
  '/win-probability',
  '/matchTopFantasy?match_key=1529293',
  `/getMatchList/${UPCOMING_MATCH_KEY}`,
  '/about',
  '/search?q=carey',
  '/search?q=zzzz',
  '/records',
  '/records/test',
  '/records/series/indian-premier-league',
  '/login',
  '/register',
  '/forget_password',
  '/news/allNews',
  '/reelsDetails',
  '/privacy',
  '/terms',
  '/no-such-page',
];

/** Page types behind sign-in. */
const ACCOUNT_PAGES = ['/profile', '/editProfile', '/themeProfile', '/speechSetting', '/notification', '/profileMatchSetting', '/scorer'];

const LANGUAGES = [
  ['en', ''],
  ['hi', '/hi'],
] as const;

function localized(prefix: string, path: string): string {
  return prefix === '' ? path : path === '/' ? prefix : `${prefix}${path}`;
}

async function playerPage(page: Page): Promise<string> {
  await page.goto(`${T20}?tab=squads`);
  const href = await page.locator('.tab-body a[href*="player_key="]').first().getAttribute('href', { timeout: 10_000 });
  expect(href).toBeTruthy();
  return new URL(href!, 'http://local').pathname + new URL(href!, 'http://local').search;
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Each page in the language's prefix: its serious axe violations and any sideways overflow. */
async function auditPages(page: Page, prefix: string, paths: readonly string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    const url = localized(prefix, path);
    await page.goto(url);
    for (const violation of await seriousViolations(page)) failures.push(`${url}: ${violation}`);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) failures.push(`${url}: ${overflow} px wider than a 375 px phone`);
  }
  return failures;
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Mobile Number').fill(SCORER_PHONE);
  await page.getByLabel('Password').fill(SCORER_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

// The tests of this file are independent (each its own page, the site only read), so the two
// workers share them: the sweeps below were one worker's nine minutes when run in order.
test.describe.configure({ mode: 'parallel' });

/** The sweep's public page types cut into this many tests per language, so both workers take part. */
const PUBLIC_PARTS = 4;

test('at 375 px the leaders tables keep their key columns on screen: all of batting, wickets and economy of bowling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // Batting: the whole table, strike rate included. Bowling: player, team, wickets, runs, economy.
  for (const [stat, keyColumns] of [
    ['runs', 8],
    ['wickets', 5],
  ] as const) {
    await page.goto(`/stats/${IPL}?stat=${stat}`);
    const hidden = await page.locator('.leaders').first().evaluate((table, count) => {
      const scroller = table.closest('.scroll-table')!.getBoundingClientRect();
      const heads = [...table.querySelectorAll('thead th')].slice(0, count);
      return heads.filter((th) => th.getBoundingClientRect().right > scroller.right + 0.5).map((th) => th.textContent);
    }, keyColumns);
    expect(hidden, `${stat}: key columns behind the sideways scroll`).toEqual([]);
  }
});

test('at 1280 px every records table shows its last column (Test records cut the Date: issue 29 §8)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const url of ['/records/test', '/hi/records/test', '/records/t20']) {
    await page.goto(url);
    const cut = await page.locator('table.records').evaluateAll((tables) =>
      tables.filter((table) => table.scrollWidth > table.closest('.scroll-table')!.clientWidth + 0.5).map((table) => table.closest('section')?.querySelector('h2')?.textContent),
    );
    expect(cut, url).toEqual([]);
  }
});

test('a tab strip wider than the screen keeps the active tab in view and fades where tabs hide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${T20}?tab=history`);
  const strip = page.locator('nav.tabs.main ul');
  const active = page.locator('nav.tabs.main a[aria-current="page"]');
  await expect(active).toBeInViewport({ ratio: 0.95 });
  expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  // Scrolled to the end: a fade at the start (tabs hidden there), none at the end.
  const mask = await strip.evaluate((element) => getComputedStyle(element).maskImage);
  expect(mask).toContain('linear-gradient');
  const fades = await strip.evaluate((element) => [getComputedStyle(element).getPropertyValue('--fade-start'), getComputedStyle(element).getPropertyValue('--fade-end')]);
  expect(fades[0]).not.toBe('0px');
  expect(fades[1]).toBe('0px');
});

for (const [lang, prefix] of LANGUAGES) {
  test.describe(`quality gates, ${lang}`, () => {
    // axe on a part of the page types, one after another: a minute or two on the shared 2-core machine.
    test.describe.configure({ timeout: 480_000 });

    const size = Math.ceil(PUBLIC_PAGES.length / PUBLIC_PARTS);
    for (let part = 0; part < PUBLIC_PARTS; part += 1) {
      const paths = PUBLIC_PAGES.slice(part * size, (part + 1) * size);
      const last = part === PUBLIC_PARTS - 1;
      test(`every public page type (part ${part + 1} of ${PUBLIC_PARTS}${last ? ', with the player pages' : ''}): no serious accessibility violation, no sideways scroll at 375 px`, async ({ page }) => {
        await page.setViewportSize({ width: 375, height: 800 });
        const pages = [...paths];
        if (last) {
          const player = await playerPage(page);
          // Each of the player page's tabs (the Matches tab's format pills were 496 px wide: issue 29 §8).
          pages.push(player, ...['matches', 'info'].map((tab) => `${player}&tab=${tab}`));
        }
        expect(await auditPages(page, prefix, pages)).toEqual([]);
      });
    }

    test('every account page type: no serious accessibility violation, no sideways scroll at 375 px', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 800 });
      await signIn(page);
      expect(await auditPages(page, prefix, ACCOUNT_PAGES)).toEqual([]);
    });
  });
}
