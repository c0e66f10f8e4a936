// Web Push in Chromium (issue 29 §4; decision 072): a push delivered to the site's service worker
// through the DevTools protocol (ServiceWorker.deliverPushMessage, as the push service would) is
// shown as a notification with the alert's words, and carries the match page it opens. The server
// side (VAPID, RFC 8291 encryption, who gets what) is tested against a local push service in
// tests/integration/web-push.test.ts.
import { expect, test } from '@playwright/test';

const MATCH = '/getMatchList/1529312';

test('a push reaches the service worker and is shown as a notification that opens the match', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await page.goto('/');
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  // The base layout registers the worker; the push handlers come with it (importScripts('/sw-push.js')).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => registrations.get(`${baseURL}/`)).toBeTruthy();

  const alert = { title: 'Wicket: Bumrah b Starc', body: 'Mumbai Indians 87/4 (11.2)', url: MATCH, tag: 'match-1529312', lang: 'en' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: registrations.get(`${baseURL}/`)!, data: JSON.stringify(alert) });

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, tag: notification.tag, data: notification.data as unknown }));
    });
  await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: alert.title, body: alert.body, tag: alert.tag, data: { url: MATCH } }]);

  // A payload that is not an alert (or points off the site) shows nothing, or opens the home page.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: registrations.get(`${baseURL}/`)!, data: 'not json' });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: registrations.get(`${baseURL}/`)!,
    data: JSON.stringify({ ...alert, tag: 'other', url: 'https://evil.example/' }),
  });
  await expect.poll(async () => (await shown()).map((notification) => notification.data), { timeout: 10_000 }).toEqual([{ url: MATCH }, { url: '/' }]);
});
