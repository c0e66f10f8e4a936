import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../../../src/shared/inline-scripts.ts';
import { carriesCredentials, keepPrivate } from '../../../src/server/http/credentials.ts';
import { createSecurityHeaders, scriptHash, scriptHashesOf } from '../../../src/server/http/security-headers.ts';

const ASTRO_POLICY =
  "script-src 'self' 'sha256-DCsxrLPCxzEvPqHyKDvx65gxPNRuSxTZOjfoE+Q+eAo=' 'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw='; style-src 'self' 'sha256-1BZmpqn4jx3QJsJtwDgxcg+qYh7HtQ+MWR8+BHoXg08=';";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The headers a real Node server sends after `respond` wrote its answer through the hardened response. */
async function served(prepare: (res: ServerResponse) => void, respond: (res: ServerResponse) => void) {
  const server = createServer((_req, res) => {
    prepare(res);
    respond(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/' }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.headers));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers', () => {
  const headers = createSecurityHeaders({ publicOrigin: 'http://localhost:4321' });
  const policy = new Map(headers.all).get('content-security-policy') ?? '';

  it('allow scripts from this origin and inline ones by hash only; no framing, plugins or foreign bases and forms', () => {
    const parsed = directives(policy);
    expect(parsed.get('script-src')).toEqual(["'self'", ...Object.values(inlineScripts).map(scriptHash)]);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
    expect(parsed.get('base-uri')).toEqual(["'self'"]);
    expect(parsed.get('form-action')).toEqual(["'self'"]);
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    expect(parsed.get('default-src')).toEqual(["'self'"]);
  });

  it('a hash is the base64 sha256 of the exact text', () => {
    // echo -n "alert(1)" | openssl dgst -sha256 -binary | base64
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('send nosniff, DENY, a referrer policy, a permissions policy and COOP, and no HSTS over http', () => {
    const all = new Map(headers.all);
    expect(all.get('x-content-type-options')).toBe('nosniff');
    expect(all.get('x-frame-options')).toBe('DENY');
    expect(all.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(all.get('permissions-policy')).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/);
    expect(all.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(all.has('strict-transport-security')).toBe(false);
    // HSTS needs both: a max-age and an https origin.
    expect(new Map(createSecurityHeaders({ publicOrigin: 'http://localhost', hstsMaxAgeS: 600 }).all).has('strict-transport-security')).toBe(false);
    expect(new Map(createSecurityHeaders({ publicOrigin: 'https://crease.example' }).all).has('strict-transport-security')).toBe(false);
    expect(new Map(createSecurityHeaders({ publicOrigin: 'https://crease.example', hstsMaxAgeS: 31_536_000 }).all).get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it("read the script hashes of Astro's policy, and only those of script-src", () => {
    expect(scriptHashesOf(ASTRO_POLICY)).toEqual([
      "'sha256-DCsxrLPCxzEvPqHyKDvx65gxPNRuSxTZOjfoE+Q+eAo='",
      "'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw='",
    ]);
    expect(scriptHashesOf("style-src 'self' 'sha256-1BZmpqn4jx3QJsJtwDgxcg+qYh7HtQ+MWR8+BHoXg08='")).toEqual([]);
  });

  it("replace a page's own policy given to writeHead by the site's, with the page's script hashes", async () => {
    const asObject = await served(headers.apply, (res) => {
      res.writeHead(200, { 'Content-Type': 'text/html', 'content-security-policy': ASTRO_POLICY });
      res.end('<p>page</p>');
    });
    const merged = directives(String(asObject['content-security-policy']));
    expect(merged.get('script-src')).toContain("'sha256-BF0290pkb3jxQsE7z00xR8Imp8X34FLC88L0lkMnrGw='");
    expect(merged.get('script-src')).toContain(scriptHash(inlineScripts.themeBootstrap));
    // Inline styles stay allowed: Astro's style hashes would switch 'unsafe-inline' off.
    expect(merged.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(merged.get('frame-ancestors')).toEqual(["'none'"]);
    expect(asObject['x-frame-options']).toBe('DENY');

    const asList = await served(headers.apply, (res) => {
      res.writeHead(200, ['Content-Type', 'text/html', 'Content-Security-Policy', ASTRO_POLICY]);
      res.end();
    });
    expect(asList['content-security-policy']).toBe(asObject['content-security-policy']);

    const plain = await served(headers.apply, (res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
    });
    expect(plain['content-security-policy']).toBe(policy);
    expect(plain['x-content-type-options']).toBe('nosniff');
  });
});

describe('credentials', () => {
  it('are a session cookie or an Authorization header, whatever their value', () => {
    expect(carriesCredentials({})).toBe(false);
    expect(carriesCredentials({ cookie: 'lang=hi; theme=2' })).toBe(false);
    expect(carriesCredentials({ cookie: 'my_crease_session=1' })).toBe(false);
    expect(carriesCredentials({ cookie: 'lang=hi; crease_session=abc' })).toBe(true);
    expect(carriesCredentials({ authorization: 'Bearer x' })).toBe(true);
  });

  it('make a response private, no-store whatever the renderer said', async () => {
    const sent = await served(keepPrivate, (res) => {
      res.writeHead(200, { 'cache-control': 'public, max-age=30' });
      res.end();
    });
    expect(sent['cache-control']).toBe('private, no-store');
    const unsaid = await served(keepPrivate, (res) => res.end());
    expect(unsaid['cache-control']).toBe('private, no-store');
  });
});
