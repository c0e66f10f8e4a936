// Edit profile (spec §2, §8): the avatar with Change Photo (an image file, uploaded at once as
// multipart field `docs`), Full Name, Mobile (read-only) and Email; Cancel goes to /, a
// successful Save shows the server's message and reopens /editProfile.
import { useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import { AVATAR_MAX_BYTES, isEmail, nameOk } from '../shared/account-rules.ts';
import { rememberUser } from '../stores/account.ts';
import { EmailInput, type Notice, NoticeLine, useHydrated } from './account-fields.tsx';

export interface ProfileLabels {
  photoAlt: string;
  changePhoto: string;
  photoHint: string;
  fullName: string;
  mobile: string;
  email: string;
  cancel: string;
  save: string;
  photoUpdated: string;
  photoNotUpdated: string;
  nameLength: string;
  emailInvalid: string;
  networkError: string;
  working: string;
}

export interface ProfileUser {
  phone: string;
  name: string | null;
  email: string | null;
  image: string | null;
}

interface Props {
  user: ProfileUser;
  labels: ProfileLabels;
  /** / and /editProfile in the page's language. */
  links: { cancel: string; saved: string };
}

const PLACEHOLDER_AVATAR = '/avatar.svg';
const SAVED_PAUSE_MS = 1200;

export default function ProfileForm({ user, labels, links }: Props) {
  const hydrated = useHydrated();
  const [image, setImage] = useState(user.image);
  const [name, setName] = useState(user.name ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') || file.size > AVATAR_MAX_BYTES) {
      setNotice({ kind: 'error', text: `${labels.photoNotUpdated}: ${labels.photoHint}` });
      return;
    }
    const form = new FormData();
    form.append('docs', file);
    setBusy(true);
    setNotice({ kind: 'info', text: labels.working });
    const answer = await callApi('user/profile/image', { method: 'PUT', form });
    setBusy(false);
    const saved = (answer.body.data as { image?: unknown } | undefined)?.image;
    if (!answer.ok || typeof saved !== 'string') {
      setNotice({ kind: 'error', text: answerText(answer, labels.photoNotUpdated) });
      return;
    }
    setImage(saved);
    rememberUser({ phone: user.phone, name: name.trim() || user.name, image: saved });
    setNotice({ kind: 'success', text: answerText(answer, labels.photoUpdated) });
  }

  const nameProblem = nameOk(name) ? null : labels.nameLength;
  const emailProblem = email.trim() === '' || isEmail(email.trim()) ? null : labels.emailInvalid;

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (nameProblem || emailProblem) return;
    setBusy(true);
    setNotice({ kind: 'info', text: labels.working });
    const answer = await callApi('user/profile', { method: 'PUT', json: { name: name.trim(), email: email.trim() || null } });
    if (!answer.ok) {
      setBusy(false);
      setNotice({ kind: 'error', text: answerText(answer, labels.networkError) });
      return;
    }
    const data = answer.body.data as ProfileUser | undefined;
    rememberUser({ phone: user.phone, name: data?.name ?? name.trim(), image: data?.image ?? image });
    setNotice({ kind: 'success', text: answerText(answer, labels.save) });
    setTimeout(() => window.location.assign(links.saved), SAVED_PAUSE_MS);
  }

  return (
    <form className="account-form profile-form" method="post" inert={!hydrated} onSubmit={save} noValidate>
      <div className="avatar-row">
        <img className="avatar-large" src={image ?? PLACEHOLDER_AVATAR} alt={labels.photoAlt} width="96" height="96" />
        <div>
          <button type="button" onClick={() => fileInput.current?.click()} disabled={busy}>
            {labels.changePhoto}
          </button>
          <input
            ref={fileInput}
            id={`${id}-photo`}
            className="visually-hidden"
            type="file"
            name="docs"
            accept="image/*"
            // The visible Change Photo button is the control; this is its file picker only.
            tabIndex={-1}
            aria-hidden="true"
            onChange={upload}
          />
          <p className="field-hint">{labels.photoHint}</p>
        </div>
      </div>
      <label htmlFor={`${id}-name`}>{labels.fullName}</label>
      <input
        id={`${id}-name`}
        name="name"
        autoComplete="name"
        maxLength={50}
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={touched && nameProblem ? true : undefined}
      />
      {touched && nameProblem && <p className="field-error">{nameProblem}</p>}
      <label htmlFor={`${id}-phone`}>{labels.mobile}</label>
      <input id={`${id}-phone`} name="phone" value={user.phone} readOnly aria-readonly="true" />
      <label htmlFor={`${id}-email`}>{labels.email}</label>
      <EmailInput
        id={`${id}-email`}
        name="email"
        value={email}
        onValue={setEmail}
        aria-invalid={touched && emailProblem ? true : undefined}
      />
      {touched && emailProblem && <p className="field-error">{emailProblem}</p>}
      <div className="form-actions">
        <a className="button" href={links.cancel}>
          {labels.cancel}
        </a>
        <button type="submit" className="primary" disabled={busy}>
          {labels.save}
        </button>
      </div>
      <NoticeLine notice={notice} />
    </form>
  );
}
