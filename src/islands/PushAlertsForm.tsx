// Notifications: match alerts over Web Push on this device (issue 29 §4; docs/decisions/072). When
// the site's service worker is registered, "Turn on" asks the browser's permission, subscribes with
// the site's VAPID key (navigator.serviceWorker.ready + pushManager.subscribe) and sends the
// subscription with the switches and quiet hours shown; each later change is saved at once. A
// browser without Web Push, without the service worker, or with notifications blocked is told so.
import { useEffect, useId, useState } from 'react';
import { callApi } from '../lib/account-api.ts';

export const ALERT_KINDS = ['start', 'wicket', 'milestone', 'five_for', 'innings_end', 'result'] as const;
type AlertKind = (typeof ALERT_KINDS)[number];

export interface PushAlertLabels {
  intro: string;
  kinds: Record<AlertKind, string>;
  turnOn: string;
  turnOff: string;
  on: string;
  off: string;
  unsupported: string;
  noWorker: string;
  denied: string;
  failed: string;
  quiet: string;
  quietOn: string;
  quietFrom: string;
  quietTo: string;
  /** A link to this page with ?follow=<match key> (a match page's) offers to follow that match. */
  followThis: string;
  following: string;
  saved: string;
  saveFailed: string;
  loading: string;
}

interface Preferences {
  language: 'en' | 'hi';
  kinds: AlertKind[];
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string;
  match_keys: string[];
  team_keys: string[];
}

type State =
  | { kind: 'loading' }
  | { kind: 'unsupported' }
  | { kind: 'noWorker' }
  | { kind: 'denied' }
  | { kind: 'off'; failed: boolean }
  | { kind: 'on'; endpoint: string; preferences: Preferences; notice: 'saved' | 'saveFailed' | null };

const DEFAULT_QUIET = { start: 22 * 60, end: 7 * 60 };
const MATCH_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** The match a link asked to follow (?follow=<key>), or null. */
function matchToFollow(): string | null {
  const key = new URL(window.location.href).searchParams.get('follow');
  return key !== null && MATCH_KEY.test(key) ? key : null;
}

function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const toTime = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const fromTime = (value: string) => {
  const [hours, minutes] = value.split(':').map(Number);
  return Number.isFinite(hours) && Number.isFinite(minutes) ? hours! * 60 + minutes! : null;
};

/** The VAPID key as PushManager.subscribe wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  // `ready` never settles without a registration: ask for one first.
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return navigator.serviceWorker.ready;
}

export default function PushAlertsForm({ labels, lang }: { labels: PushAlertLabels; lang: 'en' | 'hi' }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const id = useId();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const set = (next: State) => {
        if (!cancelled) setState(next);
      };
      if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return set({ kind: 'unsupported' });
      if (Notification.permission === 'denied') return set({ kind: 'denied' });
      const worker = await registration();
      if (!worker) return set({ kind: 'noWorker' });
      const subscription = await worker.pushManager.getSubscription();
      if (!subscription) return set({ kind: 'off', failed: false });
      const answer = await callApi('push/preferences', { json: { endpoint: subscription.endpoint } });
      const preferences = answer.body.data as Preferences | undefined;
      // Subscribed in the browser but unknown to the server (removed as gone): subscribe again on "Turn on".
      if (!answer.ok || !preferences) return set({ kind: 'off', failed: false });
      set({ kind: 'on', endpoint: subscription.endpoint, preferences, notice: null });
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  async function turnOn() {
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState({ kind: 'denied' });
      const worker = await registration();
      if (!worker) return setState({ kind: 'noWorker' });
      const key = await callApi('push/key');
      const publicKey = (key.body.data as { public_key?: string } | undefined)?.public_key;
      if (!key.ok || !publicKey) return setState({ kind: 'off', failed: true });
      const subscription = await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const follow = matchToFollow();
      const preferences: Preferences = {
        language: lang,
        kinds: [...ALERT_KINDS],
        quiet_start: null,
        quiet_end: null,
        time_zone: timeZone(),
        match_keys: follow ? [follow] : [],
        team_keys: [],
      };
      const answer = await callApi('push/subscribe', { json: { subscription: subscription.toJSON(), preferences } });
      const saved = answer.body.data as Preferences | undefined;
      if (!answer.ok || !saved) {
        await subscription.unsubscribe();
        return setState({ kind: 'off', failed: true });
      }
      setState({ kind: 'on', endpoint: subscription.endpoint, preferences: saved, notice: null });
    } catch {
      setState({ kind: 'off', failed: true });
    }
  }

  async function turnOff(endpoint: string) {
    const worker = await registration();
    const subscription = await worker?.pushManager.getSubscription();
    await subscription?.unsubscribe();
    await callApi('push/unsubscribe', { json: { endpoint } });
    setState({ kind: 'off', failed: false });
  }

  async function change(current: Extract<State, { kind: 'on' }>, patch: Partial<Preferences>) {
    // The page's language and this device's time zone go with every change.
    const next = { ...current.preferences, ...patch, language: lang, time_zone: timeZone() };
    setState({ ...current, preferences: next, notice: null });
    const answer = await callApi('push/preferences', { method: 'PUT', json: { endpoint: current.endpoint, preferences: { ...patch, language: lang, time_zone: next.time_zone } } });
    const saved = answer.body.data as Preferences | undefined;
    setState(answer.ok && saved ? { ...current, preferences: saved, notice: 'saved' } : { ...current, notice: 'saveFailed' });
  }

  if (state.kind === 'loading') return <p role="status">{labels.loading}</p>;
  if (state.kind === 'unsupported' || state.kind === 'noWorker' || state.kind === 'denied') return <p role="status" className="muted">{labels[state.kind]}</p>;
  if (state.kind === 'off') {
    return (
      <div className="settings-form">
        <p role="status">{labels.off}</p>
        {state.failed && <p role="alert" className="field-error">{labels.failed}</p>}
        <button type="button" className="btn" onClick={() => void turnOn()}>
          {labels.turnOn}
        </button>
      </div>
    );
  }

  const { preferences } = state;
  const quiet = preferences.quiet_start !== null && preferences.quiet_end !== null;
  const follow = matchToFollow();
  return (
    <div className="settings-form">
      <p role="status">{labels.on}</p>
      {preferences.match_keys.length > 0 && <p>{labels.following.replace('{{n}}', String(preferences.match_keys.length))}</p>}
      {follow && !preferences.match_keys.includes(follow) && (
        <button type="button" className="btn" onClick={() => void change(state, { match_keys: [...preferences.match_keys, follow].slice(-50) })}>
          {labels.followThis}
        </button>
      )}
      <fieldset>
        {ALERT_KINDS.map((kind) => (
          <div className="toggle-row" key={kind}>
            <label htmlFor={`${id}-${kind}`}>{labels.kinds[kind]}</label>
            <input
              id={`${id}-${kind}`}
              type="checkbox"
              role="switch"
              checked={preferences.kinds.includes(kind)}
              onChange={(event) =>
                void change(state, { kinds: event.target.checked ? [...preferences.kinds, kind] : preferences.kinds.filter((other: AlertKind) => other !== kind) })
              }
            />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{labels.quiet}</legend>
        <div className="toggle-row">
          <label htmlFor={`${id}-quiet`}>{labels.quietOn}</label>
          <input
            id={`${id}-quiet`}
            type="checkbox"
            role="switch"
            checked={quiet}
            onChange={(event) =>
              void change(state, event.target.checked ? { quiet_start: DEFAULT_QUIET.start, quiet_end: DEFAULT_QUIET.end } : { quiet_start: null, quiet_end: null })
            }
          />
        </div>
        {quiet && (
          <div className="toggle-row">
            <label htmlFor={`${id}-from`}>{labels.quietFrom}</label>
            <input
              id={`${id}-from`}
              type="time"
              value={toTime(preferences.quiet_start!)}
              onChange={(event) => {
                const minute = fromTime(event.target.value);
                if (minute !== null) void change(state, { quiet_start: minute });
              }}
            />
            <label htmlFor={`${id}-to`}>{labels.quietTo}</label>
            <input
              id={`${id}-to`}
              type="time"
              value={toTime(preferences.quiet_end!)}
              onChange={(event) => {
                const minute = fromTime(event.target.value);
                if (minute !== null) void change(state, { quiet_end: minute });
              }}
            />
          </div>
        )}
      </fieldset>
      {state.notice && <p role={state.notice === 'saved' ? 'status' : 'alert'}>{labels[state.notice]}</p>}
      <button type="button" className="btn" onClick={() => void turnOff(state.endpoint)}>
        {labels.turnOff}
      </button>
    </div>
  );
}
