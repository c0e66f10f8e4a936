// The installable app (docs/decisions/068-installable-app.md) in Chromium: the browser's own
// installability check through the DevTools protocol, a match page read again offline from the
// service worker's saved copy under its "as of" banner, in both languages, and the header's
// "Install the app" link.
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/accessibility.ts';

const MATCH = '/getMatchList/1529312?tab=scoreboard';

test.use({ viewport: { width: 375, height: 800 } });

/** Waits until the service worker controls the page and has saved `path` for offline reading. */
async function savedForOffline(page: Page, path: string): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(
      () =>
        page.evaluate(async (key) => {
          const names = await caches.keys();
          for (const name of names.filter((n) => n.startsWith('crease-pages-'))) {
            if (await (await caches.open(name)).match(key)) return true;
          }
          return false;
        }, path),
      { timeout: 15_000 },
    )
    .toBe(true);
}

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

test('Chromium finds the site installable at 375 px: manifest, icons and service worker', async ({ page, baseURL }, testInfo) => {
  // Chromium never installs from an off-the-record profile (Playwright's contexts are; 'in-incognito'):
  // the check runs in a browser with a profile of its own, launched as the project launches one.
  const browser = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: { width: 375, height: 800 },
  });
  try {
    const app = browser.pages()[0] ?? (await browser.newPage());
    await app.goto('/');
    await app.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await browser.newCDPSession(app);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
  }

  // The manifest and worker as the server sends them: the right types, the worker never cached stale.
  const manifestResponse = await page.request.get('/manifest.webmanifest');
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/^(?:text|application)\/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  // The site's one policy covers the worker and the manifest: both are this origin's.
  expect(worker.headers()['content-security-policy']).toContain("script-src 'self'");
  for (const size of [192, 512]) {
    const icon = await page.request.get(`/icons/icon-${size}.png`);
    expect(icon.headers()['content-type']).toBe('image/png');
  }
});

test('a match page opened before reads again offline, under the banner with the time it was saved', async ({ page, context }) => {
  await page.goto(MATCH);
  await expect(page.locator('.tab-body')).toContainText('205/8');
  await savedForOffline(page, MATCH);
  // Online, the page is the network's: no banner.
  await page.reload();
  await expect(page.locator('[data-offline-banner]')).toHaveCount(0);

  await goOffline(context);
  await page.reload();
  const banner = page.locator('[data-offline-banner]');
  await expect(banner).toHaveText(/^Offline: scorecard as of \d{2}:\d{2}$/);
  await expect(banner).toHaveAttribute('role', 'status');
  // The saved scorecard, styled by the saved stylesheet (the banner's colours come from it).
  await expect(page.locator('.tab-body')).toContainText('205/8');
  expect(await banner.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');

  // The API is never answered from a cache: offline it fails.
  const api = await page.evaluate(() =>
    fetch('/user/v1/search?keyword=archer').then(
      (response) => `answered ${response.status}`,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');

  // A page never opened says so, and links home.
  await page.goto('/series');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');

  // Back online, the page comes from the network again.
  await context.setOffline(false);
  await page.goto(MATCH);
  await expect(page.locator('.tab-body')).toContainText('205/8');
  await expect(page.locator('[data-offline-banner]')).toHaveCount(0);
});

test('a Hindi match page read offline says so in Hindi', async ({ page, context }) => {
  await page.goto('/hi/getMatchList/1529312');
  await savedForOffline(page, '/hi/getMatchList/1529312');
  await goOffline(context);
  await page.reload();
  await expect(page.locator('[data-offline-banner]')).toHaveText(/^ऑफ़लाइन: \d{2}:\d{2} तक का स्कोरकार्ड$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});

for (const [lang, home, name, install] of [
  ['en', '/', 'Install the app', '/install'],
  ['hi', '/hi', 'ऐप इंस्टॉल करें', '/hi/install'],
] as const) {
  test(`the header's "Install the app" link (${lang}): the browser's prompt when offered, else how to install`, async ({ page }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(home);
      const link = page.getByRole('banner').getByRole('link', { name });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', install);
    }

    // No prompt offered (the test browser offers none): the link opens the page that explains.
    await page.getByRole('banner').getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${install}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(3);
    // The page, like every other: no serious accessibility violation, no sideways scroll at 375 px.
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    // The browser offered its prompt (beforeinstallprompt): the link shows it instead of leaving.
    await page.goto(home);
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, { prompt: () => document.documentElement.setAttribute('data-prompted', 'yes') });
      window.dispatchEvent(offer);
    });
    await page.getByRole('banner').getByRole('link', { name }).click();
    await expect(page.locator('html')).toHaveAttribute('data-prompted', 'yes');
    await expect(page).toHaveURL(new RegExp(`${home === '/' ? '/' : '/hi'}$`));
  });
}
