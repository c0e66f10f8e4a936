// Formats as fans know them, in Chromium on the e2e data set: Alex Carey kept wicket in the
// Sydney Ashes Test and in the 2026 Sheffield Shield final, so his player page has a Test career
// of one match and a first-class career (Tests included) of two, side by side and each in its
// own tab, saying what the figures cover; the Shield final is a final of first-class cricket.
import { expect, test, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';

const CAREY = '/getMatchList/playerInformation?player_key=';

async function careyKey(page: Page): Promise<string> {
  await page.goto('/getMatchList/1495309?tab=squads');
  const href = await page.locator('.tab-body a[href*="player_key="]', { hasText: 'AT Carey' }).first().getAttribute('href');
  const key = new URL(href!, 'http://local').searchParams.get('player_key');
  expect(key).toMatch(/^[0-9a-f]{8}$/);
  return key!;
}

for (const width of [375, 1280] as const) {
  test(`a player page keeps Test and first-class careers apart at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const key = await careyKey(page);
    await page.goto(`${CAREY}${key}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('AT Carey');

    const batting = page.locator('.career-summary table').first();
    await expect(batting.locator('tbody th')).toHaveText(['Test', 'First-class']);
    await expect(batting.locator('tr[data-type="test"] td').first()).toHaveText('1');
    await expect(batting.locator('tr[data-type="first_class"] td').first()).toHaveText('2');
    await expect(page.locator('.career-summary')).toContainText('first-class includes Tests');

    // The Test tab first: its figures and what they cover.
    const tabs = page.getByRole('navigation', { name: 'Format' }).getByRole('link');
    await expect(tabs).toHaveText(['Test', 'First-class']);
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.scope')).toContainText('Test: 1 match held here, 04 Jan 2026. Our Test records begin in Jan 2026');
    await expect(page.locator('#batting-career + dl')).toContainText(/Matches\s+1\s+Innings/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectScreen(page, `player-careers-${width}`);

    await tabs.filter({ hasText: 'First-class' }).click();
    await expect(page).toHaveURL(/format=first_class/);
    await expect(page.locator('.scope')).toContainText('First-class: 2 matches held here, 04 Jan 2026 to 26 Mar 2026');
    await expect(page.locator('.scope')).toContainText('First-class figures include his Tests.');
    await expect(page.locator('#batting-career + dl')).toContainText(/Matches\s+2\s+Innings/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectScreen(page, `player-first-class-${width}`);
  });
}

test('the Shield final is a Final of first-class cricket, never a Test; the Matches tab filters by type', async ({ page }) => {
  await page.goto('/getMatchList/1495309');
  await expect(page.locator('.match-header .sub').first()).toContainText('Final');
  await expect(page.locator('.match-header .format')).toHaveText('First-class');
  await expect(page.locator('.match-header')).not.toContainText('Test');

  const key = await careyKey(page);
  await page.goto(`${CAREY}${key}&tab=matches&format=test`);
  await expect(page.locator('main')).toContainText('The Ashes');
  await expect(page.locator('main')).not.toContainText('Sheffield Shield');
  await page.goto(`${CAREY}${key}&tab=matches&format=first_class`);
  await expect(page.locator('main')).toContainText('Sheffield Shield');
  await expect(page.locator('main')).toContainText('The Ashes');
});

test('the player page in Hindi says what the figures cover', async ({ page }) => {
  const key = await careyKey(page);
  await page.goto(`/hi${CAREY}${key}&format=first_class`);
  await expect(page.locator('.scope')).toContainText('प्रथम श्रेणी: यहाँ दर्ज 2 मैच');
  await expect(page.locator('.career-summary tbody th')).toHaveText(['टेस्ट', 'प्रथम श्रेणी']);
});
