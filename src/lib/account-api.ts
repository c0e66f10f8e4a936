// The islands' one way to call the account API (/user/v1/...): same-origin credentials (the
// httpOnly session cookie), the csrf header the server derives from the session (read from the
// readable crease_csrf cookie), and every failure, the network's included, as the API's own
// { status: false, message } shape so a form shows one message either way.

export const API_BASE = '/user/v1/';
export const CSRF_COOKIE = 'crease_csrf';

export interface ApiAnswer {
  ok: boolean;
  status: number;
  // Each route has its own fields (token, userData, data, otp_id...); the caller picks what it needs.
  body: Record<string, unknown>;
}

function cookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: FormData;
  query?: Record<string, string | number>;
}

export async function callApi(path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const method = options.method ?? (options.json === undefined && options.form === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = cookie(CSRF_COOKIE);
  if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const search = options.query ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]))}` : '';
  try {
    const response = await fetch(`${API_BASE}${path}${search}`, { method, headers, body, credentials: 'same-origin' });
    const parsed: unknown = await response.json().catch(() => ({}));
    const data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    return { ok: response.ok && data.status !== false, status: response.status, body: data };
  } catch {
    return { ok: false, status: 0, body: {} };
  }
}

/** The text to show for an answer: the server's message (errMsg as the spec's fallback), else `fallback`. */
export function answerText(answer: ApiAnswer, fallback: string): string {
  const { message, errMsg } = answer.body;
  if (typeof message === 'string' && message) return message;
  if (typeof errMsg === 'string' && errMsg) return errMsg;
  return fallback;
}
