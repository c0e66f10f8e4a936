// The change feed over Redis pub/sub. A subscribed connection can only listen, so publishing
// has a connection of its own. ioredis reconnects by itself; every 'ready' after start() is a
// reconnect. The subscriber subscribes again itself rather than through ioredis's
// autoResubscribe, which sends SUBSCRIBE after 'ready': caches are flushed only once the
// subscription is in force, so that nothing published in between is missed unflushed.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { FeedTransport, TransportEvents } from './change-feed.ts';

/** Far below Redis's own limit (512 MB); big publications go as several messages. */
const REDIS_MAX_PAYLOAD_BYTES = 64 * 1024;

export const DEFAULT_REDIS_CHANNEL = 'crease:changes';

export class RedisTransport implements FeedTransport {
  readonly name = 'redis';
  readonly maxPayloadBytes = REDIS_MAX_PAYLOAD_BYTES;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    url: string,
    private readonly logger?: Logger,
    private readonly channel = DEFAULT_REDIS_CHANNEL,
  ) {
    // Publications wait for the connection only briefly: a lost one is made up for by 'all'.
    // Named so that CLIENT LIST says which connections these are.
    const connectionName = `crease-change-feed:${channel}`;
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectionName });
    this.subscriber = new Redis(url, { lazyConnect: true, connectionName, autoResubscribe: false });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) => this.logger?.warn({ err: error }, 'change feed: Redis connection error'));
    }
  }

  async start(events: TransportEvents): Promise<void> {
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.channel) events.message(payload);
    });
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    await this.subscriber.subscribe(this.channel);
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => events.reconnected(),
        // The connection dropped again before the reply: its next 'ready' tries again.
        (error: unknown) => this.logger?.warn({ err: error }, 'change feed: Redis subscribe after a reconnect failed'),
      );
    });
    this.publisher.on('ready', () => events.sendingResumed());
  }

  async send(payload: string): Promise<void> {
    await this.publisher.publish(this.channel, payload);
  }

  async close(): Promise<void> {
    await Promise.all([this.publisher.quit(), this.subscriber.quit()].map((done) => done.catch(() => undefined)));
  }
}
