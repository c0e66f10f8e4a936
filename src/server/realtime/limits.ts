// What one socket may send (decisions 028 and 058): every client message is counted against a
// token bucket, so a stranger cannot make the server join rooms or read catch-up events in a loop,
// and a socket follows at most MAX_SUBSCRIPTIONS matches. A catch-up is also charged for the events
// it sends (CATCH_UP_EVENTS_PER_TOKEN), which may take the bucket below zero: what follows is
// refused until it has refilled. A refused message is answered with 'error_message' in the API's
// error shape; a client that keeps sending while refused is dropped. How many sockets one address
// may hold is counted in index.ts.
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
/**
 * A catch-up costs a token more per this many events it sends (a catch-up of fewer costs just its
 * message): a full catch-up (100 events) costs 11 tokens, so a socket's burst reads at most four,
 * and at 2 tokens a second it reads about 20 events a second after that.
 */
export const CATCH_UP_EVENTS_PER_TOKEN = 10;

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

/** One socket's token bucket. */
export class MessageBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly rate: MessageRate = MESSAGE_RATE,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = rate.burst;
    this.refilledAt = now();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.rate.perSecond);
    this.refilledAt = now;
  }

  /** Takes a message's token; false when none is left. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the bucket is not below zero: work beyond a message (a catch-up) may start. */
  inCredit(): boolean {
    this.refill();
    return this.tokens >= 0;
  }

  /** Charges the events a catch-up sent, beyond its message. */
  chargeEvents(events: number): void {
    this.tokens -= Math.floor(events / CATCH_UP_EVENTS_PER_TOKEN);
  }
}

type PacketMiddleware = (packet: unknown[], next: (error?: Error) => void) => void;

/** The socket.use() middleware that counts each message of one socket against its budget. */
export function socketLimits(socket: Pick<Socket, 'emit' | 'disconnect'>, budget: MessageBudget): PacketMiddleware {
  let refusedInARow = 0;
  return (_packet, next) => {
    if (budget.take()) {
      refusedInARow = 0;
      next();
      return;
    }
    refusedInARow += 1;
    if (refusedInARow > REFUSALS_BEFORE_DISCONNECT) socket.disconnect(true);
    else refuse(socket, TOO_MANY_MESSAGES);
  };
}
