// Account rules the browser and the pages share (spec §5, §9): the phone and password checks,
// the keys the phone and password inputs refuse, the OTP resend countdown, the settings shape
// (contract: user/settings) and where a login may send the user next. No DOM and no dictionary
// in here, so islands stay small and the rules are unit-tested.
import type { Settings } from './account-settings.ts';

export const PHONE_LENGTH = 10;
/** Passwords: 6 to 128 characters (the spec's clients send 6; issue 24 allows longer ones). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** Spec §9: the OTP resend countdown, ticking every second. */
export const OTP_RESEND_SECONDS = 60;
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const MESSAGE_MAX = 2000;
/** Contract: avatars over 5 MB are refused by the server; the page says so before uploading. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Spec §5: whitespace and e, E, + and - are blocked in the phone and password inputs. */
const BLOCKED_KEYS = new Set(['e', 'E', '+', '-']);
export function isBlockedKey(key: string): boolean {
  return BLOCKED_KEYS.has(key) || /^\s$/.test(key) || key === 'Spacebar';
}

/** The phone input keeps digits only, at most 10 (a paste of '98765 43210' becomes '9876543210'). */
export function phoneInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, PHONE_LENGTH);
}

export type PhoneError = 'phoneRequired' | 'phoneInvalid';
export function phoneError(phone: string): PhoneError | null {
  if (phone === '') return 'phoneRequired';
  return /^\d{10}$/.test(phone) ? null : 'phoneInvalid';
}

export type PasswordError = 'passwordRequired' | 'passwordLength' | 'passwordSpaces';
/**
 * Spec §5 (login), and the rule for register and reset: 6 to 128 characters, no spaces (the server
 * also refuses the most common passwords when one is set).
 */
export function passwordError(password: string): PasswordError | null {
  if (password === '') return 'passwordRequired';
  if (/\s/.test(password)) return 'passwordSpaces';
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX ? null : 'passwordLength';
}

/** The password input drops whitespace and stops at 128 characters. */
export function passwordInput(value: string): string {
  return [...value.replace(/\s/g, '')].slice(0, PASSWORD_MAX).join('');
}

/** A plausible address; the server has the last word. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

export function nameOk(value: string): boolean {
  const name = value.trim();
  return name.length >= NAME_MIN && name.length <= NAME_MAX;
}

/**
 * Where a login (or a guard) may send the user: a same-site path only. Anything else ('//evil',
 * '/\\evil', 'https://...', control characters) is '/', so `next` is never an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 512) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/[\p{Cc}\\]/u.test(next)) return '/';
  try {
    const url = new URL(next, 'http://same.site');
    if (url.origin !== 'http://same.site') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

/** A same-site path in the account's language: '/hi/editProfile' for an account that reads Hindi. */
export function localizedNext(next: string, language: 'en' | 'hi' | null): string {
  const safe = safeNextPath(next);
  if (language === null) return safe;
  const bare = safe === '/hi' ? '/' : safe.startsWith('/hi/') ? safe.slice(3) : safe;
  if (language === 'en') return bare;
  return bare === '/' ? '/hi' : `/hi${bare}`;
}

/** The login page's address for a guarded page the visitor asked for. */
export function loginHref(loginPath: string, requested: string): string {
  const next = safeNextPath(requested);
  return next === '/' ? loginPath : `${loginPath}?next=${encodeURIComponent(next)}`;
}

// ---- Settings (contract: GET/PUT user/settings, POST user/settings/merge) ----

export const SPEECH_VOICES = [1, 2, 3, 4] as const;
export type SpeechVoice = (typeof SPEECH_VOICES)[number];
export const SPEECH_RATE_MIN = 0.5;
export const SPEECH_RATE_MAX = 2;
export const SPEECH_RATE_STEP = 0.25;
/** Spec §2 Speech settings: the sample scoring words the voice test speaks. */
export const SPEECH_SAMPLE_WORDS = ['Ball', '6', '4', 'Wicket', '1'] as const;

// The settings' shape is account-settings.ts's (zod); a type-only import, so
// no validation code reaches the browser.
export type AccountSettings = Settings;
export type SpeechSettings = Settings['speech'];
export type NotificationSettings = Settings['notifications'];

export const NOTIFICATION_KEYS = ['matches', 'series', 'theme', 'player', 'admin'] as const;
export const DEFAULT_NOTIFICATION_KEYS = ['series_updates', 'breaking_news'] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number] | (typeof DEFAULT_NOTIFICATION_KEYS)[number];

/** Read-aloud as the spec describes it for everyone (§9: en-US, rate 1). */
export const DEFAULT_SPEECH: SpeechSettings = { enabled: false, session: false, voice: 1, language: 'en', rate: 1 };

/** Turning 'All Notifications' on or off sets every category; a category sets 'all' to whether every one is on. */
export function toggleNotification(current: NotificationSettings, key: 'all' | NotificationKey, on: boolean): NotificationSettings {
  const keys = [...NOTIFICATION_KEYS, ...DEFAULT_NOTIFICATION_KEYS];
  if (key === 'all') return Object.fromEntries([['all', on], ...keys.map((k) => [k, on])]) as NotificationSettings;
  const next = { ...current, [key]: on };
  return { ...next, all: keys.every((k) => next[k]) };
}

/** A rate the speech API accepts, on the control's steps. */
export function clampRate(rate: number): number {
  if (!Number.isFinite(rate)) return 1;
  const stepped = Math.round(rate / SPEECH_RATE_STEP) * SPEECH_RATE_STEP;
  return Math.min(SPEECH_RATE_MAX, Math.max(SPEECH_RATE_MIN, stepped));
}

/** BCP 47 tag for the speech language: hi-IN or en-US (spec §9). */
export function speechLang(language: 'en' | 'hi'): 'hi-IN' | 'en-US' {
  return language === 'hi' ? 'hi-IN' : 'en-US';
}

interface VoiceLike {
  name: string;
  lang: string;
}

/**
 * Voice 01-04 of the settings is the nth voice the browser has for the chosen language (by name,
 * so the mapping is stable on one device), wrapping when it has fewer than four; none for the
 * language means the browser's default voice for it (null).
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], language: 'en' | 'hi', voice: SpeechVoice): V | null {
  const prefix = language === 'hi' ? 'hi' : 'en';
  const matching = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').startsWith(prefix)).sort((a, b) => a.name.localeCompare(b.name));
  if (matching.length === 0) return null;
  return matching[(voice - 1) % matching.length] ?? null;
}

/** '{{name}}' placeholders in a server-translated label. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/{{(\w+)}}/g, (_, name: string) => String(vars[name] ?? ''));
}
