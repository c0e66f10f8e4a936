// The HTTP transports against a local server standing in for the gateway and for Twilio.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Writable } from 'node:stream';
import { SmsSendError } from '../../../src/server/auth/sms/transport.ts';
import { TwilioSmsTransport } from '../../../src/server/auth/sms/twilio.ts';
import { WebhookSmsTransport } from '../../../src/server/auth/sms/webhook.ts';
import { ConsoleSmsTransport } from '../../../src/server/auth/sms/console.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('HTTP SMS transports', () => {
  let server: Server;
  let base: string;
  let received: Received[];
  let answer: { status: number; body: string };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    received = [];
    answer = { status: 200, body: '{}' };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('webhook: POSTs { to, text } as JSON with the Bearer token', async () => {
    await new WebhookSmsTransport(`${base}/sms`, 'secret-token').send('9876543210', 'Your Crease code is 123456. It expires in 5 minutes.');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/sms' });
    expect(received[0]!.headers.authorization).toBe('Bearer secret-token');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received[0]!.body)).toEqual({ to: '9876543210', text: 'Your Crease code is 123456. It expires in 5 minutes.' });
  });

  it('webhook: no token, no authorization header; a failure is an SmsSendError without the text', async () => {
    answer = { status: 500, body: 'oops' };
    const sending = new WebhookSmsTransport(`${base}/sms`).send('9876543210', 'Your Crease code is 123456.');
    await expect(sending).rejects.toThrow(SmsSendError);
    await expect(sending).rejects.toThrow(/HTTP 500/);
    await expect(sending).rejects.not.toThrow(/123456/);
    expect(received[0]!.headers.authorization).toBeUndefined();
  });

  it('webhook: an unreachable gateway is an SmsSendError', async () => {
    await expect(new WebhookSmsTransport('http://127.0.0.1:1/sms').send('9876543210', 'x')).rejects.toThrow(SmsSendError);
  });

  it("twilio: Messages API with basic auth, form-encoded, E.164 'To'", async () => {
    answer = { status: 201, body: '{"sid":"SM1"}' };
    const sid = `AC${'0'.repeat(32)}`;
    await new TwilioSmsTransport({ accountSid: sid, authToken: 'tok', from: '+15005550006', baseUrl: base }).send('9876543210', 'Your Crease code is 123456.');
    expect(received[0]).toMatchObject({ method: 'POST', url: `/2010-04-01/Accounts/${sid}/Messages.json` });
    expect(received[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${sid}:tok`).toString('base64')}`);
    expect(received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(received[0]!.body))).toEqual({ To: '+919876543210', From: '+15005550006', Body: 'Your Crease code is 123456.' });
  });

  it('twilio: a messaging service sender; an error names Twilio\'s code', async () => {
    answer = { status: 400, body: '{"code":21211,"message":"The To number is not valid"}' };
    const service = `MG${'a'.repeat(32)}`;
    const sending = new TwilioSmsTransport({ accountSid: `AC${'0'.repeat(32)}`, authToken: 'tok', from: service, baseUrl: base }).send('9876543210', 'x');
    await expect(sending).rejects.toThrow('Twilio answered HTTP 400 (error 21211)');
    expect(new URLSearchParams(received[0]!.body).get('MessagingServiceSid')).toBe(service);
  });
});

describe('console transport', () => {
  it('logs the message at info with the number masked', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
    await new ConsoleSmsTransport(logger).send('9876543210', 'Your Crease code is 123456. It expires in 5 minutes.');
    const line = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(line.level).toBe(30);
    expect(line.msg).toBe('SMS to ******3210: Your Crease code is 123456. It expires in 5 minutes.');
    expect(lines[0]).not.toContain('9876543210');
  });
});
