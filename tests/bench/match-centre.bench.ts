// npm run bench:match-centre   Serves the built app on a PGlite holding both shared
// archives and measures, on loopback with autocannon for 20 s each, the scorecard API and
// the match page (scoreboard tab) of the largest Test in the data.
//   cold: first requests after a fresh start, one per Test match (nothing cached yet);
//   warm: 20 s of load on the largest Test, 10 connections; the page also once with a new
//   URL per request, so that every request renders (the page cache's baseline).
// Targets (issue 3): warm p99 under 50 ms and at least 1,000 scorecard requests/s.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { sharedArchives } from '../helpers/shared-data.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(repoRoot, 'tests/.tmp/bench-data');
const port = 4390;
const base = `http://127.0.0.1:${port}`;
const DURATION_SECONDS = 20;
const TARGET_P99_MS = 50;
const TARGET_SCORECARD_RPS = 1000;

if (!existsSync(path.join(repoRoot, 'dist/app/main.mjs'))) {
  console.error('No build: run npm run build first.');
  process.exit(2);
}

/** The Test matches, largest (most deliveries) first; imports the archives on first use. */
async function testMatches(): Promise<{ key: string; deliveries: number }[]> {
  const db = await openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    const any = await db.kysely.selectFrom('matches').select('id').limit(1).executeTakeFirst();
    if (!any) {
      const sources = sharedArchives();
      if (sources.length === 0) throw new Error('No archives: set CRICSHEET_SOURCE or provide ../shared/data/cricsheet/*.zip');
      console.log(`Importing ${sources.join(', ')} into ${dataDir} (once)...`);
      await importSources(db, sources);
    }
    const { rows } = await sql<{ key: string; deliveries: number }>`
      select m.match_key as key, count(*)::int as deliveries
      from matches m join deliveries d on d.match_id = m.id
      where m.format = 'test'
      group by m.match_key
      order by deliveries desc
      limit 21`.execute(db.kysely);
    return rows;
  } finally {
    await db.close();
  }
}

async function startServer() {
  const child = spawn(process.execPath, ['dist/app/main.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', IMPORT_ON_START: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

async function timeOne(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function load(url: string, options: { uniquePaths?: boolean } = {}) {
  let counter = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: DURATION_SECONDS,
    // A query parameter the page ignores makes every URL new, so every request renders.
    ...(options.uniquePaths
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: `${new URL(url).pathname}${new URL(url).search}&n=${(counter += 1)}` }) }] }
      : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
  };
}

const tests = await testMatches();
const [largest, ...others] = tests;
if (!largest) throw new Error('no Test match in the data');
const scorecardUrl = (key: string) => `${base}/user/v1/scorecard/?match_key=${key}`;
const pageUrl = (key: string) => `${base}/getMatchList/${key}?tab=scoreboard`;

const server = await startServer();
try {
  // Cold: every request is the first for its match, so nothing comes from the cache.
  const coldScorecard: number[] = [];
  const coldPage: number[] = [];
  for (const { key } of [largest, ...others.slice(0, 10)]) coldScorecard.push(await timeOne(scorecardUrl(key)));
  for (const { key } of others.slice(10, 20)) coldPage.push(await timeOne(pageUrl(key)));

  const warmScorecard = await load(scorecardUrl(largest.key));
  const warmPage = await load(pageUrl(largest.key));
  const renderedPage = await load(pageUrl(largest.key), { uniquePaths: true });

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`Largest Test: ${largest.key} (${largest.deliveries} deliveries)`);
  console.log(`Cold scorecard API, first request per match (${coldScorecard.length} Tests): p50 ${ms(percentile(coldScorecard, 50))}, max ${ms(Math.max(...coldScorecard))}, largest Test ${ms(coldScorecard[0] ?? NaN)}`);
  console.log(`Cold match page, first request per match (${coldPage.length} Tests): p50 ${ms(percentile(coldPage, 50))}, max ${ms(Math.max(...coldPage))}`);
  for (const [name, run] of [['scorecard API', warmScorecard], ['match page', warmPage], ['match page rendered on every request (page cache bypassed)', renderedPage]] as const) {
    console.log(`Warm ${name}, ${DURATION_SECONDS} s x 10 connections: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.requests} requests, ${run.errors} errors`);
  }
  const checks = [
    [`warm scorecard p99 < ${TARGET_P99_MS} ms`, warmScorecard.p99 < TARGET_P99_MS, warmScorecard.p99 / TARGET_P99_MS],
    [`warm match page p99 < ${TARGET_P99_MS} ms`, warmPage.p99 < TARGET_P99_MS, warmPage.p99 / TARGET_P99_MS],
    [`match page rendered every time p99 < ${TARGET_P99_MS} ms`, renderedPage.p99 < TARGET_P99_MS, renderedPage.p99 / TARGET_P99_MS],
    [`scorecard >= ${TARGET_SCORECARD_RPS} req/s`, warmScorecard.rps >= TARGET_SCORECARD_RPS, warmScorecard.rps / TARGET_SCORECARD_RPS],
  ] as const;
  for (const [label, ok, ratio] of checks) console.log(`Target ${label}: ${ok ? 'PASS' : 'FAIL'} (ratio to target ${ratio.toFixed(2)})`);
  if (checks.some(([, ok]) => !ok) || warmScorecard.errors + warmPage.errors + renderedPage.errors > 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
