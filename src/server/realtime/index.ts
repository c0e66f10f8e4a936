// Socket.IO on the HTTP server's port. A client emits 'sub' with a match_key and joins
// that match's room; live 'score' and 'commentory' events are emitted to the room. With
// REDIS_URL, rooms span processes (the Redis adapter): an emit in one process reaches the
// room's clients connected to any other.
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { z } from 'zod';
import type { Logger } from 'pino';

const matchKey = z.string().trim().min(1).max(64);

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
  return {
    io,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
