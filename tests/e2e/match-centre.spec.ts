// The match centre in Chromium on real data: a completed T20 (IPL 2026, 1529312), a completed
// Test (the Ashes, 1455615) and the upcoming fixture; every tab, at 375 px and 1280 px, with a
// screenshot of each compared with its reviewed baseline (tests/e2e/screens/).
import { expect, test, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { UPCOMING_MATCH_KEY } from './support/seed-upcoming-key.ts';

const WIDTHS = [375, 1280] as const;


function tabs(page: Page) {
  return page.getByRole('navigation', { name: 'Match sections' }).getByRole('link');
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    // Every tab of a whole match compared with its baseline: up to 30 s alone on a busy 2-core machine.
    test.describe.configure({ timeout: 90_000 });
    test.use({ viewport: { width, height: 900 } });

    test('completed T20: header, tab order and every tab with real data', async ({ page }) => {
      await page.goto('/getMatchList/1529312');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rajasthan Royals vs Mumbai Indians');
      await expect(page.locator('.panel.result')).toContainText('Rajasthan Royals won by 30 runs');
      // Nothing left to alert about a completed match.
      await expect(page.locator('.match-header a[href*="follow="]')).toHaveCount(0);
      await expect(tabs(page)).toHaveText(['Summary', 'Commentary', 'Scoreboard', 'Squads', 'Info', 'Fantasy', 'History']);
      // Summary (default for a completed match, tests/e2e/summary.spec.ts): player of the match first.
      await expect(page.getByRole('heading', { name: 'Player Of The Match' })).toBeVisible();
      await expect(page.locator('.tab-body')).toContainText('JC Archer');

      await tabs(page).filter({ hasText: 'Commentary' }).click();
      await expect(page.getByRole('heading', { name: 'Highlights' })).toBeVisible();
      // Highlights: boundaries, wickets and milestones only, newest first, no over summaries.
      await expect(page.locator('.cm-ball').first()).toContainText('19.1');
      await expect(page.locator('.cm-ball').first()).toContainText('FOUR');
      await expect(page.locator('.os-balls')).toHaveCount(0);
      await expectScreen(page, `t20-commentary-${width}`);

      // The full commentary is its own view: every ball, the last of the chase first, with the over summaries.
      const views = page.getByRole('navigation', { name: 'Commentary' }).getByRole('link');
      await expect(views).toHaveText(['Highlights', 'Full commentary']);
      await views.filter({ hasText: 'Full commentary' }).click();
      await expect(page).toHaveURL(/view=full/);
      await expect(page.getByRole('heading', { name: 'Full commentary' })).toBeVisible();
      await expect(page.locator('.cm-ball').first()).toContainText('19.6');
      await expect(page.locator('.os-balls').first()).toBeVisible();
      await expectScreen(page, `t20-commentary-full-${width}`);

      // In Hindi: the same two views, the context of each ball in the desk's Hindi.
      await page.goto('/hi/getMatchList/1529312?tab=commentary&view=full');
      await expect(page.getByRole('heading', { name: 'पूरी कमेंट्री' })).toBeVisible();
      await expect(page.locator('.tab-body')).toContainText('आवश्यक रन रेट');
      await expectScreen(page, `t20-commentary-full-hi-${width}`);
      await page.goto('/hi/getMatchList/1529312?tab=commentary');
      await expect(page.getByRole('heading', { name: 'हाइलाइट्स' })).toBeVisible();
      await expectScreen(page, `t20-commentary-hi-${width}`);
      await page.goto('/getMatchList/1529312?tab=commentary');

      await tabs(page).filter({ hasText: 'Scoreboard' }).click();
      const firstInnings = page.locator('.tab-body');
      await expect(firstInnings.getByRole('columnheader', { name: 'Batter' })).toBeVisible();
      await expect(firstInnings).toContainText('205/8');
      await expect(firstInnings.getByRole('columnheader', { name: 'Bowler' })).toBeVisible();
      await expect(firstInnings).toContainText('Fall of wickets');
      await expectScreen(page, `t20-scoreboard-${width}`);

      await tabs(page).filter({ hasText: 'Squads' }).click();
      // Eleven plus the impact player Cricsheet lists for each IPL 2026 side.
      await expect(page.locator('.tab-body a[href*="player_key="]')).toHaveCount(12);
      await expectScreen(page, `t20-squads-${width}`);

      await tabs(page).filter({ hasText: 'Info' }).click();
      await expect(page.locator('.tab-body')).toContainText('Wankhede Stadium');
      await expectScreen(page, `t20-info-${width}`);

      await tabs(page).filter({ hasText: 'Fantasy' }).click();
      await expect(page.locator('.tab-body').getByRole('heading', { name: 'Fantasy points' })).toBeVisible();
      await expect(page.locator('.tab-body')).toContainText('JC Archer');
    });

    test('completed Test: four innings tabs, the fourth with the chase', async ({ page }) => {
      await page.goto('/getMatchList/1455615?tab=scoreboard');
      await expect(page.locator('.panel.result')).toContainText('Australia won by 5 wickets');
      const innings = page.getByRole('navigation', { name: /innings/i }).getByRole('link');
      await expect(innings).toHaveCount(4);
      await innings.nth(3).click();
      await expect(page.locator('.tab-body')).toContainText('161/5');
      await expectScreen(page, `test-scoreboard-4th-${width}`);

      await page.goto('/getMatchList/1455615?tab=commentary&view=full');
      await expect(page.locator('.cm-ball').first()).toBeVisible();
      await expect(page.locator('.os-balls').first()).toBeVisible();
      await expectScreen(page, `test-commentary-${width}`);
    });

    test('upcoming match: Info first, every other tab waits for the start', async ({ page }) => {
      await page.goto(`/getMatchList/${UPCOMING_MATCH_KEY}`);
      await expect(tabs(page)).toHaveText(['Info', 'Fantasy', 'Commentary', 'Live', 'Scoreboard', 'Squads', 'History']);
      // "Follow this match" sits beside the tournament, within the page's width.
      const follow = page.locator('.match-header').getByRole('link', { name: 'Follow this match' });
      await expect(follow).toBeVisible();
      await expect(follow).toHaveAttribute('href', `/notification?follow=${UPCOMING_MATCH_KEY}`);
      const box = (await follow.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(36);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectScreen(page, `upcoming-info-${width}`);
      for (const tab of ['Commentary', 'Live', 'Scoreboard', 'Squads']) {
        await tabs(page).filter({ hasText: tab }).click();
        await expect(page.locator('.tab-body')).toContainText("Match hasn't started yet. Stay tuned!");
      }
    });
  });
}

test('a player name in the scoreboard opens the player page, which a shared link also opens', async ({ page }) => {
  await page.goto('/getMatchList/1455615?tab=scoreboard');
  const player = page.locator('.tab-body a[href*="player_key="]').first();
  const name = (await player.textContent())?.trim() ?? '';
  await player.click();
  await expect(page).toHaveURL(/\/getMatchList\/playerInformation\/1455615\?player_key=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.locator('main')).toContainText(/Batting/);
  await expectScreen(page, 'player-overview-1280');
  const shared = page.url();
  await page.context().clearCookies();
  await page.goto(shared);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('the scoreboard and commentary are HTML: readable with JavaScript off, and in Hindi', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/getMatchList/1529312?tab=scoreboard');
  await expect(page.locator('.tab-body')).toContainText('205/8');
  await page.goto('/hi/getMatchList/1529312?tab=commentary');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('.cm-ball').first()).toContainText(/[\u0900-\u097F]/);
  await context.close();
});

test('"Follow this match" opens the Notifications page following that match, in Hindi too', async ({ page }) => {
  await page.goto(`/hi/getMatchList/${UPCOMING_MATCH_KEY}`);
  const follow = page.locator('.match-header').getByRole('link', { name: 'इस मैच को फ़ॉलो करें' });
  await expect(follow).toHaveAttribute('title', 'इस डिवाइस पर इस मैच की सूचनाएँ');
  await follow.click();
  await expect(page).toHaveURL(`/hi/notification?follow=${UPCOMING_MATCH_KEY}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('सूचनाएँ');
});

test('an unknown match is a 404 page', async ({ page }) => {
  const response = await page.goto('/getMatchList/999999999');
  expect(response?.status()).toBe(404);
});
