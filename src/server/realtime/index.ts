// Socket.IO on the HTTP server's port. A client emits 'sub' with a match_key and joins
// that match's room; live 'score' and 'commentory' events are emitted to the room.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { Logger } from 'pino';

const matchKey = z.string().trim().min(1).max(64);

export function matchRoom(key: string): string {
  return `match:${key}`;
}

export function attachRealtime(server: HttpServer, logger: Logger): Server {
  const io = new Server(server, { serveClient: false, cors: { origin: true } });
  io.on('connection', (socket) => {
    socket.on('sub', async (payload: unknown) => {
      const key = matchKey.safeParse(typeof payload === 'object' && payload !== null ? (payload as { match_key?: unknown }).match_key : payload);
      if (!key.success) {
        socket.emit('error_message', { status: false, message: 'sub needs a match_key', errMsg: 'sub needs a match_key' });
        return;
      }
      await socket.join(matchRoom(key.data));
      logger.debug({ socket: socket.id, match_key: key.data }, 'subscribed');
    });
    socket.on('unsub', async (payload: unknown) => {
      const key = matchKey.safeParse(typeof payload === 'object' && payload !== null ? (payload as { match_key?: unknown }).match_key : payload);
      if (key.success) await socket.leave(matchRoom(key.data));
    });
  });
  return io;
}
