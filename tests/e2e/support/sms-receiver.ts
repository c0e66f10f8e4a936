// The end-to-end servers' SMS gateway: the webhook transport POSTs { to, text } to it, and the
// tests ask it for the code sent to a phone, as the phone's owner would read it. Playwright starts
// it once for the whole run (playwright.config.ts), so spec files on two workers never contend for
// its port; `npx tsx tests/e2e/support/sms-receiver.ts` starts it by hand.
import { createServer, type Server } from 'node:http';
import { E2E_PORTS } from './ports.ts';

/** The servers' SMS_WEBHOOK_URL points here. */
export const SMS_RECEIVER_PORT = E2E_PORTS.sms;

export interface SmsReceiver {
  /** The code of the newest SMS to `phone` after `since` (ms epoch), waiting for it to arrive. */
  codeFor(phone: string, since: number): Promise<string>;
}

interface Sms {
  to: string;
  text: string;
  at: number;
}

export async function startSmsGateway(port: number): Promise<Server> {
  const received: Sms[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    if (request.method === 'GET') {
      if (url.pathname === '/healthz') return void response.writeHead(204).end();
      const since = Number(url.searchParams.get('since'));
      const sms = received.filter((item) => item.to === url.searchParams.get('to') && item.at >= since).at(-1);
      const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) return void response.writeHead(404).end();
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code }));
    }
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
  return server;
}

/** The gateway's messages, read over HTTP from a test. */
export function smsInbox(port = SMS_RECEIVER_PORT): SmsReceiver {
  return {
    async codeFor(phone, since) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const answer = await fetch(`http://127.0.0.1:${port}/code?to=${encodeURIComponent(phone)}&since=${since}`);
        if (answer.ok) return ((await answer.json()) as { code: string }).code;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no SMS with a code reached ${phone}`);
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await startSmsGateway(SMS_RECEIVER_PORT);
