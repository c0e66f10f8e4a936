// npm run bench:live   Live events to many fans on loopback (docs/decisions/028 and 029):
// - the servers run in processes of their own; CLIENT_PROCESSES load generators
//   (support/live-clients.ts) open 1,000 or 5,000 clients, all subscribed to one match;
// - BALLS balls (120 unless `balls=N`: one T20 innings, so that the p99 is a steady state's and
//   not the first, cold ball's alone), one every BALL_INTERVAL_MS; latency is from the ball being
//   sent to the server to a client hearing its 'commentory' event, for every client and ball: p50,
//   p99, max, and events never heard;
// - CPU per ball: the servers' CPU time (/proc) over the balls, less the same time idle, per ball;
// - memory per socket: the servers' RSS growth from opening the sockets, per socket;
// - with one server process, and with two on one Redis with the sockets split between them
//   (balls sent to the first; the second hears them through the Redis stream);
// - 'pinned' rows put the servers on CPU 0 and the load generators on CPU 1 (taskset), so the
//   generators' reading of thousands of frames does not take the server's core; the other rows
//   let the kernel place every process. Both are printed: on a 2-core machine the generators are
//   themselves a load the server shares the machine with.
// Two kinds of server:
// - 'engine': the real server (src/server/main.ts) on PostgreSQL; each ball is a POST to the
//   ingest API with a scorer's token, written by the live engine, which pushes its events
//   (support/live-bench-matches.ts prepares the matches: TEST_DATABASE_URL is emptied);
// - 'fan-out': Socket.IO alone emitting, ball by ball, frames of the sizes the engine's row before it
//   sent for the same ball (FANOUT_BYTES when no engine row ran first; support/live-fanout-server.ts):
//   the cost of delivery without the write.
// Per ball it also prints the first and the last client to hear it, and for the fan-out baseline
// when its server had written the last socket's 'commentory' frame: what lies between that and
// the last client is the load generators' reading (decision 047).
// More rows, asked for by argument (issue 26):
// - bufferutil=off|both: the servers without ws's native add-on (WS_NO_BUFFER_UTIL=1), or each row
//   with and without it; rows of one shape run one after another, engine then fan-out, so each
//   engine row has its bare Socket.IO row beside it in the same run;
// - board=1: one engine row of Scoreboard fans: every client, on hearing a ball's 'commentory',
//   fetches the live page's tab body at that version over HTTP as the island does
//   (tab-body.astro); p99 from the ball sent to the fetched scoreboard read whole, and the server's
//   renders of it per ball (the answers marked x-page-cache: render); a ball every 5 s (a real one
//   comes every half minute), 24 balls unless balls=N. Its server is the built one (npm run build
//   first: dist/app/main.mjs, which serves pages; src/server/main.ts run by tsx has no pages);
// - stepup=N: engine rows of one server, N sockets more each (N, 2N, ...), a ball every 5 s, 12
//   balls unless balls=N, until the p99 passes 1 s, clients fail to connect, or max=M sockets
//   (60,000 unless given). Raise the open files limit first (ulimit -n).
// The servers allow the bench's sockets from one address (LIVE_SOCKETS_PER_ADDRESS).
// Needs TEST_DATABASE_URL for the engine rows and TEST_REDIS_URL for the two-process rows. Prints
// a table for docs/benchmarks.md (copied there by hand), the load average before and after, and
// the verdict on the target (p99 < 100 ms at 5,000 sockets). About fifteen minutes on a quiet
// machine (a 5,000-socket row of 120 balls is about 80 s), much longer on a loaded one.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { testPostgresUrl, testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';
import { prepareBenchMatches, type BenchMatch } from './support/live-bench-matches.ts';
import { percentile } from './support/http-bench.ts';
import { tabBodyHref } from '../../src/views/match-view.ts';

const CLIENT_PROCESSES = 2;
// Arguments pick rows, for a quicker look: kind=engine|fan-out servers=1|2 sockets=1000|5000
// cpus=pinned|shared, and balls=N; bufferutil=, board= and stepup= above.
const picked = new Map(process.argv.slice(2).map((arg) => arg.split('=', 2) as [string, string]));
const BOARD_ROW = picked.get('board') === '1';
const STEP = picked.has('stepup') ? Number(picked.get('stepup')) : null;
if (STEP !== null && !(Number.isInteger(STEP) && STEP >= 100)) throw new Error(`stepup=${picked.get('stepup')}: sockets per step, 100 or more`);
const STEP_MAX = Number(picked.get('max') ?? 60_000);
const BUFFER_UTIL = picked.get('bufferutil') ?? 'on';
if (!['on', 'off', 'both'].includes(BUFFER_UTIL)) throw new Error(`bufferutil=${BUFFER_UTIL}: on, off or both`);
// A real ball comes every half a minute; two a second still let each ball's events drain first
// (a ball costs the server and the generators well under 250 ms of CPU each at 5,000 sockets).
// The Scoreboard and step-up rows take one every 5 s: 5,000 fetches per ball, or many more sockets.
const SLOW_ROWS = BOARD_ROW || STEP !== null;
const BALLS = Number(picked.get('balls') ?? (STEP !== null ? 12 : BOARD_ROW ? 24 : 120));
if (!Number.isInteger(BALLS) || BALLS < 1) throw new Error(`balls=${picked.get('balls')}: a whole number of balls, 1 or more`);
const BALL_INTERVAL_MS = SLOW_ROWS ? 5_000 : 500;
const STEP_P99_LIMIT_MS = 1_000;
const SETTLE_MS = 2_000;
const IDLE_MS = 2_000;
/** How long the generators wait after the last ball for events still on their way (a loaded machine; longer for 5,000 fetches a ball). */
const DRAIN_WAIT_MS = SLOW_ROWS ? 60_000 : 10_000;
/** Bodies of the fan-out events: about the size of the engine's early in an innings (JSON bytes). */
const FANOUT_BYTES = { commentoryBytes: 1_600, scoreBytes: 1_300 };
const P99_TARGET_MS = 100;
/** The bench's clients all come from loopback: the servers let them (the product's default is 500). */
const SOCKETS_PER_ADDRESS = 1_000_000;

// The servers' ports: E2E_PORT_BASE + 10 and + 11 (one checkout's ports; below Linux's ephemeral
// ports, 32768 on, which 10,000 client sockets take many of).
const serverPort = (index: number) => loadConfig().E2E_PORT_BASE + 10 + index;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const support = path.join(import.meta.dirname, 'support');
const postgresUrl = await testPostgresUrl();
const testRedis = await testRedisUrl();
// Redis database 9: the engine's servers use the default stream name, which a developer's own
// server on the same Redis uses too; streams live in a database, so the bench's are apart.
const redisUrl = testRedis ? Object.assign(new URL(testRedis), { pathname: '/9' }).href : null;
const wallClock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

// Every child this bench starts, ended with it even if it fails midway.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
function started<T extends ChildProcess>(child: T): T {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function forkTs(file: string, args: string[] = [], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  return started(fork(path.join(support, file), args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env }));
}

/** A server's environment with or without ws's native add-on (ws reads WS_NO_BUFFER_UTIL when loaded). */
function withBufferUtil(bufferUtil: boolean, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { WS_NO_BUFFER_UTIL: _ignored, ...rest } = env;
  return bufferUtil ? rest : { ...rest, WS_NO_BUFFER_UTIL: '1' };
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

const SERVER_CPU = 0;
const GENERATOR_CPU = 1;
const canPin = os.cpus().length >= 2 && (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Binds a process and all its threads to one CPU. */
function pin(pid: number, cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

interface LiveServer {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Sends ball `index` (1-based) of the run; resolves with the server's answer time, in ms, and (the
 * fan-out baseline) when its 'commentory' was handed to the last socket, on the machine's clock.
 */
type SendBall = (server: LiveServer, index: number) => Promise<{ answerMs: number; commentoryWrittenAt?: number }>;

interface ServerSetup {
  bufferUtil: boolean;
  /** The built server (dist/app/main.mjs), which serves pages: the Scoreboard row. */
  built: boolean;
}
const builtServer = path.join(repoRoot, 'dist/app/main.mjs');

interface Kind {
  name: 'engine' | 'fan-out';
  /** Starts the index-th server of a run. */
  start(redisKey: string | null, index: number, setup: ServerSetup): Promise<LiveServer>;
  /** The match of the next run and how its balls are sent. */
  nextRun(): { matchKey: string; sendBall: SendBall };
}

/** The clients' frame sizes together (each client process heard every event). */
function mergedSizes(all: Record<string, Record<number, number>>[]): Record<string, Record<number, number>> {
  const merged: Record<string, Record<number, number>> = {};
  for (const sizes of all) {
    for (const [event, bySequence] of Object.entries(sizes)) {
      const into = (merged[event] ??= {});
      for (const [sequence, bytes] of Object.entries(bySequence)) into[Number(sequence)] = Math.max(into[Number(sequence)] ?? 0, bytes);
    }
  }
  return merged;
}

/** Ball by ball (in order), the wire size of the engine row's 'commentory' and 'score' frames: what the fan-out row after it sends. */
let engineFrames: { commentory: number[]; score: number[] } | null = null;
function framesByBall(sizes: Record<string, Record<number, number>>): { commentory: number[]; score: number[] } {
  const inOrder = (event: string) =>
    Object.entries(sizes[event] ?? {})
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, bytes]) => bytes);
  return { commentory: inOrder('commentory'), score: inOrder('score') };
}

function fanoutKind(): Kind {
  const matchKey = 'bench-live';
  const emitters = new Map<LiveServer, ChildProcess>();
  return {
    name: 'fan-out',
    start: async (redisKey, index, setup) => {
      const child = forkTs(
        'live-fanout-server.ts',
        [JSON.stringify({ ...FANOUT_BYTES, port: serverPort(index), ...(redisKey ? { redisUrl, redisKey } : {}) })],
        withBufferUtil(setup.bufferUtil),
      );
      const { port } = await nextMessage<{ port: number }>(child, 'ready');
      const server: LiveServer = {
        pid: child.pid!,
        url: `http://127.0.0.1:${port}`,
        stop: async () => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.send({ type: 'close' });
          await exited;
        },
      };
      emitters.set(server, child);
      return server;
    },
    nextRun: () => ({
      matchKey,
      // Two events per ball, with consecutive sequences as the engine's.
      // Answered after both are written: the next ball waits for it, as the engine's POST.
      sendBall: async (server, index) => {
        const started = performance.now();
        const child = emitters.get(server)!;
        const emitted = nextMessage<{ commentoryWrittenAt: number }>(child, 'emitted');
        // The engine's frames of the same ball, when an engine row ran before this one.
        const frames = engineFrames && { commentoryBytes: engineFrames.commentory[index - 1], scoreBytes: engineFrames.score[index - 1] };
        child.send({ type: 'emit', matchKey, sequence: 2 * index - 1, ...frames });
        const { commentoryWrittenAt } = await emitted;
        return { answerMs: performance.now() - started, commentoryWrittenAt };
      },
    }),
  };
}

function engineKind(token: string, matches: BenchMatch[], dataDir: string): Kind {
  let runs = 0;
  return {
    name: 'engine',
    start: async (redisKey, index, setup) => {
      const port = serverPort(index);
      const program = setup.built ? [builtServer] : ['--import', 'tsx', 'src/server/main.ts'];
      const child = started(spawn(process.execPath, program, {
        cwd: repoRoot,
        env: {
          ...withBufferUtil(setup.bufferUtil),
          LIVE_SOCKETS_PER_ADDRESS: String(SOCKETS_PER_ADDRESS),
          DATABASE_URL: postgresUrl!,
          REDIS_URL: redisKey ? redisUrl! : '',
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          IMPORT_ON_START: 'false',
          LIVE_REPLAYS: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: 'inherit',
      }));
      const url = `http://127.0.0.1:${port}`;
      let exited = false;
      child.once('exit', () => (exited = true));
      for (let attempt = 0; ; attempt += 1) {
        if (attempt === 300 || exited) throw new Error('server did not start');
        if (await fetch(`${url}/healthz`).then((response) => response.ok, () => false)) break;
        await sleep(100);
      }
      return {
        pid: child.pid!,
        url,
        stop: async () => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        },
      };
    },
    nextRun: () => {
      const match = matches[runs++]!;
      if (match.balls.length < BALLS) throw new Error(`the bench match has ${match.balls.length} deliveries, fewer than balls=${BALLS}`);
      return {
        matchKey: match.key,
        sendBall: async (server, index) => {
          const started = performance.now();
          const response = await fetch(`${server.url}/user/v1/live/${match.key}/balls`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ sequence: index, innings: 1, ball: match.balls[index - 1] }),
          });
          const answer = await response.text();
          if (!response.ok) throw new Error(`ball ${index}: ${response.status} ${answer}`);
          return { answerMs: performance.now() - started };
        },
      };
    },
  };
}

type Heard = Record<string, Record<number, number[]>>;
interface Collected {
  heard: Heard;
  sampleHeard: Heard;
  /** Each event's frames on the wire: { [event]: { [sequence]: bytes } }. */
  sizes: Record<string, Record<number, number>>;
  boardsFailed: number;
  boardRenders: Record<number, number>;
}

/** The Scoreboard row's figures: fans fetching the tab body after each ball. */
interface BoardFigures {
  p50: number;
  p99: number;
  max: number;
  /** Fetches that never got the ball's version (3 tries) or failed. */
  failed: number;
  /** The server's renders of the tab body over the balls, and the most for one version. */
  renders: number;
  mostForOneVersion: number;
}

interface Row {
  kind: string;
  servers: number;
  pinned: boolean;
  bufferUtil: boolean;
  board: BoardFigures | null;
  /** The machine's load average (1 min) when the row started. */
  load: number;
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
  /** The server's answer to the ball (engine: the ingest POST; fan-out: its emits done), p50 and p99. */
  answer: [number, number];
  cpuPerBallMs: number;
  cpuPerBallRawMs: number;
  /** The load generators' CPU per ball: they share the machine with the servers. */
  clientCpuPerBallMs: number;
  memoryPerSocketKb: number;
  /** Each event's frames on the wire: { [event]: { [sequence]: bytes } }. */
  sizes: Record<string, Record<number, number>>;
  /** The last client's latency of each ball, in ball order. */
  slowestPerBall: number[];
  /** The first client's latency of each ball: the server's work before its push, plus one client's reading. */
  fastestPerBall: number[];
  /** Fan-out baseline: when the server had handed every socket the ball's 'commentory', from the ball sent. */
  writtenPerBall: number[] | null;
}

/** The k-th commentory sequence (in order) belongs to the k-th ball: latencies from that ball's sending, per ball. */
function latenciesByBall(heard: Heard, sentAt: readonly number[], event = 'commentory'): number[][] {
  const bySequence = heard[event] ?? {};
  const sequences = Object.keys(bySequence).map(Number).sort((a, b) => a - b);
  if (sequences.length > sentAt.length) throw new Error(`${sequences.length} commentory events for ${sentAt.length} balls`);
  return sequences.map((sequence, ball) => bySequence[sequence]!.map((at) => at - sentAt[ball]!));
}

function latencies(heard: Heard, sentAt: readonly number[], event = 'commentory'): number[] {
  return latenciesByBall(heard, sentAt, event).flat();
}

async function run(kind: Kind, serverCount: number, sockets: number, pinned: boolean, bufferUtil: boolean, board: boolean): Promise<Row> {
  const redisKey = serverCount > 1 ? uniqueChannel('bench-live') : null;
  const { matchKey, sendBall } = kind.nextRun();
  const servers: LiveServer[] = [];
  const clients: ChildProcess[] = [];
  const load = os.loadavg()[0]!;
  try {
    for (let index = 0; index < serverCount; index += 1) servers.push(await kind.start(redisKey, index, { bufferUtil, built: board }));
    for (let index = 0; index < CLIENT_PROCESSES; index += 1) clients.push(forkTs('live-clients.ts'));
    if (pinned) {
      for (const server of servers) pin(server.pid, SERVER_CPU);
      for (const client of clients) pin(client.pid!, GENERATOR_CPU);
    }
    const before = servers.map((server) => usage(server.pid));
    const opened = await Promise.all(
      clients.map((client, index) => {
        const answer = nextMessage<{ failed: number }>(client, 'opened');
        const boardHref = board ? tabBodyHref(matchKey, 'en', 'scoreboard', null) : undefined;
        client.send({ type: 'open', url: servers[index % serverCount]!.url, matchKey, sockets: sockets / CLIENT_PROCESSES, board: boardHref });
        return answer;
      }),
    );
    await sleep(SETTLE_MS);
    const settled = servers.map((server) => usage(server.pid));
    await sleep(IDLE_MS);
    const idle = servers.map((server) => usage(server.pid));
    const clientsIdle = clients.map((client) => usage(client.pid!));

    const sentAt: number[] = [];
    const answers: Promise<{ answerMs: number; commentoryWrittenAt?: number }>[] = [];
    const ballsStarted = performance.now();
    for (let ball = 1; ball <= BALLS; ball += 1) {
      sentAt.push(wallClock());
      answers.push(sendBall(servers[0]!, ball));
      // The next ball once this one is answered (a scorer's order), and not before the interval.
      await Promise.all([answers.at(-1), sleep(BALL_INTERVAL_MS)]);
    }
    const answered = await Promise.all(answers);
    const answerMs = answered.map((one) => one.answerMs);
    await sleep(1_000);
    const ballsMs = performance.now() - ballsStarted;
    const after = servers.map((server) => usage(server.pid));
    const clientsAfter = clients.map((client) => usage(client.pid!));

    const collected = await Promise.all(
      clients.map((client) => {
        const answer = nextMessage<Collected>(client, 'heard');
        client.send({ type: 'collect', events: BALLS, waitMs: DRAIN_WAIT_MS });
        return answer.then((message) => {
          const sequences = (one: Heard) => Object.keys(one.commentory ?? {}).sort().join();
          if (sequences(message.heard) !== sequences(message.sampleHeard)) {
            throw new Error(`bare clients read sequences ${sequences(message.heard)}, socket.io-client parsed ${sequences(message.sampleHeard)}`);
          }
          return message;
        });
      }),
    );
    const perClient = collected.map((one) => [...latencies(one.heard, sentAt), ...latencies(one.sampleHeard, sentAt)]);
    const boards = board ? collected.flatMap((one) => [...latencies(one.heard, sentAt, 'scoreboard'), ...latencies(one.sampleHeard, sentAt, 'scoreboard')]) : [];
    const rendersByVersion: Record<number, number> = {};
    for (const one of collected) for (const [version, count] of Object.entries(one.boardRenders)) rendersByVersion[Number(version)] = (rendersByVersion[Number(version)] ?? 0) + count;
    const renders = Object.values(rendersByVersion);
    const all = perClient.flat();
    const idleCpuMs = sum(idle.map((end, index) => end.cpuMs - settled[index]!.cpuMs));
    const ballsCpuMs = sum(after.map((end, index) => end.cpuMs - idle[index]!.cpuMs));
    const failedToConnect = sum(opened.map((answer) => answer.failed));
    return {
      kind: kind.name,
      servers: serverCount,
      pinned,
      bufferUtil,
      board: board
        ? {
            p50: percentile(boards, 50),
            p99: percentile(boards, 99),
            max: boards.reduce((largest, value) => Math.max(largest, value), 0),
            failed: sum(collected.map((one) => one.boardsFailed)),
            renders: sum(renders),
            mostForOneVersion: Math.max(0, ...renders),
          }
        : null,
      load,
      sockets,
      failedToConnect,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      sampleP99: percentile(
        collected.flatMap((one) => latencies(one.sampleHeard, sentAt)),
        99,
      ),
      max: all.reduce((largest, value) => Math.max(largest, value), 0),
      p99ByServer: servers.map((_, server) => percentile(perClient.filter((__, client) => client % serverCount === server).flat(), 99)),
      missed: BALLS * (sockets - failedToConnect) - all.length,
      answer: [percentile(answerMs, 50), percentile(answerMs, 99)],
      cpuPerBallRawMs: ballsCpuMs / BALLS,
      cpuPerBallMs: (ballsCpuMs - (idleCpuMs * ballsMs) / IDLE_MS) / BALLS,
      clientCpuPerBallMs: sum(clientsAfter.map((end, index) => end.cpuMs - clientsIdle[index]!.cpuMs)) / BALLS,
      memoryPerSocketKb: sum(settled.map((end, index) => end.rssBytes - before[index]!.rssBytes)) / 1024 / sockets,
      sizes: mergedSizes(collected.map((one) => one.sizes)),
      slowestPerBall: sentAt.map((_, ball) =>
        Math.max(...collected.flatMap((one) => [one.heard, one.sampleHeard].flatMap((heard) => latenciesByBall(heard, sentAt)[ball] ?? []))),
      ),
      fastestPerBall: sentAt.map((_, ball) =>
        Math.min(...collected.flatMap((one) => [one.heard, one.sampleHeard].flatMap((heard) => latenciesByBall(heard, sentAt)[ball] ?? []))),
      ),
      // One server only: with two on Redis the first's emit returns before the stream hands the event back to be written.
      writtenPerBall: serverCount === 1 && answered.every((one) => one.commentoryWrittenAt !== undefined)
        ? answered.map((one, ball) => one.commentoryWrittenAt! - sentAt[ball]!)
        : null,
    };
  } finally {
    for (const client of clients) client.send({ type: 'close' });
    await Promise.all(servers.map((server) => server.stop()));
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
/** The soft limit on open files this process (and the servers and generators it starts) has. */
function openFilesLimit(): string {
  return /Max open files\s+(\S+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? '?';
}
const loadAverage = () => os.loadavg().map((load) => load.toFixed(2)).join(' ');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'live-bench-'));

interface Plan {
  kind: Kind;
  servers: number;
  sockets: number;
  pinned: boolean;
  bufferUtil: boolean;
  board: boolean;
}
type Shape = Omit<Plan, 'kind' | 'bufferUtil' | 'board'>;
const plans: Plan[] = [];
const engineRows: Shape[] = [
  { servers: 1, sockets: 1_000, pinned: false },
  { servers: 1, sockets: 5_000, pinned: false },
  { servers: 1, sockets: 1_000, pinned: true },
  { servers: 1, sockets: 5_000, pinned: true },
  { servers: 2, sockets: 1_000, pinned: false },
  { servers: 2, sockets: 5_000, pinned: false },
  { servers: 2, sockets: 5_000, pinned: true },
];
const fanoutRows: Shape[] = [
  { servers: 1, sockets: 5_000, pinned: false },
  { servers: 1, sockets: 5_000, pinned: true },
  { servers: 2, sockets: 5_000, pinned: false },
];
const wanted = (kind: string, row: Shape) =>
  (picked.get('kind') ?? kind) === kind &&
  Number(picked.get('servers') ?? row.servers) === row.servers &&
  Number(picked.get('sockets') ?? row.sockets) === row.sockets &&
  (picked.get('cpus') ?? (row.pinned ? 'pinned' : 'shared')) === (row.pinned ? 'pinned' : 'shared');
const runnable = (kind: string) => (row: Shape) =>
  (row.servers === 1 || redisUrl !== null) && (!row.pinned || canPin) && wanted(kind, row);
if (!redisUrl) console.warn('TEST_REDIS_URL is not set: no two-process rows.');
if (!canPin) console.warn('taskset is not usable here (or one CPU): no pinned rows.');
const bufferUtils = BUFFER_UTIL === 'both' ? [true, false] : [BUFFER_UTIL === 'on'];
const fanout = fanoutKind();
if (STEP !== null || BOARD_ROW) {
  // One engine server, shared CPUs: the step-up's (a match per possible step) or the Scoreboard's.
  if (!postgresUrl) throw new Error('board= and stepup= measure the engine: TEST_DATABASE_URL is needed');
  if (BOARD_ROW && !existsSync(builtServer)) throw new Error(`board=1 runs the built server: no ${builtServer} (npm run build)`);
  const count = STEP !== null ? Math.floor(STEP_MAX / STEP) : 1;
  const { token, matches } = await prepareBenchMatches(postgresUrl, count * bufferUtils.length);
  const kind = engineKind(token, matches, dataDir);
  const sockets = Array.from({ length: count }, (_, step) => (STEP !== null ? STEP * (step + 1) : Number(picked.get('sockets') ?? 5_000)));
  for (const bufferUtil of bufferUtils) {
    plans.push(...sockets.map((n) => ({ kind, servers: 1, sockets: n, pinned: false, bufferUtil, board: BOARD_ROW })));
  }
} else {
  const engineWanted = postgresUrl ? engineRows.filter(runnable('engine')) : [];
  if (!postgresUrl) console.warn('TEST_DATABASE_URL is not set: fan-out rows only.');
  const engine = engineWanted.length > 0 ? await prepareBenchMatches(postgresUrl!, engineWanted.length * bufferUtils.length) : null;
  const kind = engine ? engineKind(engine.token, engine.matches, dataDir) : null;
  const fanoutWanted = fanoutRows.filter(runnable('fan-out'));
  // Rows of one shape side by side, engine then its bare Socket.IO baseline, for each setting.
  const key = (row: Shape) => `${row.servers}|${row.pinned}|${row.sockets}`;
  const shapes = [...new Map([...engineWanted, ...fanoutWanted].map((row) => [key(row), row])).values()];
  for (const shape of shapes) {
    for (const bufferUtil of bufferUtils) {
      if (kind && engineWanted.some((row) => key(row) === key(shape))) plans.push({ ...shape, kind, bufferUtil, board: false });
      if (fanoutWanted.some((row) => key(row) === key(shape))) plans.push({ ...shape, kind: fanout, bufferUtil, board: false });
    }
  }
}

const benchStarted = performance.now();
console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model}), Node ${process.version}, load average at the start ${loadAverage()}`);
console.log(`${BALLS} balls, one every ${BALL_INTERVAL_MS} ms; ${CLIENT_PROCESSES} client processes; pinned: servers on CPU ${SERVER_CPU}, load generators on CPU ${GENERATOR_CPU}; open files limit ${openFilesLimit()}\n`);
console.log(
  '| date | kind | servers | CPUs | sockets | load (1 min) | p50 | p99 (per server) | p99 / target | socket.io-client p99 | max | missed | server answer p50 / p99 | CPU per ball (raw) | memory per socket | load generator CPU per ball |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const rows: Row[] = [];
/** The step-up's rows stop at the first that passes the limit or leaves clients unconnected (per bufferutil setting). */
const steppedOut = new Set<boolean>();
try {
  for (const plan of plans) {
    if (STEP !== null && steppedOut.has(plan.bufferUtil)) continue;
    const row = await run(plan.kind, plan.servers, plan.sockets, plan.pinned, plan.bufferUtil, plan.board);
    rows.push(row);
    if (row.kind === 'engine') engineFrames = framesByBall(row.sizes);
    if (STEP !== null && (row.p99 > STEP_P99_LIMIT_MS || row.failedToConnect > 0)) steppedOut.add(plan.bufferUtil);
    const failed = row.failedToConnect > 0 ? ` (${row.failedToConnect} failed to connect)` : '';
    const perServer = row.servers > 1 ? ` (${row.p99ByServer.map(ms).join(' / ')})` : '';
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | ${row.kind}${row.bufferUtil ? '' : ', no bufferutil'} | ${row.servers} | ${row.pinned ? 'pinned' : 'shared'} | ${row.sockets.toLocaleString('en')}${failed} | ${row.load.toFixed(2)} | ` +
        `${ms(row.p50)} | ${ms(row.p99)}${perServer} | ${(row.p99 / P99_TARGET_MS).toFixed(2)} | ` +
        `${ms(row.sampleP99)} | ${ms(row.max)} | ${row.missed} | ${row.answer.map(ms).join(' / ')} | ${ms(row.cpuPerBallMs)} (${ms(row.cpuPerBallRawMs)}) | ` +
        `${row.memoryPerSocketKb.toFixed(1)} KB | ${ms(row.clientCpuPerBallMs)} |`,
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
// The engine against Socket.IO alone sending frames of the same sizes, rows of one shape and setting (issue 26: within 1.10x).
const baselineOf = (row: Row) =>
  rows.find((other) => other.kind === 'fan-out' && other.servers === row.servers && other.pinned === row.pinned && other.sockets === row.sockets && other.bufferUtil === row.bufferUtil);
for (const row of rows.filter((one) => one.kind === 'engine' && baselineOf(one))) {
  const baseline = baselineOf(row)!;
  console.log(
    `engine / Socket.IO alone, ${row.servers} server(s), ${row.pinned ? 'pinned' : 'shared'}, ${row.sockets.toLocaleString('en')}${row.bufferUtil ? '' : ', no bufferutil'}: ` +
      `p99 ${ms(row.p99)} / ${ms(baseline.p99)} = ${(row.p99 / baseline.p99).toFixed(2)}x (target 1.10x or less)`,
  );
}
const boardRows = rows.filter((row) => row.board !== null);
if (boardRows.length > 0) {
  console.log('\nScoreboard fans: from the ball sent to its scoreboard fetched and read whole (tab body at the ball\'s version, HTTP after the socket event):');
  console.log('| date | sockets (fans) | load (1 min) | scoreboard p50 | scoreboard p99 | max | fetches failed | server renders per ball | most renders of one version | event p99 |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const row of boardRows) {
    const board = row.board!;
    console.log(
      `| ${new Date().toISOString().slice(0, 10)} | ${row.sockets.toLocaleString('en')} | ${row.load.toFixed(2)} | ${ms(board.p50)} | ${ms(board.p99)} | ${ms(board.max)} | ${board.failed} | ` +
        `${(board.renders / BALLS).toFixed(2)} | ${board.mostForOneVersion} | ${ms(row.p99)} |`,
    );
  }
}
if (STEP !== null) {
  for (const bufferUtil of bufferUtils) {
    const stepped = rows.filter((row) => row.bufferUtil === bufferUtil);
    const held = stepped.filter((row) => row.p99 <= STEP_P99_LIMIT_MS && row.failedToConnect === 0).at(-1);
    const last = stepped.at(-1);
    const why = !last ? 'no rows' : last.p99 > STEP_P99_LIMIT_MS ? `p99 ${ms(last.p99)} at ${last.sockets.toLocaleString('en')}` : last.failedToConnect > 0 ? `${last.failedToConnect} clients failed to connect at ${last.sockets.toLocaleString('en')}` : `max=${STEP_MAX.toLocaleString('en')} reached`;
    console.log(`\nStep-up${bufferUtil ? '' : ' (no bufferutil)'}: one process held ${held ? held.sockets.toLocaleString('en') : 'none'} sockets with p99 <= ${STEP_P99_LIMIT_MS} ms at a ball every ${BALL_INTERVAL_MS / 1000} s; stopped: ${why}.`);
  }
}
// A ball is 1/BALLS of a row's values, so a few slow balls (the first, cold one above all) decide
// its p99: each row's balls, the last client to hear each, and how many were slower than the target.
console.log('\nThe last client to hear each ball (ms), ball 1 first:');
for (const row of rows) {
  const slow = row.slowestPerBall.filter((value) => value >= P99_TARGET_MS).length;
  console.log(
    `- ${row.kind}, ${row.servers} server(s), ${row.pinned ? 'pinned' : 'shared'}, ${row.sockets.toLocaleString('en')}: ` +
      `first ball ${ms(row.slowestPerBall[0]!)}, median ${ms(percentile(row.slowestPerBall, 50))}, ${slow} of ${BALLS} balls at ${P99_TARGET_MS} ms or more: ` +
      row.slowestPerBall.map((value) => value.toFixed(0)).join(' '),
  );
}
// Where a ball's time goes: the first client hears it about when the server starts its push; the
// fan-out baseline also says when its server had written the last socket's frame, so what lies
// between that and the last client is the load generators' reading.
console.log('\nThe first client to hear each ball (ms), ball 1 first:');
for (const row of rows) {
  console.log(`- ${row.kind}, ${row.servers} server(s), ${row.pinned ? 'pinned' : 'shared'}, ${row.sockets.toLocaleString('en')}: ${row.fastestPerBall.map((value) => value.toFixed(0)).join(' ')}`);
}
const written = rows.filter((row) => row.writtenPerBall !== null);
if (written.length > 0) console.log("\nThe fan-out server done writing each ball's 'commentory' to every socket (ms from the ball sent), ball 1 first:");
for (const row of written) {
  const values = row.writtenPerBall!;
  console.log(
    `- ${row.kind}, ${row.servers} server(s), ${row.pinned ? 'pinned' : 'shared'}, ${row.sockets.toLocaleString('en')}: ${values.map((value) => value.toFixed(0)).join(' ')} ` +
      `(p50 ${ms(percentile(values, 50))}; last client p50 ${ms(percentile(row.slowestPerBall, 50))})`,
  );
}
// The fan-out row sends the engine's frames ball by ball: both rows' figures should match.
for (const kindName of ['engine', 'fan-out']) {
  const sizes = rows.find((row) => row.kind === kindName)?.sizes;
  if (!sizes) continue;
  const figures = Object.entries(sizes).map(([event, bySequence]) => {
    const bytes = Object.values(bySequence);
    return `${event} ${Math.min(...bytes)}-${Math.max(...bytes)} (total ${sum(bytes).toLocaleString('en')})`;
  });
  console.log(`${kindName === 'engine' ? '\n' : ''}Events heard from the ${kindName} row, bytes on the wire: ${figures.join(', ')}`);
}
console.log(`Load average at the end ${loadAverage()}; ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);
const missed = sum(rows.map((row) => row.missed));
const verdictRows = rows.filter((row) => row.kind === 'engine' && row.sockets === 5_000);
for (const row of verdictRows) {
  const what = `engine, ${row.servers} server${row.servers > 1 ? 's' : ''}, ${row.pinned ? 'pinned' : 'shared CPUs'}`;
  console.log(`p99 at 5,000 sockets, ${what}: ${ms(row.p99)} (target < ${P99_TARGET_MS} ms: ${row.p99 < P99_TARGET_MS ? 'met' : 'NOT met'})`);
}
const met = verdictRows.length > 0 && verdictRows.every((row) => row.p99 < P99_TARGET_MS);
console.log(`Target p99 < ${P99_TARGET_MS} ms at 5,000 sockets: ${met ? 'PASS' : 'FAIL'} in ${verdictRows.filter((row) => row.p99 < P99_TARGET_MS).length} of ${verdictRows.length} engine rows; events missed: ${missed}`);
if (!met || missed > 0) process.exitCode = 1;
