// What the browser keeps about the signed-in account. Never the session token (it lives in an
// httpOnly cookie): only the spec's non-secret user info (localStorage user, userName,
// userImage) and the account's speech settings, cached so read-aloud works without a request.
// Signing in applies the account's settings to this device (theme, language, favourite teams,
// speech); signing out clears the device (spec: logout clears all local storage).
import { atom } from 'nanostores';
import { callApi } from '../lib/account-api.ts';
import { FAVOURITE_TEAMS_KEY, parseFavourites } from '../shared/fixtures-shared.ts';
import { applyLanguage, applyTheme } from '../lib/device-choices.ts';
import { DEFAULT_SPEECH, clampRate, type AccountSettings, type SpeechSettings } from '../shared/account-rules.ts';
import { THEME_STORAGE_KEY, themes } from '../styles/themes.ts';
import { $favouriteTeams } from './favourite-teams.ts';

export const SPEECH_STORAGE_KEY = 'speechSettings';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Quota or blocked storage: the server still has the account's copy.
  }
}

export interface DeviceUser {
  phone: string;
  name: string | null;
  image: string | null;
}

/** The spec's localStorage keys for the user's info. */
export function rememberUser(user: DeviceUser): void {
  write('user', user.phone);
  write('userName', user.name);
  write('userImage', user.image);
}

function parseSpeech(raw: string | null): SpeechSettings {
  try {
    const value = raw ? (JSON.parse(raw) as Partial<SpeechSettings>) : {};
    return {
      enabled: value.enabled === true,
      session: value.session === true,
      voice: value.voice === 2 || value.voice === 3 || value.voice === 4 ? value.voice : 1,
      language: value.language === 'hi' ? 'hi' : 'en',
      rate: clampRate(Number(value.rate ?? 1)),
    };
  } catch {
    return DEFAULT_SPEECH;
  }
}

/** The account's speech settings as last seen on this device (defaults for a visitor). */
export const $speechSettings = atom<SpeechSettings>(parseSpeech(storage()?.getItem(SPEECH_STORAGE_KEY) ?? null));

export function rememberSpeech(speech: SpeechSettings): void {
  $speechSettings.set(speech);
  write(SPEECH_STORAGE_KEY, JSON.stringify(speech));
}

/** This device's settings, as POST user/settings/merge takes them on sign-in. */
export function deviceSettings(): Pick<AccountSettings, 'theme' | 'language' | 'favourite_teams'> {
  const theme = Number(storage()?.getItem(THEME_STORAGE_KEY) ?? Number.NaN);
  const language = storage()?.getItem('language');
  return {
    theme: Number.isInteger(theme) && theme >= 0 && theme < themes.length ? theme : null,
    language: language === 'en' || language === 'hi' ? language : null,
    favourite_teams: parseFavourites(storage()?.getItem(FAVOURITE_TEAMS_KEY) ?? null),
  };
}

/** The account's settings become this device's. */
export function applyAccountSettings(settings: AccountSettings): void {
  if (settings.theme !== null) applyTheme(settings.theme);
  if (settings.language !== null) applyLanguage(settings.language);
  $favouriteTeams.set(settings.favourite_teams);
  rememberSpeech(settings.speech);
}

/**
 * After a login or a registration: the user's info kept on the device, this device's theme,
 * language and favourite teams merged into the account's, and the account's settings applied
 * here. Answers the account's language (null when the merge failed) and whether it worked.
 */
export async function settleSignIn(user: DeviceUser | undefined): Promise<{ language: 'en' | 'hi' | null; merged: boolean }> {
  if (user) rememberUser(user);
  const merged = await callApi('user/settings/merge', { json: deviceSettings() });
  if (!merged.ok || !merged.body.data) return { language: null, merged: false };
  const settings = merged.body.data as AccountSettings;
  applyAccountSettings(settings);
  return { language: settings.language, merged: true };
}

/** Spec: logout clears all local storage. */
export function forgetDevice(): void {
  try {
    storage()?.clear();
  } catch {
    // Nothing stored, or storage blocked.
  }
}
