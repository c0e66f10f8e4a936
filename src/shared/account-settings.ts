// A signed-in fan's settings: the shape, the defaults of a new account, the rules a change must
// follow, and how settings kept on a device join the account's at sign-in. Pure: no I/O, so the
// API, the pages and the tests share one set of rules.
import { z } from 'zod';
import { LANGS } from '../i18n/index.ts';
import { MAX_FAVOURITE_TEAMS, TEAM_KEY } from './fixtures-shared.ts';
import { themes } from '../styles/themes.ts';

export const SPEECH_RATE_MIN = 0.5;
export const SPEECH_RATE_MAX = 2;
const LAST_THEME = themes.length - 1;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });
const language = (name: string) => z.enum(LANGS, { error: `${name} must be en or hi` });

/** Messages name the field, since the API shows one message for the first problem. */
function strictShape<T extends z.ZodRawShape>(what: string, shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown ${what}: ${issue.keys.join(', ')}`
        : issue.input === undefined
          ? `${what} is required`
          : `${what} must be an object`,
  });
}

export const themeSetting = z
  .number({ error: `theme must be a whole number from 0 to ${LAST_THEME}` })
  .int(`theme must be a whole number from 0 to ${LAST_THEME}`)
  .min(0, `theme must be a whole number from 0 to ${LAST_THEME}`)
  .max(LAST_THEME, `theme must be a whole number from 0 to ${LAST_THEME}`);

export const languageSetting = language('language');

/** Team keys as the fixtures API takes them, each once, at most MAX_FAVOURITE_TEAMS. */
export const favouriteTeamsSetting = z
  .array(z.string({ error: 'favourite_teams must hold team keys' }).regex(TEAM_KEY, 'favourite_teams: a team key is 1 to 64 lowercase letters, digits or hyphens'), {
    error: 'favourite_teams must be a list of team keys',
  })
  .max(MAX_FAVOURITE_TEAMS, `favourite_teams: at most ${MAX_FAVOURITE_TEAMS} teams`)
  .transform((keys) => [...new Set(keys)]);

export const speechSettings = strictShape('speech setting', {
  enabled: flag('speech.enabled'),
  session: flag('speech.session'),
  voice: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: 'speech.voice must be 1, 2, 3 or 4' }),
  language: language('speech.language'),
  rate: z
    .number({ error: `speech.rate must be a number from ${SPEECH_RATE_MIN} to ${SPEECH_RATE_MAX}` })
    .min(SPEECH_RATE_MIN, `speech.rate must be a number from ${SPEECH_RATE_MIN} to ${SPEECH_RATE_MAX}`)
    .max(SPEECH_RATE_MAX, `speech.rate must be a number from ${SPEECH_RATE_MIN} to ${SPEECH_RATE_MAX}`),
});

const NOTIFICATION_KEYS = ['all', 'matches', 'series', 'theme', 'player', 'admin', 'series_updates', 'breaking_news'] as const;

export const notificationSettings = strictShape(
  'notification setting',
  Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, flag(`notifications.${key}`)])) as Record<
    (typeof NOTIFICATION_KEYS)[number],
    z.ZodBoolean
  >,
);

/** The whole of an account's settings; theme and language are null until chosen. */
export const settingsShape = z.object({
  theme: themeSetting.nullable(),
  language: languageSetting.nullable(),
  favourite_teams: favouriteTeamsSetting,
  speech: speechSettings,
  notifications: notificationSettings,
});

export type Settings = z.output<typeof settingsShape>;

/**
 * A change (PUT user/settings): any of the top-level settings; a key sent replaces that setting,
 * except speech and notifications, whose keys may be sent one at a time (a toggle is one key).
 */
export const settingsChange = strictShape('setting', {
  theme: themeSetting.nullable().optional(),
  language: languageSetting.nullable().optional(),
  favourite_teams: favouriteTeamsSetting.optional(),
  speech: speechSettings.partial().optional(),
  notifications: notificationSettings.partial().optional(),
});

export type SettingsChange = z.output<typeof settingsChange>;

/** What a visitor's device kept before sign-in (POST user/settings/merge). */
export const deviceSettings = strictShape('device setting', {
  theme: themeSetting.nullable().optional(),
  language: languageSetting.nullable().optional(),
  favourite_teams: favouriteTeamsSetting.optional(),
});

export type DeviceSettings = z.output<typeof deviceSettings>;

/** A new account: speech off (voice 1, English, normal speed), every notification on. */
export const DEFAULT_SETTINGS: Readonly<Settings> = {
  theme: null,
  language: null,
  favourite_teams: [],
  speech: { enabled: false, session: false, voice: 1, language: 'en', rate: 1 },
  notifications: Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, true])) as Settings['notifications'],
};

export function applySettingsChange(current: Settings, change: SettingsChange): Settings {
  return {
    theme: change.theme === undefined ? current.theme : change.theme,
    language: change.language === undefined ? current.language : change.language,
    favourite_teams: change.favourite_teams ?? current.favourite_teams,
    speech: { ...current.speech, ...change.speech },
    notifications: { ...current.notifications, ...change.notifications },
  };
}

/**
 * Sign-in: the device's favourite teams join the account's (the account's first, then the
 * device's new ones, up to the limit); theme and language stay as the account chose them, and
 * are taken from the device only when the account has none.
 */
export function mergeDeviceSettings(account: Settings, device: DeviceSettings): Settings {
  const teams = [...new Set([...account.favourite_teams, ...(device.favourite_teams ?? [])])].slice(0, MAX_FAVOURITE_TEAMS);
  return {
    ...account,
    theme: account.theme ?? device.theme ?? null,
    language: account.language ?? device.language ?? null,
    favourite_teams: teams,
  };
}

/**
 * Settings as stored (jsonb): each setting that still follows today's rules is kept, anything
 * else (a key an older version wrote, a value out of today's range) falls back to its default.
 */
export function readStoredSettings(stored: unknown): Settings {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS;
  const record = stored as Record<string, unknown>;
  const change: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(settingsChange.shape)) {
    const parsed = schema.safeParse(record[key]);
    if (parsed.success && parsed.data !== undefined) change[key] = parsed.data;
  }
  return applySettingsChange(DEFAULT_SETTINGS, change as SettingsChange);
}
