// Pages through the built Astro handler (dist/, made by `npm run build`, which `npm test`
// runs before these tests): a failure while rendering is a logged error and an error page.
import { readdirSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { tags } from '../../src/server/feed/tags.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');
const handler = await builtAstroHandler('page tests');

describe.skipIf(handler === null)('pages rendered by the server', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('build assets go out compressed to browsers that accept it (brotli, else gzip), raw to the rest', async () => {
    const db = await freshDatabase();
    const app = await buildApp({ services: createServices(db), logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler!, clientDir: path.join(dist, 'client') });
    try {
      const assets = path.join(dist, 'client', '_astro');
      const largest = readdirSync(assets)
        .filter((name) => name.endsWith('.js'))
        .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0]!;
      const url = `/_astro/${largest}`;
      const raw = await app.inject({ method: 'GET', url });
      expect(raw.statusCode).toBe(200);
      expect(raw.headers['content-encoding']).toBeUndefined();
      const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotli.headers['cache-control']).toContain('immutable');
      expect(brotli.rawPayload.length).toBeLessThan(raw.rawPayload.length / 2);
      expect(brotliDecompressSync(brotli.rawPayload).equals(raw.rawPayload)).toBe(true);
      const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).equals(raw.rawPayload)).toBe(true);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('a server error while rendering gives the error page and a logged error', async () => {
    const db = await freshDatabase();
    const services = createServices(db);
    vi.spyOn(services.matches, 'listForHome').mockRejectedValue(new Error('the database went away'));
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
      logged.push(parts.map(String).join(' '));
    });
    const app = await buildApp({
      services,
      logger: pino({ level: 'silent' }),
      pageRoutes: PAGE_ROUTES, astroHandler: handler!,
      clientDir: path.join(dist, 'client'),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Unexpected Application Error!');
      expect(response.body).not.toContain('the database went away');
      expect(logged.join('\n')).toContain('the database went away');

      const healthy = await app.inject({ method: 'GET', url: '/about' });
      expect(healthy.statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('a page goes out compressed the first time it is rendered, and a crowd asking for it while it renders costs one render', async () => {
    const db = await freshDatabase();
    const services = createServices(db);
    const listForHome = vi.spyOn(services.matches, 'listForHome');
    const app = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler! });
    try {
      const first = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
      const html = brotliDecompressSync(first.rawPayload).toString();
      expect(html).toContain('<html');
      expect(first.rawPayload.length).toBeLessThan(html.length / 3);
      expect(listForHome).toHaveBeenCalledTimes(1);

      // A ball drops the page; fifty fans ask for it at once: one render, the same page for all.
      await services.feed.publish([tags.home]);
      const crowd = await Promise.all(
        Array.from({ length: 50 }, (_, i) => app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': i % 2 ? 'gzip' : 'br' } })),
      );
      expect(listForHome).toHaveBeenCalledTimes(2);
      for (const [i, answer] of crowd.entries()) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-encoding']).toBe(i % 2 ? 'gzip' : 'br');
        expect((i % 2 ? gunzipSync(answer.rawPayload) : brotliDecompressSync(answer.rawPayload)).toString()).toBe(html);
      }

      // An answer that is never kept (a 404) is compressed too, its status line intact.
      const missing = await app.inject({ method: 'GET', url: '/getMatchList/999999', headers: { 'accept-encoding': 'br' } });
      expect([missing.statusCode, missing.statusMessage, missing.headers['content-encoding']]).toEqual([404, 'Not Found', 'br']);
      expect(brotliDecompressSync(missing.rawPayload).toString()).toContain('<html');
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('a shareable page is rendered once, served from memory (gzip when asked) until a tag it shows is published', async () => {
    const db = await freshDatabase();
    const services = createServices(db);
    const listForHome = vi.spyOn(services.matches, 'listForHome');
    const app = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler! });
    try {
      const first = await app.inject({ method: 'GET', url: '/' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toContain('public');
      const second = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(second.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(second.rawPayload).toString()).toBe(first.body);
      expect(listForHome).toHaveBeenCalledTimes(1);

      // A Hindi visitor's cookie is part of the key: the English page is not served to them.
      const hindi = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'lang=hi', accept: 'text/html' } });
      expect(hindi.statusCode).toBe(302);

      await services.feed.publish([tags.match('1'), tags.tournament('ipl-2024')]);
      await app.inject({ method: 'GET', url: '/' });
      expect(listForHome).toHaveBeenCalledTimes(1);
      await services.feed.publish([tags.home]);
      await app.inject({ method: 'GET', url: '/' });
      expect(listForHome).toHaveBeenCalledTimes(2);

      // A page that answers 404 says so in the status line too, and is never kept.
      const missing = await app.inject({ method: 'GET', url: '/getMatchList/999999' });
      expect([missing.statusCode, missing.statusMessage]).toEqual([404, 'Not Found']);

      // A control character in a path can be no page or key: the 404 page, in the path's
      // language, never a database error.
      for (const [url, lang] of [['/hi/series/%0a', 'hi'], ['/series/%00', 'en'], ['/getMatchList/%00', 'en'], ['/hi/series/a%0Ab', 'hi']]) {
        const response = await app.inject({ method: 'GET', url: url!, headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body, url).toContain(`lang="${lang}"`);
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});
