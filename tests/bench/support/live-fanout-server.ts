// The fan-out baseline of npm run bench:live, forked by it: Socket.IO alone (attachRealtime, on
// Redis when given) with no database and no engine. On { type: 'emit', matchKey, sequence } it
// emits 'commentory' then 'score' to the match's room, with bodies of the given sizes, which is what
// the live engine sends per ball; the gap between this and the engine is the cost of writing a ball.
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
const wallClock = () => performance.timeOrigin + performance.now();

process.on('message', (command: { type: 'emit'; matchKey: string; sequence: number } | { type: 'close' }) => {
  if (command.type === 'emit') {
    const room = realtime.io.to(matchRoom(command.matchKey));
    room.emit('commentory', { match_key: command.matchKey, sequence: command.sequence, body: body(options.commentoryBytes) });
    // When the server has handed the last socket its 'commentory' frame (the kernel has it).
    const commentoryWrittenAt = wallClock();
    room.emit('score', { match_key: command.matchKey, sequence: command.sequence + 1, body: body(options.scoreBytes) });
    // Answered once both are written, as the engine answers a ball's POST after its pushes.
    process.send!({ type: 'emitted', sequence: command.sequence, commentoryWrittenAt });
  } else {
    void realtime.close().then(() => {
      http.close();
      process.disconnect();
    });
  }
});
