// The site the fuzzer attacks: the real app (API, pages through the built Astro handler, the page
// cache) on PGlite with one imported match, listening on a port of its own, its log and
// console.error captured, a fan signed in (so the routes that need one validate what they get),
// and the ordinary pages a visitor reads, kept to compare before and after.
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Db } from '../../src/server/db/client.ts';
import { findPageRoute } from '../../src/server/http/page-routes.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';
import { splitLangPrefix } from '../../src/i18n/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices } from '../../src/server/services/index.ts';
import { reportsDue, writeReportFor } from '../../src/server/services/match-reports.ts';
import { loggerOptions } from '../../src/server/logging.ts';
import { accountsApp, createUser, type AccountsApp } from '../helpers/accounts.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { logSink } from '../helpers/log-sink.ts';
import { cricsheetMatch, registryId, writeMatchFolder } from '../helpers/cricsheet-builder.ts';
import { freshDatabase, queryRows } from '../helpers/test-db.ts';
import { apiTargets, pageTargets, send, type OpenApiDocument, type Target } from './hostile.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface FuzzSite {
  port: number;
  /** The Host an ordinary visitor sends. */
  ownHost: string;
  targets: { api: Target[]; pages: Target[] };
  /** Authorization of a signed-in fan. */
  fan: Record<string, string>;
  /** Error-level lines of the server's log and console.error calls, since the start. */
  errors: string[];
  /** What ordinary visitors get for the pages they read: status, cache-control, body. */
  ordinaryPages(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

/** Page addresses an ordinary visitor reads, in both languages. */
function ordinaryUrls(tournament: string, player: string): string[] {
  const pages = ['/', '/getMatchList/1', `/getMatchList/playerInformation/1?player_key=${player}`, `/series/${tournament}`, `/stats/${tournament}`, '/records', '/fixtures', '/news/allNews', '/matchTopFantasy?match_key=1'];
  return pages.flatMap((page) => [page, page === '/' ? '/hi' : `/hi${page}`]);
}

export async function startFuzzSite(): Promise<FuzzSite | null> {
  const handler = await builtAstroHandler('fuzz tests');
  if (!handler) return null;
  const errors: string[] = [];
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'crease-fuzz-'));
  let db: Db | undefined;
  let site: AccountsApp | undefined;
  const consoleError = console.error;
  console.error = (...parts: unknown[]) => {
    errors.push(`console.error: ${parts.map(String).join(' ').slice(0, 500)}`);
  };
  const onRejection = (reason: unknown) => errors.push(`unhandled rejection: ${String(reason)}`);
  process.on('unhandledRejection', onRejection);
  try {
    db = await freshDatabase();
    const folder = await writeMatchFolder(path.join(tmp, 'matches'), {
      '1.json': cricsheetMatch({ teams: ['Alpha Strikers', 'Beta Kings'], event: { name: 'Fuzz Cup', match_number: 1 }, dates: ['2024-05-01'] }),
    });
    await importSources(db, [folder]);
    // As a server start does after its import: the back-fill writes the completed match's report, so
    // the report link (/news/report/1, which writes a missing report on first use) only finds it.
    const writer = createServices(db);
    for (const key of await reportsDue(db.kysely, null)) await writeReportFor(db.kysely, writer, key);
    const [tournament] = await queryRows<{ key: string }>(db, 'select tou_key as key from tournaments');
    const [team] = await queryRows<{ key: string }>(db, 'select team_key as key from teams limit 1').catch(() => [{ key: 'alpha-strikers' }]);
    const player = registryId('Alpha Strikers 1');
    const logger = pino(loggerOptions('error'), logSink((line) => errors.push(line.slice(0, 2000))).stream);
    site = await accountsApp(db, { logger, appOptions: { pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir: path.join(repoRoot, 'dist/client') } });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (site.app.server.address() as AddressInfo).port;
    const ownHost = `127.0.0.1:${port}`;
    const fanId = await createUser(db, '9811199999', 'f4nnys');
    const fanToken = (await site.auth.sessions.create(fanId, 'fuzz')).token;

    const plausible: Record<string, string> = {
      match_key: '1', match_id: '1', key: tournament!.key, id: tournament!.key, tou_key: tournament!.key, type: 't20',
      player_key: player, team_key: team?.key ?? 'alpha-strikers', team: 'a', slug: 'no-such-article', q: 'alpha', phone: '9811199999',
      otp: '123456', otp_id: 'A'.repeat(22), password: 'kx7q2z', lang: 'en', limit: '5', offset: '0', tab: 'info', name: 'Fan', path: 'x',
    };
    const doc = JSON.parse((await send(port, { method: 'GET', url: '/user/v1/openapi.json' }, ownHost)).body) as OpenApiDocument;
    const queryOf = (example: string) => {
      const route = findPageRoute(PAGE_ROUTES, splitLangPrefix(example.split('?')[0] ?? '').path);
      return route ? Object.keys(route.query.shape) : [];
    };
    const targets = {
      api: apiTargets(doc, plausible).map((target) => ({ ...target, template: `/user/v1${target.template}` })),
      pages: pageTargets(path.join(repoRoot, 'src/pages'), plausible, queryOf),
    };
    if (targets.api.length < 40 || targets.pages.length < 60 || PAGE_ROUTES.length === 0) throw new Error('the fuzzer found too few routes to attack');
    const urls = ordinaryUrls(tournament!.key, player);
    const ordinaryPages = async () => {
      const seen = new Map<string, string>();
      for (const url of urls) {
        const answer = await send(port, { method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'identity' } }, ownHost);
        seen.set(url, `${answer.status} ${String(answer.headers['cache-control'])}\n${answer.body}`);
      }
      return seen;
    };
    const opened = { db, site };
    return {
      port,
      ownHost,
      targets,
      fan: { authorization: `Bearer ${fanToken}` },
      errors,
      ordinaryPages,
      close: async () => {
        console.error = consoleError;
        process.off('unhandledRejection', onRejection);
        await opened.site.close();
        await opened.db.close();
        await rm(tmp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    console.error = consoleError;
    process.off('unhandledRejection', onRejection);
    await site?.close();
    await db?.close();
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
}
