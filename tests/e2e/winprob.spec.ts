// The win probability in Chromium on real data: Match Info's prediction for a completed T20, the
// Ashes Test (with the draw) and the upcoming fixture, the link to /win-probability and that page
// in both languages, at 375 px and 1280 px, each compared with its reviewed baseline.
import { expect, test, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { UPCOMING_MATCH_KEY } from './support/seed-upcoming-key.ts';

const panel = (page: Page) => page.locator('section.win-prediction');

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('completed T20: the prediction before the first ball, the toss scenario marked, the explanation one click away', async ({ page }) => {
      await page.goto('/getMatchList/1529312?tab=info');
      await expect(panel(page).getByRole('heading', { name: 'Win prediction' })).toBeVisible();
      await expect(panel(page).locator('.scenario')).toHaveCount(2);
      await expect(panel(page).locator('.scenario.actual')).toContainText('bat first');
      await expect(panel(page).locator('.scenario.actual')).toContainText('as the toss decided');
      await expect(panel(page).locator('.figures').first()).toContainText(/Rajasthan Royals \d{1,2}%/);
      await expect(page.locator('.tab-body')).not.toContainText(/Win prediction\s*Coming soon/i);
      // The panel alone: the tab also lists the match's news, which other specs publish.
      await expectScreen(panel(page), `winprob-t20-info-${width}`);

      await panel(page).getByRole('link', { name: 'How the model is measured' }).click();
      await expect(page).toHaveURL(/\/win-probability$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Win probability: how it works and how well');
      // The ratings and pars follow the stored results since training (issue 26).
      await expect(page.locator('p.ratings-follow')).toContainText(/Since then the ratings and the par scores follow every result stored here.*\d+ results counted, the last played on \d{1,2} \w{3} 20\d\d/);
      await expect(page.getByRole('row', { name: /Men's T20I and ODI/ }).first()).toBeVisible();
      await expect(page.locator('table').nth(1).locator('tbody tr')).toHaveCount(10);
      // The open group shows both cuts, deciles first (the target's), each of ten rows.
      const opened = page.locator('details.calibration[open]');
      await expect(opened.locator('table')).toHaveCount(2);
      await expect(opened.locator('p.cut').first()).toContainText('Deciles');
      await expect(opened.locator('table').nth(1).locator('tbody tr')).toHaveCount(10);
      await expect(page.getByRole('columnheader', { name: 'Worst decile gap' })).toBeVisible();
      // Issue 26's tests: the skill against the match state alone with its interval, and the
      // reliability diagram with a consistency band per band of the chance given.
      await expect(page.getByRole('heading', { name: 'Does knowing the teams help?' })).toBeVisible();
      await expect(page.getByRole('row', { name: /Brier score 0\.\d{4} 0\.\d{4} -?0\.\d{4} \(-?0\.\d{4} to -?0\.\d{4}\)/ })).toBeVisible();
      const diagram = page.getByRole('img', { name: 'Reliability diagram' });
      await expect(diagram).toBeVisible();
      await expect(diagram.locator('rect.consistency')).toHaveCount(10);
      await expect(diagram.locator('.dot')).toHaveCount(10);
      await expectScreen(page, `winprob-explanation-${width}`);
    });

    test('a Test shows the draw; an upcoming fixture gets a prediction, not "Coming soon"', async ({ page }) => {
      await page.goto('/getMatchList/1455615?tab=info');
      await expect(panel(page).locator('.figures').first()).toContainText(/Draw \d{1,2}%/);
      await expectScreen(page, `winprob-test-info-${width}`);
      await page.goto(`/getMatchList/${UPCOMING_MATCH_KEY}?tab=info`);
      await expect(panel(page).getByRole('heading', { name: 'Win prediction' })).toBeVisible();
      await expectScreen(page, `winprob-upcoming-info-${width}`);
    });
  });
}

test('the Summary tab draws the model\'s worm for every ball, linked to the explanation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/getMatchList/1529312?tab=summary');
  const worm = page.locator('#chart-winprob');
  await expect(worm).toBeVisible();
  await expect(worm.locator('svg').first()).toBeVisible();
  await expect(worm.getByRole('link')).toHaveAttribute('href', '/win-probability');
  await worm.scrollIntoViewIfNeeded();
  await expectScreen(worm, 'winprob-summary-worm-375');
  await page.goto('/hi/getMatchList/1455615?tab=summary');
  await expect(page.locator('#chart-winprob a[href="/hi/win-probability"]')).toHaveCount(1);
});

test('the explanation page in Hindi, and the API answering every ball of the T20', async ({ page, request }) => {
  await page.goto('/hi/win-probability');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('जीत की संभावना: कैसे निकाली जाती है और कितनी सही है');
  await expectScreen(page, 'winprob-explanation-hi-375');
  const response = await request.get('/user/v1/match/winprob?match_key=1529312');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { balls: { a_win: number }[] } };
  expect(body.data.balls).toHaveLength(251);
  expect(body.data.balls.at(-1)!.a_win).toBe(1);
});
