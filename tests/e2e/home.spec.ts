// The home page and the site shell in Chromium, against the built server and the small
// real data set in tests/fixtures/cricsheet/e2e (9 matches) plus one upcoming match.
import { expect, test } from '@playwright/test';
import { themes } from '../../src/styles/themes.ts';
import { UPCOMING_MATCH_KEY } from './support/seed-upcoming-key.ts';

test('home page shows the imported matches as cards: upcoming first, then completed newest first', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const cards = page.locator('.swiper-slide a');
  await expect(cards).toHaveCount(10);
  // The upcoming match: a countdown (its date, three days ahead), no scores.
  const upcoming = cards.nth(0);
  await expect(upcoming).toHaveAttribute('href', `/getMatchList/${UPCOMING_MATCH_KEY}`);
  await expect(upcoming.locator('time.countdown')).toBeVisible();
  await expect(upcoming.locator('.score')).toHaveCount(0);
  // Then the newest completed match: the IPL 2026 match of 24 May.
  const latest = cards.nth(1);
  await expect(latest).toHaveAttribute('href', '/getMatchList/1529312');
  await expect(latest).toContainText('Rajasthan Royals won by 30 runs');
  await expect(latest).toContainText('205/8 (20)');
  // A Test side's two innings are joined by '&'.
  await expect(page.locator('a[href="/getMatchList/1455615"]')).toContainText('384 & 342');
  await expect(page.locator('a[href="/getMatchList/1529281"]')).toContainText('Match tied (Kolkata Knight Riders won the Super Over)');
  // The heading counts the cards it heads.
  await expect(page.getByRole('heading', { name: /Matches\s*\(10\)/ })).toBeVisible();
  // The operator's contact address (CONTACT_EMAIL) and the Cricsheet credit are in the footer.
  await expect(page.locator('footer a[href="mailto:scores@example.org"]')).toBeVisible();
  await expect(page.locator('footer a[href="https://cricsheet.org/"]').first()).toBeVisible();
});

test('the cards are HTML: the home page works with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('.swiper-slide a')).toHaveCount(10);
  await expect(page.getByText('Australia won by 5 wickets')).toBeVisible();
  await context.close();
});

test('the chosen language survives a reload and the next visit', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('#lang-select').selectOption('hi');
  await page.waitForURL('**/hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: /^मैच/ })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  // A later visit to the English URL is sent to the stored language.
  await page.goto('/series');
  expect(new URL(page.url()).pathname).toBe('/hi/series');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');
  // Both languages are rendered on the server, with alternates for crawlers.
  const hreflangs = await page.locator('link[rel="alternate"]').evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')));
  expect(hreflangs).toEqual(expect.arrayContaining(['en', 'hi', 'x-default']));
});

test('the chosen theme survives a reload and applies before first paint, with the browser\'s theme-color', async ({ page }) => {
  const themeColour = page.locator('meta[name="theme-color"]');
  // What the page held when its first frame was about to be painted.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        theme: document.documentElement.dataset.theme,
        colour: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      };
    });
  });
  const first = await page.goto('/');
  // The server renders the default theme's colour (it cannot know a device's theme).
  expect(await first!.text()).toContain(`<meta name="theme-color" content="${themes[0]!.backgroundColor}">`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', '0');
  await expect(themeColour).toHaveAttribute('content', themes[0]!.backgroundColor);
  await page.locator('#theme-select').selectOption('3');
  await expect(page.locator('html')).toHaveAttribute('data-theme', '3');
  // Switching updates the theme-color at once, to the theme's own colour.
  await expect(themeColour).toHaveAttribute('content', themes[3]!.backgroundColor);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundImage + getComputedStyle(document.body).backgroundColor);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', '3');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('3');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundImage + getComputedStyle(document.body).backgroundColor)).toBe(background);
  // Before the first paint the theme and its colour were already the chosen ones.
  expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)).toEqual({ theme: '3', colour: themes[3]!.backgroundColor });
  await expect(themeColour).toHaveCount(1);
  // Dawn, a light theme, from the Theme menu again.
  await page.locator('#theme-select').selectOption(String(themes.findIndex((theme) => theme.name === 'dawn')));
  await expect(themeColour).toHaveAttribute('content', '#fff1e6');
});

test('the bottom bar shows at 375 px and not at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const bar = page.locator('.bottom-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveText([/News/, /Series/, /Home/, /Fixtures/, /Profile/]);
  // Team codes instead of names on narrow screens.
  await expect(page.locator('a[href="/getMatchList/1529312"] .code').first()).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar).toBeHidden();
  await expect(page.locator('a[href="/getMatchList/1529312"] .code').first()).toBeHidden();
});

test('an unknown path gets the 404 page; an unknown API path a JSON 404', async ({ page, request }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.locator('header a[href="/"]').first()).toBeVisible();

  const api = await request.get('/user/v1/no/such/resource');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/json');
  expect(await api.json()).toMatchObject({ status: false });
});

test('every route of the spec answers with the shell', async ({ request }) => {
  // /news/description answers 404 (with the shell) when no article is passed to it: news.spec.ts.
  const routes = ['/series', '/stats', '/fixtures', '/fixtures/days', '/about', '/getMatchList', '/login', '/register', '/forget_password', '/news/allNews', '/matchTopFantasy', '/accordianFantasy', '/reelsDetails', '/profile', '/editProfile', '/themeProfile', '/profileMatchSetting', '/speechSetting', '/mail', '/statsweb', '/notification'];
  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    expect(await response.text(), route).toContain('cricsheet.org');
  }
});
