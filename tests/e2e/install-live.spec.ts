// A live match read offline (docs/decisions/068-installable-app.md), on the live server (the
// 'live' project): the service worker's saved copy of a live page is shown only without a network,
// and then never as current: it carries the "as of" banner. The live state is not touched here.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LIVE_SEED_FILE, type LiveSeed } from './support/seed-live-key.ts';

test.use({ viewport: { width: 375, height: 800 } });

test('a live match page offline is the saved copy under "Offline: scorecard as of", never the live score', async ({ page, context }) => {
  const { matchKey } = JSON.parse(readFileSync(LIVE_SEED_FILE, 'utf8')) as LiveSeed;
  const path = `/getMatchList/${matchKey}`;
  const response = await page.goto(path);
  // A live page: kept by no HTTP cache without asking the server again.
  expect(response?.headers()['cache-control']).toBe('public, no-cache');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(async (key) => Boolean(await caches.match(key)), path), { timeout: 15_000 })
    .toBe(true);

  // Online, a reload is the network's page, never the saved one.
  await page.reload();
  await expect(page.locator('[data-offline-banner]')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('[data-offline-banner]')).toHaveText(/^Offline: scorecard as of \d{2}:\d{2}$/);
  // The live socket's catch-up (the API) is not answered from any cache offline.
  const api = await page.evaluate((key) => fetch(`/user/v1/get/match/${key}`).then(() => 'answered', () => 'failed'), matchKey);
  expect(api).toBe('failed');
  await context.setOffline(false);
});
