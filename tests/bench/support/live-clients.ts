// A load generator of npm run bench:live, forked by it: opens many clients to one server, each
// subscribed to one match, and notes when each one hears each event of that match (by its
// sequence number). Driven over IPC:
//   { type: 'open', url, matchKey, sockets, board? } -> { type: 'opened', failed }; with board (a
//     path and query: a live page's tab body, tab-body.astro), each client is a fan on the
//     Scoreboard tab: it loads the tab body once when it connects (a browser's page load, which
//     leaves it a keep-alive connection to the server), then on each 'commentory' fetches
//     board&v=<sequence> on that connection as the island does (again after 500 ms, up to 3
//     times, while the answer is behind the version asked), decompresses it, and
//     notes when the answer was read whole, as the event 'scoreboard', and how many of its answers
//     the server rendered (x-page-cache: render; page-cache.ts)
//   { type: 'collect', events, waitMs } -> { type: 'heard', heard, sampleHeard, sizes, boardsFailed, boardRenders } (and forgets
//     them) once each open client heard `events` 'commentory' events, or after waitMs; the first two
//     { [event]: { [sequence]: number[] } }, sizes each event's frame on the wire { [event]: { [sequence]: bytes } }
//   { type: 'close' } -> exits
// Times are performance.timeOrigin + performance.now(): milliseconds on the machine's clock, which
// the controller and the server processes share.
// A fan's device spends its own CPU on each event; here thousands of clients share two cores with
// the server, and what the generator spends is taken from the server. So SAMPLE_CLIENTS per
// process, spread among the others, are real socket.io-client clients that parse every event
// whole (the bench checks they heard the same sequences), and the others are lean: a bare TCP
// socket speaking just enough WebSocket (RFC 6455) and Engine.IO/Socket.IO to connect, subscribe,
// answer pings and read an event's name and sequence from the first bytes of its frame; the rest
// of the frame is skipped, never copied nor decoded. The server does the same work for both kinds.
// Lean clients connect from LOCAL_ADDRESSES in turn (all loopback on Linux): one source address
// has about 28,000 ports to connect from to one server port, and the step-up row goes past it.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { io as connectClient } from 'socket.io-client';

type Command =
  | { type: 'open'; url: string; matchKey: string; sockets: number; board?: string }
  | { type: 'collect'; events: number; waitMs: number }
  | { type: 'close' };
type Heard = Record<string, Record<number, number[]>>;

const SAMPLE_CLIENTS = 20;
const OPENED_AT_ONCE = 100;
const EVENTS = ['commentory', 'score'] as const;
const wallClock = () => performance.timeOrigin + performance.now();

const LOCAL_ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];
const BOARD_TRIES = 3;
const BOARD_RETRY_MS = 500;
const BOARD_SEQUENCE = /data-sequence="(\d+)"/;

const closers: (() => void)[] = [];
let opened = 0;
let leanOpened = 0;
/** The Scoreboard fans' tab body address (url and path), when the clients are such fans. */
let board: string | null = null;
/** Scoreboard fetches not yet answered. */
let boardsPending = 0;
let boardsFailed = 0;
/** Answers the server rendered for them (not from memory, nor waiting for another's render), by version asked. */
let boardRenders: Record<number, number> = {};
let heard: Heard = {};
let sampleHeard: Heard = {};
let sizes: Record<string, Record<number, number>> = {};

function note(into: Heard, event: string, sequence: unknown, at: number, fan: http.Agent | null): void {
  if (typeof sequence !== 'number' || Number.isNaN(sequence)) return;
  ((into[event] ??= {})[sequence] ??= []).push(at);
  if (event === 'commentory' && fan) void fetchBoard(into, sequence, fan);
}

/** A GET of a page on the fan's own connection, decompressed as a browser does. */
function get(url: string, fan: http.Agent): Promise<{ ok: boolean; made: string | undefined; html: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: fan, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const coding = response.headers['content-encoding'];
        const html = (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString();
        const made = response.headers['x-page-cache'];
        resolve({ ok: response.statusCode === 200, made: typeof made === 'string' ? made : undefined, html });
      });
    });
    request.on('error', reject);
  });
}

/** A Scoreboard fan's own keep-alive connection, opened by a first load of the tab body; null when the clients are not such fans. */
async function boardFan(localAddress: string | undefined): Promise<http.Agent | null> {
  if (!board) return null;
  const fan = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress });
  closers.push(() => fan.destroy());
  await get(board, fan);
  return fan;
}

/** A Scoreboard fan after an event: the tab body at its version, as the island asks for it. */
async function fetchBoard(into: Heard, sequence: number, fan: http.Agent): Promise<void> {
  boardsPending += 1;
  try {
    for (let tries = 0; tries < BOARD_TRIES; tries += 1) {
      const { ok, made, html } = await get(`${board}&v=${sequence}`, fan);
      if (made === 'render') boardRenders[sequence] = (boardRenders[sequence] ?? 0) + 1;
      if (ok && Number(BOARD_SEQUENCE.exec(html)?.[1] ?? -1) >= sequence) {
        ((into.scoreboard ??= {})[sequence] ??= []).push(wallClock());
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, BOARD_RETRY_MS));
    }
    boardsFailed += 1;
  } catch {
    boardsFailed += 1;
  } finally {
    boardsPending -= 1;
  }
}

/** A socket.io-client client that parses each event whole. */
function openSample(url: string, matchKey: string): Promise<boolean> {
  const socket = connectClient(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 30_000 });
  closers.push(() => socket.disconnect());
  let fan: http.Agent | null = null;
  for (const event of EVENTS) socket.on(event, (payload: { sequence?: unknown }) => note(sampleHeard, event, payload.sequence, wallClock(), fan));
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.emit('sub', { match_key: matchKey });
      void boardFan(undefined).then((agent) => {
        fan = agent;
        resolve(true);
      }, () => resolve(false));
    });
    socket.once('connect_error', () => resolve(false));
  });
}

// Engine.IO packets: '0' open, '2' ping, '3' pong, '4' message; a Socket.IO packet follows a '4':
// '0' connect, '2' event, '4' connect error. An event's payload starts with its own header
// ({"match_key":…,"sequence":…}), so its first bytes hold all the generator reads.
const EVENT_PACKET = Buffer.from('42["');
const SEQUENCE_FIELD = Buffer.from('"sequence":');
const QUOTE = 0x22;
const DIGIT_0 = 0x30;
/** Bytes of an event frame's payload read (or all of a shorter one). */
const HEAD_BYTES = 160;
const OPCODE_TEXT = 0x1;
const OPCODE_CLOSE = 0x8;

/** A client's text frame: FIN, masked (as RFC 6455 requires of clients) with a zero key, so the payload goes as is. */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('client frames here are short');
  return Buffer.concat([Buffer.from([0x80 | OPCODE_TEXT, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}
const PONG = clientFrame('3');
const CONNECT = clientFrame('40');

/** The sequence in an event frame's first bytes. */
function sequenceOf(head: Buffer): number {
  let at = head.indexOf(SEQUENCE_FIELD);
  if (at < 0) return NaN;
  let sequence = 0;
  for (at += SEQUENCE_FIELD.length; at < head.length && head[at]! >= DIGIT_0 && head[at]! <= DIGIT_0 + 9; at += 1) {
    sequence = sequence * 10 + head[at]! - DIGIT_0;
  }
  return sequence;
}

/** A lean client over a bare TCP socket: upgrades, connects to the main namespace, subscribes, answers pings, notes events. */
function openLean(url: string, matchKey: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const localAddress = LOCAL_ADDRESSES[leanOpened++ % LOCAL_ADDRESSES.length];
  const socket = net.connect({ host: hostname, port: Number(port), noDelay: true, localAddress });
  closers.push(() => socket.destroy());
  const subscribe = clientFrame(`42${JSON.stringify(['sub', { match_key: matchKey }])}`);
  let fan: http.Agent | null = null;
  return new Promise((resolve) => {
    let upgraded = false;
    /** Bytes kept from earlier chunks: a frame's start not yet long enough to read. */
    let pending: Buffer | null = null;
    /** Payload bytes of the current frame still to skip. */
    let skip = 0;
    const onText = (payload: Buffer) => {
      if (payload.subarray(0, EVENT_PACKET.length).equals(EVENT_PACKET)) {
        const at = wallClock();
        const event = payload.toString('latin1', EVENT_PACKET.length, payload.indexOf(QUOTE, EVENT_PACKET.length));
        note(heard, event, sequenceOf(payload), at, fan);
        return;
      }
      const text = payload.toString();
      if (text === '2') socket.write(PONG);
      else if (text.startsWith('0')) socket.write(CONNECT);
      else if (text.startsWith('40')) {
        socket.write(subscribe);
        void boardFan(localAddress).then((agent) => {
          fan = agent;
          resolve(true);
        }, () => resolve(false));
      } else if (text.startsWith('44')) resolve(false);
    };
    socket.on('connect', () => {
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      const data = pending ? Buffer.concat([pending, chunk]) : chunk;
      pending = null;
      let at = 0;
      if (!upgraded) {
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) {
          pending = data;
          return;
        }
        if (!data.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
          socket.destroy();
          resolve(false);
          return;
        }
        upgraded = true;
        at = end + 4;
      }
      while (at < data.length) {
        if (skip > 0) {
          const skipped = Math.min(skip, data.length - at);
          skip -= skipped;
          at += skipped;
          continue;
        }
        // A frame starts here: 2 header bytes, 2 or 8 more for a longer length (servers do not mask).
        const available = data.length - at;
        if (available < 2) break;
        const opcode = data[at]! & 0x0f;
        let length = data[at + 1]! & 0x7f;
        let header = 2;
        if (length === 126) header = 4;
        else if (length === 127) header = 10;
        if (available < header) break;
        if (length === 126) length = data.readUInt16BE(at + 2);
        else if (length === 127) length = data.readUInt32BE(at + 6);
        const head = Math.min(length, HEAD_BYTES);
        if (available < header + head) break;
        if (opcode === OPCODE_TEXT) {
          const start = at + header;
          const payload = data.subarray(start, start + head);
          if (payload.subarray(0, EVENT_PACKET.length).equals(EVENT_PACKET)) {
            const event = payload.toString('latin1', EVENT_PACKET.length, payload.indexOf(QUOTE, EVENT_PACKET.length));
            const sequence = sequenceOf(payload);
            if (!Number.isNaN(sequence)) {
              const bySequence = (sizes[event] ??= {});
              bySequence[sequence] = Math.max(bySequence[sequence] ?? 0, header + length);
            }
          }
          onText(payload);
        } else if (opcode === OPCODE_CLOSE) {
          socket.destroy();
          resolve(false);
          return;
        }
        at += header;
        skip = length;
      }
      // A copy: the chunk itself is not kept for a few bytes of it.
      if (at < data.length) pending = Buffer.from(data.subarray(at));
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

process.on('message', async (command: Command) => {
  if (command.type === 'open') {
    board = command.board ? new URL(command.board, command.url).href : null;
    let failed = 0;
    const sampleEvery = Math.max(1, Math.floor(command.sockets / SAMPLE_CLIENTS));
    for (let index = 0; index < command.sockets; index += OPENED_AT_ONCE) {
      const batch = Array.from({ length: Math.min(OPENED_AT_ONCE, command.sockets - index) }, (_, offset) =>
        (index + offset) % sampleEvery === 0 ? openSample(command.url, command.matchKey) : openLean(command.url, command.matchKey),
      );
      failed += (await Promise.all(batch)).filter((ok) => !ok).length;
    }
    opened += command.sockets - failed;
    process.send!({ type: 'opened', failed });
  } else if (command.type === 'collect') {
    // A loaded machine may still be delivering the last balls: wait for them, not for ever.
    const count = () =>
      [heard, sampleHeard].reduce((total, one) => total + Object.values(one.commentory ?? {}).reduce((sum, times) => sum + times.length, 0), 0);
    const until = performance.now() + command.waitMs;
    while ((count() < command.events * opened || boardsPending > 0) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    process.send!({ type: 'heard', heard, sampleHeard, sizes, boardsFailed: boardsFailed + boardsPending, boardRenders });
    boardsFailed = 0;
    boardRenders = {};
    heard = {};
    sampleHeard = {};
    sizes = {};
  } else {
    for (const close of closers) close();
    process.disconnect();
  }
});
