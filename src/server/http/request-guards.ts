// Checks made at the edge, for every route and page, before a route validates or reads its input
// (issue 24):
// - No text the product stores or looks up holds a NUL (U+0000), and PostgreSQL refuses one
//   outright ('invalid byte sequence'), which surfaced as 500s route by route (verify_otp's
//   otp_id, the scorer's searches, token labels): a NUL in any query value, path parameter or JSON
//   body string (or key) is a 400 naming the field, once the route's schema has had its say and
//   before its handler reads anything.
// - A route that needs a signed-in user (its contract says so: `security` in its schema) answers a
//   request with no credentials 401 before validating its body, so a stranger learns nothing of
//   what the route would accept. A request that brings a token the session store does not know
//   (a scorer's API token, say) goes on to the route, which decides. A route for some roles only
//   (`roles` in its contract) answers a signed-in user without one of them 403, before validating.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Invalid, Unauthenticated } from '../errors.ts';
import { ROLES_KEY } from '../wire/schemas/common.ts';
import { LOGIN_FIRST, NO_PERMISSION, type Role } from '../auth/roles.ts';

/**
 * Where a parsed value (string, array, object, at any depth) holds U+0000: the field's path
 * ('otp_id', 'batters.0.name'; a key's path when the key holds it), '' for the value itself, or
 * null when nothing does.
 */
export function nulAt(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, where] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return where;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => pending.push([element, where ? `${where}.${index}` : String(index)]));
    } else if (item !== null && typeof item === 'object') {
      for (const [key, element] of Object.entries(item)) {
        const path = where ? `${where}.${key}` : key;
        if (key.includes('\u0000')) return path.replaceAll('\u0000', '\\0');
        pending.push([element, path]);
      }
    }
  }
  return null;
}

function needsSignIn(request: FastifyRequest): boolean {
  const security = (request.routeOptions.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length > 0;
}

/** The roles a route is for (its contract's), or null when any user may call it. */
function rolesOf(request: FastifyRequest): readonly Role[] | null {
  const roles = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[ROLES_KEY];
  return Array.isArray(roles) ? (roles as Role[]) : null;
}

export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (needsSignIn(request) && request.user === null && request.headers.authorization === undefined) {
      throw new Unauthenticated(LOGIN_FIRST);
    }
    const roles = rolesOf(request);
    if (roles !== null && request.user !== null && !roles.includes(request.user.role)) throw new Forbidden(NO_PERMISSION);
  });
  // After validation, so a field whose schema refuses control characters keeps its own message;
  // before any handler reads the input.
  app.addHook('preHandler', async (request) => {
    // A page path with a control character is the 404 page in its language (app.ts), not a 400.
    for (const part of [request.is404 ? {} : request.params, request.query, request.body]) {
      const where = nulAt(part);
      if (where !== null) throw new Invalid(`${where || 'The request'} must not contain a NUL character.`);
    }
  });
}
