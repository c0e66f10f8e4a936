// npm run schedule:import -- fixtures.csv|fixtures.ics ...   Adds upcoming fixtures (not started,
// with start times) from CSV or iCalendar files; see README "Schedule files". Each bad row is
// reported by file and line and skipped; the rest are imported.
// Exit status: 0 all imported, 1 some rows skipped, 2 a file could not be read, 3 the embedded
// database is in use by another process (a running server).
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openChangeFeed } from '../src/server/feed/open-feed.ts';
import { MAX_SCHEDULE_BYTES } from '../src/server/ingest/schedule.ts';
import { importSchedule } from '../src/server/ingest/schedule-import.ts';
import { LiveMatchWriter } from '../src/server/store/live-match-writer.ts';
import { runCommand } from './command.ts';

async function main(): Promise<number> {
  const files = process.argv.slice(2).filter((arg) => arg !== '--');
  if (files.length === 0) {
    console.error('Usage: npm run schedule:import -- fixtures.csv|fixtures.ics ...');
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Servers sharing the database hear of the new fixtures through the feed (home, fixtures).
  const feed = await openChangeFeed({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL });
  let status = 0;
  try {
    await migrateToLatest(db);
    const writer = new LiveMatchWriter(db, (tags) => feed.publish(tags));
    for (const file of files) {
      const name = path.basename(file);
      let text: string;
      try {
        const size = (await stat(file)).size;
        if (size > MAX_SCHEDULE_BYTES) throw new Error(`larger than ${MAX_SCHEDULE_BYTES / 1024 / 1024} MB`);
        text = await readFile(file, 'utf8');
      } catch (error) {
        console.error(`${file}: could not be read (${error instanceof Error ? error.message : String(error)})`);
        status = 2;
        continue;
      }
      const summary = await importSchedule(db, writer, name, text, (tags) => feed.publish(tags));
      for (const problem of summary.problems) console.error(`${file}:${problem.line}: skipped: ${problem.message}`);
      console.log(`${file}: ${summary.created.length} fixture(s) created, ${summary.updated > 0 ? `${summary.updated} moved or cancelled, ` : ''}${summary.existing.length} already scheduled, ${summary.problems.length} skipped.`);
      if (summary.problems.length > 0 && status === 0) status = 1;
    }
  } finally {
    await feed.close();
    await db.close();
  }
  return status;
}

await runCommand(main);
