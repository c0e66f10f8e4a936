// npm run bench:login   The server (API only, PGlite, no build needed) on a random port with
// USERS accounts; CONCURRENCY clients log in for DURATION_S, then the same clients call
// GET get/user with their tokens as the baseline: the ratio is what argon2id costs a login.
// Also the cost of one login alone (sequential). Results go to docs/benchmarks.md by hand.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { ARGON2_PARAMETERS, hashPassword } from '../../src/server/auth/passwords.ts';
import { ms, percentile } from './support/http-bench.ts';

const USERS = 200;
const CONCURRENCY = 20;
const DURATION_S = 10;
const PASSWORD = 'bench1';
const repoRoot = path.resolve(import.meta.dirname, '../..');
const phoneOf = (index: number) => `80000${String(index).padStart(5, '0')}`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'login-bench-'));
const db = await openDatabase({ dataDir });
await migrateToLatest(db);
// One hash for every account: verifying costs the same whatever the salt.
const passwordHash = await hashPassword(PASSWORD);
await db.kysely
  .insertInto('users')
  .values(Array.from({ length: USERS }, (_, index) => ({ phone: phoneOf(index), password_hash: passwordHash })))
  .execute();
await db.close();

const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: repoRoot,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', IMPORT_ON_START: 'false', LIVE_REPLAYS: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  stdio: 'inherit',
});

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

async function login(index: number): Promise<string> {
  const response = await fetch(`${base}/user/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: phoneOf(index), password: PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || !body.token) throw new Error(`login answered ${response.status}`);
  return body.token;
}

async function getUser(token: string): Promise<void> {
  const response = await fetch(`${base}/user/v1/get/user`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`get/user answered ${response.status}`);
}

interface Run {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** CONCURRENCY clients, each calling request(client) back to back for DURATION_S. */
async function loadFor(request: (client: number) => Promise<unknown>): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          await request(client);
          latencies.push(performance.now() - sent);
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

const describe = (name: string, run: Run) =>
  `${name}: ${run.rps.toFixed(0)} req/s, p50 ${ms(run.p50)}, p95 ${ms(run.p95)}, p99 ${ms(run.p99)} (${run.requests} requests, ${run.errors} errors)`;

const loadAverage = () => os.loadavg()[0]!.toFixed(1);
try {
  await waitForServer();
  const loadBefore = loadAverage();
  // Alone: one login at a time, after a warm-up.
  for (let index = 0; index < 5; index++) await login(index);
  const alone: number[] = [];
  for (let index = 0; index < 30; index++) {
    const started = performance.now();
    await login(index);
    alone.push(performance.now() - started);
  }
  let next = 0;
  const logins = await loadFor(() => login(next++ % USERS));
  const tokens = await Promise.all(Array.from({ length: CONCURRENCY }, (_, client) => login(client)));
  const baseline = await loadFor((client) => getUser(tokens[client]!));

  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMETERS;
  console.log(`Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  // Other work on the machine shows here: the figures are only comparable at a similar load.
  console.log(`Load average (1 min): ${loadBefore} before, ${loadAverage()} after`);
  console.log(`argon2id m=${memoryCost} KiB, t=${timeCost}, p=${parallelism}; ${USERS} accounts; ${CONCURRENCY} concurrent clients for ${DURATION_S} s`);
  console.log(`One login alone (30 sequential): p50 ${ms(percentile(alone, 50))}, p99 ${ms(percentile(alone, 99))}`);
  console.log(describe('POST login under load', logins));
  console.log(describe('GET get/user under load (baseline)', baseline));
  console.log(`Login costs ${(logins.p50 / baseline.p50).toFixed(1)} x get/user at p50; ${(baseline.rps / logins.rps).toFixed(1)} x fewer req/s`);
  if (logins.errors + baseline.errors > 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
