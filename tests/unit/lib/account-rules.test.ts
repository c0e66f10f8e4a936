import { describe, expect, it } from 'vitest';
import {
  clampRate,
  isBlockedKey,
  isEmail,
  loginHref,
  passwordError,
  passwordInput,
  phoneError,
  phoneInput,
  pickVoice,
  safeNextPath,
  speechLang,
  toggleNotification,
  type NotificationSettings,
} from '../../../src/shared/account-rules.ts';

describe('phone and password rules (spec §5)', () => {
  it('keeps digits only, at most 10', () => {
    expect(phoneInput('98765 43210')).toBe('9876543210');
    expect(phoneInput('+91-98765432109')).toBe('9198765432');
    expect(phoneInput('1e5')).toBe('15');
  });

  it('names the phone problem in the spec’s words', () => {
    expect(phoneError('')).toBe('phoneRequired');
    expect(phoneError('98765')).toBe('phoneInvalid');
    expect(phoneError('9876543210')).toBeNull();
  });

  it('wants 6 to 128 characters without spaces', () => {
    expect(passwordError('')).toBe('passwordRequired');
    expect(passwordError('abc')).toBe('passwordLength');
    expect(passwordError('abcdefg')).toBeNull();
    expect(passwordError('x'.repeat(128))).toBeNull();
    expect(passwordError('x'.repeat(129))).toBe('passwordLength');
    expect(passwordError('ab cde')).toBe('passwordSpaces');
    expect(passwordError('abc123')).toBeNull();
    expect(passwordInput(' ab c1234 ')).toBe('abc1234');
    expect(passwordInput('y'.repeat(200))).toHaveLength(128);
  });

  it('blocks whitespace, e, E, + and - as keys', () => {
    for (const key of [' ', 'e', 'E', '+', '-', '\t']) expect(isBlockedKey(key), key).toBe(true);
    for (const key of ['1', 'a', 'Backspace', 'Tab', 'ArrowLeft']) expect(isBlockedKey(key), key).toBe(false);
  });

  it('checks an email loosely', () => {
    expect(isEmail('fan@example.org')).toBe(true);
    expect(isEmail('fan@example')).toBe(false);
    expect(isEmail('fan @example.org')).toBe(false);
  });
});

describe('where a login may go next', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeNextPath('/editProfile')).toBe('/editProfile');
    expect(safeNextPath('/hi/speechSetting?x=1')).toBe('/hi/speechSetting?x=1');
  });

  it('refuses anything that could leave the site', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/a\nb', `/${'a'.repeat(600)}`]) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
  });

  it('builds the login address with next only when there is somewhere to go', () => {
    expect(loginHref('/login', '/editProfile')).toBe('/login?next=%2FeditProfile');
    expect(loginHref('/hi/login', '/hi/mail')).toBe('/hi/login?next=%2Fhi%2Fmail');
    expect(loginHref('/login', '//evil.example')).toBe('/login');
  });
});

describe('speech settings', () => {
  const voices = [
    { name: 'Zira', lang: 'en-US' },
    { name: 'Kalpana', lang: 'hi-IN' },
    { name: 'Aaron', lang: 'en-GB' },
    { name: 'Hemant', lang: 'hi_IN' },
    { name: 'Amelie', lang: 'fr-FR' },
  ];

  it('maps voice 1-4 to the browser’s voices for the language, by name, wrapping', () => {
    expect(pickVoice(voices, 'en', 1)?.name).toBe('Aaron');
    expect(pickVoice(voices, 'en', 2)?.name).toBe('Zira');
    expect(pickVoice(voices, 'en', 3)?.name).toBe('Aaron');
    expect(pickVoice(voices, 'hi', 1)?.name).toBe('Hemant');
    expect(pickVoice(voices, 'hi', 4)?.name).toBe('Kalpana');
    expect(pickVoice([{ name: 'Amelie', lang: 'fr-FR' }], 'hi', 1)).toBeNull();
  });

  it('speaks hi-IN or en-US, at a rate from 0.5 to 2 on quarter steps', () => {
    expect(speechLang('hi')).toBe('hi-IN');
    expect(speechLang('en')).toBe('en-US');
    expect(clampRate(5)).toBe(2);
    expect(clampRate(0.1)).toBe(0.5);
    expect(clampRate(1.3)).toBe(1.25);
    expect(clampRate(Number.NaN)).toBe(1);
  });
});

describe('notification toggles', () => {
  const allOn: NotificationSettings = {
    all: true,
    matches: true,
    series: true,
    theme: true,
    player: true,
    admin: true,
    series_updates: true,
    breaking_news: true,
  };

  it('All Notifications sets every category', () => {
    const off = toggleNotification(allOn, 'all', false);
    expect(Object.values(off).every((on) => !on)).toBe(true);
    expect(toggleNotification(off, 'all', true)).toEqual(allOn);
  });

  it('a category turned off clears All; the last one back on sets it', () => {
    const noPlayer = toggleNotification(allOn, 'player', false);
    expect(noPlayer).toMatchObject({ all: false, player: false, matches: true });
    expect(toggleNotification(noPlayer, 'player', true)).toEqual(allOn);
  });
});
