// The scorer's ball queue: order kept, nothing lost on failures or a reload, a refusal held for
// the scorer, and waits that grow. The server here is a small in-memory one that keeps balls by
// idempotency key the way the real route does.
import { describe, expect, it } from 'vitest';
import { BallQueue, localQueueStorage, type QueuedBall, type QueueStorage, type SendOutcome } from '../../../src/lib/ball-queue.ts';

interface Ball {
  runs: number;
}

function memoryStorage(): QueueStorage<Ball> & { saved: QueuedBall<Ball>[] } {
  const store = {
    saved: [] as QueuedBall<Ball>[],
    load: () => structuredClone(store.saved),
    save: (balls: readonly QueuedBall<Ball>[]) => {
      store.saved = structuredClone([...balls]);
    },
  };
  return store;
}

/** Timers run by hand: each test decides when a wait is over. */
function manualTimers() {
  const waiting: { run: () => void; ms: number }[] = [];
  return {
    waits: () => waiting.map((timer) => timer.ms),
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms };
      waiting.push(timer);
      return timer;
    },
    clearTimer: (timer: unknown) => {
      const index = waiting.indexOf(timer as (typeof waiting)[number]);
      if (index >= 0) waiting.splice(index, 1);
    },
    fireAll: () => {
      for (const timer of waiting.splice(0)) timer.run();
    },
  };
}

/** A server that stores each key once and can be switched off (the network gone). */
function server() {
  const stored: { key: string; runs: number }[] = [];
  let online = true;
  let refuse: ((ball: QueuedBall<Ball>) => string | null) | null = null;
  return {
    stored,
    setOnline: (value: boolean) => {
      online = value;
    },
    refuseWhen: (rule: typeof refuse) => {
      refuse = rule;
    },
    send: async (ball: QueuedBall<Ball>): Promise<SendOutcome> => {
      await Promise.resolve();
      if (!online) throw new TypeError('Failed to fetch');
      const reason = refuse?.(ball) ?? null;
      if (reason) return { kind: 'refused', message: reason };
      if (!stored.some((entry) => entry.key === ball.key)) stored.push({ key: ball.key, runs: ball.ball.runs });
      return { kind: 'stored', ballKey: `1-${stored.findIndex((entry) => entry.key === ball.key) + 1}` };
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const ball = (n: number): QueuedBall<Ball> => ({ key: `key-${n}`, matchKey: 'm1', ball: { runs: n } });

describe('BallQueue', () => {
  it('sends balls in the order entered and empties', async () => {
    const remote = server();
    const storage = memoryStorage();
    const queue = new BallQueue({ storage, send: remote.send });
    for (const n of [1, 2, 3]) queue.add(ball(n));
    expect(storage.saved).toHaveLength(3);
    for (let i = 0; i < 5; i++) await settle();
    expect(remote.stored.map((entry) => entry.runs)).toEqual([1, 2, 3]);
    expect(queue.snapshot().pending).toEqual([]);
    expect(storage.saved).toEqual([]);
  });

  it('keeps balls through an outage, retries with growing waits, and loses or doubles none', async () => {
    const remote = server();
    const timers = manualTimers();
    const queue = new BallQueue({ storage: memoryStorage(), send: remote.send, firstRetryMs: 100, maxRetryMs: 350, ...timers });
    remote.setOnline(false);
    queue.add(ball(1));
    queue.add(ball(2));
    await settle();
    expect(timers.waits()).toEqual([100]);
    timers.fireAll();
    await settle();
    expect(timers.waits()).toEqual([200]);
    timers.fireAll();
    await settle();
    timers.fireAll();
    await settle();
    expect(timers.waits(), 'capped').toEqual([350]);
    expect(queue.snapshot().pending).toHaveLength(2);
    queue.add(ball(3));
    remote.setOnline(true);
    queue.retryNow();
    for (let i = 0; i < 5; i++) await settle();
    expect(remote.stored.map((entry) => entry.runs)).toEqual([1, 2, 3]);
    expect(queue.snapshot()).toMatchObject({ pending: [], retryInMs: 0 });
  });

  it('picks up the balls a closed tab left behind', async () => {
    const remote = server();
    const storage = memoryStorage();
    remote.setOnline(false);
    const first = new BallQueue({ storage, send: remote.send, ...manualTimers() });
    first.add(ball(1));
    first.add(ball(2));
    await settle();
    first.stop();
    remote.setOnline(true);
    const reopened = new BallQueue({ storage, send: remote.send });
    expect(reopened.snapshot().pending.map((queued) => queued.key)).toEqual(['key-1', 'key-2']);
    reopened.flush();
    for (let i = 0; i < 4; i++) await settle();
    expect(remote.stored.map((entry) => entry.key)).toEqual(['key-1', 'key-2']);
  });

  it('a resend after a lost answer is stored once (same key)', async () => {
    const remote = server();
    let dropAnswer = true;
    const send = async (queued: QueuedBall<Ball>): Promise<SendOutcome> => {
      const outcome = await remote.send(queued);
      if (dropAnswer) {
        dropAnswer = false;
        throw new TypeError('connection reset');
      }
      return outcome;
    };
    const timers = manualTimers();
    const queue = new BallQueue({ storage: memoryStorage(), send, ...timers });
    queue.add(ball(4));
    await settle();
    await settle();
    expect(remote.stored).toHaveLength(1);
    timers.fireAll();
    for (let i = 0; i < 3; i++) await settle();
    expect(remote.stored).toHaveLength(1);
    expect(queue.snapshot().pending).toEqual([]);
  });

  it('holds a refused ball and everything after it until the scorer drops it', async () => {
    const remote = server();
    remote.refuseWhen((queued) => (queued.ball.runs === 7 ? 'runs must be 0 to 6' : null));
    const stored: string[] = [];
    const queue = new BallQueue({ storage: memoryStorage(), send: remote.send, onStored: (_ball, ballKey) => stored.push(ballKey) });
    queue.add(ball(1));
    queue.add(ball(7));
    queue.add(ball(2));
    for (let i = 0; i < 5; i++) await settle();
    expect(remote.stored.map((entry) => entry.runs)).toEqual([1]);
    expect(queue.snapshot().refused).toMatchObject({ ball: { key: 'key-7' }, message: 'runs must be 0 to 6' });
    expect(queue.snapshot().pending).toHaveLength(2);
    queue.dropRefused();
    for (let i = 0; i < 5; i++) await settle();
    expect(remote.stored.map((entry) => entry.runs)).toEqual([1, 2]);
    expect(stored).toEqual(['1-1', '1-2']);
  });

  it('takes back a ball not yet on its way, never one being sent', async () => {
    const remote = server();
    remote.setOnline(false);
    const queue = new BallQueue({ storage: memoryStorage(), send: remote.send, ...manualTimers() });
    queue.add(ball(1));
    expect(queue.snapshot().sending).toBe(true);
    expect(queue.takeBackLast(), 'the only ball is in flight').toBeNull();
    queue.add(ball(2));
    expect(queue.takeBackLast()?.key).toBe('key-2');
    await settle();
    expect(queue.takeBackLast()?.key, 'waiting for a retry: not in flight').toBe('key-1');
    expect(queue.snapshot().pending).toEqual([]);
  });
});

describe('localQueueStorage', () => {
  it('keeps a match queue under its own key and clears it when empty', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (name: string) => items.get(name) ?? null,
      setItem: (name: string, value: string) => void items.set(name, value),
      removeItem: (name: string) => void items.delete(name),
    } as Storage;
    const queue = localQueueStorage<Ball>('m9', storage);
    queue.save([ball(3)]);
    expect(JSON.parse(items.get('crease.scorer.queue.m9')!)).toEqual([ball(3)]);
    expect(queue.load()).toEqual([ball(3)]);
    items.set('crease.scorer.queue.m9', '{not json');
    expect(queue.load()).toEqual([]);
    queue.save([]);
    expect(items.has('crease.scorer.queue.m9')).toBe(false);
  });
});
