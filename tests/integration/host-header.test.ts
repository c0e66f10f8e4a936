// Host header cache poisoning (issue 24, High): one anonymous request with a Host the renderer
// could not parse, or a foreign one, must not change the page every other visitor gets. Pages link
// to PUBLIC_ORIGIN (or, without it, to a Host that passed validation); a Host that is not a plain
// host[:port] is a 400 before any rendering; the page cache never serves one origin's render for
// another. Over a real socket, so each Host value reaches the server byte for byte.
// docs/decisions/050-host-and-page-cache.md.
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../src/server/auth/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices } from '../../src/server/services/index.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { cricsheetMatch, registryId, writeMatchFolder } from '../helpers/cricsheet-builder.ts';
import { freshDatabase, queryRows } from '../helpers/test-db.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('Host header tests');

/** The values the probe found storing the home page or an attacker's links, and a user-info one. */
const BAD_HOSTS = ['x y', '%', '[::1', 'a<b', 'evil.example:99999', 'a?b', 'a#b', 'a:b:c', 'a"b', 'a@b'];
/** Valid as a host name, but not this site's. */
const FOREIGN_HOST = 'evil.example';
const PUBLIC_ORIGIN = 'https://crease.test';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A GET over a real connection with exactly this Host header. */
function get(port: number, url: string, host: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, method: 'GET', setHost: false, headers: { host, accept: 'text/html', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const canonicalOf = (body: string) => /<link rel="canonical" href="([^"]*)"/.exec(body)?.[1]?.replaceAll('&amp;', '&') ?? null;
const alternatesOf = (body: string) => [...body.matchAll(/<link rel="alternate" hreflang="[^"]+" href="([^"]*)"/g)].map((m) => m[1]!);

let tmp: string;
let db: Db;
let pages: { name: string; url: string }[];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'host-header-'));
  db = await freshDatabase();
  const folder = await writeMatchFolder(path.join(tmp, 'matches'), {
    '1.json': cricsheetMatch({ teams: ['Alpha Strikers', 'Beta Kings'], event: { name: 'Host Cup', match_number: 1 }, dates: ['2024-05-01'] }),
  });
  const summary = await importSources(db, [folder]);
  expect(summary.imported).toBe(1);
  const [tournament] = await queryRows<{ key: string }>(db, 'select tou_key as key from tournaments');
  const player = registryId('Alpha Strikers 1');
  pages = [
    { name: 'match', url: '/getMatchList/1' },
    { name: 'player', url: `/getMatchList/playerInformation/1?player_key=${player}` },
    { name: 'Hindi series', url: `/hi/series/${tournament!.key}` },
    { name: 'records', url: '/records' },
    { name: 'stats', url: `/stats/${tournament!.key}` },
    { name: 'fixtures', url: '/fixtures' },
  ];
});
afterAll(async () => {
  await db?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe.skipIf(handler === null).each([
  ['with PUBLIC_ORIGIN', true],
  ['without PUBLIC_ORIGIN (a local install)', false],
])('Host header %s', (_label, publicOriginSet) => {
  let app: FastifyInstance;
  let port: number;
  let ownHost: string;
  let ownOrigin: string;

  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    // Without PUBLIC_ORIGIN the config's default is http://localhost:PORT, and the addressed Host counts too.
    const auth = createAuth({
      db,
      config: { publicOrigin: publicOriginSet ? PUBLIC_ORIGIN : 'http://localhost:4321', originFromHost: !publicOriginSet, corsOrigins: [], sessionTtlDays: 30 },
      logger,
    });
    app = await buildApp({ services: createServices(db), logger, auth, pageRoutes: PAGE_ROUTES, astroHandler: handler! });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    ownHost = `127.0.0.1:${port}`;
    ownOrigin = publicOriginSet ? PUBLIC_ORIGIN : `http://${ownHost}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a Host that is not a valid host[:port] is a 400 before any page is rendered', async () => {
    for (const { url } of pages) {
      for (const host of BAD_HOSTS) {
        const answer = await get(port, url, host);
        expect(answer.status, `${url} with Host ${host}`).toBe(400);
        expect(answer.body, `${url} with Host ${host}`).not.toContain('<html');
        expect(answer.headers['cache-control'], `${url} with Host ${host}`).toBe('no-store');
      }
    }
    // The API answers in its own error shape, not a 500.
    const api = await get(port, '/user/v1/get/matches', 'a@b');
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({ status: false });
  });

  it("after every bad and foreign Host, an ordinary visitor gets the right page with the site's own canonical", async () => {
    // The attacks come first, on a cold cache, as in the probe.
    for (const { url } of pages) {
      for (const host of [...BAD_HOSTS, FOREIGN_HOST]) await get(port, url, host);
    }
    for (const { name, url } of pages) {
      for (let visit = 0; visit < 2; visit++) {
        const answer = await get(port, url, ownHost);
        expect(answer.status, `${name} (${url})`).toBe(200);
        expect(canonicalOf(answer.body), `${name} (${url})`).toBe(`${ownOrigin}${url}`);
        for (const href of alternatesOf(answer.body)) expect(href.startsWith(`${ownOrigin}/`), `${name}: ${href}`).toBe(true);
        expect(answer.body, name).not.toContain(FOREIGN_HOST);
        expect(answer.body, name).not.toContain('localhost:4321');
      }
    }
  });

  it('a foreign Host gets no link to itself when PUBLIC_ORIGIN is set, and never the pages rendered for it to others', async () => {
    for (const { name, url } of pages) {
      const foreign = await get(port, url, FOREIGN_HOST);
      expect(foreign.status, name).toBe(200);
      // Set: the site's origin whatever the Host. Unset: the Host the visitor addressed is their own.
      expect(canonicalOf(foreign.body), name).toBe(`${publicOriginSet ? PUBLIC_ORIGIN : `http://${FOREIGN_HOST}`}${url}`);
      const ordinary = await get(port, url, ownHost);
      expect(canonicalOf(ordinary.body), name).toBe(`${ownOrigin}${url}`);
      expect(ordinary.body, name).not.toContain(FOREIGN_HOST);
    }
  });
});
