// Fantasy points in Chromium on real data (issue 12 §2): the Fantasy tab of a completed IPL 2026
// match with each player's breakdown, the Info tab's top five, the Top Fantasy Points page and
// its tabs, in English and Hindi, at 375 px and 1280 px, each compared with its reviewed baseline.
import { expect, test } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { UPCOMING_MATCH_KEY } from './support/seed-upcoming-key.ts';

const WIDTHS = [375, 1280] as const;
// LSG v RCB, IPL 2026, at Lucknow: eight of Lucknow's players had played Kolkata there (1529281)
// a fortnight before.
const MATCH = '1529293';

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('Fantasy tab: every player, most points first, each with how he scored', async ({ page }) => {
      await page.goto(`/getMatchList/${MATCH}?tab=fantasy`);
      const body = page.locator('.tab-body');
      await expect(body.getByRole('heading', { name: 'Fantasy points' })).toBeVisible();
      const rows = body.locator('.players > li');
      // Eleven and the impact player Cricsheet lists for each side.
      await expect(rows).toHaveCount(24);
      const points = await body.locator('.players summary .points').allTextContents();
      const numbers = points.map(Number);
      expect(numbers).toEqual([...numbers].sort((x, y) => y - x));
      await rows.first().locator('summary').click();
      const breakdown = rows.first().getByRole('table');
      await expect(breakdown).toBeVisible();
      await expect(breakdown).toContainText('In the playing XI');
      await expect(breakdown).toContainText('+4');
      await expectScreen(page, `fantasy-tab-${width}`);
      // No horizontal scrolling at 375 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });

    test('Info tab top five and the Top Fantasy Points page with its tabs', async ({ page }) => {
      await page.goto(`/getMatchList/${MATCH}?tab=info`);
      const top = page.locator('.top-fantasy');
      await expect(top.getByRole('heading', { name: 'Top Fantasy Points' })).toBeVisible();
      await expect(top.locator('.top > li:not(.head)')).toHaveCount(5);
      await top.getByRole('link', { name: 'All top fantasy points' }).click();
      await expect(page).toHaveURL(new RegExp(`/matchTopFantasy\\?match_key=${MATCH}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top Fantasy Points');
      const picker = page.getByRole('navigation', { name: 'Which matches' }).getByRole('link');
      await expect(picker).toHaveText(['All', 'Last Matches', 'At Venue', 'vs Opponent']);
      await expect(page.getByRole('heading', { name: 'Recent Matches' })).toBeVisible();
      // The eight Lucknow players who also played 1529281 (Bengaluru's have no earlier T20 here).
      const rows = page.locator('.top > li:not(.head)');
      await expect(rows).toHaveCount(8);
      await rows.first().locator('summary').click();
      await expect(rows.first().locator('.recent a')).toHaveCount(1);
      await expect(rows.first().locator('.recent a')).toContainText('Kolkata Knight Riders');
      await expectScreen(page, `top-fantasy-all-${width}`);
      // Both matches were at the Ekana stadium.
      await picker.filter({ hasText: 'At Venue' }).click();
      await expect(rows).toHaveCount(8);
      await picker.filter({ hasText: 'vs Opponent' }).click();
      await expect(page.getByText('None of these players has an earlier match of this kind in our data.')).toBeVisible();
      await expectScreen(page, `top-fantasy-vs-${width}`);
    });
  });
}

test("an upcoming match without XIs ranks each side's players of its last match", async ({ page }) => {
  await page.goto(`/matchTopFantasy?match_key=${UPCOMING_MATCH_KEY}`);
  await expect(page.getByText('The playing XIs are not named yet')).toBeVisible();
  // Both sides' players of the IPL 2026 final (1529312), the sides' latest match.
  await expect(page.locator('.top > li:not(.head)')).toHaveCount(24);
  await page.goto(`/getMatchList/${UPCOMING_MATCH_KEY}?tab=fantasy`);
  await expect(page.locator('.tab-body')).toContainText("Match hasn't started yet");
});

test('in Hindi', async ({ page }) => {
  await page.goto(`/hi/getMatchList/${MATCH}?tab=fantasy`);
  await expect(page.locator('.tab-body').getByRole('heading', { name: 'फ़ैंटेसी पॉइंट्स' })).toBeVisible();
  await page.goto(`/hi/matchTopFantasy?match_key=${MATCH}&tab=last`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('टॉप फ़ैंटेसी पॉइंट्स');
  await expect(page.getByRole('navigation', { name: 'कौन-से मैच' }).getByRole('link')).toHaveText(['सभी', 'पिछले मैच', 'इस मैदान पर', 'विपक्षी के ख़िलाफ़']);
  await expectScreen(page, 'top-fantasy-hi');
});
