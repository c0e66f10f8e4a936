// npm run rederive [-- --all]   Rebuilds the derived rows (scorecards, figures, partnerships,
// falls of wicket) of every match that an older version of the domain's rules wrote; with
// --all, of every match. Safe beside running servers on PostgreSQL: matches a server is
// writing are skipped and left for its own background rebuild.
// Exit status: 0 done, 3 the embedded database is in use by another process.
import { loadConfig } from '../src/server/config.ts';
import { runCommand } from './command.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openChangeFeed } from '../src/server/feed/open-feed.ts';
import { RULES_VERSION } from '../src/server/domain/rules-version.ts';
import { rederive } from '../src/server/store/rederive-writer.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const all = process.argv.includes('--all');
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Servers sharing the database (PostgreSQL) hear of every rebuilt batch through the feed.
  const feed = await openChangeFeed({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL });
  try {
    await migrateToLatest(db);
    const startedAt = performance.now();
    let lastReport = 0;
    const rebuilt = await rederive(db, (changed) => feed.publish(changed), {
      all,
      onProgress: ({ done, total }) => {
        if (performance.now() - lastReport < 2_000 && done < total) return;
        lastReport = performance.now();
        console.error(`rebuilt ${done}/${total} matches`);
      },
    });
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(`Rebuilt the derived rows of ${rebuilt} matches with rules version ${RULES_VERSION} in ${seconds.toFixed(1)} s.`);
    return 0;
  } finally {
    await feed.close();
    await db.close();
  }
}

await runCommand(main);
