// Pieces the account islands share: the inline message (the spec's alerts, announced to screen
// readers), and the phone and password inputs with the spec's key blocking.
import { useEffect, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import type { SaveState } from './use-account-settings.ts';
import { isBlockedKey, passwordInput, phoneInput, PASSWORD_MAX, PHONE_LENGTH } from '../shared/account-rules.ts';

export interface Notice {
  kind: 'error' | 'success' | 'info';
  text: string;
}

/**
 * False in the server's HTML and until the island has hydrated. A form is inert until then:
 * hydration resets controlled inputs, so what a fan typed into the server-rendered fields on a
 * slow phone would silently vanish.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Errors interrupt (role=alert); successes and progress are polite (role=status). */
export function NoticeLine({ notice }: { notice: Notice | null }) {
  // The live region is always in the page, so a screen reader hears the first message too.
  return (
    <p className={`form-notice${notice ? ` form-notice-${notice.kind}` : ''}`} role={notice?.kind === 'error' ? 'alert' : 'status'}>
      {notice?.text ?? ''}
    </p>
  );
}

function blockKeys(event: KeyboardEvent<HTMLInputElement>): void {
  if (isBlockedKey(event.key)) event.preventDefault();
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onValue: (value: string) => void;
};

export function PhoneInput({ value, onValue, ...rest }: FieldProps) {
  return (
    <input
      {...rest}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      pattern="[0-9]{10}"
      maxLength={PHONE_LENGTH}
      value={value}
      onKeyDown={blockKeys}
      onChange={(event) => onValue(phoneInput(event.target.value))}
    />
  );
}

export function PasswordInput({ value, onValue, ...rest }: FieldProps) {
  return (
    <input
      {...rest}
      type="password"
      maxLength={PASSWORD_MAX}
      value={value}
      onKeyDown={blockKeys}
      onChange={(event) => onValue(passwordInput(event.target.value))}
    />
  );
}

/** Email as the spec's forms take it: spaces are blocked, as long as an address may be. */
export function EmailInput({ value, onValue, ...rest }: FieldProps) {
  return (
    <input
      {...rest}
      type="email"
      autoComplete="email"
      maxLength={254}
      value={value}
      onChange={(event) => onValue(event.target.value.replace(/\s/g, ''))}
    />
  );
}

/** The settings pages' line under the controls: saved, or why not. */
export function saveNotice(state: SaveState, labels: { saved: string; saveFailed: string }): Notice | null {
  if (state === 'saved') return { kind: 'success', text: labels.saved };
  if (state === 'failed') return { kind: 'error', text: labels.saveFailed };
  return null;
}
