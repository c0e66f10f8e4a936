// Who is asking, for every request (API and pages): a Bearer token (the spec's client, other
// apps) or the session cookie (the site). Cookie-authenticated writes must prove they come
// from the site's own pages (csrf.ts); anonymous writes from a browser must come from an
// allowed origin.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiUrl, sendApiError } from '../api/errors.ts';
import { Forbidden } from '../errors.ts';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.ts';
import { addressedOrigin, CSRF_HEADER, CSRF_REFUSED, csrfMatches, csrfTokenFor, isUnsafeMethod, originAllowed } from '../auth/csrf.ts';
import type { Auth } from '../auth/index.ts';
import type { SessionUser } from '../auth/sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
    authVia: 'bearer' | 'cookie' | null;
    /** The csrf value of the request's session (for pages to render), or null. */
    csrfToken: string | null;
    /** The session token the request carried, when it resolved (for logout). */
    sessionToken: string | null;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function refuse(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (isApiUrl(request.url)) return sendApiError(request, reply, new Forbidden(CSRF_REFUSED));
  return reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(CSRF_REFUSED);
}

export function registerAuthHook(app: FastifyInstance, auth: Auth): void {
  app.decorateRequest('user', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('csrfToken', null);
  app.decorateRequest('sessionToken', null);
  const siteOrigins = (request: FastifyRequest): string[] => {
    const addressed = auth.config.originFromHost ? addressedOrigin(request.host, request.protocol === 'https') : undefined;
    return addressed ? [auth.config.publicOrigin, addressed] : [auth.config.publicOrigin];
  };

  app.addHook('onRequest', async (request, reply) => {
    // Hashed build assets are the same for everyone: a page's dozen asset requests cost no session lookups.
    if (request.method === 'GET' && request.url.startsWith('/_astro/')) return;
    const bearer = bearerToken(request.headers.authorization);
    // A Bearer header decides alone: a request carrying one is never judged by its cookie.
    const via = bearer !== undefined ? 'bearer' : 'cookie';
    const token = bearer ?? readCookie(request.headers.cookie, SESSION_COOKIE);
    const user = token ? await auth.resolveSession(token) : null;
    if (token && user) {
      request.user = user;
      request.authVia = via;
      request.sessionToken = token;
      request.csrfToken = csrfTokenFor(token);
    }
    if (!isUnsafeMethod(request.method)) return;
    const origin = request.headers.origin;
    if (request.authVia === 'cookie') {
      // A browser sends the cookie with a cross-site form post too; only our pages can add the header.
      const sent = request.headers[CSRF_HEADER];
      if (!csrfMatches(request.sessionToken ?? '', typeof sent === 'string' ? sent : undefined) || !originAllowed(origin, siteOrigins(request))) {
        return refuse(request, reply);
      }
    } else if (request.authVia === null && !originAllowed(origin, [...siteOrigins(request), ...auth.config.corsOrigins])) {
      return refuse(request, reply);
    }
  });
}
