// Login lock-outs: wrong passwords per account and failures per address, counted in the database
// (limit_counters, migration 019), where every process reads the same count and no amount of
// traffic can evict a counter before its window ends. docs/decisions/051-lockouts-passwords-and-edge-checks.md.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { Limiter, type LimitRule, type LimitStore } from './limits.ts';

/** The operator's lock-out settings (LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS, LOGIN_LOCKOUT_MINUTES). */
export interface LockoutSettings {
  accountFailures: number;
  addressFailures: number;
  minutes: number;
}

export const DEFAULT_LOCKOUT: LockoutSettings = { accountFailures: 5, addressFailures: 20, minutes: 15 };

// Expired rows are deleted in passing, at most this often per process.
const PRUNE_EVERY_MS = 60_000;

/** Counters in limit_counters, timed by the database's clock (every process agrees on it). */
export class DatabaseLimitStore implements LimitStore {
  private prunedAt = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async increment(key: string, windowMs: number) {
    this.pruneNowAndThen();
    const row = await this.db
      .insertInto('limit_counters')
      .values({ key, count: 1, resets_at: sql<Date>`now() + ${windowMs} * interval '1 millisecond'` })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          // An expired window starts again at one; a live one counts on and keeps its end.
          count: sql<number>`case when limit_counters.resets_at <= now() then 1 else limit_counters.count + 1 end`,
          resets_at: sql<Date>`case when limit_counters.resets_at <= now() then excluded.resets_at else limit_counters.resets_at end`,
        }),
      )
      .returning(['count', sql<number>`extract(epoch from limit_counters.resets_at - now()) * 1000`.as('ttl_ms')])
      .executeTakeFirstOrThrow();
    return { count: row.count, ttlMs: Math.max(0, Number(row.ttl_ms)) };
  }

  async read(key: string) {
    const row = await this.db
      .selectFrom('limit_counters')
      .select(['count', sql<number>`extract(epoch from resets_at - now()) * 1000`.as('ttl_ms')])
      .where('key', '=', key)
      .where('resets_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row ? { count: row.count, ttlMs: Math.max(0, Number(row.ttl_ms)) } : { count: 0, ttlMs: 0 };
  }

  async decrement(key: string) {
    await this.db
      .updateTable('limit_counters')
      .set({ count: sql<number>`count - 1` })
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('resets_at', '>', sql<Date>`now()`)
      .execute();
  }

  async delete(key: string) {
    await this.db.deleteFrom('limit_counters').where('key', '=', key).execute();
  }

  private pruneNowAndThen(): void {
    const now = Date.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    // Not awaited: the attempt being counted does not wait for the clean-up.
    this.db
      .deleteFrom('limit_counters')
      .where('resets_at', '<', sql<Date>`now()`)
      .execute()
      .catch(() => undefined);
  }
}

export type LoginAttempt = { allowed: true; accountFailures: number } | { allowed: false; retryAfterS: number };

// Addresses known to be locked, so a flood from one costs no database work; a hint only (the
// database holds the truth), so dropping one when full clears nothing.
const MAX_LOCKED_ADDRESSES_REMEMBERED = 10_000;

export class LoginLockouts {
  readonly perAccount: LimitRule;
  readonly perAddress: LimitRule;
  private readonly counters: Limiter;
  private readonly lockedAddresses = new Map<string, number>();

  constructor(
    db: Kysely<Database>,
    settings: LockoutSettings = DEFAULT_LOCKOUT,
    private readonly now: () => number = Date.now,
  ) {
    const windowS = settings.minutes * 60;
    this.perAccount = { name: 'login-fail-phone', limit: settings.accountFailures, windowS };
    this.perAddress = { name: 'login-fail-ip', limit: settings.addressFailures, windowS };
    this.counters = new Limiter(new DatabaseLimitStore(db));
  }

  /**
   * Counts a login attempt against the address, then the account, before the password is
   * checked (so concurrent guesses cannot all pass a check made before any failed); a success
   * takes its counts back. A locked address counts no account: a flood from it writes nothing.
   */
  async attempt(phone: string, address: string): Promise<LoginAttempt> {
    const lockedUntil = this.lockedAddresses.get(address);
    if (lockedUntil !== undefined) {
      if (lockedUntil > this.now()) return { allowed: false, retryAfterS: Math.ceil((lockedUntil - this.now()) / 1000) };
      this.lockedAddresses.delete(address);
    }
    const known = await this.counters.peek(address, this.perAddress);
    if (!known.allowed) return this.addressLocked(address, known.retryAfterS);
    const byAddress = await this.counters.hit(address, this.perAddress);
    if (!byAddress.allowed) return this.addressLocked(address, byAddress.retryAfterS);
    const byAccount = await this.counters.hit(phone, this.perAccount);
    if (!byAccount.allowed) return { allowed: false, retryAfterS: byAccount.retryAfterS };
    return { allowed: true, accountFailures: byAccount.count };
  }

  /** The password was right: the account starts afresh, and the address's count drops by this attempt. */
  async succeeded(phone: string, address: string): Promise<void> {
    await Promise.all([this.counters.reset(phone, this.perAccount), this.counters.undo(address, this.perAddress)]);
  }

  /** A new password was set through a reset code: the account's lock ends. */
  async clearAccount(phone: string): Promise<void> {
    await this.counters.reset(phone, this.perAccount);
  }

  private addressLocked(address: string, retryAfterS: number): LoginAttempt {
    if (this.lockedAddresses.size >= MAX_LOCKED_ADDRESSES_REMEMBERED) this.lockedAddresses.clear();
    this.lockedAddresses.set(address, this.now() + retryAfterS * 1000);
    return { allowed: false, retryAfterS };
  }
}
