// npm run profiles:import -- <file|url> [--force]   Imports player profiles in the profile format
// (README "Player profiles": CSV or JSON lines) through the people writer; pages follow through the
// change feed. With no argument, PLAYER_PROFILES. Also imports Cricsheet's register first when
// CRICSHEET_REGISTER is set (profiles given by ESPNcricinfo id are found through it).
// Exit status: 0 imported, 1 some rows skipped, 2 the file could not be read, 3 the embedded
// database is in use by another process (a running server).
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openChangeFeed } from '../src/server/feed/open-feed.ts';
import { importProfiles, importRegister } from '../src/server/ingest/people-import.ts';
import { runCommand } from './command.ts';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const force = args.includes('--force');
  const config = loadConfig();
  const location = args.find((arg) => !arg.startsWith('--')) ?? config.PLAYER_PROFILES;
  if (!location) {
    console.error('Usage: npm run profiles:import -- <file|url> [--force]   (or set PLAYER_PROFILES)');
    return 2;
  }
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const feed = await openChangeFeed({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL });
  const publish = (tags: string[]) => feed.publish(tags);
  try {
    await migrateToLatest(db);
    if (config.CRICSHEET_REGISTER && config.registerSource) {
      const register = await importRegister(db, { people: config.registerSource }, { publish, force });
      console.log(`${config.registerSource}: ${register.people} people${register.names === null ? '' : `, ${register.names} names`}; ${register.changed} changed.`);
    }
    const started = performance.now();
    let summary;
    try {
      summary = await importProfiles(db, location, { publish, force });
    } catch (error) {
      console.error(`${location}: could not be read (${error instanceof Error ? error.message : String(error)})`);
      return 2;
    }
    for (const problem of summary.problems.slice(0, 50)) console.error(`${location}:${problem.line}: skipped: ${problem.message}`);
    if (summary.problems.length > 50) console.error(`... and ${summary.problems.length - 50} more rows skipped`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      summary.sameFile
        ? `${location}: the file imported last time; nothing written (--force writes it again).`
        : `${location}: ${summary.rows} profiles read, ${summary.written} written, ${summary.unchanged} unchanged, ${summary.unknown} not in the register, ` +
            `${summary.photosRefused} photos left out (licence), ${summary.problems.length} rows skipped, in ${seconds} s.`,
    );
    return summary.problems.length > 0 ? 1 : 0;
  } finally {
    await feed.close();
    await db.close();
  }
}

await runCommand(main);
