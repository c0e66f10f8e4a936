// A request that carries credentials (a session cookie or an Authorization header) may get an
// answer meant for one person: no shared cache keeps or serves it, and it never says public.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { overrideAtWriteHead } from './write-head.ts';

export const SESSION_COOKIE = 'crease_session';
export const PRIVATE_NO_STORE = 'private, no-store';

const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`);

/** Whether the request carries a session cookie or an Authorization header, valid or not. */
export function carriesCredentials(headers: IncomingHttpHeaders): boolean {
  return headers.authorization !== undefined || SESSION_COOKIE_PATTERN.test([headers.cookie ?? ''].flat().join(';'));
}

/** Whatever the renderer says, this response says private, no-store. */
export function keepPrivate(res: ServerResponse): void {
  overrideAtWriteHead(res, 'cache-control', () => PRIVATE_NO_STORE);
  res.setHeader('cache-control', PRIVATE_NO_STORE);
}
