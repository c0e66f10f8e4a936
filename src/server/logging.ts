// What the server logs never holds a secret: no password, OTP, token, cookie or Authorization
// header, whether it comes in a logged object (pino's redact) or in a request's URL (redactUrl),
// and no SQL parameter of a failed query (the database driver puts them on its errors: a failed
// verify_otp logged sha256(otp_id:code) beside the otp_id).
import { stdSerializers, type LoggerOptions } from 'pino';

export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets (the spec's client sends verify_otp?otp=...). */
const SECRET_PARAMS = new Set(['otp', 'otp_id', 'password', 'token']);
const SECRET_FIELDS = ['password', 'otp', 'otp_id', 'token', 'authorization', 'cookie', '["set-cookie"]'];

/** Each field at any of the first three levels of a logged object (req.headers.cookie, body.password...). */
const redactPaths = SECRET_FIELDS.flatMap((field) => {
  const child = field.startsWith('[') ? field : `.${field}`;
  return [field, `*${child}`, `*.*${child}`];
});

/** Fields of a database error that hold the values a query was sent with. */
const QUERY_VALUE_FIELDS = ['params', 'parameters', 'values'];

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: 'invalid input syntax for type integer: "..."')
 * and constraint violations (class 23: 'Key (phone)=(...) already exists') quote the offending
 * value in the message and the detail; in other classes the quoted words are names of tables and
 * columns, which are kept.
 */
function quotesValues(item: Record<string, unknown>): boolean {
  return typeof item.severity === 'string' && typeof item.code === 'string' && /^2[23][0-9A-Z]{3}$/.test(item.code);
}

const scrubQuoted = (text: string) => text.replace(/"(?:[^"]|"")*"/g, `"${REDACTED}"`);

/** An error as logged (pino's own serializer), with query values replaced, in its causes too. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  // pino repeats each cause's message and stack in the errors that wrap it: every text that
  // quotes a value is scrubbed wherever it appears.
  const quoting: string[] = [];
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 10; cause = cause.cause, depth++) {
    if (quotesValues(cause as unknown as Record<string, unknown>)) quoting.push(cause.message);
  }
  const scrub = (text: string) => quoting.reduce((scrubbed, message) => scrubbed.replaceAll(message, scrubQuoted(message)), text);
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const pending: Record<string, unknown>[] = [serialized];
  for (let item = pending.pop(); item; item = pending.pop()) {
    for (const field of QUERY_VALUE_FIELDS) if (field in item) item[field] = REDACTED;
    for (const field of ['message', 'stack']) if (typeof item[field] === 'string') item[field] = scrub(item[field] as string);
    if (quotesValues(item) && item.detail !== undefined) item.detail = REDACTED;
    const cause = item.cause;
    if (cause !== null && typeof cause === 'object') pending.push(cause as Record<string, unknown>);
  }
  return serialized;
}

export function loggerOptions(level: string): LoggerOptions {
  return { level, redact: { paths: redactPaths, censor: REDACTED }, serializers: { err: serializeError, error: serializeError } };
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
