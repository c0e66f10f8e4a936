// The SMS transport the configuration names (SMS_TRANSPORT).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { ConsoleSmsTransport } from './console.ts';
import type { SmsTransport } from './transport.ts';
import { TwilioSmsTransport } from './twilio.ts';
import { WebhookSmsTransport } from './webhook.ts';

export function smsTransportFromConfig(config: Config, logger: FastifyBaseLogger): SmsTransport {
  switch (config.SMS_TRANSPORT) {
    case 'webhook':
      // loadConfig refuses webhook without a URL, and twilio without its three settings.
      return new WebhookSmsTransport(config.SMS_WEBHOOK_URL!, config.SMS_WEBHOOK_TOKEN);
    case 'twilio':
      return new TwilioSmsTransport({ accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, from: config.TWILIO_FROM! });
    case 'console':
      return new ConsoleSmsTransport(logger);
  }
}
