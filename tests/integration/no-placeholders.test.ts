// No placeholder left (issue 29 §6), through the built Astro handler on real matches: every page
// type and tab a visitor or a signed-in fan can reach from the home page and the profile area, in
// English and Hindi, is free of 'coming soon' and its Hindi equivalents; the footer's contact
// details are the operator's (or absent), store links only the site's own; the Privacy Policy and
// the Terms say what is kept and for how long; /statsweb is no stub.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { accountsApp, createUser, setCookies, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('placeholder tests');
const e2eMatches = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');
const PASSWORD = 'pa55wd';
/** 'Coming soon' in any case, and the Hindi ways of saying it. */
const PLACEHOLDER = /coming\s+soon|जल्द\s+(ही\s+)?आ\s*(रहा|रही|रहे)|जल्द\s+आएगा|जल्द\s+उपलब्ध/i;
const PROFILE_PAGES = ['/profile', '/editProfile', '/themeProfile', '/profileMatchSetting', '/speechSetting', '/notification', '/mail'];

/** The page type of a URL: numbers and keys in the path stand for any, the tab is kept. */
function shapeOf(url: URL): string {
  const parts = url.pathname.split('/').map((part, index) => (index > 2 || /\d/.test(part) ? ':key' : part));
  const tab = url.searchParams.get('tab') ?? url.searchParams.get('type') ?? '';
  return `${parts.join('/')}?${tab}`;
}

function internalLinks(html: string): URL[] {
  return [...html.matchAll(/href="(\/[^"#]*)"/g)]
    .map((match) => new URL(match[1]!.replaceAll('&amp;', '&'), 'http://crease.test'))
    .filter((url) => !/^\/(user\/v1|media|_astro|api)\b/.test(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname));
}

describe.skipIf(handler === null)('no placeholder left', () => {
  let db: Db;
  let accounts: AccountsApp;
  let app: FastifyInstance;
  let cookie: string;

  const page = (url: string, withCookie?: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(withCookie ? { cookie: withCookie } : {}) } });

  beforeAll(async () => {
    db = await freshDatabase();
    await importSources(db, [e2eMatches]);
    accounts = await accountsApp(db, { appOptions: { pageRoutes: PAGE_ROUTES, astroHandler: handler! } });
    app = accounts.app;
    await createUser(db, '9876500011', PASSWORD);
    const login = await app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone: '9876500011', password: PASSWORD } });
    cookie = `crease_session=${setCookies(login).get('crease_session')?.value}`;
  }, 120_000);

  afterAll(async () => {
    await accounts?.close();
    await db?.close();
  });

  it('no page type or tab, in either language, signed in or not, says "coming soon"', async () => {
    const seen = new Set<string>();
    const visited: string[] = [];
    const offending: string[] = [];
    const queue: { url: string; cookie?: string }[] = [
      ...['/', '/hi', '/series', '/stats', '/records', '/fixtures', '/news/allNews', '/reelsDetails', '/about', '/privacy', '/terms', '/win-probability'].map((url) => ({ url })),
      ...PROFILE_PAGES.flatMap((url) => [{ url, cookie }, { url: `/hi${url}`, cookie }]),
    ];
    while (queue.length > 0 && visited.length < 400) {
      const next = queue.shift()!;
      const url = new URL(next.url, 'http://crease.test');
      const shape = `${next.cookie ? 'fan' : 'visitor'} ${shapeOf(url)}`;
      if (seen.has(shape)) continue;
      seen.add(shape);
      const response = await page(url.pathname + url.search, next.cookie);
      if (response.statusCode !== 200) continue;
      visited.push(url.pathname + url.search);
      const found = response.body.match(PLACEHOLDER);
      if (found) offending.push(`${url.pathname}${url.search}: ${found[0]}`);
      // Follow links from visitors' pages: one of each page type, each in Hindi too.
      if (!next.cookie) {
        for (const link of internalLinks(response.body)) {
          queue.push({ url: link.pathname + link.search });
          if (!link.pathname.startsWith('/hi/')) queue.push({ url: `/hi${link.pathname === '/' ? '' : link.pathname}${link.search}` });
        }
      }
    }
    expect(offending).toEqual([]);
    // The crawl did reach every kind of page: matches' tabs, series' tabs, players, profile.
    for (const expected of ['/getMatchList/', '?tab=info', '?tab=scoreboard', '/series/', '/getMatchList/playerInformation/', '/hi/getMatchList/', '/profileMatchSetting', '/privacy', '/hi/terms']) {
      expect(visited.some((url) => url.includes(expected)), expected).toBe(true);
    }
    expect(visited.length).toBeGreaterThan(60);
  }, 300_000);

  it('Match Settings opens the win probability page instead of promising it', async () => {
    for (const [url, words] of [
      ['/profileMatchSetting', 'How the chance of winning'],
      ['/hi/profileMatchSetting', 'जीत की संभावना कैसे'],
    ] as const) {
      const response = await page(url, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<a class="entry[^"]*" href="(\/hi)?\/win-probability"/);
      expect(response.body).toContain(words);
    }
  });

  it('the Privacy Policy and the Terms say what is kept, why, how long and how to delete it, in both languages, linked from every page', async () => {
    const privacy = await page('/privacy');
    expect(privacy.statusCode).toBe(200);
    for (const words of ['mobile number', 'salted hash', 'profile photo', 'after 30 days', 'valid 5 minutes', 'after 15 minutes', 'favourite teams', 'push subscription', 'Which alert went to which device is kept for 30 days', 'the alert subscriptions made while logged in', 'comments', 'How to delete']) {
      expect(privacy.body, words).toContain(words);
    }
    const hindi = await page('/hi/privacy');
    expect(hindi.body).toContain('गोपनीयता नीति');
    expect(hindi.body).toContain('30 दिन बाद');
    expect(hindi.body).toContain('कैसे मिटाएँ');
    expect(hindi.body).toContain('उस डिवाइस की पुश सदस्यता');
    expect((await page('/hi/terms')).body).toContain('नियम और शर्तें');
    const home = await page('/');
    expect(home.body).toContain('href="/privacy"');
    expect(home.body).toContain('href="/terms"');
    const profile = await page('/editProfile', cookie);
    expect(profile.body).toContain('href="/privacy"');
  });

  it('/statsweb, the old stub, moves to the Stats pages for good', async () => {
    const english = await page('/statsweb', cookie);
    expect([english.statusCode, english.headers.location]).toEqual([301, '/stats']);
    const hindi = await page('/hi/statsweb');
    expect([hindi.statusCode, hindi.headers.location]).toEqual([301, '/hi/stats']);
  });

  it('the footer lists no contact detail or store link the operator did not configure', async () => {
    for (const [url, withCookie] of [['/'], ['/hi'], ['/editProfile', cookie]] as const) {
      const response = await page(url, withCookie);
      expect(response.body, url).not.toMatch(/No phone line|No contact address|Online only|फ़ोन लाइन नहीं|play\.google\.com/);
      expect(response.body, url).not.toMatch(/<dt>(Phone|Address|फ़ोन|पता)<\/dt>/);
      expect(response.body, url).not.toContain('Rate Us');
      expect(response.body, url).toContain('/about#contact-us');
    }
  });

  it('the footer shows the configured phone, address and app listing', async () => {
    const configured = await accountsApp(db, {
      appOptions: {
        pageRoutes: PAGE_ROUTES, astroHandler: handler!,
        operator: {
          contactEmail: 'scores@example.org',
          contactPhone: '+91 22 1234 5678',
          contactAddress: '1 Marine Drive, Mumbai',
          androidAppUrl: 'https://play.google.com/store/apps/details?id=org.example.crease',
        },
      },
    });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      const html = response.body.replace(/ data-astro-cid-\w+/g, '');
      expect(html).toContain('<dd><a href="tel:+912212345678">+91 22 1234 5678</a></dd>');
      expect(html).toContain('<dd>1 Marine Drive, Mumbai</dd>');
      expect(html).toContain('<a href="mailto:scores@example.org">');
      expect(html).toContain('href="https://play.google.com/store/apps/details?id=org.example.crease"');
    } finally {
      await configured.close();
    }
  });
});
