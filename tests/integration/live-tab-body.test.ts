// A live page's Scoreboard after a ball, as its fans' islands fetch it (issue 26's thundering
// herd): the tab body fragment at the ball's version is rendered once however many fans ask at
// once, is the page's own scoreboard markup, may be kept by browsers once it has reached the
// version asked, and a signed-in fan gets the same kept copy. On PGlite, with the live engine.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client.ts';
import type { Live } from '../../src/server/realtime/fan-out.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import type { Services } from '../../src/server/services/index.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { createAuth, type Auth } from '../../src/server/auth/index.ts';
import { MemorySmsTransport } from '../../src/server/auth/sms/memory.ts';
import { createUser, setCookies, SITE_ORIGIN } from '../helpers/accounts.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey as key, openerKkr as kkr, openerRcb as rcb, startLiveServer, type LiveServer } from '../helpers/live-server.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('live tab body tests');

const ball = (runs: number): CricsheetBall => ({
  batter: key(kkr[0]!),
  non_striker: key(kkr[1]!),
  bowler: key(rcb.find((name) => name === 'P Kumar')!),
  runs: { batter: runs, extras: 0, total: runs },
});

/** The page's element that starts at `<div class="tab-body"`, as the page's HTML prints it. */
function tabBodyOf(html: string): string {
  const start = html.indexOf('<div class="tab-body"');
  let depth = 0;
  const tags = /<(\/?)div\b[^>]*>/g;
  tags.lastIndex = start;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, tags.lastIndex);
  }
  throw new Error('no tab body in the page');
}

describe.skipIf(handler === null)('a live page tab body fetched by a crowd after a ball', () => {
  let db: Db;
  let live: LiveServer;
  let services: Services;
  let engine: Live;
  let app: FastifyInstance;
  let auth: Auth;
  let matchKey: string;
  let idempotency = 0;
  /** Renders of a tab body (the page cache's misses). */
  let renders = 0;
  const score = (b: CricsheetBall) => engine.recordBall(matchKey, b, { idempotencyKey: `k${++idempotency}` });

  beforeAll(async () => {
    db = await freshDatabase();
    live = await startLiveServer(db);
    ({ services, engine } = live);
    ({ matchKey } = await engine.createFixture(
      t20Fixture({
        tournament: { name: 'Tab Body Cup' },
        teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
        venue: { name: 'Eden Gardens', city: 'Kolkata' },
        squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
      }),
    ));
    await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await engine.startInnings(matchKey, { battingSide: 'a' });
    await score(ball(1));
    const logger = pino({ level: 'silent' });
    auth = createAuth({
      db: db,
      config: { publicOrigin: SITE_ORIGIN, originFromHost: false, corsOrigins: [], sessionTtlDays: 30 },
      logger,
      sms: new MemorySmsTransport(),
    });
    app = await buildApp({
      services,
      logger,
      auth,
      pageRoutes: PAGE_ROUTES, astroHandler: (req, ...rest) => {
        if (req.url?.includes('/tab-body')) renders += 1;
        return handler!(req, ...rest);
      },
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await auth?.close();
    await live?.close();
  });

  it('costs one render per ball however many fans ask, and is the page scoreboard', async () => {
    const page = await app.inject({ method: 'GET', url: `/getMatchList/${matchKey}?tab=scoreboard` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/getMatchList/${matchKey}/tab-body?tab=scoreboard`);

    await score(ball(4));
    const sequence = (await engine.lastSequence(matchKey))!;
    renders = 0;
    const url = `/getMatchList/${matchKey}/tab-body?tab=scoreboard&v=${sequence}`;
    const crowd = await Promise.all(
      Array.from({ length: 200 }, (_, i) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': i % 2 ? 'gzip' : 'br' } })),
    );
    expect(renders).toBe(1);
    expect(crowd.every((answer) => answer.statusCode === 200)).toBe(true);
    // Each answer says how it was made: one rendered, the rest waited for it or came from memory.
    const made = crowd.map((answer) => answer.headers['x-page-cache']);
    expect(made.filter((how) => how === 'render')).toHaveLength(1);
    expect(made.every((how) => how === 'render' || how === 'wait' || how === 'hit')).toBe(true);
    // The fragment has reached the version asked: browsers may keep it at this address.
    expect(crowd[0]!.headers['cache-control']).toBe('public, max-age=300');

    const fragment = (await app.inject({ method: 'GET', url })).body.trim();
    expect(fragment.startsWith(`<div class="tab-body" data-sequence="${sequence}"`)).toBe(true);
    expect(fragment).toContain('Kolkata Knight Riders');
    expect(fragment).not.toContain('<html');
    const fresh = await app.inject({ method: 'GET', url: `/getMatchList/${matchKey}?tab=scoreboard` });
    expect(tabBodyOf(fresh.body)).toBe(fragment);
    expect(renders).toBe(1);

    // The next ball drops it (the same tags as the page's).
    await score(ball(6));
    await app.inject({ method: 'GET', url });
    expect(renders).toBe(2);
  });

  it('a version this process has not reached yet is for now only; a signed-in fan gets the kept copy', async () => {
    const sequence = (await engine.lastSequence(matchKey))!;
    const ahead = await app.inject({ method: 'GET', url: `/getMatchList/${matchKey}/tab-body?tab=scoreboard&v=${sequence + 2}` });
    expect(ahead.statusCode).toBe(200);
    expect(ahead.headers['cache-control']).toBe('public, no-cache');
    expect(ahead.body).toContain(`data-sequence="${sequence}"`);

    const url = `/getMatchList/${matchKey}/tab-body?tab=summary&v=${sequence}`;
    const anonymous = await app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(200);
    await createUser(db, '9876500001', 'pa55wd');
    const login = await app.inject({ method: 'POST', url: '/user/v1/login', payload: { phone: '9876500001', password: 'pa55wd' } });
    expect(login.statusCode).toBe(200);
    const session = `crease_session=${setCookies(login).get('crease_session')?.value}`;
    // The site's pages are private to a signed-in fan; this one is not.
    expect((await app.inject({ method: 'GET', url: `/getMatchList/${matchKey}?tab=summary`, headers: { cookie: session } })).headers['cache-control']).toBe('private, no-store');
    renders = 0;
    const signedIn = await app.inject({ method: 'GET', url, headers: { cookie: session } });
    expect(signedIn.headers['cache-control']).toBe(anonymous.headers['cache-control']);
    expect(signedIn.body).toBe(anonymous.body);
    expect(renders).toBe(0);

    // Only the tabs the island refreshes, and only the query they read.
    expect((await app.inject({ method: 'GET', url: `/getMatchList/${matchKey}/tab-body?tab=squads` })).statusCode).toBe(301);
    expect((await app.inject({ method: 'GET', url: `/getMatchList/${matchKey}/tab-body?tab=scoreboard&r=1` })).statusCode).toBe(301);
    expect((await app.inject({ method: 'GET', url: `/getMatchList/999999/tab-body?tab=scoreboard` })).statusCode).toBe(404);
  });
});
