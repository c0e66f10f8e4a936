// npm run bench:summary-page   Page weight of the Summary tab (issue 12): the built server on a
// fresh PGlite holding the e2e fixtures serves the Summary of a completed T20 (1529312) and of
// a completed Test (1455615), and as the baseline, in the same run, the Scoreboard tab of the same
// match (the heaviest tab before). For each page: its HTML raw and gzipped as the server sends
// it, the stylesheets and scripts it links (gzipped), the SVG charts in it, the first render and
// a warm one. Targets: the Summary loads no script the Scoreboard does not (its charts are SVG
// in the HTML); its whole page weighs at most 2× the Scoreboard's.
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { reportTargets, requireBuild, startServer } from './support/http-bench.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4391);
const MAX_WEIGHT_RATIO = 2;
const MATCHES = [
  { key: '1529312', name: 'T20 (IPL 2026, RR v MI)' },
  { key: '1455615', name: 'Test (Sydney 2026, AUS v ENG)' },
];

/** GET with gzip accepted: the bytes on the wire, the body unzipped and the time to the last byte. */
function get(url: string): Promise<{ wire: number; body: Buffer; ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire;
        resolve({ wire: wire.length, body, ms: performance.now() - started, status: response.statusCode ?? 0 });
      });
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

interface Weight {
  htmlRaw: number;
  htmlWire: number;
  css: number;
  js: number;
  scripts: string[];
  svgs: number;
  coldMs: number;
  warmMs: number;
}

async function weigh(base: string, pathname: string): Promise<Weight> {
  const cold = await get(base + pathname);
  if (cold.status !== 200) throw new Error(`${pathname}: ${cold.status}`);
  const warm = await get(base + pathname);
  const html = cold.body.toString('utf8');
  const links = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  // Module scripts, their preloads and Astro's island loaders (component-url / renderer-url).
  const scripts = [
    ...new Set(
      [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g), ...html.matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map(
        (m) => m[1]!,
      ),
    ),
  ].sort();
  const size = async (urls: string[]) => (await Promise.all(urls.map(async (url) => (await get(new URL(url, base).href)).wire))).reduce((a, b) => a + b, 0);
  return {
    htmlRaw: cold.body.length,
    // The server gzips the copy it keeps in memory: a second request gets what fans get.
    htmlWire: warm.wire,
    css: await size(links),
    js: await size(scripts),
    scripts,
    svgs: (html.match(/<svg class="chart-svg"/g) ?? []).length,
    coldMs: cold.ms,
    warmMs: warm.ms,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

requireBuild();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crease-summary-bench-'));
const db = await openDatabase({ dataDir });
await migrateToLatest(db);
await importSources(db, [path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e')]);
await db.close();
const server = await startServer(PORT, dataDir);
const checks: [string, boolean, number][] = [];
try {
  console.log(`${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log('| page | HTML | HTML gzipped | CSS gzipped | JS gzipped | whole page gzipped | SVG charts | first render | warm |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const match of MATCHES) {
    const summary = await weigh(server.base, `/getMatchList/${match.key}?tab=summary`);
    const scoreboard = await weigh(server.base, `/getMatchList/${match.key}?tab=scoreboard`);
    for (const [tab, w] of [['Summary', summary], ['Scoreboard (baseline)', scoreboard]] as const) {
      console.log(
        `| ${match.name}, ${tab} | ${kb(w.htmlRaw)} | ${kb(w.htmlWire)} | ${kb(w.css)} | ${kb(w.js)} | ${kb(w.htmlWire + w.css + w.js)} | ${w.svgs} | ${w.coldMs.toFixed(0)} ms | ${w.warmMs.toFixed(1)} ms |`,
      );
    }
    const ratio = (summary.htmlWire + summary.css + summary.js) / (scoreboard.htmlWire + scoreboard.css + scoreboard.js);
    console.log(`${match.name}: Summary / Scoreboard whole page gzipped ${ratio.toFixed(2)}; HTML gzipped ${(summary.htmlWire / scoreboard.htmlWire).toFixed(2)}`);
    const extra = summary.scripts.filter((script) => !scoreboard.scripts.includes(script));
    checks.push([`${match.name}: the Summary loads no script the Scoreboard does not (${extra.length} extra)`, extra.length === 0, extra.length === 0 ? 0 : extra.length]);
    checks.push([`${match.name}: whole page <= ${MAX_WEIGHT_RATIO}x the Scoreboard's`, ratio <= MAX_WEIGHT_RATIO, ratio / MAX_WEIGHT_RATIO]);
  }
  reportTargets(checks, 0);
} finally {
  server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
