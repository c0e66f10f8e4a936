// What the server logs never holds a secret: no password, OTP, token, cookie or Authorization
// header, whether it comes in a logged object (pino's redact) or in a request's URL (redactUrl).
import type { LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets (the spec's client sends verify_otp?otp=...). */
const SECRET_PARAMS = new Set(['otp', 'otp_id', 'password', 'token']);
const SECRET_FIELDS = ['password', 'otp', 'otp_id', 'token', 'authorization', 'cookie', '["set-cookie"]'];

/** Each field at any of the first three levels of a logged object (req.headers.cookie, body.password...). */
const redactPaths = SECRET_FIELDS.flatMap((field) => {
  const child = field.startsWith('[') ? field : `.${field}`;
  return [field, `*${child}`, `*.*${child}`];
});

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: redactPaths, censor: REDACTED } };
}

/** Masks a phone number to its last four digits (9876543210 -> ******3210). */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? '*'.repeat(phone.length) : '*'.repeat(phone.length - 4) + phone.slice(-4);
}

/** The URL as it may be logged: secret query values replaced, a phone masked to its last 4 digits. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const rawName = pair.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' ')).toLowerCase();
      } catch {
        return `${rawName}=${REDACTED}`;
      }
      if (SECRET_PARAMS.has(name)) return `${rawName}=${REDACTED}`;
      return name === 'phone' ? `${rawName}=${maskPhone(pair.slice(equals + 1))}` : pair;
    });
  return `${url.slice(0, mark)}?${pairs.join('&')}`;
}
