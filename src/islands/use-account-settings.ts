// The settings pages' shared state: the account's settings (GET user/settings on mount) and a
// save that sends one section (PUT user/settings replaces only the sections it is given),
// showing the saved state or the failure, and rolling the control back when the save fails.
// Quick changes overlap: only the answer to the newest save updates the controls.
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../lib/account-api.ts';
import type { AccountSettings } from '../shared/account-rules.ts';

export type SettingsLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; settings: AccountSettings };
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export function useAccountSettings() {
  const [load, setLoad] = useState<SettingsLoad>({ state: 'loading' });
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const latest = useRef(0);

  useEffect(() => {
    let cancelled = false;
    void callApi('user/settings').then((answer) => {
      if (cancelled) return;
      const settings = answer.body.data as AccountSettings | undefined;
      setLoad(answer.ok && settings ? { state: 'ready', settings } : { state: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, []);

  /** Shows `change` at once, saves it, and returns the account's settings after the save (null when it failed or a newer save overtook it). */
  async function save(change: Partial<AccountSettings>): Promise<AccountSettings | null> {
    if (load.state !== 'ready') return null;
    const before = load.settings;
    const attempt = ++latest.current;
    setLoad({ state: 'ready', settings: { ...before, ...change } });
    setSaveState('saving');
    const answer = await callApi('user/settings', { method: 'PUT', json: change });
    const saved = answer.body.data as AccountSettings | undefined;
    if (attempt !== latest.current) return null;
    if (!answer.ok || !saved) {
      setLoad({ state: 'ready', settings: before });
      setSaveState('failed');
      return null;
    }
    setLoad({ state: 'ready', settings: saved });
    setSaveState('saved');
    return saved;
  }

  return { load, saveState, save };
}
