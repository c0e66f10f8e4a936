// npm run bench:live   Live events to many fans on loopback (docs/decisions/028):
// - the servers run in processes of their own; CLIENT_PROCESSES load generators
//   (support/live-clients.ts) open 1,000 or 5,000 Socket.IO clients, all subscribed to one match;
// - BALLS balls, one every BALL_INTERVAL_MS; latency is from the ball being sent to the server to a
//   client hearing its event, for every client and ball: p50, p99, max, and events never heard;
// - CPU per ball: the servers' CPU time (/proc) over the balls, less the same time idle, per ball;
// - memory per socket: the servers' RSS growth from opening the sockets, per socket;
// - each with one server process, then two on one Redis with the sockets split between them
//   (balls sent to the first; the second hears them through the Redis stream).
// Server kinds: 'fan-out' emits one commentory and one score event per ball straight through
// Socket.IO (support/live-fanout-server.ts): the cost of delivery alone.
// Needs TEST_REDIS_URL for the two-process rows. Results go to docs/benchmarks.md by hand.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';
import { percentile } from './support/http-bench.ts';

const SOCKET_COUNTS = [1_000, 5_000];
const CLIENT_PROCESSES = 2;
// A real ball comes every half a minute; one a second still lets each ball's events drain first.
const BALLS = 30;
const BALL_INTERVAL_MS = 1_000;
const SETTLE_MS = 2_000;
const IDLE_MS = 3_000;
const MATCH_KEY = 'bench-live';
/** Bodies of the fan-out events, about the size of the engine's (JSON bytes). */
const FANOUT_BYTES = { commentoryBytes: 1_500, scoreBytes: 6_000 };
const P99_TARGET_MS = 100;

const support = path.join(import.meta.dirname, 'support');
const redisUrl = await testRedisUrl();
const wallClock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function forkTs(file: string, args: string[] = []): ChildProcess {
  return fork(path.join(support, file), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

// Linux's USER_HZ, the unit of utime and stime in /proc/<pid>/stat.
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) and RSS of a process, from /proc. */
function usage(pid: number): { cpuMs: number; rssBytes: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return { cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND, rssBytes: rssKb * 1024 };
}
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

interface LiveServer {
  pid: number;
  url: string;
  /** Asks the server to write (or emit) ball `index` (1-based); resolves once it was sent. */
  sendBall(index: number): void;
  stop(): Promise<void>;
}

async function startFanoutServer(redisKey: string | null): Promise<LiveServer> {
  const child = forkTs('live-fanout-server.ts', [JSON.stringify({ ...FANOUT_BYTES, ...(redisKey ? { redisUrl, redisKey } : {}) })]);
  const { port } = await nextMessage<{ port: number }>(child, 'ready');
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    // Two events per ball, with consecutive sequences as the engine's.
    sendBall: (index) => child.send({ type: 'emit', matchKey: MATCH_KEY, sequence: 2 * index - 1 }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
}

type Heard = Record<string, Record<number, number[]>>;

interface Row {
  servers: number;
  sockets: number;
  failedToConnect: number;
  p50: number;
  p99: number;
  /** p99 of the socket.io-client clients alone (they parse every event). */
  sampleP99: number;
  max: number;
  /** p99 of the clients of each server process. */
  p99ByServer: number[];
  missed: number;
  cpuPerBallMs: number;
  cpuPerBallRawMs: number;
  /** The load generators' CPU per ball: they share the machine with the servers. */
  clientCpuPerBallMs: number;
  memoryPerSocketKb: number;
}

/** Each event's k-th sequence (in order) belongs to the k-th ball: latencies from that ball's sending. */
function latencies(heard: Heard, sentAt: readonly number[]): number[] {
  const values: number[] = [];
  const bySequence = heard.commentory ?? {};
  const sequences = Object.keys(bySequence).map(Number).sort((a, b) => a - b);
  if (sequences.length > sentAt.length) throw new Error(`${sequences.length} commentory events for ${sentAt.length} balls`);
  for (const [ball, sequence] of sequences.entries()) {
    for (const at of bySequence[sequence]!) values.push(at - sentAt[ball]!);
  }
  return values;
}

async function run(serverCount: number, sockets: number): Promise<Row> {
  const redisKey = serverCount > 1 ? uniqueChannel('bench-live') : null;
  const servers: LiveServer[] = [];
  for (let index = 0; index < serverCount; index += 1) servers.push(await startFanoutServer(redisKey));
  const clients = Array.from({ length: CLIENT_PROCESSES }, () => forkTs('live-clients.ts'));
  try {
    const before = servers.map((server) => usage(server.pid));
    const opened = await Promise.all(
      clients.map((client, index) => {
        const answer = nextMessage<{ failed: number }>(client, 'opened');
        client.send({ type: 'open', url: servers[index % serverCount]!.url, matchKey: MATCH_KEY, sockets: sockets / CLIENT_PROCESSES });
        return answer;
      }),
    );
    await sleep(SETTLE_MS);
    const settled = servers.map((server) => usage(server.pid));
    await sleep(IDLE_MS);
    const idle = servers.map((server) => usage(server.pid));
    const clientsIdle = clients.map((client) => usage(client.pid!));

    const sentAt: number[] = [];
    const ballsStarted = performance.now();
    for (let ball = 1; ball <= BALLS; ball += 1) {
      sentAt.push(wallClock());
      servers[0]!.sendBall(ball);
      await sleep(BALL_INTERVAL_MS);
    }
    await sleep(1_000);
    const ballsMs = performance.now() - ballsStarted;
    const after = servers.map((server) => usage(server.pid));
    const clientsAfter = clients.map((client) => usage(client.pid!));

    const heard = await Promise.all(
      clients.map((client) => {
        const answer = nextMessage<{ heard: Heard; sampleHeard: Heard }>(client, 'heard');
        client.send({ type: 'collect' });
        return answer.then((message) => {
          const sequences = (one: Heard) => Object.keys(one.commentory ?? {}).sort().join();
          if (sequences(message.heard) !== sequences(message.sampleHeard)) {
            throw new Error(`bare clients read sequences ${sequences(message.heard)}, socket.io-client parsed ${sequences(message.sampleHeard)}`);
          }
          return message;
        });
      }),
    );
    const perClient = heard.map((one) => [...latencies(one.heard, sentAt), ...latencies(one.sampleHeard, sentAt)]);
    const all = perClient.flat();
    const sample = heard.flatMap((one) => latencies(one.sampleHeard, sentAt));
    const idleCpuMs = sum(idle.map((end, index) => end.cpuMs - settled[index]!.cpuMs));
    const ballsCpuMs = sum(after.map((end, index) => end.cpuMs - idle[index]!.cpuMs));
    const failedToConnect = sum(opened.map((answer) => answer.failed));
    return {
      servers: serverCount,
      sockets,
      failedToConnect,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      sampleP99: percentile(sample, 99),
      max: all.reduce((largest, value) => Math.max(largest, value), 0),
      p99ByServer: servers.map((_, server) => percentile(perClient.filter((__, client) => client % serverCount === server).flat(), 99)),
      missed: BALLS * (sockets - failedToConnect) - all.length,
      cpuPerBallRawMs: ballsCpuMs / BALLS,
      clientCpuPerBallMs: sum(clientsAfter.map((end, index) => end.cpuMs - clientsIdle[index]!.cpuMs)) / BALLS,
      cpuPerBallMs: (ballsCpuMs - (idleCpuMs * ballsMs) / IDLE_MS) / BALLS,
      memoryPerSocketKb: sum(settled.map((end, index) => end.rssBytes - before[index]!.rssBytes)) / 1024 / sockets,
    };
  } finally {
    for (const client of clients) client.send({ type: 'close' });
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${os.loadavg().map((load) => load.toFixed(2)).join(' ')}`);
console.log(`${BALLS} balls, one every ${BALL_INTERVAL_MS} ms; ${CLIENT_PROCESSES} client processes\n`);
console.log('| date | kind | servers | sockets | p50 | p99 (per server) | socket.io-client p99 | max | missed | CPU per ball (raw) | memory per socket | load generator CPU per ball |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const rows: Row[] = [];
for (const serverCount of redisUrl ? [1, 2] : [1]) {
  for (const sockets of SOCKET_COUNTS) {
    const row = await run(serverCount, sockets);
    rows.push(row);
    const failed = row.failedToConnect > 0 ? ` (${row.failedToConnect} failed to connect)` : '';
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | fan-out | ${row.servers} | ${row.sockets.toLocaleString('en')}${failed} | ${ms(row.p50)} | ${ms(row.p99)}` +
        `${row.servers > 1 ? ` (${row.p99ByServer.map(ms).join(' / ')})` : ''} | ${ms(row.sampleP99)} | ${ms(row.max)} | ${row.missed} | ${ms(row.cpuPerBallMs)} (${ms(row.cpuPerBallRawMs)}) | ${row.memoryPerSocketKb.toFixed(1)} KB | ${ms(row.clientCpuPerBallMs)} |`,
    );
  }
}
const worst = Math.max(...rows.filter((row) => row.sockets === 5_000).map((row) => row.p99));
const missed = sum(rows.map((row) => row.missed));
console.log(`\np99 at 5,000 sockets: ${ms(worst)} (target < ${P99_TARGET_MS} ms: ${worst < P99_TARGET_MS ? 'PASS' : 'FAIL'}); events missed: ${missed}`);
if (worst >= P99_TARGET_MS || missed > 0) process.exitCode = 1;
