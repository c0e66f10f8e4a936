// npm run bench:live-ball   The live engine's own work per ball, without sockets (decision 046):
// the real engine on PostgreSQL (TEST_DATABASE_URL, emptied) with the change feed on LISTEN/NOTIFY
// as the server has it, scoring the first innings of bench:live's T20 (support/live-bench-matches.ts)
// through `recordBall`, each event encoded once as Socket.IO would (JSON). Per ball: this process's
// CPU time (process.cpuUsage, from the command to GAP_MS after it, so the work it left on the event
// loop is counted) and its CPU time to the 'commentory' push, the wall time to the 'commentory'
// push, to the 'score' push and to the end, and the statements sent to PostgreSQL before the
// 'commentory' push and in all. --statements lists one ball's statements with their timings.
// The first match is played by a fresh process, as a server's first balls after its start (the
// matches in play primed first, as main.ts does; --no-prime leaves that out): its first three balls
// are printed. The second match is measured. --profile=FILE writes a CPU profile of the second match.
// What 5,000 sockets add is the fan-out, which bench:live measures.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { openChangeFeed } from '../../src/server/feed/open-feed.ts';
import { createLive, type Broadcaster } from '../../src/server/realtime/fan-out.ts';
import { createServices } from '../../src/server/services/index.ts';
import { testPostgresUrl } from '../helpers/test-servers.ts';
import { prepareBenchMatches } from './support/live-bench-matches.ts';
import { percentile } from './support/http-bench.ts';

/** The gap between balls: the work a ball leaves on the event loop (listeners, timers) lands inside its own measure. */
const GAP_MS = 60;

const url = await testPostgresUrl();
if (!url) throw new Error('TEST_DATABASE_URL is needed');
const { matches } = await prepareBenchMatches(url, 2);
const db = await openDatabase({ url, dataDir: '' });
const feed = await openChangeFeed({ databaseUrl: url });
const services = createServices(db, feed);

// Every statement any pg client of this process sends (the pool's, a transaction's, the feed's).
let statements = 0;
/** --statements: one ball's statements in order, with each one's time to its answer (a mid-innings ball of the measured match). */
const LIST_STATEMENTS = process.argv.includes('--statements');
interface Listed {
  text: string;
  sentAt: number;
  ms?: number;
}
let listing: Listed[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  const result = (query as (...args: unknown[]) => unknown).apply(this, args);
  if (listing) {
    const first = args[0] as string | { text?: string };
    const entry: Listed = { text: (typeof first === 'string' ? first : (first.text ?? '?')).replace(/\s+/g, ' ').slice(0, 110), sentAt: performance.now() - ballStarted };
    listing.push(entry);
    if (result instanceof Promise) void result.then(() => (entry.ms = performance.now() - ballStarted - entry.sentAt), () => undefined);
  }
  return result;
} as typeof query;

interface Pushed {
  ms: number;
  statements: number;
  cpuMs: number;
}
/** This process's CPU use when the ball's command started. */
let ballCpu = process.cpuUsage();
let ballStarted = 0;
let ballStatements = 0;
const pushed = new Map<string, Pushed>();
const bytes: Record<string, number> = {};
const broadcaster: Broadcaster = {
  toMatch(_matchKey, event, payload) {
    bytes[event] = Math.max(bytes[event] ?? 0, JSON.stringify([event, payload]).length);
    if (pushed.has(event)) return;
    const used = process.cpuUsage(ballCpu);
    pushed.set(event, { ms: performance.now() - ballStarted, statements: statements - ballStatements, cpuMs: (used.user + used.system) / 1000 });
  },
  toHome(event, payload) {
    bytes[event] = Math.max(bytes[event] ?? 0, JSON.stringify([event, payload]).length);
  },
};
const engine = createLive({ db, services, broadcaster });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Ball {
  cpuMs: number;
  commentory: Pushed;
  scoreMs: number;
  doneMs: number;
  statements: number;
}

async function play(match: (typeof matches)[number]): Promise<Ball[]> {
  const measured: Ball[] = [];
  for (const [index, ball] of match.balls.entries()) {
    pushed.clear();
    const cpu = process.cpuUsage();
    ballCpu = cpu;
    ballStatements = statements;
    const listed: Listed[] | null = LIST_STATEMENTS && match === matches[1] && index === 60 ? [] : null;
    listing = listed;
    ballStarted = performance.now();
    await engine.recordBall(match.key, ball, { idempotencyKey: `seq:${index + 1}`, innings: 1 });
    listing = null;
    if (listed) {
      console.log(`\nball ${index + 1}'s statements (sent at, answered after; ms from the command; commentory pushed at ${pushed.get('commentory')?.ms.toFixed(1)} ms):`);
      for (const { text, sentAt, ms } of listed) console.log(`${sentAt.toFixed(1).padStart(6)} ${(ms ?? NaN).toFixed(1).padStart(5)}  ${text}`);
    }
    const doneMs = performance.now() - ballStarted;
    await sleep(GAP_MS);
    const used = process.cpuUsage(cpu);
    measured.push({
      cpuMs: (used.user + used.system) / 1000,
      commentory: pushed.get('commentory')!,
      scoreMs: pushed.get('score')!.ms,
      doneMs,
      statements: statements - ballStatements,
    });
  }
  return measured;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
try {
  if (!process.argv.includes('--no-prime')) console.log(`primed ${await engine.primeMatchesInPlay()} matches in play`);
  const first = await play(matches[0]!);
  console.log(`a fresh process's first three balls: ${first.slice(0, 3).map((ball) => `CPU ${ms(ball.cpuMs)}, commentory pushed at ${ms(ball.commentory.ms)}`).join('; ')}`);
  const profileFile = process.argv.find((arg) => arg.startsWith('--profile='))?.slice('--profile='.length);
  const session = new Session();
  if (profileFile) {
    session.connect();
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const foldsBefore = { ...services.matchCentre.commentaryFolds.counts };
  const balls = await play(matches[1]!);
  const folds = services.matchCentre.commentaryFolds.counts;
  if (profileFile) {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(profileFile, JSON.stringify(profile));
    session.disconnect();
  }
  const row = (name: string, values: number[], unit = ms) =>
    console.log(`| ${name} | ${unit(percentile(values, 50))} | ${unit(percentile(values, 90))} | ${unit(Math.max(...values))} | ${unit(values.reduce((a, b) => a + b, 0) / values.length)} |`);
  const count = (value: number) => value.toFixed(1);
  console.log(`\n${balls.length} balls of the second match, a ball every ${GAP_MS} ms after the last one's end\n`);
  console.log('| per ball | p50 | p90 | max | mean |');
  console.log('|---|---|---|---|---|');
  row('CPU of this process', balls.map((ball) => ball.cpuMs));
  row('command → commentory pushed', balls.map((ball) => ball.commentory.ms));
  row('CPU to the commentory push', balls.map((ball) => ball.commentory.cpuMs));
  row('command → score pushed', balls.map((ball) => ball.scoreMs));
  row('command → done', balls.map((ball) => ball.doneMs));
  row('statements before the commentory push', balls.map((ball) => ball.commentory.statements), count);
  row('statements in all', balls.map((ball) => ball.statements), count);
  console.log(`\nLargest events (JSON bytes): ${JSON.stringify(bytes)}`);
  // Decision 086: folds of the innings' commentary that went on from this process's last one, and folds made whole.
  console.log(`Commentary folds of the second match: ${folds.resumed - foldsBefore.resumed} went on, ${folds.whole - foldsBefore.whole} whole`);
} finally {
  await feed.close();
  await db.close();
}
