// The Summary tab of a live replay (tests/e2e/support/seed-replay.ts: IPL 2026's 1529312 played
// again, stopped 4 overs into the chase) at 375 and 1280 px: the innings so far and every chart,
// drawn by the server, compared with reviewed baselines.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { REPLAY_SEED_FILE } from './support/seed-replay-key.ts';
import { expectScreen } from './support/screens.ts';

const replayKey = () => (JSON.parse(readFileSync(REPLAY_SEED_FILE, 'utf8')) as { replayKey: string }).replayKey;

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [375, 1280] as const) {
  test(`a live replay's Summary at ${width} px: both innings so far, the worm, Manhattan, rates and partnerships`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/getMatchList/${replayKey()}?tab=summary`);
    await expect(page.locator('.match-header')).toContainText('Replay');
    const summary = page.locator('.tab-body');
    await expect(summary.getByRole('heading', { name: /^RR 205\/8/ })).toBeVisible();
    await expect(summary.getByRole('heading', { name: /^MI \d+\/\d/ })).toBeVisible();
    // No player of the match while it is being played.
    await expect(summary.getByRole('heading', { name: 'Player Of The Match' })).toHaveCount(0);
    await expect(summary).toContainText('These charts follow the match ball by ball.');
    for (const id of ['chart-worm', 'chart-manhattan', 'chart-rates', 'chart-stands-1', 'chart-stands-2']) {
      await expect(page.locator(`#${id} svg.chart-svg`)).toBeVisible();
    }
    // The worm has both innings; the chase's required rate is drawn beside its run rate.
    await expect(page.locator('#chart-worm path.line')).toHaveCount(2);
    await expect(page.locator('#chart-rates .chart-legend')).toContainText('MI required rate');
    await noSideways(page);
    await expectScreen(page, `replay-summary-${width}`);
  });
}
