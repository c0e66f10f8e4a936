// Edit Profile's "Delete my account" (issue 29 §6, decision 064): the password confirms it, the
// server deletes the account with everything kept with it and ends the session, and this device
// forgets the account too (as logging out does); then the home page.
import { useId, useState, type SubmitEvent } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import { forgetDevice } from '../stores/account.ts';
import { type Notice, NoticeLine, useHydrated } from './account-fields.tsx';

export interface DeleteAccountLabels {
  password: string;
  confirm: string;
  deleteAccount: string;
  deleted: string;
  networkError: string;
  working: string;
}

interface Props {
  labels: DeleteAccountLabels;
  /** The home page in the page's language. */
  home: string;
}

export default function DeleteAccountForm({ labels, home }: Props) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password || !window.confirm(labels.confirm)) return;
    setBusy(true);
    setNotice({ kind: 'info', text: labels.working });
    const answer = await callApi('user/account/delete', { json: { password } });
    setBusy(false);
    if (!answer.ok) return setNotice({ kind: 'error', text: answerText(answer, labels.networkError) });
    forgetDevice();
    setNotice({ kind: 'success', text: labels.deleted });
    location.assign(home);
  }

  return (
    <form className="delete-account" onSubmit={(event) => void submit(event)} aria-describedby={`${id}-notice`}>
      <label htmlFor={`${id}-password`}>{labels.password}</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
        disabled={!hydrated}
      />
      <button type="submit" disabled={!hydrated || busy}>
        {labels.deleteAccount}
      </button>
      <div id={`${id}-notice`}>
        <NoticeLine notice={notice} />
      </div>
    </form>
  );
}
