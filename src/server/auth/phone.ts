// Phone numbers: the spec's Indian 10-digit mobile numbers; shown masked wherever they are logged.

export const PHONE_PATTERN = /^[0-9]{10}$/;

export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

/** '9876543210' → '******3210': enough to tell numbers apart in a log, not to read one. */
export function maskPhone(phone: string): string {
  return `${'*'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}

/** E.164 for SMS providers: India's +91 before the ten digits. */
export function toE164(phone: string): string {
  return `+91${phone}`;
}
