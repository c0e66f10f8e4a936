// 'Login Here' (spec §2 Login, §4 Login success, §5 Login). On success: the non-secret user
// info goes to localStorage, this device's theme, language and favourite teams are merged into
// the account, the account's settings are applied here, then the user goes to `next`.
import { useId, useState, type SubmitEvent } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import { localizedNext, passwordError, phoneError } from '../shared/account-rules.ts';
import { settleSignIn, type DeviceUser } from '../stores/account.ts';
import { type Notice, NoticeLine, PasswordInput, PhoneInput, useHydrated } from './account-fields.tsx';

export interface LoginLabels {
  title: string;
  phone: string;
  password: string;
  remember: string;
  forgot: string;
  submit: string;
  noAccount: string;
  register: string;
  phoneRequired: string;
  phoneInvalid: string;
  passwordRequired: string;
  passwordLength: string;
  passwordSpaces: string;
  networkError: string;
  working: string;
  settingsFailed: string;
}

interface Props {
  labels: LoginLabels;
  /** /forget_password and /register in the page's language. */
  links: { forgot: string; register: string };
  /** The page the guard sent the visitor from (already checked on the server). */
  next: string;
}

export default function LoginForm({ labels, links, next }: Props) {
  const hydrated = useHydrated();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();

  const phoneProblem = phoneError(phone);
  const passwordProblem = passwordError(password);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (phoneProblem || passwordProblem) return;
    setBusy(true);
    setNotice({ kind: 'info', text: labels.working });
    const answer = await callApi('login', { json: { phone, password, remember } });
    if (!answer.ok) {
      setBusy(false);
      setNotice({ kind: 'error', text: answerText(answer, labels.networkError) });
      return;
    }
    setNotice({ kind: 'success', text: answerText(answer, labels.submit) });
    const { language, merged } = await settleSignIn(answer.body.userData as DeviceUser | undefined);
    if (!merged) setNotice({ kind: 'error', text: labels.settingsFailed });
    // Spec: go on and reload, so every part of the page shows the signed-in state.
    window.location.replace(localizedNext(next, language));
  }

  const err = (problem: string | null) => (touched && problem ? problem : null);
  const phoneMessage = err(phoneProblem && labels[phoneProblem]);
  const passwordMessage = err(passwordProblem && labels[passwordProblem]);

  return (
    <form className="account-form" method="post" inert={!hydrated} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-phone`}>{labels.phone}</label>
      <PhoneInput
        id={`${id}-phone`}
        name="phone"
        value={phone}
        onValue={setPhone}
        required
        aria-invalid={phoneMessage ? true : undefined}
        aria-describedby={phoneMessage ? `${id}-phone-error` : undefined}
      />
      {phoneMessage && (
        <p className="field-error" id={`${id}-phone-error`}>
          {phoneMessage}
        </p>
      )}
      <label htmlFor={`${id}-password`}>{labels.password}</label>
      <PasswordInput
        id={`${id}-password`}
        name="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        required
        aria-invalid={passwordMessage ? true : undefined}
        aria-describedby={passwordMessage ? `${id}-password-error` : undefined}
      />
      {passwordMessage && (
        <p className="field-error" id={`${id}-password-error`}>
          {passwordMessage}
        </p>
      )}
      <div className="form-row">
        <label className="check">
          <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          {labels.remember}
        </label>
        <a href={links.forgot}>{labels.forgot}</a>
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {labels.submit}
      </button>
      <NoticeLine notice={notice} />
      <p className="form-foot">
        {labels.noAccount} <a href={links.register}>{labels.register}</a>
      </p>
    </form>
  );
}
