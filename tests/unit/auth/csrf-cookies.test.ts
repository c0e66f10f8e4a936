import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from '../../../src/server/auth/cookies.ts';
import { csrfMatches, csrfTokenFor, isUnsafeMethod, originAllowed } from '../../../src/server/auth/csrf.ts';

const token = 'A'.repeat(43);
const otherToken = 'B'.repeat(43);

describe('csrf values', () => {
  it('are derived from the session token: stable for it, different for another, not the token itself', () => {
    expect(csrfTokenFor(token)).toBe(csrfTokenFor(token));
    expect(csrfTokenFor(token)).not.toBe(csrfTokenFor(otherToken));
    expect(csrfTokenFor(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfTokenFor(token)).not.toBe(token);
  });

  it('match only the exact value of the session', () => {
    expect(csrfMatches(token, csrfTokenFor(token))).toBe(true);
    expect(csrfMatches(token, csrfTokenFor(otherToken))).toBe(false);
    expect(csrfMatches(token, undefined)).toBe(false);
    expect(csrfMatches(token, '')).toBe(false);
    expect(csrfMatches(token, `${csrfTokenFor(token)}x`)).toBe(false);
  });

  it('are needed for POST, PUT, PATCH and DELETE only', () => {
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isUnsafeMethod)).toBe(true);
    expect(['GET', 'HEAD', 'OPTIONS'].some(isUnsafeMethod)).toBe(false);
  });

  it('an absent Origin passes; a present one must be listed exactly', () => {
    expect(originAllowed(undefined, ['https://a.test'])).toBe(true);
    expect(originAllowed('https://a.test', ['https://a.test'])).toBe(true);
    expect(originAllowed('https://a.test.evil', ['https://a.test'])).toBe(false);
    expect(originAllowed('null', ['https://a.test'])).toBe(false);
  });
});

describe('cookies', () => {
  it('reads one cookie among several', () => {
    expect(readCookie('a=1; crease_session=tok; b=2', 'crease_session')).toBe('tok');
    expect(readCookie('xcrease_session=tok', 'crease_session')).toBeUndefined();
    expect(readCookie(undefined, 'crease_session')).toBeUndefined();
  });

  it('writes the contract flags', () => {
    expect(serializeCookie('crease_session', 'v', { httpOnly: true, secure: true, maxAgeS: 60 })).toBe(
      'crease_session=v; Path=/; SameSite=Lax; HttpOnly; Secure; Max-Age=60',
    );
    expect(serializeCookie('crease_csrf', 'v', { httpOnly: false, secure: false })).toBe('crease_csrf=v; Path=/; SameSite=Lax');
  });
});
