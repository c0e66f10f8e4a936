// Accounts: who is signed in (sessions), what they may do (roles), how often a stranger may
// try (limits), OTPs by SMS and passwords. docs/decisions/020-accounts-otp-and-sessions.md.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { FallbackLimitStore, Limiter, MemoryLimitStore, RedisLimitStore } from './limits.ts';
import { LoginLockouts, type LockoutSettings } from './lockouts.ts';
import { OtpService } from './otp.ts';
import { SessionStore, type SessionUser } from './sessions.ts';
import { ConsoleSmsTransport } from './sms/console.ts';
import type { SmsTransport } from './sms/transport.ts';

export type { Role } from './roles.ts';
export { requireRole, requireUser, ROLES, isRole } from './roles.ts';
export type { SessionUser } from './sessions.ts';
export { avatarUrl, AVATAR_URL_PREFIX } from './sessions.ts';
export type { Limiter, LimitRule, LimitResult } from './limits.ts';
export type { LockoutSettings, LoginLockouts } from './lockouts.ts';
export type { SmsTransport } from './sms/transport.ts';
export { CSRF_COOKIE, SESSION_COOKIE } from './cookies.ts';
export { CSRF_HEADER } from './csrf.ts';

export interface AuthConfig {
  /** The site's origin (PUBLIC_ORIGIN): the only origin of cookie-authenticated writes. */
  publicOrigin: string;
  /** PUBLIC_ORIGIN was not set: the origin a request is addressed to is the site's own too. */
  originFromHost?: boolean;
  /** Other origins whose pages may call the API (API_CORS_ORIGINS), without cookies. */
  corsOrigins: readonly string[];
  sessionTtlDays: number;
  /** Login lock-outs (LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS, LOGIN_LOCKOUT_MINUTES); 5, 20 and 15 by default. */
  lockout?: LockoutSettings;
}

export interface Auth {
  readonly config: AuthConfig;
  /** Whether the session cookie gets the Secure flag (the site is served over https). */
  readonly secureCookies: boolean;
  readonly sessions: SessionStore;
  readonly limiter: Limiter;
  /** Wrong passwords per account and failures per address, in the database (decision 051). */
  readonly lockouts: LoginLockouts;
  readonly sms: SmsTransport;
  readonly otps: OtpService;
  resolveSession(token: string): Promise<SessionUser | null>;
  /** The Redis of the limits: 'down' while limits count per process; null without REDIS_URL. */
  redisHealth(): 'ok' | 'down' | null;
  /** Releases what createAuth opened (the Redis connection of the limits). */
  close(): Promise<void>;
}

export interface CreateAuthOptions {
  db: Db;
  config: AuthConfig;
  logger: FastifyBaseLogger;
  /** Default: the console transport (the code in the server's log). */
  sms?: SmsTransport | undefined;
  /** Limits shared by every process on this Redis; without it, each process counts alone. */
  redis?: { url: string; keyPrefix?: string } | undefined;
  /** The most counters this process keeps in memory (MemoryLimitStore; 100,000 unless given). */
  memoryLimitKeys?: number;
}

export function createAuth(options: CreateAuthOptions): Auth {
  const { db, config, logger } = options;
  let redis: Redis | undefined;
  if (options.redis) {
    // A limit check must not queue behind a lost connection or wait long on a stalled one: it is
    // counted in this process instead (FallbackLimitStore).
    redis = new Redis(options.redis.url, { maxRetriesPerRequest: 1, enableAutoPipelining: true, commandTimeout: 1000 });
    redis.on('error', (error: Error) => logger.warn({ err: error }, 'rate-limit Redis connection error'));
  }
  const fallback = redis
    ? new FallbackLimitStore(redis, new RedisLimitStore(redis, `${options.redis?.keyPrefix ?? 'crease'}:limit:`), (error) =>
        logger.warn({ err: error }, 'rate limits: Redis did not answer; counting in this process'),
      )
    : null;
  const limiter = new Limiter(fallback ?? new MemoryLimitStore(options.memoryLimitKeys));
  const sessions = new SessionStore(db, config.sessionTtlDays, logger);
  const sms = options.sms ?? new ConsoleSmsTransport(logger);
  return {
    config,
    secureCookies: config.publicOrigin.startsWith('https:'),
    sessions,
    limiter,
    lockouts: new LoginLockouts(db.kysely, config.lockout),
    sms,
    otps: new OtpService(db, sms, logger),
    resolveSession: (token) => sessions.resolve(token),
    redisHealth: () => (fallback === null ? null : fallback.degraded ? 'down' : 'ok'),
    close: async () => {
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}
