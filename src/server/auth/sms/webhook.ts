// A generic HTTP hook: POST { to, text } as JSON to the operator's URL (an SMS gateway of their
// choice, or a test's server), with a Bearer token when configured.
import { SmsSendError, type SmsTransport } from './transport.ts';

export const SMS_TIMEOUT_MS = 5000;

export class WebhookSmsTransport implements SmsTransport {
  readonly name = 'webhook';

  constructor(
    private readonly url: string,
    private readonly token?: string | undefined,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new SmsSendError(`SMS webhook did not answer: ${(error as Error).name}`);
    }
    // The body is not read: it could echo the text, and nothing in it is needed.
    await response.body?.cancel();
    if (!response.ok) throw new SmsSendError(`SMS webhook answered HTTP ${response.status}`);
  }
}
