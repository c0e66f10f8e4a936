// Picks the change feed's transport from the configuration: Redis when REDIS_URL is set, else
// PostgreSQL when DATABASE_URL is set, else in-process only (PGlite: one process).
import type { Logger } from 'pino';
import { ChangeFeed } from './change-feed.ts';
import { PostgresTransport } from './postgres-transport.ts';
import { RedisTransport } from './redis-transport.ts';

export interface FeedOptions {
  redisUrl?: string | undefined;
  databaseUrl?: string | undefined;
  logger?: Logger;
  /** Channel name on the transport; tests give their own. */
  channel?: string;
}

export async function openChangeFeed(options: FeedOptions): Promise<ChangeFeed> {
  const { redisUrl, databaseUrl, logger, channel } = options;
  const transport = redisUrl
    ? new RedisTransport(redisUrl, logger, channel)
    : databaseUrl
      ? new PostgresTransport(databaseUrl, logger, channel)
      : null;
  const feed = new ChangeFeed(transport, logger);
  try {
    await feed.start();
  } catch (error) {
    await feed.close();
    throw error;
  }
  return feed;
}
