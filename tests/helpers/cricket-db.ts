// The databases the cricket store tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL
// answers (emptied of cricket data first).
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { emptyDatabase, freshDatabase } from './test-db.ts';
import { testPostgresUrl } from './test-servers.ts';

export async function cricketDatabases(): Promise<[string, () => Promise<Db>][]> {
  const engines: [string, () => Promise<Db>][] = [['PGlite', freshDatabase]];
  const postgresUrl = await testPostgresUrl();
  if (postgresUrl) {
    engines.push([
      'PostgreSQL',
      async () => {
        const db = await openDatabase({ url: postgresUrl, dataDir: '' });
        await migrateToLatest(db);
        await emptyDatabase(db);
        return db;
      },
    ]);
  }
  return engines;
}
