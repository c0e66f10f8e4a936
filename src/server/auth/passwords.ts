// Passwords: 6 to 128 characters without spaces, none of the 1,000 most common (issue 24; the
// spec's clients send 6, and a longer one is stronger), and argon2id hashing. The cost
// (19 MiB, 6 passes) makes one verification ~20-25 ms on the 2-core reference machine
// (docs/benchmarks.md); the login limits bound online guessing, the cost slows offline guessing
// of a stolen hash (docs/decisions/020-accounts-otp-and-sessions.md).
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/account-rules.ts';
import { isCommonPassword } from './common-passwords.ts';

export const PASSWORD_LENGTH_PROBLEM = `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
export const COMMON_PASSWORD_PROBLEM = 'This password is one of the most common; choose another';

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
// 19 MiB is OWASP's figure for argon2id; passes, not memory, buy the time: 64 MiB cost 3-4 times
// more per hash once the two cores were busy, and held 256 MiB with four hashes at once.
export const ARGON2_PARAMETERS = { algorithm: 2, memoryCost: 19_456, timeCost: 6, parallelism: 1 } as const;

/** The spec's messages (§5), in the order the form checks them, then ours; null when the password may be set. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return 'Password is Required';
  if (/\s/.test(password)) return 'Password cannot contain spaces';
  // Characters, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return PASSWORD_LENGTH_PROBLEM;
  if (isCommonPassword(password)) return COMMON_PASSWORD_PROBLEM;
  return null;
}

/**
 * At most one hash per core at a time. argon2 runs on libuv's thread pool, which file reads and
 * compression share: a flood of logins queues here instead of taking every pool thread.
 */
class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const gate = new HashGate(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, ARGON2_PARAMETERS));
}

// Verified when the phone has no account, so that an unknown phone costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** Whether the password matches the hash; with hash null, spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('dummy!');
    const dummy = await dummyHash;
    await gate.run(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await gate.run(() => verify(storedHash, password));
  } catch {
    // A malformed stored hash verifies nothing.
    return false;
  }
}
