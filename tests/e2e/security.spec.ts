// The Content-Security-Policy and the framing ban in Chromium: the site's own inline scripts and
// islands run with no violation, a script injected into a page does not, a page on another
// origin cannot frame the login page, and Socket.IO answers only the site's own pages.
// Signed in, every account page and its islands run with no violation.
import { expect, test, type Page } from '@playwright/test';
import { smsInbox } from './support/sms-receiver.ts';

const ATTACKER = 'http://attacker.test';
// A name that would run if any page printed it as HTML.
const NAME_ATTACK = '<img src=x onerror=alert(1)>';

/** Collects CSP violations (the event) and console errors of a page. */
async function watchViolations(page: Page): Promise<{ violations: () => Promise<string[]>; consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective}: ${event.sample || event.blockedURI}`));
  });
  return {
    consoleErrors,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

test('the theme bootstrap, the menus and an island run under the policy, with no violation', async ({ page }) => {
  const watch = await watchViolations(page);
  await page.addInitScript(() => localStorage.setItem('theme', '4'));
  const response = await page.goto('/fixtures?tab=mymatches');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // The inline theme bootstrap ran before the page was shown.
  await expect(page.locator('html')).toHaveAttribute('data-theme', '4');
  // The theme menu's inline script showed the menu; the island hydrated (its button is enabled once mounted).
  await expect(page.locator('#theme-picker')).toBeVisible();
  await expect(page.locator('.fav-add').first()).toBeEnabled();
  expect(await watch.violations()).toEqual([]);
  expect(watch.consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});

test('a script injected into a page, inline or added later, does not run', async ({ page }) => {
  const watch = await watchViolations(page);
  // The server's own answer, headers and all, with a script slipped into the HTML on its way.
  await page.route('**/about', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</main>', '<script>window.injectedRan = true</script></main>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-theme', '0');
  expect(await page.evaluate(() => (window as unknown as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  // DOM injection (what an XSS through innerHTML or a script element would do) is refused too.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.domInjectedRan = true';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/favicon.svg" onload="window.handlerRan = true">';
    document.body.append(holder);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const flags = window as unknown as { domInjectedRan?: boolean; handlerRan?: boolean };
    return [flags.domInjectedRan ?? false, flags.handlerRan ?? false];
  });
  expect(ran).toEqual([false, false]);
  const violations = await watch.violations();
  expect(violations.filter((line) => line.startsWith('script-src')).length).toBeGreaterThanOrEqual(3);
});

test('a page on another origin cannot frame the login page', async ({ page, baseURL }) => {
  const direct = await page.request.get('/login');
  expect(direct.headers()['x-frame-options']).toBe('DENY');
  expect(direct.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.route(`${ATTACKER}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><h1>Win a prize</h1><iframe id="victim" src="${baseURL}/login"></iframe>` }),
  );
  await page.goto(`${ATTACKER}/prize`, { waitUntil: 'load' });
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  expect(frame).toBeDefined();
  // Chromium puts its own error document in a refused frame: nothing of the login page is in it.
  await expect.poll(() => frame!.url()).toMatch(/^chrome-error:/);
  expect(await frame!.evaluate(() => document.querySelectorAll('input, form, main').length).catch(() => 0)).toBe(0);
});

test("Socket.IO: 'self' lets the site's pages open the WebSocket; another origin's page is refused", async ({ page, baseURL }) => {
  const socketUrl = `${baseURL!.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const open = (url: string) =>
    new Promise<string>((resolve) => {
      const socket = new WebSocket(url);
      socket.onopen = () => {
        socket.close();
        resolve('open');
      };
      socket.onerror = () => resolve('refused');
    });
  const watch = await watchViolations(page);
  await page.goto('/about');
  expect(await page.evaluate(open, socketUrl)).toBe('open');
  expect(await watch.violations()).toEqual([]);

  await page.route(`${ATTACKER}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>elsewhere</p>' }));
  await page.goto(`${ATTACKER}/live`);
  expect(await page.evaluate(open, socketUrl)).toBe('refused');
});

test('signed in, with a script for a name, every account page hydrates with no violation and shows the name as text', async ({ page, baseURL }) => {
  const phone = '9876509876';
  const password = 'cs9p0l';
  const since = Date.now();
  const sent = await page.request.get(`/user/v1/send/otp?phone=${phone}`);
  const { otp_id: otpId } = (await sent.json()) as { otp_id: string };
  const otp = await smsInbox().codeFor(phone, since);
  const headers = { origin: baseURL! };
  // Registering signs the fan in: the browser context keeps the session cookies its answer sets.
  expect((await page.request.post('/user/v1/register', { headers, data: { phone, password, otp, otp_id: otpId } })).status()).toBe(200);
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'crease_csrf')!.value;
  const named = await page.request.put('/user/v1/user/profile', { headers: { ...headers, 'x-csrf-token': csrf }, data: { name: NAME_ATTACK } });
  expect(named.status()).toBe(200);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const watch = await watchViolations(page);
  for (const path of ['/editProfile', '/themeProfile', '/profileMatchSetting', '/speechSetting', '/notification', '/mail', '/profile']) {
    const response = await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe(path);
    expect(response?.headers()['cache-control'], path).toBe('private, no-store');
    await expect(page.locator('astro-island[ssr]'), path).toHaveCount(0);
    expect(await watch.violations(), path).toEqual([]);
  }
  await page.goto('/editProfile');
  await expect(page.getByLabel('Full Name')).toHaveValue(NAME_ATTACK);
  expect(await page.locator('img[onerror]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(watch.consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
});
