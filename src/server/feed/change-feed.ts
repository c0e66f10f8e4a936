// The change feed: the only way caches learn of a write. A publication is applied in this
// process at once, then sent through a transport (PostgreSQL LISTEN/NOTIFY or Redis pub/sub)
// to every other process, which applies it when it arrives and ignores its own echo.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import { tags as tagNames } from './tags.ts';

export type ChangeListener = (tags: readonly string[]) => void;

/** What a transport tells the feed. */
export interface TransportEvents {
  message(payload: string): void;
  /** Listening again after a drop: publications of others may have been missed. */
  reconnected(): void;
  /** Sending again after a drop, where the transport sends on a connection of its own. */
  sendingResumed(): void;
}

/** Carries publications between processes. */
export interface FeedTransport {
  readonly name: string;
  /** The largest payload one send may carry, in UTF-8 bytes. */
  readonly maxPayloadBytes: number;
  /** Resolves once the transport receives messages. */
  start(events: TransportEvents): Promise<void>;
  /** Rejects when the message could not be handed over (connection down). */
  send(payload: string): Promise<void>;
  close(): Promise<void>;
}

const messageSchema = z.object({ from: z.string(), tags: z.array(z.string()) });

/**
 * Splits a publication into messages of at most maxBytes each. Tags are independent, so any
 * split means the same; a tag too long for any message turns the publication into 'all'.
 */
export function encodeMessages(from: string, tags: readonly string[], maxBytes: number): string[] {
  const envelope = (list: string) => `{"from":${JSON.stringify(from)},"tags":[${list}]}`;
  const overhead = Buffer.byteLength(envelope(''));
  const messages: string[] = [];
  let current: string[] = [];
  let size = overhead;
  for (const tag of tags) {
    const encoded = JSON.stringify(tag);
    const tagBytes = Buffer.byteLength(encoded);
    if (overhead + tagBytes > maxBytes) return [envelope(JSON.stringify(tagNames.all))];
    if (current.length > 0 && size + 1 + tagBytes > maxBytes) {
      messages.push(envelope(current.join(',')));
      current = [];
      size = overhead;
    }
    size += (current.length > 0 ? 1 : 0) + tagBytes;
    current.push(encoded);
  }
  if (current.length > 0) messages.push(envelope(current.join(',')));
  return messages;
}

export class ChangeFeed {
  /** This process's identity on the transport, to recognise its own echo. */
  readonly origin = randomUUID();
  private readonly listeners = new Set<ChangeListener>();
  /** A send failed while the connection was down: the others missed something. */
  private sendLost = false;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly transport: FeedTransport | null = null,
    private readonly logger?: Logger,
  ) {}

  /** 'in-process', or the transport's name. */
  get transportName(): string {
    return this.transport?.name ?? 'in-process';
  }

  async start(): Promise<void> {
    await this.transport?.start({
      message: (payload) => this.receive(payload),
      reconnected: () => this.reconnected(),
      sendingResumed: () => this.resendIfLost(),
    });
  }

  /** Listens to every publication, this process's and the others'; returns the unsubscribe. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Applies the tags here at once, then sends them to the other processes. Resolves when
   * sent; a send that fails is logged and made up for by 'all' once the connection is back.
   */
  async publish(tags: readonly string[]): Promise<void> {
    const unique = [...new Set(tags)];
    if (unique.length === 0) return;
    this.dispatch(unique);
    if (this.transport) await this.track(this.send(unique));
  }

  /** Waits for sends in flight, then closes the transport. */
  async close(): Promise<void> {
    await Promise.all(this.sending);
    await this.transport?.close();
  }

  private async send(tags: readonly string[]): Promise<void> {
    const transport = this.transport!;
    for (const payload of encodeMessages(this.origin, tags, transport.maxPayloadBytes)) {
      try {
        await transport.send(payload);
      } catch (error) {
        this.sendLost = true;
        this.logger?.warn({ err: error, transport: transport.name }, 'change feed: a publication could not be sent; all caches are flushed after the reconnect');
        return;
      }
    }
  }

  /** Keeps a send in `sending` until it settles, so that close() waits for it. */
  private async track(sent: Promise<void>): Promise<void> {
    this.sending.add(sent);
    try {
      await sent;
    } finally {
      this.sending.delete(sent);
    }
  }

  private receive(payload: string): void {
    let message: z.infer<typeof messageSchema>;
    try {
      message = messageSchema.parse(JSON.parse(payload));
    } catch (error) {
      this.logger?.warn({ err: error }, 'change feed: ignoring a malformed message');
      return;
    }
    if (message.from === this.origin) return;
    this.dispatch(message.tags);
  }

  private reconnected(): void {
    this.logger?.info({ transport: this.transport?.name }, 'change feed: reconnected; flushing every cache');
    this.dispatch([tagNames.all]);
    this.resendIfLost();
  }

  /** The others missed a publication of ours: they flush every cache. */
  private resendIfLost(): void {
    if (!this.sendLost) return;
    this.sendLost = false;
    void this.track(this.send([tagNames.all]));
  }

  private dispatch(tags: readonly string[]): void {
    for (const listener of this.listeners) {
      try {
        listener(tags);
      } catch (error) {
        this.logger?.error({ err: error }, 'change feed: a listener failed');
      }
    }
  }
}
