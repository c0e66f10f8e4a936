// How a text message leaves the server. Every transport takes a 10-digit Indian mobile number
// and the text; a failure throws SmsSendError, whose message never carries the text (a code).

export interface SmsTransport {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

export class SmsSendError extends Error {}
