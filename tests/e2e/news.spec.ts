// News in Chromium: an editor writes an article at 1280 px with a cover, in English and Hindi,
// tagged with a team, and publishes it from the desk; a fan then finds it on home, on the news
// list and on the tagged team's series page, and reads it, at 375 px and at 1280 px, each page
// compared with its reviewed baseline. A match's news on its Info tab is a carousel (three
// articles tagged with it); /news/description, the spec's article address, shows the article its
// client passes in navigation state and is an honest 404 without one.
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility.ts';
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

async function signInAsEditor(page: Page, next: string): Promise<void> {
  await page.goto(`/login?next=${next}`);
  await hydrated(page);
  await page.getByLabel('Mobile Number').fill(EDITOR_PHONE);
  await page.getByLabel('Password').fill(EDITOR_PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  // The login page's own address ends with ?next=<next> too: wait for the path itself.
  await page.waitForURL((url) => url.pathname === next);
}

/** Writes and publishes an article through the desk's API, as the signed-in editor's page (its cookie and csrf header). */
async function publishThroughDesk(page: Page, article: { heading: string; content: string; tags: Record<string, string[]> }): Promise<string> {
  return page.evaluate(async ({ heading, content, tags }) => {
    const csrf = decodeURIComponent(document.cookie.split('; ').find((entry) => entry.startsWith('crease_csrf='))?.slice('crease_csrf='.length) ?? '');
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`/user/v1/news/desk/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { data: { id: string; slug: string } }).data;
    };
    const created = await post('article', { en: { heading, content }, tags });
    await post('publish', { id: created.id });
    return created.slug;
  }, article);
}

test('an editor publishes an article with a cover; a fan finds it on home, the list and the series page', async ({ browser }) => {
  test.setTimeout(120_000);
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // The Ashes: its key and Australia's, from the public API.
  const tournaments = (await (await desk.request.get('/user/v1/get/all/tournaments')).json()).data as { tou_key: string; name: string }[];
  const ashes = tournaments.find((entry) => entry.name.includes('Ashes'))!;
  const detail = (await (await desk.request.get(`/user/v1/get/tournament/${ashes.tou_key}`)).json()).data as { teams: { url: string; name: string }[] };
  const australia = detail.teams.find((team) => team.name === 'Australia')!.url;

  await signInAsEditor(desk, '/desk/news');
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
  // A series' news holds the articles tagged with it (issue 29 §1), not every article about its teams.
  await desk.locator('[name=tags-tournament]').fill(ashes.tou_key);
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
    const card = fan.getByRole('link', { name: HEADING });
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
    await expect(fan.getByRole('link', { name: HEADING })).toBeVisible();
    await expectScreen(fan, `news-series-${width}`);
    // Nothing spills sideways on a phone.
    expect(await fan.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await fan.close();
  }
});

test('the match Info tab shows its news as a carousel: snapping cards, buttons that work from the keyboard, nothing wider than a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  const MATCH = '1529312';
  const desk = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signInAsEditor(desk, '/desk/news');
  for (const n of [1, 2, 3]) {
    await publishThroughDesk(desk, { heading: `Wankhede note ${n}`, content: `Note ${n} on the match at the Wankhede: what the teams said afterwards.`, tags: { match: [MATCH] } });
  }
  await desk.close();

  for (const width of [375, 1280]) {
    // A context of its own: axe runs its frames through it.
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const fan = await context.newPage();
    await fan.goto(`/getMatchList/${MATCH}?tab=info`);
    const news = fan.getByRole('region', { name: 'Match news' });
    const strip = news.getByRole('list');
    // The spec's three, newest first.
    await expect(strip.getByRole('listitem')).toHaveCount(3);
    await expect(strip.getByRole('heading', { level: 3 }).first()).toHaveText('Wankhede note 3');
    await expect(strip).toHaveCSS('scroll-snap-type', 'x mandatory');
    const prev = news.getByRole('button', { name: 'Previous news' });
    const next = news.getByRole('button', { name: 'Next news' });
    const scrolled = () => strip.evaluate((element) => element.scrollLeft);
    if (width === 375) {
      // One card and the edge of the next: the buttons move a card at a time, from the keyboard.
      await expect(prev).toHaveAttribute('aria-disabled', 'true');
      await next.focus();
      await fan.keyboard.press('Enter');
      await expect.poll(scrolled).toBeGreaterThan(200);
      await expect(prev).toHaveAttribute('aria-disabled', 'false');
      await fan.keyboard.press('Space');
      await expect(next).toHaveAttribute('aria-disabled', 'true');
      // At the end the button says so and keeps the focus.
      await expect(next).toBeFocused();
      await expect(strip.getByRole('listitem').nth(2)).toBeInViewport({ ratio: 0.9 });
      await news.scrollIntoViewIfNeeded();
      await expectScreen(news, `news-match-info-${width}-end`);
      await prev.focus();
      await fan.keyboard.press('Enter');
      await fan.keyboard.press('Enter');
      await expect.poll(scrolled).toBe(0);
      await expect(prev).toHaveAttribute('aria-disabled', 'true');
    } else {
      // All three fit: nothing to scroll, no buttons.
      await news.scrollIntoViewIfNeeded();
      await expect(strip.getByRole('listitem').nth(2)).toBeInViewport({ ratio: 0.9 });
      await expect(next).toBeHidden();
      await expect(prev).toBeHidden();
    }
    expect(await fan.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(fan, '.match-news')).toEqual([]);
    await news.scrollIntoViewIfNeeded();
    await expectScreen(news, `news-match-info-${width}`);
    await context.close();
  }
});

test('/news/description: the article the spec’s client passes in navigation state, else an honest 404', async ({ page }) => {
  const [latest] = (await (await page.request.get('/user/v1/get/all/news?limit=1&offset=0')).json()).data as { slug: string; heading: string }[];
  expect(latest).toBeDefined();

  const alone = await page.goto('/news/description');
  expect(alone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  await expect(page.getByText('No article was given to this page.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'All news' }).last()).toBeVisible();

  // As the spec's client opens it (React Router keeps the state under usr), then a reload.
  await page.goto('/news/allNews');
  await page.evaluate((item) => history.pushState({ usr: { newsDesc: item }, key: 'spec', idx: 1 }, '', '/news/description'), latest!);
  await page.reload();
  await page.waitForURL(`**/news/${latest!.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: latest!.heading })).toBeVisible();
});
