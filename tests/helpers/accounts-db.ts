// The databases the account tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL answers.
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { freshDatabase } from './test-db.ts';
import { testPostgresUrl } from './test-servers.ts';

export async function databaseEngines(): Promise<[string, () => Promise<Db>][]> {
  const engines: [string, () => Promise<Db>][] = [['PGlite', freshDatabase]];
  const postgresUrl = await testPostgresUrl();
  if (postgresUrl) {
    engines.push([
      'PostgreSQL',
      async () => {
        const db = await openDatabase({ url: postgresUrl, dataDir: '' });
        await migrateToLatest(db);
        await sql`truncate users, otps, contact_queries restart identity cascade`.execute(db.kysely);
        return db;
      },
    ]);
  }
  return engines;
}
