// News in Chromium: an editor writes an article at 1280 px with a cover, in English and Hindi,
// tagged with a team, and publishes it from the desk; a fan then finds it on home, on the news
// list and on the tagged team's series page, and reads it, at 375 px and at 1280 px, each page
// compared with its reviewed baseline.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { EDITOR_PASSWORD, EDITOR_PHONE } from './support/scorer-account.ts';

const HEADING = 'Australia keep the Ashes squad';

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The cover img has loaded a real image (not a broken one). */
async function coverLoaded(page: Page, scope = page.locator('body')): Promise<void> {
  const cover = scope.locator('img[srcset*="/media/news/"]').first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('an editor publishes an article with a cover; a fan finds it on home, the list and the team’s series page', async ({ browser }) => {
  test.setTimeout(120_000);
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The Ashes: its key and Australia's, from the public API.
  const tournaments = (await (await desk.request.get('/user/v1/get/all/tournaments')).json()).data as { tou_key: string; name: string }[];
  const ashes = tournaments.find((entry) => entry.name.includes('Ashes'))!;
  const detail = (await (await desk.request.get(`/user/v1/get/tournament/${ashes.tou_key}`)).json()).data as { teams: { url: string; name: string }[] };
  const australia = detail.teams.find((team) => team.name === 'Australia')!.url;

  await desk.goto('/login?next=/desk/news');
  await hydrated(desk);
  await desk.getByLabel('Mobile Number').fill(EDITOR_PHONE);
  await desk.getByLabel('Password').fill(EDITOR_PASSWORD);
  await desk.getByRole('button', { name: 'Log In' }).click();
  await desk.waitForURL('**/desk/news');
  await desk.getByRole('link', { name: 'Write an article' }).click();
  await desk.waitForURL('**/desk/news/edit');
  await hydrated(desk);

  const cover = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1b5e20' } })
    .composite([{ input: Buffer.from('<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#ffd600"/></svg>') }])
    .jpeg()
    .toBuffer();
  await desk.locator('input[type=file][name=cover]').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
  await expect(desk.getByRole('status')).toHaveText('Cover uploaded.');
  await desk.locator('[name=en-heading]').fill(HEADING);
  await desk.locator('[name=en-sub_heading]').fill('Selectors stay with the side that won in Sydney');
  await desk.locator('[name=en-content]').fill('Australia named an unchanged squad for the next Test after their five-wicket win in Sydney, the selectors said on Monday.');
  await desk.locator('[name=en-p1]').fill('The squad is the one that played in Sydney.');
  await desk.locator('[name=hi-heading]').fill('ऑस्ट्रेलिया ने एशेज़ टीम बरकरार रखी');
  await desk.locator('[name=hi-content]').fill('ऑस्ट्रेलिया ने सिडनी में पाँच विकेट की जीत के बाद अगले टेस्ट के लिए वही टीम चुनी।');
  await desk.locator('[name=tags-team]').fill(australia);
  await desk.getByRole('button', { name: 'Publish' }).click();
  await expect(desk.getByRole('status')).toHaveText('Published.');
  await expect(desk.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expectScreen(desk, 'news-desk-1280');
  await desk.goto('/desk/news');
  await expect(desk.getByRole('row', { name: new RegExp(HEADING) })).toContainText('Published');
  await desk.close();

  for (const width of [375, 1280]) {
    const fan = await browser.newPage({ viewport: { width, height: 900 } });
    await fan.goto('/');
    const block = fan.locator('#home-news-block');
    await expect(block.getByRole('heading', { name: HEADING })).toBeVisible();
    await expect(block.locator('.skeleton')).toHaveCount(0);
    await coverLoaded(fan, block);
    await block.scrollIntoViewIfNeeded();
    // The block alone: the rest of home holds what other specs make (reels).
    await expectScreen(block, `news-home-${width}`);

    await fan.goto('/news/allNews?tab=latest');
    const card = fan.getByRole('link', { name: 'Australia keep the A...' });
    await expect(card).toBeVisible();
    await expectScreen(fan, `news-list-${width}`);
    await card.click();
    await expect(fan.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await expect(fan.getByText('The squad is the one that played in Sydney.')).toBeVisible();
    await coverLoaded(fan);
    await expectScreen(fan, `news-article-${width}`);

    await fan.goto(`/hi${new URL(fan.url()).pathname}`);
    await expect(fan.getByRole('heading', { level: 1, name: 'ऑस्ट्रेलिया ने एशेज़ टीम बरकरार रखी' })).toBeVisible();

    await fan.goto(`/series/${ashes.tou_key}?tab=news`);
    await expect(fan.getByRole('link', { name: 'Australia keep the A...' })).toBeVisible();
    await expectScreen(fan, `news-series-${width}`);
    // Nothing spills sideways on a phone.
    expect(await fan.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await fan.close();
  }
});
