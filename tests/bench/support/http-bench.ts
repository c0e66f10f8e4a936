// Shared parts of the HTTP benchmarks: a PGlite holding both shared archives (imported once
// into tests/.tmp/bench-data), the built server started on it, timings and autocannon runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Kysely } from 'kysely';
import { openDatabase, type Db } from '../../../src/server/db/client.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import { importSources } from '../../../src/server/ingest/importer.ts';
import { sharedArchives } from '../../helpers/shared-data.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dataDir = path.join(repoRoot, 'tests/.tmp/bench-data');
export const DURATION_SECONDS = 20;
export const CONNECTIONS = 10;

export function requireBuild(): void {
  if (!existsSync(path.join(repoRoot, 'dist/app/main.mjs'))) {
    console.error('No build: run npm run build first.');
    process.exit(2);
  }
}

/** Runs a query on the bench database, importing both archives into it on first use. */
export async function withBenchDatabase<T>(query: (db: Kysely<Database>, opened: Db) => Promise<T>): Promise<T> {
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
    return await query(db.kysely, db);
  } finally {
    await db.close();
  }
}

/** Starts the built server on the bench database (or another data folder); resolves once /healthz answers. */
export async function startServer(port: number, dir: string = dataDir): Promise<{ base: string; stop: () => void }> {
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/app/main.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', IMPORT_ON_START: 'false', LIVE_REPLAYS: '0', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop: () => child.kill('SIGTERM') };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('server did not start');
}

/** Wall time of one request, body included. */
export async function timeOne(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Redirects: what a new unknown query parameter gets (decision 013). */
  redirects: number;
  requests: number;
}

/**
 * 20 s of load; with uniquePaths every request adds a new unknown parameter (?n=<counter>), which
 * the page cache answers with a 301 to the canonical URL instead of rendering (decision 013);
 * with rotate, the requests go to each of these paths (path and query) in turn.
 */
export async function load(url: string, options: { uniquePaths?: boolean; rotate?: readonly string[] } = {}): Promise<LoadResult> {
  let counter = 0;
  const { pathname, search } = new URL(url);
  const separator = search ? '&' : '?';
  const nextPath = options.rotate
    ? () => options.rotate![(counter += 1) % options.rotate!.length]!
    : options.uniquePaths
      ? () => `${pathname}${search}${separator}n=${(counter += 1)}`
      : null;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result['4xx'] + result['5xx'],
    redirects: result['3xx'],
    requests: result.requests.total,
  };
}

export function describeLoad(name: string, run: LoadResult): string {
  return `Warm ${name}, ${DURATION_SECONDS} s x ${CONNECTIONS} connections: ${run.rps.toFixed(0)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.requests} requests${run.redirects > 0 ? ` (${run.redirects} redirects)` : ''}, ${run.errors} errors`;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Prints each target with PASS/FAIL and its ratio; sets a failing exit code when one fails. */
export function reportTargets(checks: readonly (readonly [label: string, ok: boolean, ratio: number])[], errors: number): void {
  for (const [label, ok, ratio] of checks) console.log(`Target ${label}: ${ok ? 'PASS' : 'FAIL'} (ratio to target ${ratio.toFixed(2)})`);
  if (checks.some(([, ok]) => !ok) || errors > 0) process.exitCode = 1;
}
