// The PostgreSQL and Redis servers of the tests that span processes, from TEST_DATABASE_URL and
// TEST_REDIS_URL (read through the config module). Locally such a test is skipped when its
// server is absent; in CI (CI=true) an absent server fails the run instead of hiding the tests.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { freshDatabase } from './test-db.ts';

const config = loadConfig();

async function available(what: string, variable: string, url: string | undefined, probe: (url: string) => Promise<void>) {
  let reason = `${variable} is not set`;
  if (url) {
    try {
      await probe(url);
      return url;
    } catch (error) {
      reason = `${variable} (${url}) does not answer: ${(error as Error).message}`;
    }
  }
  if (config.CI) throw new Error(`${what} is required in CI: ${reason}`);
  console.warn(`Skipping the ${what} tests: ${reason}`);
  return null;
}

/** TEST_DATABASE_URL when that server answers; null (skip) locally otherwise. */
export function testPostgresUrl(): Promise<string | null> {
  return available('PostgreSQL', 'TEST_DATABASE_URL', config.TEST_DATABASE_URL, async (url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.end();
  });
}

/** TEST_REDIS_URL when that server answers; null (skip) locally otherwise. */
export function testRedisUrl(): Promise<string | null> {
  return available('Redis', 'TEST_REDIS_URL', config.TEST_REDIS_URL, async (url) => {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      await client.ping();
    } finally {
      client.disconnect();
    }
  });
}

/** A channel or key prefix no other test run shares (servers are shared between developers). */
export function uniqueChannel(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/**
 * The databases a test runs on, for describe.each: PGlite always; PostgreSQL when
 * TEST_DATABASE_URL answers, migrated and emptied of cricket data, accounts and contact queries.
 */
export async function databasesUnderTest(): Promise<[string, () => Promise<Db>][]> {
  const list: [string, () => Promise<Db>][] = [['PGlite', freshDatabase]];
  const url = await testPostgresUrl();
  if (url) {
    list.push([
      'PostgreSQL',
      async () => {
        const db = await openDatabase({ url, dataDir: '' });
        await migrateToLatest(db);
        await sql`truncate matches, people, teams, team_names, venues, tournaments, import_runs, users, otps, contact_queries, corrections, correction_files, limit_counters restart identity cascade`.execute(db.kysely);
        return db;
      },
    ]);
  }
  return list;
}
