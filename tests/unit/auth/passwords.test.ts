import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from '../../../src/server/auth/passwords.ts';

describe('password rule: 6 to 128 characters, no spaces, none of the 1,000 most common', () => {
  it.each([
    ['', 'Password is Required'],
    ['zq7w2', 'Password must be 6 to 128 characters'],
    ['zq7w2x', null],
    ['a long passphrase'.replaceAll(' ', '-'), null],
    [`k${'7'.repeat(127)}`, null],
    [`k${'7'.repeat(128)}`, 'Password must be 6 to 128 characters'],
    ['abc 12', 'Password cannot contain spaces'],
    ['abc\t12', 'Password cannot contain spaces'],
    ['12345€', null],
    // Six characters as a person counts them, though twelve UTF-16 units.
    ['😀😀😀😀😀😀', null],
    // Common: the top of the list, further down it, and in another letter case.
    ['123456', 'This password is one of the most common; choose another'],
    ['password', 'This password is one of the most common; choose another'],
    ['abc123', 'This password is one of the most common; choose another'],
    ['Qwerty', 'This password is one of the most common; choose another'],
    ['iloveyou', 'This password is one of the most common; choose another'],
  ])('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it('refuses exactly the first 1,000 of the package list that the rules would otherwise let through', async () => {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    const ranked = dictionary['passwords-common'];
    const settable = (password: string) => /^\S{6,128}$/u.test(password);
    const top = ranked.slice(0, 1000).filter(settable);
    expect(top.length).toBeGreaterThan(800);
    for (const password of top) expect(passwordProblem(password), password).toBe('This password is one of the most common; choose another');
    // Past the first thousand, a listed password that no top one shadows is allowed.
    const lowerTop = new Set(ranked.slice(0, 1000).map((password) => password.toLowerCase()));
    const later = ranked.slice(1000).filter((password) => settable(password) && !lowerTop.has(password.toLowerCase())).slice(0, 20);
    for (const password of later) expect(passwordProblem(password), password).toBeNull();
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
    // The work is measured as this process's CPU time (argon2 runs on libuv's threads, which count),
    // not wall time: beside other CI stages a wall clock measures the machine's load as much.
    const time = async (run: () => Promise<boolean>) => {
      const started = process.cpuUsage();
      expect(await run()).toBe(false);
      const used = process.cpuUsage(started);
      return used.user + used.system;
    };
    // Alternated, and the least of five each.
    const reals: number[] = [];
    const dummies: number[] = [];
    for (let round = 0; round < 5; round++) {
      reals.push(await time(() => verifyPassword(stored, `wrong${round}`)));
      dummies.push(await time(() => verifyPassword(null, `wrong${round}`)));
    }
    const [real, dummy] = [Math.min(...reals), Math.min(...dummies)];
    // Same parameters, so the same cost; generous bounds for a busy machine.
    expect(dummy).toBeGreaterThan(real * 0.5);
    expect(dummy).toBeLessThan(real * 2);
  });
});
