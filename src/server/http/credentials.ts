// A request that carries credentials (a session cookie or an Authorization header) may get an
// answer meant for one person: no shared cache keeps or serves it, and it never says public.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { readCookie, SESSION_COOKIE } from '../auth/cookies.ts';
import { overrideAtWriteHead } from './write-head.ts';

export const PRIVATE_NO_STORE = 'private, no-store';

/** Whether the request carries a session cookie or an Authorization header, valid or not. */
export function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined || readCookie(headers.cookie, SESSION_COOKIE) !== undefined;
}

/** Whatever the renderer says, this response says private, no-store. */
export function keepPrivate(res: ServerResponse): void {
  overrideAtWriteHead(res, 'cache-control', () => PRIVATE_NO_STORE);
  res.setHeader('cache-control', PRIVATE_NO_STORE);
}
