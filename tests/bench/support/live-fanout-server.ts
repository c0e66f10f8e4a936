// The fan-out baseline of npm run bench:live, forked by it: Socket.IO alone (attachRealtime, on
// Redis when given) with no database and no engine. On { type: 'emit', matchKey, sequence,
// commentoryBytes?, scoreBytes? } it emits 'commentory' then 'score' to the match's room, each frame
// of the wire size given for that ball (the engine's frames of the same ball, heard by the clients
// in the engine's row), or bodies of the sizes given at the start; the gap between this and the
// engine is the cost of writing a ball.
// Argument: JSON { port, redisUrl?, redisKey?, commentoryBytes, scoreBytes }; answers { type: 'ready', port },
// and { type: 'emitted', sequence, commentoryWrittenAt } after each emit (when the last socket was
// handed its 'commentory' frame, on the machine's clock).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { attachRealtime, matchRoom } from '../../../src/server/realtime/index.ts';

interface Options {
  port: number;
  redisUrl?: string;
  redisKey?: string;
  commentoryBytes: number;
  scoreBytes: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as Options;
const http = createServer();
// The bench's clients all come from loopback: let them, as its engine servers do.
const realtime = await attachRealtime(http, pino({ level: 'warn' }), {
  socketsPerAddress: 1_000_000,
  ...(options.redisUrl ? { redisUrl: options.redisUrl, redisKey: options.redisKey } : {}),
});
await new Promise<void>((resolve) => http.listen(options.port, '127.0.0.1', resolve));
process.send!({ type: 'ready', port: (http.address() as AddressInfo).port });

// The bodies' size, not their content, is what costs: one string of that many characters.
const body = (bytes: number) => 'x'.repeat(bytes);
/** An event whose WebSocket frame is `wireBytes` long (header, Socket.IO packet and JSON included), when it can be. */
function framed(event: string, matchKey: string, sequence: number, wireBytes: number | undefined, bodyBytes: number) {
  const payload = { match_key: matchKey, sequence, body: '' };
  if (wireBytes === undefined) return { ...payload, body: body(bodyBytes) };
  const packet = Buffer.byteLength(`42${JSON.stringify([event, payload])}`);
  const header = wireBytes - 4 > 125 ? 4 : 2;
  return { ...payload, body: body(Math.max(0, wireBytes - header - packet)) };
}
const wallClock = () => performance.timeOrigin + performance.now();

type Command = { type: 'emit'; matchKey: string; sequence: number; commentoryBytes?: number; scoreBytes?: number } | { type: 'close' };
process.on('message', (command: Command) => {
  if (command.type === 'emit') {
    const room = realtime.io.to(matchRoom(command.matchKey));
    room.emit('commentory', framed('commentory', command.matchKey, command.sequence, command.commentoryBytes, options.commentoryBytes));
    // When the server has handed the last socket its 'commentory' frame (the kernel has it).
    const commentoryWrittenAt = wallClock();
    room.emit('score', framed('score', command.matchKey, command.sequence + 1, command.scoreBytes, options.scoreBytes));
    // Answered once both are written, as the engine answers a ball's POST after its pushes.
    process.send!({ type: 'emitted', sequence: command.sequence, commentoryWrittenAt });
  } else {
    void realtime.close().then(() => {
      http.close();
      process.disconnect();
    });
  }
});
