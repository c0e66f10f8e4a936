// npm run bench:profiles   The profile import of the 16,101 players of the shared test profiles
// (../shared/data/profiles/player_meta.csv) through the people writer, into a PGlite holding
// Cricsheet's register and the IPL archive (CRICSHEET_SOURCE to change it; the players' search
// rows are rebuilt in the same transaction). Each run starts with no profile stored and imports
// the file whole; the floor, measured in the same run, is reading and parsing the same file (no
// database). Then a run of the same file again (nothing changed: nothing written).
// Target (issue 31): under 10 s.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { importProfiles, importRegister } from '../../src/server/ingest/people-import.ts';
import { parseProfiles, readPeopleSource } from '../../src/server/ingest/people-sources.ts';
import { sharedArchive, sharedArchives } from '../helpers/shared-data.ts';

const TARGET_S = 10;
const RUNS = 3;
const shared = path.resolve(import.meta.dirname, '../../../shared/data');
const profiles = path.join(shared, 'profiles/player_meta.csv');
const register = path.join(shared, 'register/people.csv');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-profiles-'));
const db = await openDatabase({ dataDir: path.join(folder, 'db') });
try {
  await migrateToLatest(db);
  const archives = loadConfig().CRICSHEET_SOURCE ? sharedArchives() : [sharedArchive('ipl_json.zip')];
  console.log(`Importing ${archives.join(', ')} and the register...`);
  await importSources(db, archives);
  const registerStart = performance.now();
  const registered = await importRegister(db, { people: register }, { publish: () => undefined });
  console.log(`Register: ${registered.people} people in ${seconds(performance.now() - registerStart)}`);

  const floors: number[] = [];
  const imports: number[] = [];
  let written = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const floorStart = performance.now();
    const parsed = parseProfiles((await readPeopleSource(profiles)).text, 'player_meta.csv');
    floors.push(performance.now() - floorStart);
    await db.kysely.deleteFrom('player_profiles').execute();
    const start = performance.now();
    const summary = await importProfiles(db, profiles, { publish: () => undefined, force: true });
    imports.push(performance.now() - start);
    written = summary.written;
    console.log(`Run ${run + 1}: parse ${seconds(floors[run]!)} (${parsed.rows.length} rows), import ${seconds(imports[run]!)} (${summary.written} written, ${summary.unknown} not in the register)`);
  }
  const againStart = performance.now();
  const again = await importProfiles(db, profiles, { publish: () => undefined, force: true });
  const againMs = performance.now() - againStart;
  const best = Math.min(...imports);
  const worst = Math.max(...imports);
  console.log(`Profiles written per run: ${written}`);
  console.log(`Import: best ${seconds(best)}, worst ${seconds(worst)}; floor (read + parse): best ${seconds(Math.min(...floors))}; ratio import / floor ${(best / Math.min(...floors)).toFixed(1)}`);
  console.log(`The same file again (nothing changed): ${seconds(againMs)}, ${again.written} written`);
  console.log(`${worst / 1000 < TARGET_S ? 'PASS' : 'FAIL'} profile import of ${written} players < ${TARGET_S} s (worst run ${seconds(worst)}, ${((worst / 1000 / TARGET_S) * 100).toFixed(0)}% of the target)`);
} finally {
  await db.close();
  await rm(folder, { recursive: true, force: true });
}
