// npm run profiles:wikidata -- [--out <file>] [--register <people.csv file|url>] [--cache <folder>]
//                              [--batch 200] [--interval-ms 1000] [--import]
// Builds a profile file (JSON lines of the profile format) from Wikidata (CC0) for every person
// of Cricsheet's register with an ESPNcricinfo id: the register in the database (imported at start
// or by CRICSHEET_REGISTER), or the people.csv given. Batched, polite, cached under --cache (a run
// cut short resumes where it stopped). --import then imports the file as profiles:import does.
// Endpoints: WIKIDATA_SPARQL_URL and COMMONS_API_URL.
// Exit status: 0 written, 2 nothing to ask or an endpoint failed, 3 the embedded database is in use.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openChangeFeed } from '../src/server/feed/open-feed.ts';
import { importProfiles } from '../src/server/ingest/people-import.ts';
import { parseRegisterPeople, readPeopleSource } from '../src/server/ingest/people-sources.ts';
import { buildWikidataProfiles, profileJsonLines, type WikidataPerson } from '../src/server/ingest/wikidata-profiles.ts';
import { runCommand } from './command.ts';

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const config = loadConfig();
  const out = option(args, '--out') ?? path.join(config.DATA_DIR, 'wikidata-profiles.jsonl');
  const cacheDir = option(args, '--cache') ?? path.join(config.DATA_DIR, 'wikidata-cache');
  const registerFile = option(args, '--register');
  const batchSize = Number(option(args, '--batch') ?? 200);
  const minIntervalMs = Number(option(args, '--interval-ms') ?? 1000);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500 || !Number.isFinite(minIntervalMs) || minIntervalMs < 0) {
    console.error('--batch must be 1 to 500 and --interval-ms a number of milliseconds');
    return 2;
  }
  let people: WikidataPerson[];
  const needDb = !registerFile || args.includes('--import');
  const db = needDb ? await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }) : null;
  try {
    if (db) await migrateToLatest(db);
    if (registerFile) {
      const parsed = parseRegisterPeople((await readPeopleSource(registerFile)).text);
      people = parsed.rows.map((row) => ({
        registryId: row.registryId,
        cricinfoIds: [row.keyCricinfo, row.otherKeys.key_cricinfo_2, row.otherKeys.key_cricinfo_3].filter((id): id is string => !!id),
      }));
    } else {
      const rows = await db!.kysely.selectFrom('register_people').select(['registry_id', 'key_cricinfo', 'other_keys']).execute();
      people = rows.map((row) => ({
        registryId: row.registry_id,
        cricinfoIds: [row.key_cricinfo, row.other_keys.key_cricinfo_2, row.other_keys.key_cricinfo_3].filter((id): id is string => !!id),
      }));
    }
    people = people.filter((person) => person.cricinfoIds.length > 0);
    if (people.length === 0) {
      console.error('No registered person with an ESPNcricinfo id: import the register first (CRICSHEET_REGISTER) or pass --register people.csv.');
      return 2;
    }
    console.log(`Asking Wikidata about ${people.length} people (batches of ${batchSize}, ${minIntervalMs} ms apart; answers cached in ${cacheDir}).`);
    const summary = await buildWikidataProfiles(people, {
      sparqlUrl: config.WIKIDATA_SPARQL_URL,
      commonsUrl: config.COMMONS_API_URL,
      cacheDir,
      batchSize,
      minIntervalMs,
      userAgent: `Crease-profiles/0.1 (self-hosted cricket site; contact: ${config.CONTACT_EMAIL ?? 'not set'})`,
      log: (message) => console.log(message),
    });
    await writeFile(out, profileJsonLines(summary.profiles));
    console.log(
      `${out}: ${summary.profiles.length} profiles; ${summary.requests} requests, ${summary.fromCache} answers from the cache; ` +
        `${summary.ambiguous.length} ESPNcricinfo ids on more than one item left out; ${summary.photosRefused} photos left out (licence).`,
    );
    if (args.includes('--import') && db) {
      const feed = await openChangeFeed({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL });
      try {
        const imported = await importProfiles(db, out, { publish: (tags) => feed.publish(tags), force: true });
        console.log(`Imported: ${imported.written} written, ${imported.unchanged} unchanged, ${imported.unknown} not in the register.`);
      } finally {
        await feed.close();
      }
    }
    return 0;
  } catch (error) {
    console.error(`profiles:wikidata failed: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  } finally {
    await db?.close();
  }
}

await runCommand(main);
