// The origin every absolute URL a page prints is built from (canonical, hreflang, og:url, feeds),
// and the Host policy behind it (docs/decisions/050-host-and-page-cache.md):
// - PUBLIC_ORIGIN set: always that origin, whatever Host a request names;
// - not set (a local install): the scheme and Host the request was addressed to, once the Host
//   has passed strict validation.
// A Host that is not a plain host[:port] is refused with 400 before anything reads it, so no
// renderer ever falls back to a default URL for it.
import { isIPv4, isIPv6 } from 'node:net';

export interface SiteOriginPolicy {
  /** PUBLIC_ORIGIN, or the local default (http://localhost:PORT). */
  publicOrigin: string;
  /** PUBLIC_ORIGIN was not set: the validated Host a request names is the site's origin for it. */
  fromHost: boolean;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const MAX_HOSTNAME_LENGTH = 253;

function validHostname(name: string): boolean {
  if (name.startsWith('[') && name.endsWith(']')) return isIPv6(name.slice(1, -1));
  if (name.length === 0 || name.length > MAX_HOSTNAME_LENGTH) return false;
  if (/^[0-9.]+$/.test(name)) return isIPv4(name);
  return name.split('.').every((label) => LABEL.test(label));
}

/**
 * A Host header as host[:port], lower-cased, or null when it is anything else: a hostname of
 * letters, digits and hyphens, an IPv4 address or a bracketed IPv6 address, and a port of 1 to
 * 65535. No user info (`a@b`), path, query or fragment characters, spaces, quotes or percent signs.
 */
export function parseHost(value: string | undefined): string | null {
  if (value === undefined) return null;
  const host = value.toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return null;
  const [, name = '', port] = match;
  if (!validHostname(name)) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return null;
  return host;
}

/** The origin a request's pages link to: PUBLIC_ORIGIN, or (without it) the validated address it was sent to. */
export function siteOriginFor(policy: SiteOriginPolicy, host: string | null, encrypted: boolean): string {
  if (!policy.fromHost || host === null) return policy.publicOrigin;
  return `${encrypted ? 'https' : 'http'}://${host}`;
}

export const BAD_HOST_MESSAGE = 'The Host header is not a valid host name.';
