// What one socket may send (decision 028): every client message is counted against a token
// bucket, so a stranger cannot make the server join rooms or read catch-up events in a loop, and
// a socket follows at most MAX_SUBSCRIPTIONS matches. A refused message is answered with
// 'error_message' in the API's error shape; a client that keeps sending while refused is dropped.
import type { Socket } from 'socket.io';
import { matchRoom, subscriptionCount } from './rooms.ts';

export const MAX_SUBSCRIPTIONS = 20;
export const TOO_MANY_SUBSCRIPTIONS = `One connection may follow at most ${MAX_SUBSCRIPTIONS} matches: unsubscribe from one first.`;
export const TOO_MANY_MESSAGES = 'Too many messages: please slow down.';

export interface MessageRate {
  /** Messages accepted at once: a reconnecting page re-subscribes and catches up on all its matches. */
  burst: number;
  /** Messages accepted per second after the burst. */
  perSecond: number;
}

// 'sub' and 'catchup' for each of 20 matches fit in one burst.
export const MESSAGE_RATE: MessageRate = { burst: 2 * MAX_SUBSCRIPTIONS, perSecond: 2 };
/** Refused messages in a row after which the socket is disconnected. */
export const REFUSALS_BEFORE_DISCONNECT = 40;

/** Answers a client message the server will not act on. */
export function refuse(socket: Pick<Socket, 'emit'>, message: string): void {
  socket.emit('error_message', { status: false, message, errMsg: message });
}

/**
 * Whether the socket may follow this match: one it follows already, or a new one below the limit.
 * Checked where the socket joins (not in the middleware, which runs before the handlers of earlier
 * messages, such as an 'unsub' just before).
 */
export function mayFollow(socket: Pick<Socket, 'rooms'>, key: string): boolean {
  return socket.rooms.has(matchRoom(key)) || subscriptionCount(socket) < MAX_SUBSCRIPTIONS;
}

type PacketMiddleware = (packet: unknown[], next: (error?: Error) => void) => void;

/** The socket.use() middleware that counts each message of one socket against MESSAGE_RATE. */
export function socketLimits(socket: Socket): PacketMiddleware {
  let tokens = MESSAGE_RATE.burst;
  let refilledAt = performance.now();
  let refusedInARow = 0;
  return (_packet, next) => {
    const now = performance.now();
    tokens = Math.min(MESSAGE_RATE.burst, tokens + ((now - refilledAt) / 1000) * MESSAGE_RATE.perSecond);
    refilledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      refusedInARow = 0;
      next();
      return;
    }
    refusedInARow += 1;
    if (refusedInARow > REFUSALS_BEFORE_DISCONNECT) socket.disconnect(true);
    else refuse(socket, TOO_MANY_MESSAGES);
  };
}
