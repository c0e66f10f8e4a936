// Twilio's Messages API: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded
// To/From/Body, HTTP basic auth with the account SID and auth token. Indian numbers go out
// in E.164 (+91...). The base URL is a constructor argument so tests can point it at a local server.
import { toE164 } from '../phone.ts';
import { SmsSendError, type SmsTransport } from './transport.ts';
import { SMS_TIMEOUT_MS } from './webhook.ts';

export const TWILIO_API_BASE = 'https://api.twilio.com';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A +E.164 sender number or a messaging service SID (MG...). */
  from: string;
  baseUrl?: string;
}

export class TwilioSmsTransport implements SmsTransport {
  readonly name = 'twilio';

  constructor(private readonly options: TwilioOptions) {}

  async send(to: string, text: string): Promise<void> {
    const { accountSid, authToken, from } = this.options;
    const url = `${this.options.baseUrl ?? TWILIO_API_BASE}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: toE164(to), Body: text });
    form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new SmsSendError(`Twilio did not answer: ${(error as Error).name}`);
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    // Twilio's error code says what is wrong (21211: invalid 'To'); its body echoes no message text.
    const detail = (await response.json().catch(() => ({}))) as { code?: number };
    throw new SmsSendError(`Twilio answered HTTP ${response.status}${detail.code ? ` (error ${detail.code})` : ''}`);
  }
}
