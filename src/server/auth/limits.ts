// Rate limits: fixed-window counters keyed by rule and key (a phone, an IP, an otp_id), in memory
// for one process or in Redis so that every process counts together (REDIS_URL).
import type { Redis } from 'ioredis';

export interface LimitRule {
  /** Part of the counter's key: rules never share counts. */
  readonly name: string;
  /** How many hits a window allows. */
  readonly limit: number;
  /** The window (and so the lock-out once the limit is reached), from the first hit. */
  readonly windowS: number;
}

export interface LimitResult {
  /** Whether the hit (or, for peek, the next hit) is within the limit. */
  allowed: boolean;
  /** Hits counted in the current window. */
  count: number;
  /** Seconds until the window ends (0 when nothing is counted). */
  retryAfterS: number;
}

export interface LimitStore {
  /** Adds one to the counter and answers its value and the milliseconds left in its window. */
  increment(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  read(key: string): Promise<{ count: number; ttlMs: number }>;
  /** Takes one back (never below zero, never creating a counter). */
  decrement(key: string): Promise<void>;
  delete(key: string): Promise<void>;
}

export class Limiter {
  constructor(private readonly store: LimitStore) {}

  private static keyOf(rule: LimitRule, key: string): string {
    return `${rule.name}:${key}`;
  }

  private static result(rule: LimitRule, count: number, ttlMs: number, allowed: boolean): LimitResult {
    return { allowed, count, retryAfterS: count === 0 ? 0 : Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  /** Counts one hit; allowed while the count is at most the rule's limit. */
  async hit(key: string, rule: LimitRule): Promise<LimitResult> {
    const { count, ttlMs } = await this.store.increment(Limiter.keyOf(rule, key), rule.windowS * 1000);
    return Limiter.result(rule, count, ttlMs, count <= rule.limit);
  }

  /** Without counting: whether one more hit would be allowed. */
  async peek(key: string, rule: LimitRule): Promise<LimitResult> {
    const { count, ttlMs } = await this.store.read(Limiter.keyOf(rule, key));
    return Limiter.result(rule, count, ttlMs, count < rule.limit);
  }

  /** Takes back one hit: an attempt counted before its outcome was known turned out fine. */
  async undo(key: string, rule: LimitRule): Promise<void> {
    await this.store.decrement(Limiter.keyOf(rule, key));
  }

  async reset(key: string, rule: LimitRule): Promise<void> {
    await this.store.delete(Limiter.keyOf(rule, key));
  }
}

/**
 * Counters of this process only, at most maxKeys of them. A live counter is never dropped to make
 * room (a flood of new keys would otherwise clear a count before its window ends): when the store
 * is full of live counters, a new key is refused (its hit is not allowed) until windows end.
 */
export class MemoryLimitStore implements LimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private sweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  private live(key: string) {
    const counter = this.counters.get(key);
    if (counter && counter.resetAt <= this.now()) {
      this.counters.delete(key);
      return undefined;
    }
    return counter;
  }

  async increment(key: string, windowMs: number) {
    let counter = this.live(key);
    if (!counter) {
      if (this.counters.size >= this.maxKeys && !this.sweep()) return { count: Number.POSITIVE_INFINITY, ttlMs: windowMs };
      counter = { count: 0, resetAt: this.now() + windowMs };
      this.counters.set(key, counter);
    }
    counter.count += 1;
    return { count: counter.count, ttlMs: counter.resetAt - this.now() };
  }

  async read(key: string) {
    const counter = this.live(key);
    return counter ? { count: counter.count, ttlMs: counter.resetAt - this.now() } : { count: 0, ttlMs: 0 };
  }

  async decrement(key: string) {
    const counter = this.live(key);
    if (counter && counter.count > 0) counter.count -= 1;
  }

  async delete(key: string) {
    this.counters.delete(key);
  }

  get size(): number {
    return this.counters.size;
  }

  /**
   * Drops the expired counters, at most once a second (a flood against a full store must not
   * cost a scan per request); whether there is room now.
   */
  private sweep(): boolean {
    const now = this.now();
    if (now - this.sweptAt >= SWEEP_EVERY_MS) {
      this.sweptAt = now;
      for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
    }
    return this.counters.size < this.maxKeys;
  }
}

const SWEEP_EVERY_MS = 1000;

// INCR and the window's expiry in one step, so a crash between them cannot leave a counter forever.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

const DECREMENT_SCRIPT = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0
`;

/** Counters in Redis, shared by every process using the same server and prefix. */
export class RedisLimitStore implements LimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'crease:limit:',
  ) {}

  async increment(key: string, windowMs: number) {
    const [count, ttlMs] = (await this.redis.eval(INCREMENT_SCRIPT, 1, this.prefix + key, windowMs)) as [number, number];
    return { count, ttlMs: Math.max(0, ttlMs) };
  }

  async read(key: string) {
    const [[, value], [, ttlMs]] = (await this.redis.multi().get(this.prefix + key).pttl(this.prefix + key).exec()) as [
      [Error | null, string | null],
      [Error | null, number],
    ];
    return value === null ? { count: 0, ttlMs: 0 } : { count: Number(value), ttlMs: Math.max(0, ttlMs) };
  }

  async decrement(key: string) {
    await this.redis.eval(DECREMENT_SCRIPT, 1, this.prefix + key);
  }

  async delete(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/** What a fallback store needs of its Redis connection (ioredis's): whether it is up. */
interface RedisStatus {
  readonly status: string;
  once(event: 'ready', listener: () => void): unknown;
}

/** The first connection is being made: commands wait in ioredis's queue for it (bounded by its commandTimeout). */
const FIRST_CONNECTING = new Set(['wait', 'connecting', 'connect']);

/**
 * Counters in Redis while it answers; while it does not (down, restarting, too slow), this
 * process's own counters instead: limits degrade to per process and requests carry on, rather than
 * failing with the connection (decision 066). Counts made meanwhile stay in this process.
 */
export class FallbackLimitStore implements LimitStore {
  private readonly local: LimitStore;

  constructor(
    private readonly redis: RedisStatus,
    private readonly shared: LimitStore,
    private readonly onFallback: (error: unknown) => void = () => undefined,
    local?: LimitStore,
  ) {
    this.local = local ?? new MemoryLimitStore();
    if (redis.status === 'ready') this.wasReady = true;
    else redis.once('ready', () => (this.wasReady = true));
  }

  private wasReady = false;

  /** Whether the shared counters are out of reach (limits are this process's only). */
  get degraded(): boolean {
    return this.redis.status !== 'ready';
  }

  private async use<T>(run: (store: LimitStore) => Promise<T>): Promise<T> {
    // Once connected, a lost connection is not waited for: this process counts at once.
    if (!this.degraded || (!this.wasReady && FIRST_CONNECTING.has(this.redis.status))) {
      try {
        return await run(this.shared);
      } catch (error) {
        this.onFallback(error);
      }
    }
    return run(this.local);
  }

  increment(key: string, windowMs: number) {
    return this.use((store) => store.increment(key, windowMs));
  }

  read(key: string) {
    return this.use((store) => store.read(key));
  }

  decrement(key: string) {
    return this.use((store) => store.decrement(key));
  }

  delete(key: string) {
    return this.use((store) => store.delete(key));
  }
}

/**
 * The limits of issue 8 (docs/decisions/020-accounts-otp-and-sessions.md). The login lock-outs
 * are counted in the database instead (lockouts.ts, decision 051).
 */
export const RULES = {
  otpSendPerPhone: { name: 'otp-send-phone', limit: 3, windowS: 10 * 60 },
  otpSendPerIp: { name: 'otp-send-ip', limit: 10, windowS: 60 * 60 },
  otpVerifyPerIp: { name: 'otp-verify-ip', limit: 30, windowS: 10 * 60 },
} as const satisfies Record<string, LimitRule>;

/** Wrong codes an otp_id takes before it is locked (counted on its row, so every process agrees). */
export const OTP_MAX_ATTEMPTS = 5;

/** Failures for one phone after which each further failure answers a second later. */
export const LOGIN_SLOW_AFTER = 3;
export const LOGIN_SLOW_DELAY_MS = 1000;
