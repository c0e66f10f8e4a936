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
