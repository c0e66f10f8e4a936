// A fresh install answers while its start-up import runs: the home page shows how far it has got
// (a progress bar, English and Hindi), and not once the import is over (the home tag is published).
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { tags } from '../../src/server/feed/tags.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('import progress page tests');

describe.skipIf(handler === null)('the home page during the start-up import', () => {
  let db: Db;
  let services: Services;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await freshDatabase();
    services = createServices(db);
    app = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler!, clientDir: path.resolve(import.meta.dirname, '../../dist/client') });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('shows the progress while the import runs, and nothing after', async () => {
    services.importStatus.update({ source: 'https://cricsheet.org/downloads/all_json.zip', done: 4210, total: 21034 });
    const english = await app.inject({ method: 'GET', url: '/' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Importing Cricsheet’s archive in the background: 4,210 of 21,034 matches.');
    expect(english.body).toContain('<progress max="21034" value="4210"');
    const hindi = await app.inject({ method: 'GET', url: '/hi' });
    expect(hindi.body).toContain('21,034 में से 4,210 मैच');
    // Search says that what is being read is not found yet (its rows come at the end of each archive).
    expect((await app.inject({ method: 'GET', url: '/search?q=kohli' })).body).toContain('Cricsheet’s archive is being imported');
    services.importStatus.finish();
    await services.feed.publish([tags.home]);
    expect((await app.inject({ method: 'GET', url: '/search?q=kohli' })).body).not.toContain('is being imported');
    const after = await app.inject({ method: 'GET', url: '/' });
    expect(after.body).not.toContain('Importing Cricsheet');
    expect(after.body).not.toContain('<progress');
  });
});
