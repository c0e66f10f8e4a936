// Pages through the built Astro handler (dist/, made by `npm run build`, which `npm test`
// runs before these tests): a failure while rendering is a logged error and an error page.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type AstroHandler } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { freshDatabase } from '../helpers/test-db.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');
const entry = path.join(dist, 'server', 'entry.mjs');
const built = existsSync(entry);
if (!built) console.warn(`Skipping the page tests: no build at ${entry} (run npm run build).`);

describe.skipIf(!built)('pages rendered by the server', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a server error while rendering gives the error page and a logged error', async () => {
    const db = await freshDatabase();
    const services = createServices(db);
    vi.spyOn(services.matches, 'listForHome').mockRejectedValue(new Error('the database went away'));
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
      logged.push(parts.map(String).join(' '));
    });
    const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
    const app = await buildApp({
      services,
      logger: pino({ level: 'silent' }),
      astroHandler: handler,
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
});
