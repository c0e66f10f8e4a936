// The change feed between processes, on a real PostgreSQL (LISTEN/NOTIFY) and a real Redis
// (pub/sub): delivery, no echo, big publications, and a flush after a dropped connection.
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import { openChangeFeed } from '../../src/server/feed/open-feed.ts';
import { tags, tagsOfWrittenMatches } from '../../src/server/feed/tags.ts';
import { testPostgresUrl, testRedisUrl, uniqueChannel } from '../helpers/test-servers.ts';

const postgresUrl = await testPostgresUrl();
const redisUrl = await testRedisUrl();

/** Resolves once `heard` holds every wanted tag; rejects after the timeout. */
function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (condition()) resolve();
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out'));
      else setTimeout(check, 10);
    };
    check();
  });
}

interface Transport {
  name: string;
  url: string | null;
  open(channel: string): Promise<ChangeFeed>;
  /** Drops the feed connections of the channel from the server side. */
  dropConnections(channel: string): Promise<void>;
}

const transports: Transport[] = [
  {
    name: 'PostgreSQL LISTEN/NOTIFY',
    url: postgresUrl,
    open: (channel) => openChangeFeed({ databaseUrl: postgresUrl!, channel }),
    dropConnections: async (channel) => {
      const admin = new pg.Client({ connectionString: postgresUrl! });
      await admin.connect();
      try {
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`,
          [`crease-change-feed ${channel}`],
        );
        expect(rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
    },
  },
  {
    name: 'Redis pub/sub',
    url: redisUrl,
    open: (channel) => openChangeFeed({ redisUrl: redisUrl!, channel }),
    dropConnections: async (channel) => {
      const admin = new Redis(redisUrl!);
      try {
        const clients = String(await admin.client('LIST'))
          .split('\n')
          .filter((line) => line.includes(` name=crease-change-feed:${channel} `));
        expect(clients.length).toBeGreaterThan(0);
        for (const line of clients) await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(line)![1]!);
      } finally {
        admin.disconnect();
      }
    },
  },
];

for (const transport of transports) {
  describe.skipIf(transport.url === null)(`change feed over ${transport.name}`, () => {
    const opened: ChangeFeed[] = [];
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((feed) => feed.close()));
    });

    async function twoProcesses() {
      const channel = uniqueChannel('feed_test');
      const feeds = [await transport.open(channel), await transport.open(channel)] as const;
      opened.push(...feeds);
      const heard = feeds.map(() => [] as string[][]);
      feeds.forEach((feed, index) => feed.subscribe((published) => heard[index]!.push([...published])));
      return { channel, feeds, heard };
    }

    it("reaches the other process; the publisher applies it once, ignoring its own echo", async () => {
      const { feeds, heard } = await twoProcesses();
      await feeds[0].publish([tags.match('A'), tags.home]);
      await until(() => heard[1]!.length > 0);
      expect(heard[1]).toEqual([['match:A', 'home']]);
      // Give an echo time to arrive: the publisher must still have applied it only once.
      await feeds[1].publish([tags.fixtures]);
      await until(() => heard[0]!.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard[0]).toEqual([['match:A', 'home'], ['fixtures']]);
      expect(heard[1]).toEqual([['match:A', 'home'], ['fixtures']]);
    });

    it('carries a publication bigger than one NOTIFY payload whole', async () => {
      const { feeds, heard } = await twoProcesses();
      const players = Array.from({ length: 2_500 }, (_, index) => `${index.toString(16).padStart(8, '0')}`);
      const published = tagsOfWrittenMatches({ matches: ['1', '2', '3'], tournaments: ['t-2024'], teams: ['a', 'b'], players });
      await feeds[0].publish(published);
      await until(() => heard[1]!.flat().length >= published.length);
      expect(heard[1]!.flat()).toEqual(published);
    });

    it('after a dropped connection, reconnects, flushes every cache and hears again', async () => {
      const { channel, feeds, heard } = await twoProcesses();
      await transport.dropConnections(channel);
      // Both processes lost their connection: each may have missed messages, each flushes.
      await until(() => heard.every((list) => list.some((published) => published.includes(tags.all))), 10_000);
      await feeds[0].publish([tags.player('after-reconnect')]);
      await until(() => heard[1]!.some((published) => published.includes('player:after-reconnect')), 10_000);
    });
  });
}
