// The end-to-end server's SMS gateway: the webhook transport POSTs { to, text } here, and the
// tests read the code out of the text as a phone's owner would.
import { createServer, type Server } from 'node:http';
import { E2E_PORTS } from './ports.ts';

/** The server's SMS_WEBHOOK_URL points here (playwright.config.ts). */
export const SMS_RECEIVER_PORT = E2E_PORTS.sms;

export interface SmsReceiver {
  /** The code of the newest SMS to `phone` after `since` (ms epoch), waiting for it to arrive. */
  codeFor(phone: string, since: number): Promise<string>;
  close(): Promise<void>;
}

interface Sms {
  to: string;
  text: string;
  at: number;
}

export async function startSmsReceiver(port: number): Promise<SmsReceiver> {
  const received: Sms[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      try {
        const { to, text } = JSON.parse(body) as { to: string; text: string };
        received.push({ to, text, at: Date.now() });
        response.writeHead(204).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    async codeFor(phone, since) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const sms = received.filter((item) => item.to === phone && item.at >= since).at(-1);
        const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no SMS with a code reached ${phone}`);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
