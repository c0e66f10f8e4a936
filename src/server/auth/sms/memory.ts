// For tests: messages are kept in memory, newest last, and a test reads the code from them.
import type { SmsTransport } from './transport.ts';
import { SmsSendError } from './transport.ts';

export interface SentSms {
  to: string;
  text: string;
}

export class MemorySmsTransport implements SmsTransport {
  readonly name = 'memory';
  readonly sent: SentSms[] = [];
  /** Set to make the next sends fail, as a down gateway would. */
  failing = false;

  async send(to: string, text: string): Promise<void> {
    if (this.failing) throw new SmsSendError('memory transport set to fail');
    this.sent.push({ to, text });
  }

  /** The last message to a phone. */
  lastTo(phone: string): SentSms | undefined {
    return this.sent.findLast((message) => message.to === phone);
  }

  /** The code in the last message to a phone; undefined when that message carried none. */
  lastCodeTo(phone: string): string | undefined {
    return /\b(\d{6})\b/.exec(this.lastTo(phone)?.text ?? '')?.[1];
  }
}
