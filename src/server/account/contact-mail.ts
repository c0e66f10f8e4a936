// The operator's copy of a contact query, sent to CONTACT_EMAIL through SMTP_URL when both are
// set. The query is stored first; an email that fails is logged by the caller, never lost data.
import nodemailer from 'nodemailer';

export interface ContactQueryMail {
  id: string;
  name: string;
  email: string;
  phone: string;
  message: string | null;
  /** The account's phone when the sender was signed in. */
  userPhone: string | null;
}

export interface ContactMailer {
  send(query: ContactQueryMail): Promise<void>;
  close(): void;
}

export function createContactMailer(options: { smtpUrl: string; to: string }): ContactMailer {
  // Short time-outs: the sender waits for this before hearing that the query went through.
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    async send(query) {
      // Names hold no control characters (the API refuses them), so no header can be injected.
      await transport.sendMail({
        from: options.to,
        to: options.to,
        replyTo: { name: query.name, address: query.email },
        subject: `Contact query #${query.id} from ${query.name}`,
        text: [
          `Name: ${query.name}`,
          `Email: ${query.email}`,
          `Phone: ${query.phone}`,
          `Signed in as: ${query.userPhone ?? 'not signed in'}`,
          '',
          query.message ?? '(no message)',
        ].join('\n'),
      });
    },
    close: () => transport.close(),
  };
}
