// Socket.IO on the HTTP server's port. A client emits 'sub' with a match_key and joins
// that match's room; live 'score' and 'commentory' events are emitted to the room. 'sub_home'
// joins the home list's room ('card' events); 'catchup' { match_key, after_sequence } is
// answered with the match's events after that sequence, each emitted again as itself. With
// REDIS_URL, rooms span processes (the Redis adapter): an emit in one process reaches the
// room's clients connected to any other.
// Browsers may connect only from the site's own origin; a socket that brings a session (the
// crease_session cookie, or auth: { token } from an app) knows its user (docs/decisions/021).
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type DefaultEventsMap } from 'socket.io';
import type { Logger } from 'pino';
import { z } from 'zod';
import { catchUpRequest, subscription } from '../api/schemas/realtime.ts';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.ts';
import { addressedOrigin } from '../auth/csrf.ts';
import type { Role } from '../auth/index.ts';

/** The match key of a 'sub' or 'unsub' payload ('1455615' or { match_key: '1455615' }), or null. */
function subscribedKey(payload: unknown): string | null {
  const parsed = subscription.safeParse(payload);
  if (!parsed.success) return null;
  return typeof parsed.data === 'string' ? parsed.data : parsed.data.match_key;
}

export function matchRoom(key: string): string {
  return `match:${key}`;
}

/** The room of the home list's live cards. */
export const HOME_ROOM = 'home';

/** An event as a catching-up client is sent it again (the live engine's log). */
export interface ReplayedEvent {
  event: 'score' | 'commentory';
  payload: unknown;
}

/** Who a socket is, kept in socket.data.user; null for a visitor. */
export interface SocketUser {
  id: string;
  role: Role;
}

export interface SocketData {
  user: SocketUser | null;
}

export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export const NOT_SIGNED_IN = 'Please log in first.';
export const FOREIGN_ORIGIN = 'Origin not allowed';
// Clients only send 'sub' and 'unsub' with a match key: a small frame is plenty.
const MAX_MESSAGE_BYTES = 16 * 1024;

const handshakeToken = z.string().min(1).max(512);

/** The session token a handshake brings: auth.token (apps), else the session cookie (the site). */
function sessionToken(auth: unknown, cookieHeader: string | undefined): { token: string | null; explicit: boolean } {
  const given = (auth as { token?: unknown } | undefined)?.token;
  if (given !== undefined) {
    const parsed = handshakeToken.safeParse(given);
    return { token: parsed.success ? parsed.data : null, explicit: true };
  }
  const cookie = readCookie(cookieHeader, SESSION_COOKIE);
  const parsed = handshakeToken.safeParse(cookie);
  return { token: parsed.success ? parsed.data : null, explicit: false };
}

/**
 * A browser page on another site always sends its Origin; so does every WebSocket handshake
 * from a browser. No Origin is a same-origin polling request or a client that is not a browser,
 * which an origin check could not stop anyway: it is let in.
 */
function originAllowed(req: IncomingMessage, allowed: readonly string[], originFromHost: boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined || allowed.includes(origin)) return true;
  return originFromHost && origin === addressedOrigin(req.headers.host, 'encrypted' in req.socket && req.socket.encrypted === true);
}

export interface RealtimeOptions {
  /** Origins whose pages may connect (the site's own, PUBLIC_ORIGIN); any origin when not given. */
  allowedOrigins?: readonly string[];
  /** PUBLIC_ORIGIN was not set: a page from the origin the handshake is addressed to may connect too. */
  originFromHost?: boolean;
  /** Resolves a session token to its user; without it every socket is a visitor. */
  resolveUser?: (token: string) => Promise<SocketUser | null>;
  /** Headers (src/server/http/security-headers.ts) on Socket.IO's own HTTP answers. */
  headers?: readonly (readonly [string, string])[];
  /** Rooms across processes through this Redis server. */
  redisUrl?: string | undefined;
  /** Prefix of the adapter's Redis channels (default 'socket.io'); tests give their own. */
  redisKey?: string;
  /** A match's events after a sequence, oldest first (the live engine's eventsSince). */
  catchUp?: (matchKey: string, afterSequence: number) => Promise<ReplayedEvent[]>;
}

export interface Realtime {
  readonly io: RealtimeServer;
  /** Drops the connected sockets, stops Socket.IO and its Redis connections. */
  close(): Promise<void>;
}

export async function attachRealtime(server: HttpServer, logger: Logger, options: RealtimeOptions = {}): Promise<Realtime> {
  const allowedOrigins = options.allowedOrigins;
  const io: RealtimeServer = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // Same origin only: no CORS headers are needed or sent.
    allowRequest: (req, callback) => {
      if (!allowedOrigins || originAllowed(req, allowedOrigins, options.originFromHost ?? false)) callback(null, true);
      else callback(FOREIGN_ORIGIN, false);
    },
  });
  const addHeaders = (headers: Record<string, string>) => {
    for (const [name, value] of options.headers ?? []) headers[name] = value;
  };
  io.engine.on('initial_headers', addHeaders);
  io.engine.on('headers', addHeaders);
  io.use((socket, next) => {
    const { token, explicit } = sessionToken(socket.handshake.auth, socket.handshake.headers.cookie);
    socket.data.user = null;
    if (token === null || !options.resolveUser) {
      // A malformed token an app sent itself is refused; an odd cookie is a visitor.
      next(explicit && options.resolveUser ? new Error(NOT_SIGNED_IN) : undefined);
      return;
    }
    options.resolveUser(token).then(
      (user) => {
        socket.data.user = user ? { id: user.id, role: user.role } : null;
        // An app that names a session that is over (expired, revoked) learns it at once.
        next(explicit && !user ? new Error(NOT_SIGNED_IN) : undefined);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'Socket.IO: the session could not be resolved');
        next(new Error('Something went wrong on our side. Please try again.'));
      },
    );
  });
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
    socket.on('sub_home', async () => {
      await socket.join(HOME_ROOM);
    });
    socket.on('catchup', async (payload: unknown) => {
      const parsed = catchUpRequest.safeParse(payload);
      if (!parsed.success || !options.catchUp) {
        const message = 'catchup needs a match_key and an after_sequence';
        socket.emit('error_message', { status: false, message, errMsg: message });
        return;
      }
      try {
        const events = await options.catchUp(parsed.data.match_key, parsed.data.after_sequence);
        for (const { event, payload: sent } of events) socket.emit(event, sent);
      } catch (error) {
        logger.error({ err: error, match_key: parsed.data.match_key }, 'catch-up failed');
        const message = 'Something went wrong on our side. Please try again.';
        socket.emit('error_message', { status: false, message, errMsg: message });
      }
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
