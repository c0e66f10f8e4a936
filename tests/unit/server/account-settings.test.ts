import { describe, expect, it } from 'vitest';
import {
  applySettingsChange,
  DEFAULT_SETTINGS,
  deviceSettings,
  mergeDeviceSettings,
  readStoredSettings,
  settingsChange,
  settingsShape,
  type Settings,
} from '../../../src/shared/account-settings.ts';
import { MAX_FAVOURITE_TEAMS } from '../../../src/shared/fixtures-shared.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('account settings', () => {
  it('gives a new account speech off, voice 1, English at normal speed and every notification on', () => {
    expect(settingsShape.parse(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.theme).toBeNull();
    expect(DEFAULT_SETTINGS.language).toBeNull();
    expect(DEFAULT_SETTINGS.speech).toEqual({ enabled: false, session: false, voice: 1, language: 'en', rate: 1 });
    expect(Object.values(DEFAULT_SETTINGS.notifications)).toHaveLength(8);
    expect(Object.values(DEFAULT_SETTINGS.notifications).every(Boolean)).toBe(true);
  });

  it('takes a change of some settings and keeps the rest', () => {
    const change = settingsChange.parse({ theme: 4, speech: { voice: 3, rate: 1.5 }, notifications: { admin: false } });
    const next = applySettingsChange(DEFAULT_SETTINGS, change);
    expect(next.theme).toBe(4);
    expect(next.language).toBeNull();
    expect(next.speech).toEqual({ ...DEFAULT_SETTINGS.speech, voice: 3, rate: 1.5 });
    expect(next.notifications).toEqual({ ...DEFAULT_SETTINGS.notifications, admin: false });
    // null clears a choice; an absent key keeps it.
    expect(applySettingsChange(next, settingsChange.parse({ theme: null })).theme).toBeNull();
    expect(applySettingsChange(next, settingsChange.parse({})).theme).toBe(4);
  });

  it('refuses unknown keys and values out of range, naming the setting', () => {
    const cases: [unknown, string][] = [
      [{ colour: 1 }, 'Unknown setting: colour'],
      [{ theme: 10 }, 'theme must be a whole number from 0 to 9'],
      [{ theme: 1.5 }, 'theme must be a whole number from 0 to 9'],
      [{ theme: '3' }, 'theme must be a whole number from 0 to 9'],
      [{ language: 'fr' }, 'language must be en or hi'],
      [{ speech: { voice: 5 } }, 'speech.voice must be 1, 2, 3 or 4'],
      [{ speech: { rate: 2.5 } }, 'speech.rate must be a number from 0.5 to 2'],
      [{ speech: { rate: 0.25 } }, 'speech.rate must be a number from 0.5 to 2'],
      [{ speech: { pitch: 1 } }, 'Unknown speech setting: pitch'],
      [{ speech: 'on' }, 'speech setting must be an object'],
      [{ notifications: { matches: 'yes' } }, 'notifications.matches must be true or false'],
      [{ notifications: { email: true } }, 'Unknown notification setting: email'],
      [{ favourite_teams: ['India'] }, 'favourite_teams: a team key is 1 to 64 lowercase letters, digits or hyphens'],
      [{ favourite_teams: 'india' }, 'favourite_teams must be a list of team keys'],
      [{ favourite_teams: Array.from({ length: MAX_FAVOURITE_TEAMS + 1 }, (_, i) => `team-${i}`) }, 'favourite_teams: at most 50 teams'],
    ];
    for (const [body, message] of cases) expect(firstMessage(settingsChange.safeParse(body)), JSON.stringify(body)).toBe(message);
  });

  it('keeps each favourite team once', () => {
    expect(settingsChange.parse({ favourite_teams: ['india', 'india', 'australia'] }).favourite_teams).toEqual(['india', 'australia']);
  });

  describe('merging a device into the account at sign-in', () => {
    const account: Settings = { ...DEFAULT_SETTINGS, theme: 2, language: null, favourite_teams: ['india', 'england'] };

    it('unites the favourite teams, the account first', () => {
      const merged = mergeDeviceSettings(account, deviceSettings.parse({ favourite_teams: ['england', 'australia'] }));
      expect(merged.favourite_teams).toEqual(['india', 'england', 'australia']);
    });

    it('keeps the account theme and language when set, else takes the device ones', () => {
      const merged = mergeDeviceSettings(account, deviceSettings.parse({ theme: 7, language: 'hi' }));
      expect(merged.theme).toBe(2);
      expect(merged.language).toBe('hi');
      expect(mergeDeviceSettings(DEFAULT_SETTINGS, { theme: 7 }).theme).toBe(7);
      expect(mergeDeviceSettings(DEFAULT_SETTINGS, {}).theme).toBeNull();
    });

    it('stops at the favourites limit, keeping the account teams', () => {
      const full: Settings = { ...DEFAULT_SETTINGS, favourite_teams: Array.from({ length: MAX_FAVOURITE_TEAMS }, (_, i) => `a-${i}`) };
      const merged = mergeDeviceSettings(full, { favourite_teams: ['new-team'] });
      expect(merged.favourite_teams).toEqual(full.favourite_teams);
    });

    it('leaves speech and notifications alone, and refuses anything else from the device', () => {
      const merged = mergeDeviceSettings({ ...account, speech: { ...account.speech, enabled: true } }, { theme: 1 });
      expect(merged.speech.enabled).toBe(true);
      expect(firstMessage(deviceSettings.safeParse({ speech: { enabled: true } }))).toBe('Unknown device setting: speech');
    });
  });

  it('reads stored settings, dropping what no longer follows the rules', () => {
    expect(readStoredSettings({})).toEqual(DEFAULT_SETTINGS);
    expect(readStoredSettings(null)).toEqual(DEFAULT_SETTINGS);
    const stored = { theme: 3, language: 'hi', favourite_teams: ['india'], speech: { voice: 9 }, notifications: { admin: false }, old_key: 1 };
    expect(readStoredSettings(stored)).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 3,
      language: 'hi',
      favourite_teams: ['india'],
      notifications: { ...DEFAULT_SETTINGS.notifications, admin: false },
    });
  });
});
