// Socket.IO on the HTTP server's port. A client emits 'sub' with a match_key and joins
// that match's room; live 'score' and 'commentory' events are emitted to the room. With
// REDIS_URL, rooms span processes (the Redis adapter): an emit in one process reaches the
// room's clients connected to any other.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
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

export interface RealtimeOptions {
  /** Rooms across processes through this Redis server. */
  redisUrl?: string | undefined;
  /** Prefix of the adapter's Redis channels (default 'socket.io'); tests give their own. */
  redisKey?: string;
}

export interface Realtime {
  readonly io: Server;
  /** Drops the connected sockets, stops Socket.IO and its Redis connections. */
  close(): Promise<void>;
}

export async function attachRealtime(server: HttpServer, logger: Logger, options: RealtimeOptions = {}): Promise<Realtime> {
  const io = new Server(server, { serveClient: false, cors: { origin: true } });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    // A subscribed connection cannot publish: the adapter takes one of each.
    const publisher = new Redis(options.redisUrl, { lazyConnect: true });
    const subscriber = publisher.duplicate();
    redisClients.push(publisher, subscriber);
    for (const client of redisClients) {
      client.on('error', (error: Error) => logger.warn({ err: error }, 'Socket.IO Redis adapter: connection error'));
    }
    await Promise.all(redisClients.map((client) => client.connect()));
    io.adapter(createAdapter(publisher, subscriber, options.redisKey ? { key: options.redisKey } : {}));
  }
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
  return {
    io,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
