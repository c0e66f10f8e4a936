// The limiter over both stores: in memory (with a clock the test moves) and real Redis.
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Limiter, MemoryLimitStore, RedisLimitStore, type LimitRule } from '../../../src/server/auth/limits.ts';
import { testRedisUrl, uniqueChannel } from '../../helpers/test-servers.ts';

const rule: LimitRule = { name: 'test', limit: 3, windowS: 60 };
const redisUrl = await testRedisUrl();

function behavesAsALimiter(makeLimiter: () => Limiter) {
  it('allows the limit, then refuses until the window ends, with the seconds left', async () => {
    const limiter = makeLimiter();
    for (let count = 1; count <= 3; count++) expect(await limiter.hit('k', rule)).toMatchObject({ allowed: true, count });
    const refused = await limiter.hit('k', rule);
    expect(refused.allowed).toBe(false);
    expect(refused.count).toBe(4);
    expect(refused.retryAfterS).toBeGreaterThan(55);
    expect(refused.retryAfterS).toBeLessThanOrEqual(60);
  });

  it('peek tells whether the next hit is allowed without counting', async () => {
    const limiter = makeLimiter();
    expect(await limiter.peek('p', rule)).toEqual({ allowed: true, count: 0, retryAfterS: 0 });
    await limiter.hit('p', rule);
    await limiter.hit('p', rule);
    expect(await limiter.peek('p', rule)).toMatchObject({ allowed: true, count: 2 });
    expect(await limiter.peek('p', rule)).toMatchObject({ allowed: true, count: 2 });
    await limiter.hit('p', rule);
    expect(await limiter.peek('p', rule)).toMatchObject({ allowed: false, count: 3 });
  });

  it('keys and rules count apart; reset clears one counter', async () => {
    const limiter = makeLimiter();
    const other: LimitRule = { ...rule, name: 'other' };
    for (let count = 0; count < 3; count++) await limiter.hit('a', rule);
    expect((await limiter.hit('b', rule)).allowed).toBe(true);
    expect((await limiter.hit('a', other)).allowed).toBe(true);
    await limiter.reset('a', rule);
    expect(await limiter.hit('a', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('undo takes one hit back, never below zero, and creates no counter', async () => {
    const limiter = makeLimiter();
    for (let count = 0; count < 3; count++) await limiter.hit('u', rule);
    await limiter.undo('u', rule);
    expect(await limiter.peek('u', rule)).toMatchObject({ allowed: true, count: 2 });
    await limiter.undo('none', rule);
    expect(await limiter.peek('none', rule)).toEqual({ allowed: true, count: 0, retryAfterS: 0 });
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = makeLimiter();
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('c', rule)));
    expect(results.filter((result) => result.allowed)).toHaveLength(3);
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });
}

describe('memory store', () => {
  behavesAsALimiter(() => new Limiter(new MemoryLimitStore()));

  it('a window ends: counting starts again', async () => {
    let now = 1_000_000;
    const limiter = new Limiter(new MemoryLimitStore(100, () => now));
    for (let count = 0; count < 4; count++) await limiter.hit('k', rule);
    now += 59_000;
    expect(await limiter.peek('k', rule)).toMatchObject({ allowed: false, retryAfterS: 1 });
    now += 1_000;
    expect(await limiter.hit('k', rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps at most maxKeys counters, and a flood of new keys clears no live one: new keys are refused instead', async () => {
    let now = 1_000_000;
    const store = new MemoryLimitStore(1000, () => now);
    const limiter = new Limiter(store);
    // A lock: the limit reached for one key.
    for (let count = 0; count <= rule.limit; count++) await limiter.hit('locked-phone', rule);
    expect((await limiter.peek('locked-phone', rule)).allowed).toBe(false);
    // The flood: ten times the store's room in new keys.
    let refused = 0;
    for (let index = 0; index < 10_000; index++) if (!(await limiter.hit(`ip-${index}`, rule)).allowed) refused += 1;
    expect(store.size).toBeLessThanOrEqual(1000);
    expect(refused).toBe(10_000 - 999);
    expect(await limiter.peek('locked-phone', rule)).toMatchObject({ allowed: false, count: rule.limit + 1 });
    expect(await limiter.peek('ip-0', rule)).toMatchObject({ count: 1 });
    // Once the windows end, there is room again.
    now += rule.windowS * 1000;
    expect(await limiter.hit('ip-new', rule)).toMatchObject({ allowed: true, count: 1 });
    expect((await limiter.peek('locked-phone', rule)).allowed).toBe(true);
  });
});

describe.runIf(redisUrl)('Redis store (real Redis)', () => {
  const clients: Redis[] = [];
  const prefix = `${uniqueChannel('crease_test_limiter')}:`;
  const redisLimiter = () => {
    const client = new Redis(redisUrl!);
    clients.push(client);
    return new Limiter(new RedisLimitStore(client, prefix + clients.length + ':'));
  };
  afterAll(async () => {
    const [client] = clients;
    if (client) {
      const keys = await client.keys(`${prefix}*`);
      if (keys.length > 0) await client.del(...keys);
    }
    await Promise.all(clients.map((client) => client.quit()));
  });

  behavesAsALimiter(redisLimiter);

  it('two connections on one prefix share the count (two processes)', async () => {
    const a = new Redis(redisUrl!);
    const b = new Redis(redisUrl!);
    clients.push(a, b);
    const first = new Limiter(new RedisLimitStore(a, `${prefix}shared:`));
    const second = new Limiter(new RedisLimitStore(b, `${prefix}shared:`));
    await first.hit('k', rule);
    await second.hit('k', rule);
    await first.hit('k', rule);
    expect((await second.hit('k', rule)).allowed).toBe(false);
    // The window's expiry is set in Redis, so the counter cannot outlive it.
    expect(await a.pttl(`${prefix}shared:test:k`)).toBeGreaterThan(55_000);
  });
});
