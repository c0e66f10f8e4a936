// The Summary tab of completed matches in Chromium: a T20 (IPL 2026, 1529312) and a Test (the
// Ashes, 1455615) at 375 and 1280 px, every chart drawn by the server as SVG, with no script
// added for them; each page and each chart is compared with its reviewed baseline.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility.ts';
import { expectScreen } from './support/screens.ts';

function tabs(page: Page) {
  return page.getByRole('navigation', { name: 'Match sections' }).getByRole('link');
}

/** The whole page, and each chart on its own (a full page of a Test is too tall to review at once). */
async function shots(page: Page, name: string) {
  await expectScreen(page, name);
  for (const id of await page.locator('figure.chart').evaluateAll((figures) => figures.map((figure) => figure.id))) {
    await expectScreen(page.locator(`#${id}`), `${name}-${id}`);
  }
}

async function noSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Paths of the scripts a page loads, until the network is quiet. */
async function scriptsOf(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = [];
  const listen = (req: { resourceType(): string; url(): string }) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  };
  page.on('request', listen);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  page.off('request', listen);
  return scripts.sort();
}

for (const width of [375, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('completed T20: the Summary opens the match, with the player of the match, each innings and every chart', async ({ page }) => {
      await page.goto('/getMatchList/1529312');
      await expect(tabs(page)).toHaveText(['Summary', 'Commentary', 'Scoreboard', 'Squads', 'Info', 'Fantasy', 'History']);
      // The header: date and toss.
      await expect(page.locator('.match-header')).toContainText('2026');
      await expect(page.locator('.match-header')).toContainText('Mumbai Indians won the toss');
      const summary = page.locator('.tab-body');
      await expect(summary.getByRole('heading', { name: 'Player Of The Match' })).toBeVisible();
      await expect(summary.locator('.pom')).toContainText('JC Archer');
      await expect(summary.locator('.pom a[href*="player_key="]')).toHaveCount(1);
      await expect(summary.getByRole('heading', { name: /^RR 205\/8/ })).toBeVisible();
      await expect(summary.getByRole('heading', { name: /^MI 175\/9/ })).toBeVisible();
      await expect(summary).toContainText('SA Yadav reached 50 off 32 balls (13.3)');
      await expect(summary).toContainText('Lost 3 wickets for 24 runs, from 0/0 to 24/3');
      for (const id of ['chart-worm', 'chart-manhattan', 'chart-rates', 'chart-stands-1', 'chart-stands-2']) {
        await expect(page.locator(`#${id} svg.chart-svg`)).toBeVisible();
      }
      // Eight and nine wickets on the worm, a dot each above the Manhattan's bars.
      await expect(page.locator('#chart-worm circle.mark')).toHaveCount(17);
      await expect(page.locator('#chart-manhattan .wicket-dot')).toHaveCount(17);
      // The text alternative: the table behind the disclosure.
      for (const id of ['chart-worm', 'chart-manhattan', 'chart-rates', 'chart-stands-1']) await page.locator(`#${id} summary`).click();
      await expect(page.locator('#chart-worm table')).toContainText('205/8');
      // Open, the tables and the charts still pass axe (serious and critical), and nothing scrolls sideways.
      expect(await seriousViolations(page, '.charts')).toEqual([]);
      await noSideways(page);
      await shots(page, `t20-summary-${width}`);
    });

    test('completed Test: four innings, a Manhattan each in blocks of overs, and why there is no runs-per-day chart', async ({ page }) => {
      await page.goto('/getMatchList/1455615');
      await expect(tabs(page).first()).toHaveText('Summary');
      const summary = page.locator('.tab-body');
      await expect(summary.getByRole('heading', { name: /^ENG innings 1 384\/10/ })).toBeVisible();
      await expect(summary.getByRole('heading', { name: /^AUS innings 2 161\/5/ })).toBeVisible();
      await expect(summary).toContainText('JE Root reached 150');
      await expect(page.locator('[id^="chart-manhattan-"] svg.chart-svg')).toHaveCount(4);
      await expect(page.locator('#chart-manhattan-1 figcaption')).toContainText('Runs in each block of 5 overs');
      await expect(summary).toContainText('Cricsheet does not record the day or session of each ball');
      await expect(page.locator('#chart-worm path.line')).toHaveCount(4);
      await noSideways(page);
      await shots(page, `test-summary-${width}`);
    });
  });
}

test('the Summary adds no script: the same scripts as the Scoreboard, and it reads with JavaScript off and in Hindi', async ({ page, browser }) => {
  const summary = await scriptsOf(page, '/getMatchList/1529312?tab=summary');
  const scoreboard = await scriptsOf(page, '/getMatchList/1529312?tab=scoreboard');
  expect(summary).toEqual(scoreboard);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
  const off = await context.newPage();
  await off.goto('/hi/getMatchList/1529312');
  await noSideways(off);
  await shots(off, 't20-summary-hi-375');
  await expect(off.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(off.getByRole('navigation', { name: 'मैच के भाग' }).getByRole('link').first()).toHaveText('सारांश');
  await expect(off.locator('#chart-worm svg.chart-svg')).toBeVisible();
  await expect(off.locator('#chart-worm h3')).toHaveText('वर्म');
  await context.close();
});

test('the charts take a light theme’s colours (Sky) at 375 px', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', '6'));
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/getMatchList/1529312');
  await expect(page.locator('html')).toHaveAttribute('data-theme', '6');
  // Rust for team a (RR), navy for team b (MI): the theme's chart colours, not the dark ones.
  await expect(page.locator('#chart-worm path.line.tone-a')).toHaveCSS('stroke', 'rgb(163, 51, 11)');
  await expect(page.locator('#chart-worm path.line.tone-b')).toHaveCSS('stroke', 'rgb(30, 58, 138)');
  for (const id of ['chart-worm', 'chart-manhattan', 'chart-rates', 'chart-stands-1']) {
    await expectScreen(page.locator(`#${id}`), `t20-summary-sky-375-${id}`);
  }
});
