// Security headers on every response of the process: pages, API, assets, errors, redirects and
// Socket.IO's own answers (docs/decisions/021-security-headers-and-csp.md).
// - Content-Security-Policy: scripts from this origin, or inline by hash only. The hashes are
//   those of src/shared/inline-scripts.ts (computed here, once) and, on a page, those Astro puts in
//   its own policy header (its island and directive scripts; `security.csp` in astro.config.mjs),
//   merged into this one policy. A script injected into a page has neither hash and never runs.
// - No framing at all (frame-ancestors 'none', X-Frame-Options DENY for older browsers).
// - HSTS only when configured and the site is served over https.
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { inlineScripts } from '../../shared/inline-scripts.ts';
import { overrideAtWriteHead } from './write-head.ts';
import { PHOTO_HOSTS } from '../ingest/people-sources.ts';

export interface SecurityHeaderOptions {
  /** The site's origin (PUBLIC_ORIGIN): HSTS only when it is https. */
  publicOrigin: string;
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE); undefined sends no HSTS. */
  hstsMaxAgeS?: number | undefined;
}

export interface SecurityHeaders {
  /** Every header of a response that carries no script hashes of its own (API, assets, errors). */
  readonly all: readonly (readonly [string, string])[];
  /** The policy for a page whose renderer (Astro) allowed these script hashes. */
  policyWith(scriptHashes: Iterable<string>): string;
  /** Sets every header on a response about to be written, and keeps them through writeHead(). */
  apply(res: ServerResponse): void;
}

export const CSP_HEADER = 'content-security-policy';
const HASH_SOURCE = /'sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}'/g;

export function scriptHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash sources of a policy's script-src directive (Astro's header), in order, without duplicates. */
export function scriptHashesOf(policy: string): string[] {
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src '));
  return [...new Set(scriptSrc?.match(HASH_SOURCE) ?? [])];
}

export function createSecurityHeaders(options: SecurityHeaderOptions): SecurityHeaders {
  const ownHashes = Object.values(inlineScripts).map(scriptHash);
  const policyWith = (scriptHashes: Iterable<string>) =>
    [
      "default-src 'self'",
      `script-src 'self' ${[...new Set([...ownHashes, ...scriptHashes])].join(' ')}`,
      // Style attributes (--size on a player photo) and Astro's scoped <style> blocks: inline
      // styles cannot run code, so 'unsafe-inline' is accepted here and only here.
      "style-src 'self' 'unsafe-inline'",
      // data: for inline SVG icons; blob: for the preview of a photo before it is uploaded;
      // Wikimedia Commons for players' photos under a free licence (decision 057).
      `img-src 'self' data: blob: ${PHOTO_HOSTS.join(' ')}`,
      "media-src 'self' blob:",
      "font-src 'self'",
      // 'self' covers ws:/wss: to this origin (Socket.IO) in CSP Level 3 browsers.
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
  const basePolicy = policyWith([]);
  const fixed: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    [
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()',
    ],
    ['cross-origin-opener-policy', 'same-origin'],
  ];
  if (options.hstsMaxAgeS !== undefined && options.publicOrigin.startsWith('https:')) fixed.push(['strict-transport-security', `max-age=${options.hstsMaxAgeS}; includeSubDomains`]);

  return {
    all: [...fixed, [CSP_HEADER, basePolicy]],
    policyWith,
    apply(res) {
      // A page's own policy (Astro's) is replaced by ours with its script hashes, whoever
      // writes it (Astro, the page cache).
      overrideAtWriteHead(res, CSP_HEADER, (policy) => policyWith(scriptHashesOf(policy)));
      for (const [name, value] of fixed) res.setHeader(name, value);
      res.setHeader(CSP_HEADER, basePolicy);
    },
  };
}

