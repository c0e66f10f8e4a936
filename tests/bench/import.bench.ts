// npm run bench:import   Imports the shared Cricsheet archives into a fresh PGlite in a
// temporary folder and reports speed and peak memory against the targets: within 4x of the
// floor (inflating and JSON.parse-ing every file on one thread, measured in the same run) and
// under 1 GB. Then rebuilds every match's derived rows (`npm run rederive -- --all`) and
// reports that against the import.
// Archives: CRICSHEET_SOURCE (comma list) or every .zip in ../shared/data/cricsheet.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { rederive } from '../../src/server/store/rederive-writer.ts';
import { sharedArchives } from '../helpers/shared-data.ts';
import { parseFloor } from './support/parse-floor.ts';

const TARGET_FLOOR_RATIO = 4;
const TARGET_PEAK_RSS_BYTES = 1024 ** 3;
const MB = 1024 ** 2;

const sources = sharedArchives();
if (sources.length === 0) {
  console.error('No archives: set CRICSHEET_SOURCE or provide ../shared/data/cricsheet/*.zip');
  process.exit(2);
}

const floor = await parseFloor(sources);
console.log(`Floor: inflate + JSON.parse of ${floor.files} files on one thread: ${floor.seconds.toFixed(1)} s`);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'import-bench-'));
const startedAt = performance.now();
const db = await openDatabase({ dataDir });
try {
  await migrateToLatest(db);
  const summary = await importSources(db, sources);
  const wallSeconds = (performance.now() - startedAt) / 1000;
  clearInterval(sampler);
  // maxRSS is in kilobytes; it also catches peaks between two samples.
  const peak = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
  const matches = summary.imported + summary.replaced + summary.unchanged + summary.olderKept;
  // Idempotency costs: the same archives again must change nothing, quickly.
  const reimportStarted = performance.now();
  const again = await importSources(db, sources);
  const reimportSeconds = (performance.now() - reimportStarted) / 1000;
  const rederiveStarted = performance.now();
  const rebuilt = await rederive(db, () => undefined, { all: true });
  const rederiveSeconds = (performance.now() - rederiveStarted) / 1000;
  const importSeconds = summary.wallTimeMs / 1000;
  const floorRatio = importSeconds / floor.seconds;
  const wallOk = floorRatio <= TARGET_FLOOR_RATIO;
  const memoryOk = peak < TARGET_PEAK_RSS_BYTES;
  console.log(
    [
      `Sources: ${sources.join(', ')}`,
      `Matches read: ${matches} (imported ${summary.imported}, unchanged ${summary.unchanged}, replaced ${summary.replaced}, skipped ${summary.skipped.length})`,
      `Deliveries written: ${summary.deliveries}`,
      `Wall time (open + migrate + import): ${wallSeconds.toFixed(1)} s; import alone ${(summary.wallTimeMs / 1000).toFixed(1)} s`,
      `Matches/s: ${(matches / wallSeconds).toFixed(0)}; deliveries/s: ${(summary.deliveries / wallSeconds).toFixed(0)}`,
      `Peak RSS: ${(peak / MB).toFixed(0)} MB`,
      `Re-import of the same archives: ${reimportSeconds.toFixed(1)} s, unchanged ${again.unchanged}, imported ${again.imported}, replaced ${again.replaced}`,
      `Rederive of all ${rebuilt} matches: ${rederiveSeconds.toFixed(1)} s (${(rederiveSeconds / importSeconds).toFixed(2)} x the import)`,
      `Import / floor: ${importSeconds.toFixed(1)} s / ${floor.seconds.toFixed(1)} s = ${floorRatio.toFixed(2)} (target <= ${TARGET_FLOOR_RATIO}): ${wallOk ? 'PASS' : 'FAIL'}`,
      `Target peak RSS < ${(TARGET_PEAK_RSS_BYTES / MB).toFixed(0)} MB: ${memoryOk ? 'PASS' : 'FAIL'} (ratio to target ${(peak / TARGET_PEAK_RSS_BYTES).toFixed(2)})`,
    ].join('\n'),
  );
  if (!wallOk || !memoryOk || summary.skipped.length > 0 || summary.failedSources.length > 0 || again.imported + again.replaced > 0) {
    process.exitCode = 1;
  }
} finally {
  clearInterval(sampler);
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
