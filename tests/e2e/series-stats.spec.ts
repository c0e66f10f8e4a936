// Series and statistics pages in Chromium on the e2e data set (IPL 2026: four played matches
// and one upcoming), at 375 px and 1280 px, each screen compared with its reviewed baseline.
import { expect, test, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';

const IPL = 'indian-premier-league-2026';


function sections(page: Page, name: string) {
  return page.getByRole('navigation', { name }).getByRole('link');
}

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('series page: header, tabs and a points table from the results', async ({ page }) => {
      await page.goto(`/series/${IPL}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Indian Premier League 2026');
      await expect(sections(page, 'Series sections')).toHaveText(['Overview', 'Matches', 'Squads', 'Points Table', 'Stats', 'News', 'Info']);
      await expectScreen(page, `series-overview-${width}`);

      await sections(page, 'Series sections').filter({ hasText: 'Points Table' }).click();
      const table = page.locator('table.points').first();
      await expect(table.getByRole('columnheader')).toHaveText(['Team', 'Mat', 'Won', 'Lost', 'Tied', 'NR', 'Pts', 'NRR']);
      // Rajasthan Royals beat Mumbai Indians by 30 runs: 2 points, NRR +1.500 (205 v 175 in 20 overs).
      const rajasthan = table.getByRole('row').filter({ has: page.locator('[title="Rajasthan Royals"]') }).first();
      await expect(rajasthan).toContainText('+1.500');
      await expectScreen(page, `series-points-${width}`);

      await sections(page, 'Series sections').filter({ hasText: 'Squads' }).click();
      await page.locator('.tab-body a', { hasText: /Rajasthan Royals|^RR$/ }).first().click();
      await expect(page.locator('.tab-body a[href*="player_key="]').first()).toBeVisible();
      await expectScreen(page, `series-squads-${width}`);

      await sections(page, 'Series sections').filter({ hasText: 'Matches' }).click();
      await expect(page.locator('.tab-body')).toContainText('Rajasthan Royals won by 30 runs');

      await sections(page, 'Series sections').filter({ hasText: 'Stats' }).click();
      await expect(page.locator('table.leaders tbody tr')).toHaveCount(10);
      await expect(page.getByRole('link', { name: /^Most runs: show all \d+ players$/ })).toHaveAttribute('href', `/series/${IPL}?tab=stats&all=1`);
    });

    test('stats page: runs and wickets leaders, tabs that switch lists', async ({ page }) => {
      await page.goto(`/stats/${IPL}`);
      await expect(page.locator('table').first()).toBeVisible();
      // The first screen's ten leaders, then a link to every one (server-rendered, no script).
      await expect(page.locator('table.leaders tbody tr')).toHaveCount(10);
      const showAll = page.getByRole('link', { name: /^Most runs: show all \d+ players$/ });
      const count = Number(/\d+/.exec((await showAll.textContent()) ?? '')![0]);
      expect(count).toBeGreaterThan(10);
      await expectScreen(page, `stats-runs-${width}`);
      await showAll.click();
      await expect(page).toHaveURL(new RegExp(`/stats/${IPL}\\?all=1$`));
      await expect(page.locator('table.leaders tbody tr')).toHaveCount(count);
      await expect(page.getByRole('link', { name: /show all/ })).toHaveCount(0);
      await page.goto(`/stats/${IPL}?stat=wickets`);
      await expect(page.locator('table').first().getByRole('columnheader').first()).toBeVisible();
      await expect(page.locator('table').first()).toContainText(/\d/);
      await expectScreen(page, `stats-wickets-${width}`);
    });
  });
}

test('an unknown series is a 404; the series and stats lists answer without JavaScript', async ({ browser, page }) => {
  const response = await page.goto('/series/no-such-series');
  expect(response?.status()).toBe(404);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto('/series');
  await expect(plain.locator(`a[href="/series/${IPL}"]`).first()).toBeVisible();
  await plain.goto('/stats');
  await expect(plain.locator('table').first()).toBeVisible();
  await context.close();
});
