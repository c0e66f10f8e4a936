// CSRF protection of cookie-authenticated writes: a header only the site's own pages can send
// (its value is derived from the session token, so it is bound to the session and needs no
// storage) plus, when the browser sends one, an Origin that is the site's own.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_REFUSED = 'The request could not be verified. Reload the page and try again.';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

/** The csrf value of a session: base64url(HMAC-SHA256(token, 'csrf')). */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('csrf').digest('base64url');
}

/** Whether the sent header is the session's csrf value (in constant time). */
export function csrfMatches(sessionToken: string, sent: string | undefined): boolean {
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The origin a request was addressed to: its scheme and Host. Without PUBLIC_ORIGIN (a local
 * install opened as localhost, 127.0.0.1 or a LAN address) it counts as the site's own; a page on
 * another site still sends its own Origin, which is never the Host it calls.
 */
export function addressedOrigin(host: string | undefined, encrypted: boolean): string | undefined {
  return host ? `${encrypted ? 'https' : 'http'}://${host.toLowerCase()}` : undefined;
}

/** Whether an Origin header, when there is one, is on the allowed list. */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  return origin === undefined || allowed.includes(origin);
}
