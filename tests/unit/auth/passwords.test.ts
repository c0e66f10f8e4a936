import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from '../../../src/server/auth/passwords.ts';

describe('password rule (spec §5)', () => {
  it.each([
    ['', 'Password is Required'],
    ['abc12', 'Password must be exactly 6 digits'],
    ['abc1234', 'Password must be exactly 6 digits'],
    ['abc 12', 'Password cannot contain spaces'],
    ['abc\t12', 'Password cannot contain spaces'],
    ['abc123', null],
    ['12345€', null],
    // Six characters as a person counts them, though twelve UTF-16 units.
    ['😀😀😀😀😀😀', null],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('argon2id hashing', () => {
  it('hashes with argon2id at the recorded cost, salted, and verifies only the right password', async () => {
    const first = await hashPassword('abc123');
    const second = await hashPassword('abc123');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=6,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'abc123')).toBe(true);
    expect(await verifyPassword(first, 'abc124')).toBe(false);
    expect(await verifyPassword('not a hash', 'abc123')).toBe(false);
  });

  it('an unknown account (no hash) answers false after as much work as a real verification', async () => {
    const stored = await hashPassword('abc123');
    await verifyPassword(null, 'warmup');
    const time = async (run: () => Promise<boolean>) => {
      const started = performance.now();
      expect(await run()).toBe(false);
      return performance.now() - started;
    };
    const real = Math.min(await time(() => verifyPassword(stored, 'wrong1')), await time(() => verifyPassword(stored, 'wrong2')));
    const dummy = Math.min(await time(() => verifyPassword(null, 'wrong1')), await time(() => verifyPassword(null, 'wrong2')));
    // Same parameters, so the same cost; generous bounds for a busy machine.
    expect(dummy).toBeGreaterThan(real * 0.5);
    expect(dummy).toBeLessThan(real * 2);
  });
});
