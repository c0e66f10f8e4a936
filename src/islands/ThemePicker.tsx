// The Theme page: the ten themes as a radio group. Choosing one applies it at once, keeps it on
// this device (localStorage.theme, read before first paint) and saves it to the account.
import { useEffect, useState } from 'react';
import { callApi } from '../lib/account-api.ts';
import { applyTheme } from '../lib/device-choices.ts';
import { NoticeLine, type Notice } from './account-fields.tsx';

interface Props {
  /** Theme names in the page's language, in theme order (src/styles/themes.ts). */
  names: string[];
  labels: { legend: string; saved: string; saveFailed: string };
}

export default function ThemePicker({ names, labels }: Props) {
  // The server cannot know the device's theme; the bootstrap script has already set it on <html>.
  const [current, setCurrent] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => setCurrent(Number(document.documentElement.dataset.theme ?? 0)), []);

  async function choose(theme: number) {
    setCurrent(theme);
    applyTheme(theme);
    const answer = await callApi('user/settings', { method: 'PUT', json: { theme } });
    setNotice(answer.ok ? { kind: 'success', text: labels.saved } : { kind: 'error', text: labels.saveFailed });
  }

  return (
    <fieldset className="theme-list">
      <legend>{labels.legend}</legend>
      {names.map((name, index) => (
        <label key={name} className="theme-row">
          {/* data-theme gives the swatch that theme's custom properties (themeCss()); no inline style. */}
          <span className="theme-swatch" data-theme={index} aria-hidden="true" />
          <span className="theme-name">{name}</span>
          <input type="radio" name="theme" value={index} checked={current === index} disabled={current === null} onChange={() => void choose(index)} />
        </label>
      ))}
      <NoticeLine notice={notice} />
    </fieldset>
  );
}
