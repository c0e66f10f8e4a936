// Roles (spec §6 plus issue 8): a signed-in user, scorers (live scoring), editors (news and
// reels), admins. Route handlers ask for what they need.
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { Forbidden, Unauthenticated } from '../errors.ts';
import type { Role } from '../db/schema.ts';
import type { SessionUser } from './sessions.ts';

export type { Role };

export const ROLES: readonly Role[] = ['user', 'scorer', 'editor', 'admin'];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

export const LOGIN_FIRST = 'Please log in first.';
export const NO_PERMISSION = 'You do not have permission to do this.';

/** The signed-in user; 401 when the request carries no live session. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new Unauthenticated(LOGIN_FIRST);
  return request.user;
}

/** The signed-in user when they hold one of the roles; 401 signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new Forbidden(NO_PERMISSION);
  return user;
}

/** Gives the account of a phone a role; false when no account has that phone. Sessions see it at once. */
export async function setUserRole(db: Db, phone: string, role: Role): Promise<boolean> {
  const result = await db.kysely
    .updateTable('users')
    .set({ role, updated_at: sql<Date>`now()` })
    .where('phone', '=', phone)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Accounts holding a role other than 'user', for an operator's review. */
export async function listStaff(db: Db): Promise<{ phone: string; name: string | null; role: Role }[]> {
  return db.kysely.selectFrom('users').select(['phone', 'name', 'role']).where('role', '<>', 'user').orderBy('role').orderBy('phone').execute();
}
