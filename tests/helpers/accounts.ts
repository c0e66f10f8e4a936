// Accounts for tests: an app over a fresh database with the in-memory SMS transport, users
// created straight in the database, and the cookies of a login answer.
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { createAuth, type Auth, type LockoutSettings } from '../../src/server/auth/index.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { MemorySmsTransport } from '../../src/server/auth/sms/memory.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { Role } from '../../src/server/db/schema.ts';
import { buildApp, type AppOptions } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { checkingContract } from './api-contract.ts';

export const SITE_ORIGIN = 'https://crease.test';
export const APP_ORIGIN = 'https://app.partner.test';

export interface AccountsApp {
  app: FastifyInstance;
  auth: Auth;
  sms: MemorySmsTransport;
  close(): Promise<void>;
}

export interface AccountsAppOptions {
  redis?: { url: string; keyPrefix: string };
  /** As when PUBLIC_ORIGIN is not set: the origin a request is addressed to is the site's own. */
  originFromHost?: boolean;
  /** Login lock-out thresholds other than the defaults (5 per account, 20 per address, 15 minutes). */
  lockout?: LockoutSettings;
  /** The in-memory limit store's size (createAuth's memoryLimitKeys), for a flood past it at a test's scale. */
  memoryLimitKeys?: number;
  /** A logger of the test's own (to read what is logged); silent by default. */
  logger?: FastifyBaseLogger;
  /** Anything else buildApp takes (avatars, mailer, pages, proxies, headers). */
  appOptions?: Partial<AppOptions>;
}

export async function accountsApp(db: Db, options: AccountsAppOptions = {}): Promise<AccountsApp> {
  const sms = new MemorySmsTransport();
  const logger = options.logger ?? pino({ level: 'silent' });
  const auth = createAuth({
    db,
    config: {
      publicOrigin: SITE_ORIGIN,
      originFromHost: options.originFromHost ?? false,
      corsOrigins: [APP_ORIGIN],
      sessionTtlDays: 30,
      ...(options.lockout ? { lockout: options.lockout } : {}),
    },
    logger,
    sms,
    redis: options.redis,
    memoryLimitKeys: options.memoryLimitKeys,
  });
  const app = checkingContract(await buildApp({ services: createServices(db), logger, auth, apiCorsOrigins: [APP_ORIGIN], ...options.appOptions }));
  return {
    app,
    auth,
    sms,
    close: async () => {
      await app.close();
      await auth.close();
    },
  };
}

export async function createUser(db: Db, phone: string, password: string, role: Role = 'user'): Promise<string> {
  const row = await db.kysely
    .insertInto('users')
    .values({ phone, password_hash: await hashPassword(password), role })
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** name → value of the Set-Cookie headers of an answer. */
export function setCookies(response: LightMyRequestResponse): Map<string, { value: string; attributes: string[] }> {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return new Map(
    lines.map((line) => {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      return [pair.slice(0, separator), { value: pair.slice(separator + 1), attributes }];
    }),
  );
}
