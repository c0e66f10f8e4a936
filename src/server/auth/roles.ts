// Roles (spec §6 plus issue 8): a signed-in user, scorers (live scoring), editors (news and
// reels), admins. Route handlers ask for what they need.
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../api/errors.ts';
import type { Role } from '../db/schema.ts';
import type { SessionUser } from './sessions.ts';

export type { Role };

export const ROLES: readonly Role[] = ['user', 'scorer', 'editor', 'admin'];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The signed-in user; 401 when the request carries no live session. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new ApiError(401, 'Please log in first.');
  return request.user;
}

/** The signed-in user when they hold one of the roles; 401 signed out, 403 otherwise. */
export function requireRole(request: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new ApiError(403, 'You do not have permission to do this.');
  return user;
}
