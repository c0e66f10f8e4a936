import { describe, expect, it } from 'vitest';
import { parseHost, siteOriginFor } from '../../../src/server/http/site-origin.ts';

describe('parseHost', () => {
  it('takes a host name, an IPv4 or bracketed IPv6 address, with a port of 1 to 65535, lower-cased', () => {
    for (const [given, parsed] of [
      ['crease.example.com', 'crease.example.com'],
      ['Crease.Example.COM:443', 'crease.example.com:443'],
      ['localhost:4321', 'localhost:4321'],
      ['127.0.0.1:65535', '127.0.0.1:65535'],
      ['192.168.1.20', '192.168.1.20'],
      ['[::1]:4321', '[::1]:4321'],
      ['[2001:db8::1]', '[2001:db8::1]'],
      ['xn--h2brj9c.example', 'xn--h2brj9c.example'],
      ['evil.example', 'evil.example'],
    ]) {
      expect(parseHost(given), given).toBe(parsed);
    }
  });

  it('refuses anything else: spaces, percent signs, user info, path, query and fragment characters, quotes, bad ports', () => {
    for (const bad of [
      'x y', '%', '[::1', 'a<b', 'evil.example:99999', 'a?b', 'a#b', 'a:b:c', 'a"b', 'a@b', 'a/b', 'a\\b',
      '', ':80', 'a:0', 'a:', 'a:+80', 'example.com.', '-a.example', 'a-.example', 'a..b', '[::g]', '[::1]x',
      '256.1.1.1', '1234', 'a_b.example', `${'a'.repeat(64)}.example`, `${'a.'.repeat(127)}a`, 'ex\u0000ample',
    ]) {
      expect(parseHost(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(parseHost(undefined)).toBeNull();
  });
});

describe('siteOriginFor', () => {
  it('is PUBLIC_ORIGIN whatever the Host when it is set', () => {
    const policy = { publicOrigin: 'https://crease.example.com', fromHost: false };
    expect(siteOriginFor(policy, 'evil.example', false)).toBe('https://crease.example.com');
  });

  it("is the validated Host on a local install, and the default when the request named none", () => {
    const policy = { publicOrigin: 'http://localhost:4321', fromHost: true };
    expect(siteOriginFor(policy, '192.168.1.20:4321', false)).toBe('http://192.168.1.20:4321');
    expect(siteOriginFor(policy, 'crease.lan', true)).toBe('https://crease.lan');
    expect(siteOriginFor(policy, null, false)).toBe('http://localhost:4321');
  });
});
