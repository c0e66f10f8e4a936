// Socket.IO on the HTTP server's port. A client emits 'sub' with a match_key and joins
// that match's room; live 'score' and 'commentory' events are emitted to the room.
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Logger } from 'pino';
import { subscription } from '../api/schemas/realtime.ts';

/** The match key of a 'sub' or 'unsub' payload ('1455615' or { match_key: '1455615' }), or null. */
function subscribedKey(payload: unknown): string | null {
  const parsed = subscription.safeParse(payload);
  if (!parsed.success) return null;
  return typeof parsed.data === 'string' ? parsed.data : parsed.data.match_key;
}

export function matchRoom(key: string): string {
  return `match:${key}`;
}

export function attachRealtime(server: HttpServer, logger: Logger): Server {
  const io = new Server(server, { serveClient: false, cors: { origin: true } });
  io.on('connection', (socket) => {
    socket.on('sub', async (payload: unknown) => {
      const key = subscribedKey(payload);
      if (key === null) {
        socket.emit('error_message', { status: false, message: 'sub needs a match_key', errMsg: 'sub needs a match_key' });
        return;
      }
      await socket.join(matchRoom(key));
      logger.debug({ socket: socket.id, match_key: key }, 'subscribed');
    });
    socket.on('unsub', async (payload: unknown) => {
      const key = subscribedKey(payload);
      if (key !== null) await socket.leave(matchRoom(key));
    });
  });
  return io;
}
