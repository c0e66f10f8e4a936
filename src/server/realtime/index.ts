// Socket.IO on the HTTP server's port. A client emits 'sub' with a match_key and joins
// that match's room; live 'score' and 'commentory' events are emitted to the room. 'sub_home'
// joins the home list's room ('card' events); 'catchup' { match_key, after_sequence } is
// answered with the match's events after that sequence, each emitted again as itself, or, when
// more were missed than one catch-up sends (CATCH_UP_WINDOW), with 'reload' { match_key,
// sequence }: the client loads the match afresh (decision 058). With
// REDIS_URL, rooms span processes (the Redis streams adapter): an emit in one process reaches the
// room's clients connected to any other. A client that loses its connection for up to
// RECOVERY_WINDOW_MS gets its rooms back and the events it missed when it reconnects, to this
// process or another one on the same Redis (connection-state recovery, docs/decisions/028).
// A process that stops closes only its own sockets' connections, without Socket.IO's
// 'disconnect' packet: its clients see the transport close and reconnect, to another process
// behind the load balancer or to this one restarted, and recover their rooms and missed events
// (decision 066). A disconnect sent through the adapter (io.disconnectSockets) would reach the
// clients of every process, and a client never reconnects after a server's disconnect.
// What one socket may send is limited in limits.ts; one address holds at most socketsPerAddress
// sockets at once.
// Browsers may connect from the site's own origin and the API's allowed ones (API_CORS_ORIGINS,
// whose sockets bring no cookie); a socket that brings a session (the crease_session cookie, or
// auth: { token } from an app) knows its user (docs/decisions/021, 061). On 'sub', a socket of
// an API origin is sent a match in play as it stands ('score' and 'commentory').
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server, type DefaultEventsMap } from 'socket.io';
import type { Logger } from 'pino';
import { z } from 'zod';
import { catchUpRequest } from '../wire/schemas/realtime.ts';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.ts';
import { addressedOrigin } from '../auth/csrf.ts';
import type { Role } from '../auth/index.ts';
import { DEFAULT_SOCKETS_PER_ADDRESS } from '../config.ts';
import { mayFollow, MessageBudget, refuse, socketLimits, TOO_MANY_MESSAGES, TOO_MANY_SUBSCRIPTIONS } from './limits.ts';
import { writeBroadcastFramesDirect, writeFramesWhole, type DirectFrameCounts } from './frames.ts';
import { WORDING_LANGS } from '../wire/schemas/realtime.ts';
import { appMatchRoom, languageRoom, matchRoom, subscribedKey, subscribedLang } from './rooms.ts';

export { appMatchRoom, matchRoom };

/** The room of the home list's live cards. */
export const HOME_ROOM = 'home';

/** An event as a catching-up client is sent it again (the live engine's log). */
export interface ReplayedEvent {
  event: 'score' | 'commentory';
  payload: unknown;
}

/** The answer to a catch-up: the missed events, or (too many were missed) the match's last sequence, to reload from. */
export type CatchUpAnswer = { kind: 'events'; events: readonly ReplayedEvent[] } | { kind: 'reload'; sequence: number };

/** The event a client that missed too much is sent instead of the events. */
export const RELOAD_EVENT = 'reload';

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
export const TOO_MANY_SOCKETS = 'Too many connections from this address.';
export const SHUTTING_DOWN = 'This server is stopping; try again.';
// Clients only send 'sub' and 'unsub' with a match key: a small frame is plenty.
const MAX_MESSAGE_BYTES = 16 * 1024;
/** How long a dropped client's rooms and missed events are kept for it. */
export const RECOVERY_WINDOW_MS = 2 * 60_000;
// Entries kept in the Redis stream (approximately). Recovery reads the events missed from it, so
// it must hold RECOVERY_WINDOW_MS of broadcasts: three per ball (score, commentory, the home card)
// at one ball every few seconds per live match; a score event can weigh some kilobytes.
const STREAM_MAX_ENTRIES = 2_000;

const handshakeToken = z.string().min(1).max(512);

/**
 * The session token a handshake brings: auth.token (apps), else the session cookie (the site's
 * pages only: a page of another allowed origin is a visitor unless it names a token itself).
 */
function sessionToken(auth: unknown, cookieHeader: string | undefined, cookiesCount: boolean): { token: string | null; explicit: boolean } {
  const given = (auth as { token?: unknown } | undefined)?.token;
  if (given !== undefined) {
    const parsed = handshakeToken.safeParse(given);
    return { token: parsed.success ? parsed.data : null, explicit: true };
  }
  if (!cookiesCount) return { token: null, explicit: false };
  const cookie = readCookie(cookieHeader, SESSION_COOKIE);
  const parsed = handshakeToken.safeParse(cookie);
  return { token: parsed.success ? parsed.data : null, explicit: false };
}

/**
 * The client's address, as the HTTP routes see it (Fastify's trustProxy): the socket's peer, or,
 * behind `trustedHops` proxies, the X-Forwarded-For entry that many hops back from it.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .reverse();
  const chain = [req.socket.remoteAddress ?? '', ...forwarded];
  return chain[Math.min(trustedHops, chain.length - 1)]!;
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
  /**
   * Other origins whose pages may connect too (API_CORS_ORIGINS: apps calling the API), without
   * cookies: such a socket is a visitor's, or the user's of the token it sends as auth.token.
   */
  apiOrigins?: readonly string[];
  /** PUBLIC_ORIGIN was not set: a page from the origin the handshake is addressed to may connect too. */
  originFromHost?: boolean;
  /** Resolves a session token to its user; without it every socket is a visitor. */
  resolveUser?: (token: string) => Promise<SocketUser | null>;
  /** Headers (src/server/http/security-headers.ts) on Socket.IO's own HTTP answers. */
  headers?: readonly (readonly [string, string])[];
  /** Rooms across processes through this Redis server. */
  redisUrl?: string | undefined;
  /** Prefix of the adapter's Redis stream, channels and session keys (default 'socket.io'); tests give their own. */
  redisKey?: string;
  /** A match's events after a sequence, oldest first, or 'reload' when too many (the live fan-out's catchUp). */
  catchUp?: (matchKey: string, afterSequence: number) => Promise<CatchUpAnswer>;
  /** A match in play as it stands ('score', then 'commentory'), sent on 'sub' to a socket of an API origin (the live fan-out's snapshot). */
  snapshot?: (matchKey: string) => Promise<ReplayedEvent[]>;
  /** Sockets one client address may hold at once (default DEFAULT_SOCKETS_PER_ADDRESS). */
  socketsPerAddress?: number;
  /** Proxies whose X-Forwarded-For is believed for the client's address (TRUST_PROXY; default 0). */
  trustProxyHops?: number;
}

export interface Realtime {
  readonly io: RealtimeServer;
  /** Broadcast frames written straight to a socket's stream, and those left to engine.io (frames.ts). */
  readonly frames: DirectFrameCounts;
  /**
   * Closes this process's socket connections (theirs only, not other processes' clients) so that
   * their clients reconnect elsewhere and recover, and refuses new ones from then on.
   */
  dropSockets(): void;
  /** Drops this process's sockets, stops Socket.IO and its Redis connections. */
  close(): Promise<void>;
}

export async function attachRealtime(server: HttpServer, logger: Logger, options: RealtimeOptions = {}): Promise<Realtime> {
  const apiOrigins = options.apiOrigins ?? [];
  const allowedOrigins = options.allowedOrigins && [...options.allowedOrigins, ...apiOrigins];
  /** A handshake from an API origin that is not the site's own: its cookies do not count. */
  const fromApiOrigin = (origin: string | undefined) =>
    origin !== undefined && apiOrigins.includes(origin) && !(options.allowedOrigins?.includes(origin) ?? false);
  const socketsPerAddress = options.socketsPerAddress ?? DEFAULT_SOCKETS_PER_ADDRESS;
  const addressOf = (req: IncomingMessage) => clientAddress(req, options.trustProxyHops ?? 0);
  /** Open engine.io connections by client address (counted when made, so a burst of handshakes may pass by a few). */
  const openByAddress = new Map<string, number>();
  /** Set once the process stops: new connections are refused (their clients retry elsewhere). */
  let stopping = false;
  const io: RealtimeServer = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // engine.io's default, said here because the pre-encoded frames (frames.ts) need it: a deflated
    // socket would compress each fan's copy of a ball separately.
    perMessageDeflate: false,
    // The session middleware runs again on a recovered socket: a session ended meanwhile is over.
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
    // Called for a new connection's handshake only. The site's origin and the API's allowed ones:
    // a WebSocket handshake needs no CORS headers. Then the address's connections open.
    allowRequest: (req, callback) => {
      if (stopping) callback(SHUTTING_DOWN, false);
      else if (allowedOrigins && !originAllowed(req, allowedOrigins, options.originFromHost ?? false)) callback(FOREIGN_ORIGIN, false);
      else if ((openByAddress.get(addressOf(req)) ?? 0) >= socketsPerAddress) callback(TOO_MANY_SOCKETS, false);
      else callback(null, true);
    },
  });
  io.engine.on('connection', (conn: { request: IncomingMessage; once(event: 'close', listener: () => void): unknown }) => {
    const address = addressOf(conn.request);
    openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
    conn.once('close', () => {
      const left = (openByAddress.get(address) ?? 1) - 1;
      if (left > 0) openByAddress.set(address, left);
      else openByAddress.delete(address);
    });
  });
  const addHeaders = (headers: Record<string, string>) => {
    for (const [name, value] of options.headers ?? []) headers[name] = value;
  };
  io.engine.on('initial_headers', addHeaders);
  io.engine.on('headers', addHeaders);
  io.use((socket, next) => {
    const { token, explicit } = sessionToken(socket.handshake.auth, socket.handshake.headers.cookie, !fromApiOrigin(socket.handshake.headers.origin));
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
  let redisClient: Redis | null = null;
  if (options.redisUrl) {
    // The adapter duplicates this client for reading the stream and for its pub/sub channel.
    const client = new Redis(options.redisUrl, { lazyConnect: true });
    client.on('error', (error: Error) => logger.warn({ err: error }, 'Socket.IO Redis adapter: connection error'));
    await client.connect();
    redisClient = client;
    const prefix = options.redisKey ?? 'socket.io';
    io.adapter(
      createAdapter(client, {
        streamName: prefix,
        channelPrefix: prefix,
        sessionKeyPrefix: `${prefix}:session:`,
        maxLen: STREAM_MAX_ENTRIES,
        // Only JSON is emitted: no walk through every payload looking for binary data.
        onlyPlaintext: true,
      }),
    );
  }
  // After the adapter is chosen: io.adapter() makes each namespace's adapter anew.
  writeFramesWhole(io.of('/').adapter);
  const frames = writeBroadcastFramesDirect(io.engine as unknown as Parameters<typeof writeBroadcastFramesDirect>[0]);
  io.on('connection', (socket) => {
    const budget = new MessageBudget();
    socket.use(socketLimits(socket, budget));
    // A socket's catch-ups run one after another, each only while its budget is not spent: a burst
    // of them cannot all read the log at once before the first is charged.
    let catchUps = Promise.resolve();
    socket.on('sub', async (payload: unknown) => {
      const key = subscribedKey(payload);
      if (key === null) {
        refuse(socket, 'sub needs a match_key');
        return;
      }
      if (!mayFollow(socket, key)) {
        refuse(socket, TOO_MANY_SUBSCRIPTIONS);
        return;
      }
      // An app of an API origin replaces its state with each event (the provider's client does):
      // it joins the match's app room too, whose 'commentory' is a complete snapshot, and gets
      // the match as it stands at once. The site's pages have theirs from the page, and catch up
      // by sequence.
      const app = fromApiOrigin(socket.handshake.headers.origin);
      // Our pages in Hindi also hear each ball's sentence in Hindi ('wording').
      const lang = app ? null : subscribedLang(payload);
      await socket.join(app ? [matchRoom(key), appMatchRoom(key)] : lang ? [matchRoom(key), languageRoom(key, lang)] : matchRoom(key));
      logger.debug({ socket: socket.id, match_key: key }, 'subscribed');
      if (!options.snapshot || !app) return;
      try {
        for (const { event, payload: sent } of await options.snapshot(key)) socket.emit(event, sent);
      } catch (error) {
        logger.error({ err: error, match_key: key }, 'snapshot failed');
      }
    });
    socket.on('unsub', async (payload: unknown) => {
      const key = subscribedKey(payload);
      if (key !== null) {
        await socket.leave(matchRoom(key));
        await socket.leave(appMatchRoom(key));
        for (const lang of WORDING_LANGS) await socket.leave(languageRoom(key, lang));
      }
    });
    socket.on('sub_home', async () => {
      await socket.join(HOME_ROOM);
    });
    socket.on('catchup', async (payload: unknown) => {
      const parsed = catchUpRequest.safeParse(payload);
      if (!parsed.success || !options.catchUp) {
        refuse(socket, 'catchup needs a match_key and an after_sequence');
        return;
      }
      const catchUp = options.catchUp;
      const { match_key: matchKey, after_sequence: afterSequence } = parsed.data;
      catchUps = catchUps.then(async () => {
        if (!budget.inCredit()) {
          refuse(socket, TOO_MANY_MESSAGES);
          return;
        }
        try {
          const answer = await catchUp(matchKey, afterSequence);
          if (answer.kind === 'reload') {
            socket.emit(RELOAD_EVENT, { match_key: matchKey, sequence: answer.sequence });
            return;
          }
          for (const { event, payload: sent } of answer.events) socket.emit(event, sent);
          budget.chargeEvents(answer.events.length);
        } catch (error) {
          logger.error({ err: error, match_key: matchKey }, 'catch-up failed');
          refuse(socket, 'Something went wrong on our side. Please try again.');
        }
      });
      await catchUps;
    });
  });
  const dropSockets = () => {
    stopping = true;
    // Each local socket's connection closes under it, with no Socket.IO packet sent: the socket ends
    // as dropped ('forced close'), its session kept for recovery, and its client reconnects.
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
  };
  return {
    io,
    frames,
    dropSockets,
    close: async () => {
      dropSockets();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await redisClient?.quit().catch(() => undefined);
    },
  };
}
