// Match alerts in the service worker (issue 29 §4; docs/decisions/072-web-push.md). Not a service
// worker itself: the site's service worker (public/sw.js) loads it with
//   importScripts('/sw-push.js');
// at its top level, so the two listeners below are added during the worker's first evaluation, as
// the platform requires. A push carries JSON { title, body, url, tag, lang } (src/server/push/
// alerts.ts, AlertPayload); a click focuses a tab already on the match or opens the match page.
/* global self, clients */
'use strict';

self.addEventListener('push', (event) => {
  let alert = null;
  try {
    alert = event.data ? event.data.json() : null;
  } catch {
    alert = null;
  }
  if (!alert || typeof alert.title !== 'string') return;
  const url = typeof alert.url === 'string' && alert.url.startsWith('/') ? alert.url : '/';
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: typeof alert.body === 'string' ? alert.body : '',
      // One match's alerts replace each other; renotify still sounds for the new one.
      tag: typeof alert.tag === 'string' ? alert.tag : undefined,
      renotify: typeof alert.tag === 'string',
      lang: alert.lang === 'hi' ? 'hi' : 'en',
      icon: '/favicon.svg',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === target && 'focus' in client) return client.focus();
      }
      return clients.openWindow(target);
    }),
  );
});
