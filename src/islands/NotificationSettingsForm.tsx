// Notifications: 'All Notifications', the categories (Matches, Series, Theme, Player, Admin) and
// the default ones (Series Updates, Breaking News); every toggle is saved to the account.
import { useId } from 'react';
import { DEFAULT_NOTIFICATION_KEYS, NOTIFICATION_KEYS, toggleNotification, type NotificationKey } from '../lib/account-rules.ts';
import { NoticeLine, saveNotice } from './account-fields.tsx';
import { useAccountSettings } from './use-account-settings.ts';

export interface NotificationLabels {
  all: string;
  categories: string;
  defaults: string;
  names: Record<NotificationKey, string>;
  saved: string;
  saveFailed: string;
  loading: string;
  loadFailed: string;
}

export default function NotificationSettingsForm({ labels }: { labels: NotificationLabels }) {
  const { load, saveState, save } = useAccountSettings();
  const id = useId();

  if (load.state === 'loading') return <p role="status">{labels.loading}</p>;
  if (load.state === 'failed') return <p role="alert">{labels.loadFailed}</p>;
  const notifications = load.settings.notifications;

  const toggle = (key: 'all' | NotificationKey, label: string) => (
    <div className="toggle-row" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        type="checkbox"
        role="switch"
        checked={notifications[key]}
        onChange={(event) => void save({ notifications: toggleNotification(notifications, key, event.target.checked) })}
      />
    </div>
  );

  return (
    <div className="settings-form">
      {toggle('all', labels.all)}
      <fieldset>
        <legend>{labels.categories}</legend>
        {NOTIFICATION_KEYS.map((key) => toggle(key, labels.names[key]))}
      </fieldset>
      <fieldset>
        <legend>{labels.defaults}</legend>
        {DEFAULT_NOTIFICATION_KEYS.map((key) => toggle(key, labels.names[key]))}
      </fieldset>
      <NoticeLine notice={saveNotice(saveState, labels)} />
    </div>
  );
}
