// Reels in Chromium against the built server (its job worker transcodes with Debian's ffmpeg): an
// editor uploads a clip made with ffmpeg's test source on the Reels desk and waits for it to be
// ready; a visitor watches it and reads its comments, and is sent to /login only to like or
// comment; a fan plays it, likes it and comments.
// Each screen at 375 and 1280 px is compared with its reviewed baseline.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectScreen } from './support/screens.ts';
import { makeTestVideo } from '../helpers/videos.ts';
import { EDITOR_PASSWORD, EDITOR_PHONE, FAN_PASSWORD, FAN_PHONE } from './support/reels-accounts.ts';

const WIDTHS = [375, 1280] as const;
const OUT = 'test-results/reels';
const CLIP = path.resolve(OUT, 'testsrc-clip.mp4');
const TITLE = 'Testsrc yorker at the death';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  makeTestVideo(CLIP, { seconds: 4, width: 640, height: 360 });
});

async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

async function logIn(page: Page, phone: string, password: string, next: string): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await hydrated(page);
  await page.getByLabel('Mobile Number').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname === next);
  await hydrated(page);
}

/**
 * The page (or the part of it a test is about) at each width; the feed, a full-screen scroller,
 * only as its window shows it.
 */
async function screenshots(page: Page, name: string, part?: Locator): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectScreen(part ?? page, `reels-${name}-${width}`, { fullPage: !name.startsWith('feed') });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor opening the reels page sees the feed, which says plainly that there is no reel yet', async ({ page }) => {
  const response = await page.goto('/reelsDetails');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.locator('.feed').getByText('No reels yet')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/reelsDetails');
  // Before any upload the home block says so plainly (no skeleton: nothing is loading).
  await page.goto('/');
  const block = page.locator('section[aria-labelledby="home-reels"]');
  await expect(block.getByText('No reels yet')).toBeVisible();
  await expect(block.locator('.skeleton')).toHaveCount(0);
});

test('an editor uploads a test clip on the Reels desk and it is transcoded', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, EDITOR_PHONE, EDITOR_PASSWORD, '/editor/reels');
  await page.getByLabel('Title', { exact: true }).fill(TITLE);
  await page.getByLabel('Title in Hindi (optional)').fill('टेस्ट यॉर्कर');
  await page.getByLabel(/^Video/).setInputFiles(CLIP);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.locator('.reel-desk').getByRole('status')).toHaveText('Uploaded: the reel is being prepared.');
  const row = page.locator('.desk-list li', { hasText: TITLE });
  await expect(row).toHaveAttribute('data-status', 'processing');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 90_000 });
  await expect(row).toContainText('Ready · 4 s');
  await expect(row.locator('img')).toHaveJSProperty('complete', true);
  // A file that is not a video is refused with the reason.
  await page.getByLabel('Title', { exact: true }).fill('Not a video');
  await page.getByLabel(/^Video/).setInputFiles({ name: 'fake.mp4', mimeType: 'video/mp4', buffer: Buffer.from('<html>not a video</html>') });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.locator('.reel-desk').getByRole('status')).toHaveText(/Reel not uploaded: only MP4, MOV or WebM videos are accepted/);
  await screenshots(page, 'desk');
});

test('a visitor watches the reel from home and reads its comments; liking it leads to /login', async ({ page }) => {
  await page.goto('/');
  const block = page.locator('section[aria-labelledby="home-reels"]');
  const tile = block.getByRole('link', { name: TITLE });
  await expect(tile).toBeVisible();
  await tile.scrollIntoViewIfNeeded();
  // The block alone: the rest of home holds what other specs publish (news).
  await screenshots(page, 'home', block);
  await tile.click();
  await page.waitForURL((url) => url.pathname === '/reelsDetails' && /^#reel-\d+$/.test(url.hash));
  await hydrated(page);
  const reel = page.getByRole('article', { name: TITLE });
  await reel.getByRole('button', { name: 'Play' }).click();
  await expect(reel.getByRole('button', { name: 'Pause' })).toBeVisible();
  await reel.getByRole('button', { name: 'Pause' }).click();
  await reel.getByRole('button', { name: 'Open comments' }).click();
  const panel = reel.getByRole('complementary', { name: 'Comments' });
  await expect(panel.getByText('No comments yet')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Log in to like and comment' })).toBeVisible();
  await expect(panel.getByLabel('Add a comment')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close' }).click();
  await reel.getByRole('button', { name: 'Like', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('next')).toBe('/reelsDetails');
});

test('a fan plays the reel, likes it and comments on it', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, FAN_PHONE, FAN_PASSWORD, '/');
  await page.locator('section[aria-labelledby="home-reels"]').getByRole('link', { name: TITLE }).click();
  await page.waitForURL((url) => url.pathname === '/reelsDetails' && /^#reel-\d+$/.test(url.hash));
  await hydrated(page);
  const reel = page.getByRole('article', { name: TITLE });
  expect(await reel.getAttribute('id')).toBe(new URL(page.url()).hash.slice(1));
  const video = reel.locator('video');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('poster', /^\/media\/reels\/r\d+-[0-9a-f]{16}\.jpg$/);
  // Nothing of the video loads before it is played.
  expect(await video.evaluate((element: HTMLVideoElement) => element.readyState)).toBe(0);

  await reel.getByRole('button', { name: 'Play' }).click();
  await expect(reel.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.3);
  await reel.getByRole('button', { name: 'Unmute' }).click();
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
  await reel.getByRole('button', { name: 'Pause' }).click();
  await expect(reel.getByRole('button', { name: 'Play' })).toBeVisible();

  await reel.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(reel.getByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reel.getByLabel('1 Likes')).toBeVisible();

  await reel.getByRole('button', { name: 'Open comments' }).click();
  const panel = reel.getByRole('complementary', { name: 'Comments' });
  await expect(panel.getByText('No comments yet')).toBeVisible();
  await panel.getByLabel('Add a comment').fill('<b>What</b> a yorker!');
  await panel.getByRole('button', { name: 'Post' }).click();
  await expect(panel.getByRole('listitem')).toHaveText(/Asha Fan\s+<b>What<\/b> a yorker!/);
  await expect(reel.getByLabel('1 Comments')).toBeVisible();
  // The video stands wherever the pause caught it: its picture is hidden (not masked: the
  // controls, the counts and the comments lie over it).
  await video.evaluate((element: HTMLVideoElement) => (element.style.visibility = 'hidden'));
  await screenshots(page, 'feed');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await screenshots(page, 'feed-liked');

  // The like and the comment are the server's: they are there after a reload.
  await page.reload();
  await hydrated(page);
  await expect(reel.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expect(reel.getByLabel('1 Comments')).toBeVisible();
  await reel.getByRole('button', { name: 'Unlike' }).click();
  await expect(reel.getByLabel('0 Likes')).toBeVisible();

  // In Hindi: the editor's Hindi title and the controls' labels.
  await page.goto('/hi/reelsDetails');
  await hydrated(page);
  const hindi = page.getByRole('article', { name: 'टेस्ट यॉर्कर' });
  await expect(hindi.getByRole('button', { name: 'चलाएँ' })).toBeVisible();
  await expect(hindi.getByRole('button', { name: 'लाइक करें' })).toBeVisible();
});

test('the reels page’s first screen stays within its byte budget, with no video loaded', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await logIn(page, FAN_PHONE, FAN_PASSWORD, '/editProfile');
  // A new context with the session only: nothing of the site is in its cache.
  const state = await context.storageState();
  await context.close();
  const fresh = await browser.newContext({ viewport: { width: 375, height: 800 }, storageState: state });
  const reels = await fresh.newPage();
  await reels.goto('/reelsDetails', { waitUntil: 'networkidle' });
  await hydrated(reels);
  const bytes = await reels.evaluate(() => {
    const sizes: Record<string, number> = { document: 0, island: 0, script: 0, css: 0, img: 0, media: 0, other: 0 };
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    sizes.document! += navigation.transferSize;
    for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const file = new URL(entry.name).pathname;
      const kind = /\/ReelsFeed\.[^/]+\.js$/.test(file) ? 'island' : file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'css' : file.endsWith('.jpg') ? 'img' : file.endsWith('.mp4') ? 'media' : 'other';
      sizes[kind]! += entry.transferSize;
    }
    return sizes;
  });
  const total = Object.values(bytes).reduce((sum, value) => sum + value, 0);
  console.log(`reels page first screen at 375 px (bytes on the wire, cold cache): ${JSON.stringify(bytes)}, total ${total}`);
  // Budgets (docs/benchmarks.md). No video byte before a reel is played.
  expect(bytes.media).toBe(0);
  // What this page adds to the site's shared assets: its HTML (5 reels), the island's chunk, the posters on screen.
  expect(bytes.document! + bytes.island! + bytes.img!).toBeLessThan(60 * 1024);
  // Everything, the site's shared scripts and styles included (served uncompressed today: see docs/benchmarks.md).
  expect(total).toBeLessThan(320 * 1024);
  await fresh.close();
});
