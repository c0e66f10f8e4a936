// Crease's service worker (docs/decisions/068-installable-app.md): the site installs as an app, and
// the pages a fan opened stay readable offline. Plain JavaScript, no build step; under 10 KB gzipped
// (tests/unit/lib/service-worker.test.ts).
// - Pages are network first, always: a saved copy is shown only when the network fails, and then
//   always under a banner saying when it was saved ("Offline: scorecard as of 14:05"), so a live
//   score is never passed off as current. Pages the server marks private or no-store (a signed-in
//   fan's) are never saved. The last KEEP_PAGES pages are kept.
// - API calls, Socket.IO and media are never answered from here: they go to the network or fail.
// - The built styles and scripts (/_astro/, hashed, never changing) a saved page uses are kept with
//   it, and the header's images, so a saved page reads as it did. What the browser already holds
//   is taken from its HTTP cache, not downloaded again (fans on slow, metered connections).
// Web Push alerts (docs/decisions/072-web-push.md): the push and notificationclick handlers.
importScripts('/sw-push.js');

const VERSION = '1';
const PAGES = `crease-pages-${VERSION}`;
const ASSETS = `crease-assets-${VERSION}`;
const KEEP_PAGES = 30;
const SAVED_AT = 'x-crease-saved-at';
const SHELL = ['/favicon.svg', '/avatar.svg'];

// Its own words, in both languages: the same as src/i18n (offline.*), which a test checks.
const TEXT = {
  en: {
    scorecard: 'Offline: scorecard as of {{time}}',
    page: 'Offline: page as of {{time}}',
    missingTitle: 'You are offline',
    missing: 'This page was not saved on this device. Pages you opened before can be read offline.',
    home: 'Home',
  },
  hi: {
    scorecard: 'ऑफ़लाइन: {{time}} तक का स्कोरकार्ड',
    page: 'ऑफ़लाइन: {{time}} तक का पेज',
    missingTitle: 'आप ऑफ़लाइन हैं',
    missing: 'यह पेज इस डिवाइस पर सहेजा नहीं गया था। पहले खोले गए पेज ऑफ़लाइन भी पढ़े जा सकते हैं।',
    home: 'होम',
  },
};

const langOf = (url) => (/^\/hi(?:\/|$)/.test(url.pathname) ? 'hi' : 'en');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(ASSETS)
      .then((cache) => cache.addAll(SHELL.map((url) => new Request(url, { cache: 'force-cache' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = [PAGES, ASSETS];
      for (const name of await caches.keys()) if (!keep.includes(name)) await caches.delete(name);
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
      // The page that installed the worker was loaded before it: save it now, from the browser's
      // HTTP cache when it holds it (the copy the fan is reading, dated by its Date header).
      const urls = new Set();
      for (const client of await self.clients.matchAll({ type: 'window' })) {
        const url = new URL(client.url);
        if (url.origin === location.origin) urls.add(url.pathname + url.search);
      }
      await Promise.all([...urls].map((url) => fetch(url, { cache: 'force-cache' }).then((response) => savePage(url, response)).catch(() => {})));
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === 'navigate') event.respondWith(page(event, url));
  else if (url.pathname.startsWith('/_astro/')) event.respondWith(builtAsset(request));
  else if (SHELL.includes(url.pathname)) event.respondWith(shellFile(request));
  // Everything else (the API, Socket.IO, photos, reels) is the network's alone.
});

/** A page: from the network (and saved); from the saved copy, under the banner, only when that fails. */
async function page(event, url) {
  try {
    const response = (await event.preloadResponse) || (await fetch(event.request));
    event.waitUntil(savePage(url.pathname + url.search, response.clone()).catch(() => {}));
    return response;
  } catch {
    const saved = await caches.match(url.pathname + url.search, { cacheName: PAGES, ignoreVary: true });
    return saved ? withBanner(saved, url) : missing(url);
  }
}

/** Keeps a page a fan may read again offline, with the time it was saved and what it needs to show. */
async function savePage(key, response) {
  const cacheControl = response.headers.get('cache-control') || '';
  const type = response.headers.get('content-type') || '';
  if (response.status !== 200 || response.type !== 'basic' || response.redirected) return;
  if (/no-store|private/i.test(cacheControl) || !type.startsWith('text/html')) return;
  const html = await response.text();
  const headers = new Headers(response.headers);
  // The body is stored decoded: no encoding, length or cookie-keyed variants of it.
  for (const name of ['content-encoding', 'content-length', 'vary', 'set-cookie']) headers.delete(name);
  // As of when the server answered (its Date), else now.
  const answered = Date.parse(response.headers.get('date') || '');
  headers.set(SAVED_AT, String(Number.isNaN(answered) ? Date.now() : answered));
  const pages = await caches.open(PAGES);
  await pages.put(key, new Response(html, { status: 200, headers }));
  // A put moves the page to the end: the oldest saved are first.
  const keys = await pages.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_PAGES)).map((old) => pages.delete(old)));
  const assets = await caches.open(ASSETS);
  const needed = new Set([...html.matchAll(/"(\/_astro\/[^"?#]+)"/g)].map((match) => match[1]));
  await Promise.all(
    [...needed].map(async (asset) => {
      if (!(await assets.match(asset))) await assets.add(asset).catch(() => {});
    }),
  );
}

/** A saved page, marked as the copy it is: the banner says when it was saved. */
async function withBanner(saved, url) {
  const lang = langOf(url);
  const match = /^(?:\/hi)?\/getMatchList\/(?!playerInformation)[^/]+\/?$/.test(url.pathname);
  const text = TEXT[lang][match ? 'scorecard' : 'page'].replace('{{time}}', timeText(Number(saved.headers.get(SAVED_AT)), lang));
  const banner = `<p class="offline-banner" role="status" data-offline-banner>${escapeHtml(text)}</p>`;
  let done = false;
  const html = (await saved.text()).replace(/<main\b[^>]*>|<body\b[^>]*>/, (tag) => {
    done = true;
    return tag + banner;
  });
  return new Response(done ? html : banner + html, { status: 200, headers: saved.headers });
}

/** 24-hour time ('14:05'); with the day ('27 Nov 14:05', '27 नवंबर 14:05') when it was not today. */
function timeText(ms, lang) {
  const when = new Date(ms);
  const locale = lang === 'hi' ? 'hi-IN' : 'en-GB';
  const time = when.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', hour12: false, numberingSystem: 'latn' });
  if (when.toDateString() === new Date().toDateString()) return time;
  const day = when.toLocaleDateString(locale, { day: 'numeric', month: lang === 'hi' ? 'long' : 'short', numberingSystem: 'latn' });
  return `${day} ${time}`;
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page never saved, asked for offline: says so, in the page's language, and links home. */
function missing(url) {
  const lang = langOf(url);
  const t = TEXT[lang];
  const body = `<!doctype html><html lang="${lang}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.missingTitle}</title><body style="margin:0;padding:1.5rem;font:1rem/1.5 system-ui,sans-serif;background:#0e1016;color:#f1f2f6"><h1>${t.missingTitle}</h1><p>${t.missing}</p><p><a style="color:#FF7A93" href="${lang === 'hi' ? '/hi' : '/'}">${t.home}</a></p></body></html>`;
  return new Response(body, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
  });
}

/** A hashed build file never changes: the saved copy, else the network (and saved). */
async function builtAsset(request) {
  const cache = await caches.open(ASSETS);
  const saved = await cache.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') cache.put(request, response.clone()).catch(() => {});
  return response;
}

/** The favicon and the default avatar may change: the network first, the saved copy offline. */
async function shellFile(request) {
  const cache = await caches.open(ASSETS);
  try {
    const response = await fetch(request);
    if (response.ok) cache.put(request, response.clone()).catch(() => {});
    return response;
  } catch {
    return (await cache.match(request)) || Response.error();
  }
}
