// The scorer console's balls on the device (docs/decisions/026-scorer-console.md): every ball is
// stored before it is sent, with the idempotency key made when it was entered, and sent one at a
// time in the order entered. A ball leaves the queue only when the server has it (written now or
// before: the key makes a resend harmless); a lost connection or a busy server is retried with
// growing waits; a refusal stops the queue until the scorer drops that ball, so nothing behind
// it is written out of order and nothing is lost without the scorer seeing it.

export interface QueuedBall<T> {
  /** The idempotency key, made once when the ball was entered. */
  key: string;
  matchKey: string;
  ball: T;
}

/** What the server said about one ball. */
export type SendOutcome =
  | { kind: 'stored'; ballKey: string }
  /** Not reached, or the server could not take it now (network, 5xx, 429): send again later. */
  | { kind: 'retry' }
  /** The server refuses it as it is (400, 409...): the scorer must see why. */
  | { kind: 'refused'; message: string };

export interface QueueStorage<T> {
  load(): QueuedBall<T>[];
  save(balls: readonly QueuedBall<T>[]): void;
}

export interface QueueSnapshot<T> {
  pending: readonly QueuedBall<T>[];
  /** The first ball, when the server refused it; the queue waits until it is dropped. */
  refused: { ball: QueuedBall<T>; message: string } | null;
  /** A send is in flight. */
  sending: boolean;
  /** Milliseconds until the next try after a failure; 0 when not waiting. */
  retryInMs: number;
}

export interface BallQueueOptions<T> {
  storage: QueueStorage<T>;
  send: (ball: QueuedBall<T>) => Promise<SendOutcome>;
  /** Called after every change, with the queue as it now is. */
  onChange?: (snapshot: QueueSnapshot<T>) => void;
  /** Told of each ball the server has stored, in order. */
  onStored?: (ball: QueuedBall<T>, ballKey: string) => void;
  firstRetryMs?: number;
  maxRetryMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export class BallQueue<T> {
  private balls: QueuedBall<T>[];
  private refused: QueueSnapshot<T>['refused'] = null;
  private sending = false;
  private failures = 0;
  private retryInMs = 0;
  private timer: unknown = null;
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;
  private readonly setTimer: NonNullable<BallQueueOptions<T>['setTimer']>;
  private readonly clearTimer: NonNullable<BallQueueOptions<T>['clearTimer']>;

  constructor(private readonly options: BallQueueOptions<T>) {
    this.balls = options.storage.load();
    this.firstRetryMs = options.firstRetryMs ?? 500;
    this.maxRetryMs = options.maxRetryMs ?? 15_000;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  snapshot(): QueueSnapshot<T> {
    return { pending: [...this.balls], refused: this.refused, sending: this.sending, retryInMs: this.retryInMs };
  }

  /** Stores the ball, then starts sending. */
  add(ball: QueuedBall<T>): void {
    this.balls.push(ball);
    this.persist();
    this.flush();
  }

  /**
   * Takes back the newest ball if it has not started its way to the server (the undo of a ball
   * still on the device); null when there is none or it may already be there.
   */
  takeBackLast(): QueuedBall<T> | null {
    const last = this.balls.at(-1);
    if (!last || (this.sending && this.balls.length === 1)) return null;
    this.balls.pop();
    if (this.refused?.ball.key === last.key) this.refused = null;
    this.persist();
    return last;
  }

  /** Drops the refused ball and carries on with the rest. */
  dropRefused(): void {
    if (!this.refused) return;
    const key = this.refused.ball.key;
    this.balls = this.balls.filter((ball) => ball.key !== key);
    this.refused = null;
    this.persist();
    this.flush();
  }

  /** Sends the refused ball again (the scorer signed in again, or the match moved on). */
  retryRefused(): void {
    if (!this.refused) return;
    this.refused = null;
    this.changed();
    this.flush();
  }

  /** Sends now (the connection came back): any waiting retry is cut short. */
  retryNow(): void {
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    this.retryInMs = 0;
    this.flush();
  }

  stop(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  /** Sends the balls one by one until the queue is empty, refused or waiting for a retry. */
  flush(): void {
    if (this.sending || this.refused || this.timer !== null) return;
    const head = this.balls[0];
    if (!head) return;
    this.sending = true;
    this.changed();
    void this.options
      .send(head)
      .catch((): SendOutcome => ({ kind: 'retry' }))
      .then((outcome) => this.settle(head, outcome));
  }

  private settle(head: QueuedBall<T>, outcome: SendOutcome): void {
    this.sending = false;
    if (outcome.kind === 'stored') {
      this.failures = 0;
      this.retryInMs = 0;
      this.balls = this.balls.filter((ball) => ball.key !== head.key);
      this.persist();
      this.options.onStored?.(head, outcome.ballKey);
      this.flush();
      return;
    }
    if (outcome.kind === 'refused') {
      this.refused = { ball: head, message: outcome.message };
      this.changed();
      return;
    }
    // Doubling waits, capped, so a phone out of signal does not spin.
    this.retryInMs = Math.min(this.maxRetryMs, this.firstRetryMs * 2 ** this.failures);
    this.failures += 1;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.retryInMs = 0;
      this.flush();
    }, this.retryInMs);
    this.changed();
  }

  private persist(): void {
    this.options.storage.save(this.balls);
    this.changed();
  }

  private changed(): void {
    this.options.onChange?.(this.snapshot());
  }
}

/** The queue of one match kept in localStorage (it survives a reload or a closed tab). */
export function localQueueStorage<T>(matchKey: string, storage: Storage = localStorage): QueueStorage<T> {
  const name = `crease.scorer.queue.${matchKey}`;
  return {
    load() {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(name) ?? '[]');
        return Array.isArray(parsed) ? (parsed as QueuedBall<T>[]).filter((ball) => ball && typeof ball.key === 'string') : [];
      } catch {
        return [];
      }
    },
    save(balls) {
      if (balls.length === 0) storage.removeItem(name);
      else storage.setItem(name, JSON.stringify(balls));
    },
  };
}
