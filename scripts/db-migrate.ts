// npm run db:migrate   Applies pending migrations to the configured database.
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const config = loadConfig();
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateToLatest(db);
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  console.log(
    applied.length > 0
      ? `Applied ${applied.length} migration(s) to ${where}:\n${applied.map((name) => `  ${name}`).join('\n')}`
      : `${where} is up to date: no pending migrations.`,
  );
} finally {
  await db.close();
}
