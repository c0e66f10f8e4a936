// The local-install transport: the message goes to the server's log at info level. This is
// the one place a code is ever shown, on purpose, so that a newcomer running `npm start` can
// register (README: Accounts). Never the transport of a public deployment.
import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../phone.ts';
import type { SmsTransport } from './transport.ts';

export class ConsoleSmsTransport implements SmsTransport {
  readonly name = 'console';

  constructor(private readonly logger: FastifyBaseLogger) {}

  async send(to: string, text: string): Promise<void> {
    this.logger.info(`SMS to ${maskPhone(to)}: ${text}`);
  }
}
