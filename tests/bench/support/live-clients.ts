// A load generator of npm run bench:live, forked by it: opens many clients to one server, each
// subscribed to one match, and notes when each one hears each event of that match (by its
// sequence number). Driven over IPC:
//   { type: 'open', url, matchKey, sockets } -> { type: 'opened', failed }
//   { type: 'collect' } -> { type: 'heard', heard, sampleHeard, sizes } (and forgets them), the first
//     two { [event]: { [sequence]: number[] } }, sizes the largest frame of each event
//   { type: 'close' } -> exits
// Times are performance.timeOrigin + performance.now(): milliseconds on the machine's clock, which
// the controller and the server processes share.
// A fan's device spends its own CPU on each event; here thousands of clients share two cores with
// the server. So SAMPLE_CLIENTS per process, spread among the others, are real socket.io-client
// clients that parse every event whole, and the others speak the Engine.IO/Socket.IO protocol over a bare WebSocket and read
// only the event's name and sequence: the server does the same work for both kinds.
import { io as connectClient } from 'socket.io-client';
import WebSocket from 'ws';

type Command =
  | { type: 'open'; url: string; matchKey: string; sockets: number }
  | { type: 'collect' }
  | { type: 'close' };
type Heard = Record<string, Record<number, number[]>>;

const SAMPLE_CLIENTS = 20;
const OPENED_AT_ONCE = 100;
const EVENTS = ['commentory', 'score'] as const;
const SEQUENCE_FIELD = Buffer.from('"sequence":');
const wallClock = () => performance.timeOrigin + performance.now();

const closers: (() => void)[] = [];
let heard: Heard = {};
let sampleHeard: Heard = {};
let sizes: Record<string, number> = {};

function note(into: Heard, event: string, sequence: unknown, at: number): void {
  if (typeof sequence !== 'number' || Number.isNaN(sequence)) return;
  ((into[event] ??= {})[sequence] ??= []).push(at);
}

/** A socket.io-client client that parses each event whole. */
function openSample(url: string, matchKey: string): Promise<boolean> {
  const socket = connectClient(url, { transports: ['websocket'], reconnection: false, forceNew: true, timeout: 30_000 });
  closers.push(() => socket.disconnect());
  for (const event of EVENTS) socket.on(event, (payload: { sequence?: unknown }) => note(sampleHeard, event, payload.sequence, wallClock()));
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.emit('sub', { match_key: matchKey });
      resolve(true);
    });
    socket.once('connect_error', () => resolve(false));
  });
}

// Engine.IO packets: '0' open, '2' ping, '3' pong, '4' message; a Socket.IO packet follows a '4':
// '0' connect, '2' event, '4' connect error.
const EVENT_PACKET = Buffer.from('42["');
const QUOTE = 0x22;
const DIGIT_0 = 0x30;

/** The first "sequence": number of an event frame, read from its bytes (an event's own comes first). */
function sequenceOf(frame: Buffer): number {
  let at = frame.indexOf(SEQUENCE_FIELD);
  if (at < 0) return NaN;
  let sequence = 0;
  for (at += SEQUENCE_FIELD.length; at < frame.length && frame[at]! >= DIGIT_0 && frame[at]! <= DIGIT_0 + 9; at += 1) {
    sequence = sequence * 10 + frame[at]! - DIGIT_0;
  }
  return sequence;
}

/** A bare WebSocket client: connects to the main namespace, subscribes, answers pings, notes events. */
function openWire(url: string, matchKey: string): Promise<boolean> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });
  closers.push(() => socket.close());
  return new Promise((resolve) => {
    socket.on('message', (frame: Buffer) => {
      if (frame.subarray(0, EVENT_PACKET.length).equals(EVENT_PACKET)) {
        const at = wallClock();
        const event = frame.toString('latin1', EVENT_PACKET.length, frame.indexOf(QUOTE, EVENT_PACKET.length));
        note(heard, event, sequenceOf(frame), at);
        sizes[event] = Math.max(sizes[event] ?? 0, frame.length);
        return;
      }
      const text = frame.toString();
      if (text === '2') socket.send('3');
      else if (text.startsWith('0')) socket.send('40');
      else if (text.startsWith('40')) {
        socket.send(`42${JSON.stringify(['sub', { match_key: matchKey }])}`);
        resolve(true);
      } else if (text.startsWith('44')) resolve(false);
    });
    socket.on('error', () => resolve(false));
  });
}

process.on('message', async (command: Command) => {
  if (command.type === 'open') {
    let failed = 0;
    const sampleEvery = Math.max(1, Math.floor(command.sockets / SAMPLE_CLIENTS));
    for (let index = 0; index < command.sockets; index += OPENED_AT_ONCE) {
      const batch = Array.from({ length: Math.min(OPENED_AT_ONCE, command.sockets - index) }, (_, offset) =>
        (index + offset) % sampleEvery === 0 ? openSample(command.url, command.matchKey) : openWire(command.url, command.matchKey),
      );
      failed += (await Promise.all(batch)).filter((ok) => !ok).length;
    }
    process.send!({ type: 'opened', failed });
  } else if (command.type === 'collect') {
    process.send!({ type: 'heard', heard, sampleHeard, sizes });
    heard = {};
    sampleHeard = {};
    sizes = {};
  } else {
    for (const close of closers) close();
    process.disconnect();
  }
});
