// The fixtures page in Chromium: Days (filter tabs, calendar and filter modals, paging),
// Series (months of tournaments, empty states) and MyMatches (favourites on the device), on the
// small real data set in tests/fixtures/cricsheet/e2e plus one upcoming match.
import { expect, test } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { UPCOMING_MATCH_KEY } from './support/seed-upcoming-key.ts';

test('Days: matches grouped by day, newest first, cacheable, with paging', async ({ page }) => {
  const response = await page.goto('/fixtures');
  expect(response?.headers()['cache-control']).toBe('public, max-age=60');
  await expect(page.getByRole('link', { name: 'Days' })).toHaveAttribute('aria-current', 'page');
  const days = page.locator('section.day h2');
  await expect(days.first()).toHaveText(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  await expect(days.filter({ hasText: '24 May 2026' })).toHaveCount(1);
  // The upcoming match shows its start date, not a score; completed ones their result.
  const upcoming = page.locator(`a[href="/getMatchList/${UPCOMING_MATCH_KEY}"]`);
  await expect(upcoming.locator('.score')).toHaveCount(0);
  await expect(page.locator('a[href="/getMatchList/1529312"]')).toContainText('Rajasthan Royals won by 30 runs');
  await expect(page.locator('a[href="/getMatchList/1529312"]')).toContainText('T20');
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByText('‹ Prev')).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.getByText('Next ›')).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/fixtures?page=2');
  await expect(page.getByText('No More Data')).toBeVisible();
});

test('Days: the filter tabs filter', async ({ page }) => {
  await page.goto('/fixtures?filter=female');
  await expect(page.getByRole('link', { name: 'Women', exact: true })).toHaveAttribute('aria-current', 'page');
  const cards = page.locator('section.day a[href^="/getMatchList/"]');
  await expect(cards).toHaveCount(2);
  for (const card of await cards.all()) await expect(card).toContainText('Women');
  // Test means Tests: the Ashes Test only; the Sheffield Shield final and a Sri Lankan club match are first-class.
  await page.goto('/fixtures?filter=test');
  await expect(page.getByRole('link', { name: 'Test', exact: true })).toHaveAttribute('aria-current', 'page');
  const tests = page.locator('section.day a[href^="/getMatchList/"]');
  await expect(tests).toHaveCount(1);
  await expect(tests.first()).toHaveAttribute('href', '/getMatchList/1455615');
  await expect(tests.first()).toContainText('5th Test');
  await page.getByRole('link', { name: 'First-class', exact: true }).click();
  await expect(page).toHaveURL(/\/fixtures\?filter=first_class$/);
  const firstClass = page.locator('section.day a[href^="/getMatchList/"]');
  await expect(firstClass).toHaveCount(2);
  await expect(page.locator('a[href="/getMatchList/1495309"]')).toContainText('Final · First-class');
  for (const card of await firstClass.all()) await expect(card).not.toContainText('Test');
});

test('Days: the filter modal and the calendar modal change the list', async ({ page }) => {
  await page.goto('/fixtures');
  await page.getByRole('link', { name: 'Filter' }).click();
  const filter = page.getByRole('dialog', { name: 'Filter matches' });
  await expect(filter).toBeVisible();
  await filter.locator('label.choice', { hasText: 'Domestic' }).click();
  await filter.locator('label.choice').filter({ has: page.getByText('T20', { exact: true }) }).click();
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/fixtures\?(format=t20&league=domestic|league=domestic&format=t20)$/);
  // Four IPL matches played and the seeded upcoming one.
  const cards = page.locator('section.day a[href^="/getMatchList/"]');
  await expect(cards).toHaveCount(5);
  for (const card of await cards.all()) await expect(card).not.toContainText('Women');

  await page.goto('/fixtures');
  await page.getByRole('link', { name: 'Calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Jump to a date' });
  await expect(calendar.locator('select[name=year] option').first()).toHaveText('2026');
  await calendar.locator('select[name=month]').selectOption('3');
  await calendar.locator('select[name=day]').selectOption('28');
  await calendar.getByRole('button', { name: 'Show matches' }).click();
  await expect(page.locator('section.day h2').first()).toHaveText('28 Mar 2026');
  await expect(page.getByText('on or before 28 Mar 2026')).toBeVisible();
});

test('Series: tournaments by month, linking to the series page; empty states', async ({ page }) => {
  const response = await page.goto('/fixtures?tab=series');
  expect(response?.headers()['cache-control']).toBe('public, max-age=60');
  await expect(page.locator('section.month h2').first()).toContainText('2026');
  const ipl = page.locator('a[href^="/series/"]', { hasText: 'Indian Premier League 2026' });
  await expect(ipl).toContainText('06 Apr 2026 – 24 May 2026');
  await expect(ipl.locator('.tile')).toHaveText('IPL');
  await page.goto('/fixtures?tab=series&format=test');
  await expect(page.locator('a[href^="/series/"]')).toHaveCount(1);
  await page.goto('/fixtures?tab=series&format=first_class');
  await expect(page.locator('a[href^="/series/"]')).toHaveCount(2);
  await page.goto('/fixtures?tab=series&page=4');
  await expect(page.getByText('No More Data')).toBeVisible();
});

test('MyMatches: pick a favourite team, keep it on the device, list its matches', async ({ page }) => {
  await page.goto('/fixtures?tab=mymatches');
  await expect(page.getByText('Add your favourite teams here to see their matches')).toBeVisible();
  await page.getByRole('button', { name: '+ Add Teams' }).click();
  const picker = page.getByRole('dialog', { name: 'Add Teams' });
  await picker.getByLabel('Search teams').fill('kolkata');
  await picker.getByRole('button', { name: 'Add Kolkata Knight Riders' }).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.fav-match')).toHaveCount(2);
  await expect(page.locator('a.fav-match[href="/getMatchList/1529281"]')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('favouriteTeams'))).toBe('["kolkata-knight-riders"]');
  await page.reload();
  await expect(page.locator('.fav-chip')).toContainText('Kolkata Knight Riders');
  await expect(page.locator('.fav-match')).toHaveCount(2);
});

test('without JavaScript: MyMatches explains itself, the filter modal is a form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fixtures?tab=mymatches');
  await expect(page.locator('.nojs')).toBeVisible();
  await expect(page.locator('.nojs')).toContainText('needs JavaScript');
  await expect(page.locator('.fav-add')).toBeHidden();
  await page.goto('/fixtures');
  await page.getByRole('link', { name: 'Filter' }).click();
  await page.locator('#fixtures-filter label.choice').filter({ has: page.getByText('Test', { exact: true }) }).click();
  await page.locator('#fixtures-filter').getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/format=test/);
  await expect(page.locator('section.day a[href^="/getMatchList/"]')).toHaveCount(1);
  await context.close();
});

for (const width of [375, 1280] as const) {
  test(`Days, Series and MyMatches read well at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['days', 'series', 'mymatches'] as const) {
      await page.goto(`/fixtures?tab=${tab}`);
      const label = { days: 'Days', series: 'Series', mymatches: 'My Matches' }[tab];
      await expect(page.getByRole('region', { name: label })).toBeVisible();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectScreen(page, `fixtures-${tab}-${width}`);
    }
  });
}
