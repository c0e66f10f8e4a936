// Search from the header in Chromium on the e2e data set, at 375 and 1280 px: with JavaScript the
// field suggests as the fan types (an ARIA combobox, picked with the arrows and Enter); without,
// the plain form lands on /search?q=, whose results link to the pages. Alex Carey, found this
// way, has his Test and first-class careers apart. Records pages list what the matches hold.
import { expect, test, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';

async function noSideScroll(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectCareyPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/getMatchList\/playerInformation\?player_key=[0-9a-f]{8}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AT Carey');
  await expect(page.locator('.career-summary table').first().locator('tbody th')).toHaveText(['Test', 'First-class']);
}

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('suggestions as the fan types lead to the player page', async ({ page }) => {
      // A page no other spec changes (home shows what they make): its screenshot is the baseline's.
      await page.goto('/about');
      const field = page.getByRole('combobox', { name: 'Search' });
      await expect(field).toBeVisible();
      await field.fill('carey');
      const option = page.getByRole('option', { name: /AT Carey/ });
      await expect(option).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      await field.press('ArrowDown');
      await expect(field).toHaveAttribute('aria-activedescendant', 'site-search-list-0');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await noSideScroll(page, width);
      await expectScreen(page, `search-suggest-${width}`, { fullPage: false });
      await field.press('Enter');
      await expectCareyPage(page);
    });

    test('Escape closes the suggestions; Enter without a pick opens the results page', async ({ page }) => {
      await page.goto('/series');
      const field = page.getByRole('combobox', { name: 'Search' });
      await field.fill('mumbai indians');
      await expect(page.getByRole('option', { name: /Mumbai Indians/ })).toBeVisible();
      await field.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await field.press('Enter');
      await expect(page).toHaveURL(/\/search\?q=mumbai\+indians$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “mumbai indians”');
      await page.locator('section', { has: page.getByRole('heading', { name: 'Teams' }) }).getByRole('link', { name: 'Mumbai Indians' }).click();
      await expect(page).toHaveURL(/\/series\/indian-premier-league-2026\?tab=squads&team=mumbai-indians$/);
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('the header form searches and the results link to the player', async ({ page }) => {
        await page.goto('/');
        const field = page.getByRole('searchbox', { name: 'Search' });
        await expect(field).toBeVisible();
        await noSideScroll(page, width);
        await field.fill('Carey');
        await field.press('Enter');
        await expect(page).toHaveURL(/\/search\?q=Carey$/);
        await expect(page.getByRole('heading', { name: 'Players' })).toBeVisible();
        await noSideScroll(page, width);
        await expectScreen(page, `search-results-${width}`);
        await page.getByRole('link', { name: 'AT Carey' }).click();
        await expectCareyPage(page);
      });

      test('a search that finds nothing says so, in Hindi too', async ({ page }) => {
        await page.goto('/search?q=zzzz');
        await expect(page.locator('.none')).toHaveText('Nothing here matches “zzzz”. Try a surname, or the start of a name.');
        await page.goto('/hi/search?q=zzzz');
        await expect(page.locator('.none')).toContainText('कुछ नहीं मिला');
      });

      test('records of a type of cricket, from the header', async ({ page }) => {
        await page.goto('/records');
        await page.getByRole('link', { name: 'Test', exact: true }).click();
        await expect(page).toHaveURL(/\/records\/test$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test records');
        const runs = page.locator('section', { has: page.getByRole('heading', { name: 'Most runs' }) });
        await expect(runs.locator('tbody tr').first()).toBeVisible();
        await expect(runs.locator('tbody th a').first()).toHaveAttribute('href', /player_key=/);
        await noSideScroll(page, width);
        await expectScreen(page, `records-test-${width}`);
      });
    });
  });
}
