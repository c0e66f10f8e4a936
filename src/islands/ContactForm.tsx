// The contact query form, on /mail ('Get In Touch', signed in) and About's Contact Us (visitors
// too): Name, Email, Mobile and Message, checked as spec §5 says and sent to POST post/query.
import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { answerText, callApi } from '../lib/account-api.ts';
import { isEmail, MESSAGE_MAX, nameOk, phoneError } from '../shared/account-rules.ts';
import { EmailInput, type Notice, NoticeLine, PhoneInput, useHydrated } from './account-fields.tsx';

export interface ContactLabels {
  name: string;
  email: string;
  mobile: string;
  message: string;
  send: string;
  required: string;
  sent: string;
  nameLength: string;
  emailInvalid: string;
  phoneInvalid: string;
  messageLength: string;
  networkError: string;
  working: string;
}

interface Props {
  labels: ContactLabels;
  /** The signed-in user's details, to start from. */
  initial?: { name: string | null; email: string | null; phone: string };
}

export default function ContactForm({ labels, initial }: Props) {
  const hydrated = useHydrated();
  const [name, setName] = useState(initial?.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [message, setMessage] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const id = useId();

  const problems = {
    name: nameOk(name) ? null : labels.nameLength,
    email: isEmail(email.trim()) ? null : labels.emailInvalid,
    phone: phoneError(phone) ? labels.phoneInvalid : null,
    message: message.length <= MESSAGE_MAX ? null : labels.messageLength,
  };

  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    setNotice({ kind: 'info', text: labels.working });
    const answer = await callApi('post/query', { json: { name: name.trim(), email: email.trim(), phone, message: message.trim() } });
    setBusy(false);
    if (!answer.ok) {
      setNotice({ kind: 'error', text: answerText(answer, labels.networkError) });
      return;
    }
    setMessage('');
    setTouched(false);
    setNotice({ kind: 'success', text: answerText(answer, labels.sent) });
  }

  const field = (key: keyof typeof problems, label: string, required: boolean, control: ReactNode) => {
    const problem = touched ? problems[key] : null;
    return (
      <>
        <label htmlFor={`${id}-${key}`}>
          {label}
          {required && (
            <span className="required" title={labels.required}>
              {' '}*<span className="visually-hidden">({labels.required})</span>
            </span>
          )}
        </label>
        {control}
        {problem && (
          <p className="field-error" id={`${id}-${key}-error`}>
            {problem}
          </p>
        )}
      </>
    );
  };
  const invalid = (key: keyof typeof problems) =>
    touched && problems[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {};

  return (
    <form className="account-form contact-form" method="post" inert={!hydrated} onSubmit={send} noValidate>
      {field(
        'name',
        labels.name,
        true,
        <input id={`${id}-name`} name="name" autoComplete="name" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} {...invalid('name')} />,
      )}
      {field(
        'email',
        labels.email,
        true,
        <EmailInput id={`${id}-email`} name="email" value={email} onValue={setEmail} {...invalid('email')} />,
      )}
      {field('phone', labels.mobile, true, <PhoneInput id={`${id}-phone`} name="phone" value={phone} onValue={setPhone} {...invalid('phone')} />)}
      {field(
        'message',
        labels.message,
        false,
        <textarea id={`${id}-message`} name="message" rows={4} maxLength={MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} {...invalid('message')} />,
      )}
      <button type="submit" className="primary" disabled={busy}>
        {labels.send}
      </button>
      <NoticeLine notice={notice} />
    </form>
  );
}
