// Passwords: the spec's rule (exactly 6 characters, no spaces) and argon2id hashing. The cost
// (64 MiB, 3 passes) makes one verification ~45 ms on the 2-core reference machine (docs/benchmarks.md);
// the login limits bound online guessing, the cost slows offline guessing of a stolen hash
// (docs/decisions/020-accounts-otp-and-sessions.md).
import { hash, verify } from '@node-rs/argon2';

export const PASSWORD_LENGTH = 6;

// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
export const ARGON2_PARAMETERS = { algorithm: 2, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const;

/** The spec's messages (§5), in the order the form checks them; null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return 'Password is Required';
  if (/\s/.test(password)) return 'Password cannot contain spaces';
  // Characters, not UTF-16 units: an emoji is one character to the person typing it.
  if ([...password].length !== PASSWORD_LENGTH) return 'Password must be exactly 6 digits';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

// Verified when the phone has no account, so that an unknown phone costs the same time as a wrong password.
const dummyHash = hashPassword('dummy!');

/** Whether the password matches the hash; with hash null, spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash verifies nothing.
    return false;
  }
}
