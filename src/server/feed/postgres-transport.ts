// The change feed across processes sharing a PostgreSQL database: LISTEN/NOTIFY on one
// channel, over a connection of its own that is opened again whenever it drops.
import pg from 'pg';
import type { Logger } from 'pino';
import type { FeedTransport, TransportEvents } from './change-feed.ts';

/** NOTIFY refuses payloads of 8000 bytes or more. */
const NOTIFY_MAX_BYTES = 7999;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

export const DEFAULT_PG_CHANNEL = 'crease_changes';

export class PostgresTransport implements FeedTransport {
  readonly name = 'postgres';
  readonly maxPayloadBytes = NOTIFY_MAX_BYTES;
  private client: pg.Client | null = null;
  private events: TransportEvents | null = null;
  private closing = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay = RETRY_FIRST_MS;

  constructor(
    private readonly url: string,
    private readonly logger?: Logger,
    private readonly channel = DEFAULT_PG_CHANNEL,
  ) {
    // LISTEN takes an identifier, not a parameter.
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid change feed channel name: ${channel}`);
  }

  async start(events: TransportEvents): Promise<void> {
    this.events = events;
    await this.connect();
  }

  async send(payload: string): Promise<void> {
    if (!this.client) throw new Error('the change feed is not connected to PostgreSQL');
    // On the feed's own pg connection (the one that listens), not the pool Kysely draws from.
    await this.client.query('select pg_notify($1, $2)', [this.channel, payload]);
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      // Says which connection this is in pg_stat_activity.
      application_name: `crease-change-feed ${this.channel}`,
      // A silently dead peer (network gone) is noticed instead of listened to forever.
      keepAlive: true,
    });
    const dropped = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      this.logger?.warn({ err: error }, 'change feed: PostgreSQL connection lost; reconnecting');
      this.scheduleReconnect();
    };
    client.on('error', dropped);
    client.on('end', () => dropped());
    client.on('notification', (notification) => {
      if (notification.channel === this.channel && notification.payload !== undefined) {
        this.events?.message(notification.payload);
      }
    });
    try {
      await client.connect();
      // LISTEN holds this connection for the feed's life: plain pg, outside Kysely's pool.
      await client.query(`listen ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryDelay = RETRY_FIRST_MS;
  }

  private scheduleReconnect(): void {
    if (this.closing || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().then(
        () => {
          if (!this.closing) this.events?.reconnected();
        },
        (error: unknown) => {
          this.logger?.warn({ err: error, retryInMs: this.retryDelay }, 'change feed: PostgreSQL reconnect failed');
          this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
          this.scheduleReconnect();
        },
      );
    }, this.retryDelay);
  }
}
