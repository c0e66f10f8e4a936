// API_CORS_ORIGINS: parsed once in the config module, empty by default, origins only.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';

describe('API_CORS_ORIGINS', () => {
  it('is empty by default and when set to nothing', () => {
    expect(loadConfig({}).API_CORS_ORIGINS).toEqual([]);
    expect(loadConfig({ API_CORS_ORIGINS: '' }).API_CORS_ORIGINS).toEqual([]);
  });

  it('takes comma-separated origins, trimmed', () => {
    expect(loadConfig({ API_CORS_ORIGINS: 'https://a.example.com, http://localhost:5173 ,' }).API_CORS_ORIGINS).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
  });

  it('refuses a wildcard, a path or a bare host, naming the variable', () => {
    for (const value of ['*', 'https://a.example.com/app', 'a.example.com']) {
      expect(() => loadConfig({ API_CORS_ORIGINS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ API_CORS_ORIGINS: value }), value).toThrow(/API_CORS_ORIGINS/);
    }
  });
});

describe('account settings', () => {
  it('default to the local origin, 30-day sessions and the console SMS transport', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.SESSION_TTL_DAYS).toBe(30);
    expect(config.SMS_TRANSPORT).toBe('console');
  });

  it('take an https origin; refuse one with a path', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://crease.example.com' }).publicOrigin).toBe('https://crease.example.com');
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://crease.example.com/app' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('refuse a transport without its settings, naming what is missing', () => {
    expect(() => loadConfig({ SMS_TRANSPORT: 'webhook' })).toThrow(/SMS_WEBHOOK_URL: required/);
    expect(() => loadConfig({ SMS_TRANSPORT: 'twilio', TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` })).toThrow(
      /TWILIO_AUTH_TOKEN: required.*TWILIO_FROM: required/,
    );
    expect(loadConfig({ SMS_TRANSPORT: 'webhook', SMS_WEBHOOK_URL: 'https://sms.example.com/hook' }).SMS_WEBHOOK_URL).toBe('https://sms.example.com/hook');
    expect(() => loadConfig({ SMS_TRANSPORT: 'carrier-pigeon' })).toThrow(/SMS_TRANSPORT/);
  });
});

describe('SMTP_URL', () => {
  it('is unset by default and takes smtp:// or smtps:// URLs', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.com:465' }).SMTP_URL).toBe('smtps://user:secret@mail.example.com:465');
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['mail.example.com', 'http://mail.example.com', 'smtp://']) {
      expect(() => loadConfig({ SMTP_URL: value }), value).toThrow(/SMTP_URL/);
    }
  });
});

describe('hardening settings', () => {
  it('trust no proxy and send no HSTS by default', () => {
    const config = loadConfig({});
    expect(config.TRUST_PROXY).toBe(0);
    expect(config.HSTS_MAX_AGE).toBeUndefined();
  });

  it('take a number of proxies and an HSTS max-age; refuse anything else, naming the variable', () => {
    expect(loadConfig({ TRUST_PROXY: '1', HSTS_MAX_AGE: '31536000' })).toMatchObject({ TRUST_PROXY: 1, HSTS_MAX_AGE: 31_536_000 });
    for (const [name, value] of [['TRUST_PROXY', 'true'], ['TRUST_PROXY', '-1'], ['HSTS_MAX_AGE', '1y'], ['HSTS_MAX_AGE', '-5']]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(new RegExp(name!));
    }
  });
});

describe('login lock-outs', () => {
  it('lock an account after 5 wrong passwords and an address after 20 failures, for 15 minutes, by default', () => {
    expect(loadConfig({})).toMatchObject({ LOGIN_FAILURES_PER_ACCOUNT: 5, LOGIN_FAILURES_PER_ADDRESS: 20, LOGIN_LOCKOUT_MINUTES: 15 });
  });

  it("are the operator's to set within sane bounds, naming the variable otherwise", () => {
    expect(loadConfig({ LOGIN_FAILURES_PER_ACCOUNT: '10', LOGIN_FAILURES_PER_ADDRESS: '200', LOGIN_LOCKOUT_MINUTES: '60' })).toMatchObject({
      LOGIN_FAILURES_PER_ACCOUNT: 10,
      LOGIN_FAILURES_PER_ADDRESS: 200,
      LOGIN_LOCKOUT_MINUTES: 60,
    });
    for (const [name, value] of [
      ['LOGIN_FAILURES_PER_ACCOUNT', '0'],
      ['LOGIN_FAILURES_PER_ACCOUNT', '1000'],
      ['LOGIN_FAILURES_PER_ADDRESS', 'many'],
      ['LOGIN_LOCKOUT_MINUTES', '0'],
      ['LOGIN_LOCKOUT_MINUTES', '1.5'],
    ]) {
      expect(() => loadConfig({ [name!]: value }), `${name}=${value}`).toThrow(new RegExp(name!));
    }
  });
});
