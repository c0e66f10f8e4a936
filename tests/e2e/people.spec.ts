// Names in Hindi and the Hindi header (issue 31) in Chromium on the e2e data set: a side found by
// its Hindi name on /hi/search is shown in Devanagari, and the Hindi header of a signed-in fan
// stays on one line at 1280 px (its labels wrapped into three lines before).
import { expect, test, type Page } from '@playwright/test';
import { EDITOR_PASSWORD, EDITOR_PHONE } from './support/scorer-account.ts';
import { expectScreen } from './support/screens.ts';

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the Hindi header of a signed-in fan stays on one line', async ({ page }) => {
    await page.goto('/login');
    await hydrated(page);
    await page.getByLabel('Mobile Number').fill(EDITOR_PHONE);
    await page.getByLabel('Password').fill(EDITOR_PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/hi');
    const header = page.locator('header.site-header');
    await expect(header.getByRole('button', { name: 'लॉग आउट' })).toBeVisible();
    const links = header.getByRole('navigation').getByRole('link');
    const tops = await links.evaluateAll((items) => items.map((item) => item.getBoundingClientRect()));
    // Every label on one line, all in one row.
    expect(new Set(tops.map((rect) => Math.round(rect.top))).size).toBe(1);
    expect(Math.max(...tops.map((rect) => rect.height))).toBeLessThan(50);
    expect((await header.boundingBox())!.height).toBeLessThan(70);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await expectScreen(header, 'people-hi-header-signed-in-1280');
  });
});

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a side searched by its Hindi name is found and shown in Devanagari', async ({ page }) => {
      await page.goto(`/hi/search?q=${encodeURIComponent('मुंबई इंडियंस')}`);
      const first = page.locator('ul.hits li a').first();
      await expect(first).toHaveText('मुंबई इंडियंस');
      await first.click();
      await expect(page).toHaveURL(/\/hi\/series\/[^?]+\?tab=squads&team=mumbai-indians/);
      await expect(page.getByText('मुंबई इंडियंस').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
