// The two cookies of a signed-in browser: crease_session (the token, HttpOnly) and crease_csrf
// (readable by the site's scripts, which echo it in the x-csrf-token header).

export const SESSION_COOKIE = 'crease_session';
export const CSRF_COOKIE = 'crease_csrf';

/** One cookie's value from a Cookie header; undefined when absent. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    return part.slice(separator + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  /** Seconds; undefined for a cookie that ends with the browser session, 0 to delete. */
  maxAgeS?: number | undefined;
}

/** A Set-Cookie value; the values set here are base64url, so they need no escaping. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'SameSite=Lax'];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.maxAgeS !== undefined) parts.push(`Max-Age=${options.maxAgeS}`);
  return parts.join('; ');
}
