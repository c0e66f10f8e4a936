// 'Sign Up' and 'Change Password' (spec §2, §4 Registration and Password reset, §5): a 10-digit
// phone, Get OTP (enabled at exactly 10 digits), a 60-second resend countdown ticking every
// second with Resend OTP enabled at 0, Verify OTP, a password enabled once an OTP is entered,
// then Register (POST register, which signs the fan in: on to the home page, as after a login)
// or Change Password (PUT change_password, which signs the account out everywhere: on to /login).
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import { fill, localizedNext, OTP_RESEND_SECONDS, PHONE_LENGTH, passwordError, phoneError } from '../shared/account-rules.ts';
import { settleSignIn, type DeviceUser } from '../stores/account.ts';
import { type Notice, NoticeLine, PasswordInput, PhoneInput, useHydrated } from './account-fields.tsx';

export interface OtpFormLabels {
  phone: string;
  otp: string;
  password: string;
  getOtp: string;
  verifyOtp: string;
  resendOtp: string;
  /** Contains {{seconds}}. */
  resendIn: string;
  otpSent: string;
  otpResent: string;
  otpVerified: string;
  otpFailed: string;
  otpHint: string;
  otpRequired: string;
  submit: string;
  done: string;
  goingToLogin: string;
  goingHome: string;
  phoneInvalid: string;
  passwordRequired: string;
  passwordLength: string;
  passwordSpaces: string;
  passwordHint: string;
  networkError: string;
  working: string;
}

interface Props {
  /** register: send/otp + register; reset: send_otp + change_password. */
  mode: 'register' | 'reset';
  labels: OtpFormLabels;
  /** /login in the page's language. */
  loginHref: string;
  /** The home page in the page's language (where a registration goes on to). */
  homeHref: string;
}

/** How long the success message stays before the login page opens. */
const SUCCESS_PAUSE_MS = 1500;

export default function OtpForm({ mode, labels, loginHref, homeHref }: Props) {
  const hydrated = useHydrated();
  const [phone, setPhone] = useState('');
  const [otpId, setOtpId] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const sent = otpId !== null;
  const phoneReady = phone.length === PHONE_LENGTH && phoneError(phone) === null;
  const passwordProblem = passwordError(password);
  const canSubmit = sent && otp.trim() !== '' && passwordProblem === null && !busy && !done;

  function changePhone(value: string) {
    setPhone(value);
    // A code belongs to the number it was sent to.
    if (otpId !== null && value !== phone) {
      setOtpId(null);
      setOtp('');
      setPassword('');
      setCountdown(0);
    }
  }

  async function sendOtp() {
    const resend = sent;
    setBusy(true);
    const answer = await callApi(mode === 'register' ? 'send/otp' : 'send_otp', { query: { phone } });
    setBusy(false);
    if (!answer.ok || typeof answer.body.otp_id !== 'string') {
      setNotice({ kind: 'error', text: answerText(answer, labels.networkError) });
      return;
    }
    setOtpId(answer.body.otp_id);
    setOtp('');
    setCountdown(OTP_RESEND_SECONDS);
    setNotice({ kind: 'success', text: resend ? labels.otpResent : labels.otpSent });
  }

  async function verifyOtp() {
    if (otp.trim() === '') {
      setNotice({ kind: 'error', text: labels.otpRequired });
      return;
    }
    setBusy(true);
    const answer = await callApi('verify_otp', { json: { otp: otp.trim(), otp_id: otpId } });
    setBusy(false);
    setNotice(answer.ok ? { kind: 'success', text: labels.otpVerified } : { kind: 'error', text: answerText(answer, labels.otpFailed) });
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setNotice({ kind: 'info', text: labels.working });
    const body = { phone, password, otp: otp.trim(), otp_id: otpId };
    const answer =
      mode === 'register' ? await callApi('register', { json: body }) : await callApi('change_password', { method: 'PUT', json: body });
    setBusy(false);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answerText(answer, labels.networkError) });
      return;
    }
    setDone(true);
    if (mode === 'register') {
      setNotice({ kind: 'success', text: `${answerText(answer, labels.done)} ${labels.goingHome}` });
      const { language } = await settleSignIn(answer.body.userData as DeviceUser | undefined);
      setTimeout(() => window.location.assign(localizedNext(homeHref, language)), SUCCESS_PAUSE_MS);
      return;
    }
    setNotice({ kind: 'success', text: `${answerText(answer, labels.done)} ${labels.goingToLogin}` });
    setTimeout(() => window.location.assign(loginHref), SUCCESS_PAUSE_MS);
  }

  const passwordMessage = password !== '' && passwordProblem ? labels[passwordProblem] : null;

  return (
    <form className="account-form" method="post" inert={!hydrated} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-phone`}>{labels.phone}</label>
      <div className="field-with-button">
        <PhoneInput id={`${id}-phone`} name="phone" value={phone} onValue={changePhone} required />
        {!sent ? (
          <button type="button" onClick={sendOtp} disabled={!phoneReady || busy}>
            {labels.getOtp}
          </button>
        ) : (
          <button type="button" onClick={sendOtp} disabled={countdown > 0 || busy || done}>
            {labels.resendOtp}
          </button>
        )}
      </div>
      {sent && countdown > 0 && (
        <p className="field-hint" aria-live="off">
          {fill(labels.resendIn, { seconds: countdown })}
        </p>
      )}
      {sent && (
        <>
          <label htmlFor={`${id}-otp`}>{labels.otp}</label>
          <div className="field-with-button">
            <input
              id={`${id}-otp`}
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={otp}
              aria-describedby={`${id}-otp-hint`}
              onChange={(event) => setOtp(event.target.value.replace(/\D/g, '').slice(0, 6))}
            />
            <button type="button" onClick={verifyOtp} disabled={busy || done}>
              {labels.verifyOtp}
            </button>
          </div>
          <p className="field-hint" id={`${id}-otp-hint`}>
            {labels.otpHint}
          </p>
        </>
      )}
      <label htmlFor={`${id}-password`}>{labels.password}</label>
      <PasswordInput
        id={`${id}-password`}
        name="password"
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        disabled={otp.trim() === ''}
        aria-invalid={passwordMessage ? true : undefined}
        aria-describedby={`${id}-password-hint`}
      />
      <p className={passwordMessage ? 'field-error' : 'field-hint'} id={`${id}-password-hint`}>
        {passwordMessage ?? labels.passwordHint}
      </p>
      <button type="submit" className="primary" disabled={!canSubmit}>
        {labels.submit}
      </button>
      <NoticeLine notice={notice} />
    </form>
  );
}
