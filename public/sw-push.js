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

// A click focuses a tab already on the match (on any of its tabs: ?tab=scoreboard is the same
// match), else opens the match page. Both need the click's permission to interact with windows,
// which the browser gives only to a notificationclick of its own, and only one of them may use it.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const target = new URL(path, self.location.origin);
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const onMatch = windows.find((client) => client.url === target.href) || windows.find((client) => new URL(client.url).pathname === target.pathname);
      return onMatch && 'focus' in onMatch ? onMatch.focus() : clients.openWindow(target.href);
    }),
  );
});
