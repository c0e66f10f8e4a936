// npm run bench:updater   The scheduled update's run on a week of new matches (issue 10): the five
// shared archives imported into a fresh PGlite, the busiest week of the 2024-2026 archive taken out
// again, then the real updater (src/server/ingest/updater.ts) fetches a "recently added" archive of
// that week's files from a local HTTP server and imports it, with the corrections. Compared in the
// same run with the full import of the five archives (what a site without the updater would redo)
// and with the same week imported straight from the zip on disk (the updater's own overhead: the
// download, the corrections). Then the same archive again: nothing new.
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { runCricsheetUpdate } from '../../src/server/ingest/updater.ts';
import { readArchive } from '../helpers/read-archive.ts';
import { sharedArchive, sharedArchives } from '../helpers/shared-data.ts';
import { writeZip } from '../helpers/zip-writer.ts';

const sources = sharedArchives();
const recent = sharedArchive('recent_2024_2026_json.zip');
if (sources.length === 0) {
  console.error('No archives: set CRICSHEET_SOURCE or provide ../shared/data/cricsheet/*.zip');
  process.exit(2);
}
const corrections = path.resolve(import.meta.dirname, '../../corrections/cricsheet.json');

// The busiest seven days of the recent archive, by first day of play.
const matches = await readArchive<{ info: { dates: string[] } }>(recent);
const DAY = 86_400_000;
const dayOf = (match: { info: { dates: string[] } }) => Date.parse(`${match.info.dates[0]}T00:00:00Z`);
const days = matches.map(dayOf).sort((x, y) => x - y);
let best = { from: 0, count: 0 };
for (let start = 0, end = 0; start < days.length; start += 1) {
  while (end < days.length && days[end]! < days[start]! + 7 * DAY) end += 1;
  if (end - start > best.count) best = { from: days[start]!, count: end - start };
}
const week = matches.filter((match) => dayOf(match) >= best.from && dayOf(match) < best.from + 7 * DAY).map((match) => match.id);
const weekLabel = `${new Date(best.from).toISOString().slice(0, 10)} to ${new Date(best.from + 6 * DAY).toISOString().slice(0, 10)}`;

const folder = await mkdtemp(path.join(os.tmpdir(), 'updater-bench-'));
const zip = path.join(folder, 'recently_added_7_json.zip');
const { default: yauzl } = await import('yauzl');
// The week's files as Cricsheet published them, read back from the archive.
const wanted = new Set(week.map((id) => `${id}.json`));
const entries: { name: string; bytes: Buffer }[] = [];
await new Promise<void>((resolve, reject) => {
  yauzl.open(recent, { lazyEntries: true }, (error, archive) => {
    if (error) return reject(error);
    archive.on('end', () => resolve()).on('error', reject);
    archive.on('entry', (entry: { fileName: string }) => {
      if (!wanted.has(path.basename(entry.fileName))) return archive.readEntry();
      archive.openReadStream(entry as never, (streamError, stream) => {
        if (streamError) return reject(streamError);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
          entries.push({ name: path.basename(entry.fileName), bytes: Buffer.concat(chunks) });
          archive.readEntry();
        });
      });
    });
    archive.readEntry();
  });
});
await writeZip(zip, Object.fromEntries(entries.map((entry) => [entry.name, entry.bytes])));
const zipBytes = await readFile(zip);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/zip', 'content-length': zipBytes.length }).end(zipBytes);
});
const port = loadConfig().E2E_PORT_BASE + 61;
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${port}/downloads/recently_added_7_json.zip`;

const db = await openDatabase({ dataDir: path.join(folder, 'db') });
try {
  await migrateToLatest(db);
  const full = await importSources(db, sources);
  const removeWeek = () => sql`delete from matches where id = any(${week}::integer[])`.execute(db.kysely);
  await removeWeek();

  const update = await runCricsheetUpdate({ db, url, publish: () => undefined, correctionsFile: corrections });
  await removeWeek();
  const direct = await importSources(db, [zip]);
  const again = await runCricsheetUpdate({ db, url, publish: () => undefined, correctionsFile: corrections });

  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    [
      `Week: ${weekLabel}, ${week.length} matches (${(zipBytes.length / 1024 / 1024).toFixed(1)} MB zip), the busiest 7 days of ${path.basename(recent)}`,
      `Database: the five archives, ${full.imported} matches (full import ${seconds(full.wallTimeMs)} s), less the week`,
      `Updater run (download over HTTP, import, corrections): ${seconds(update.summary.wallTimeMs)} s import; imported ${update.summary.imported}, replaced ${update.summary.replaced}, unchanged ${update.summary.unchanged}, skipped ${update.summary.skipped.length}`,
      `Same week imported straight from disk: ${seconds(direct.wallTimeMs)} s (updater / direct ${(update.summary.wallTimeMs / direct.wallTimeMs).toFixed(2)})`,
      `Updater / full import of the five archives: ${(update.summary.wallTimeMs / full.wallTimeMs).toFixed(3)}`,
      `Same archive again: ${seconds(again.summary.wallTimeMs)} s, imported ${again.summary.imported}, unchanged ${again.summary.unchanged}`,
    ].join('\n'),
  );
  if (update.summary.imported !== week.length || again.summary.imported + again.summary.replaced > 0) process.exitCode = 1;
} finally {
  server.close();
  await db.close();
  await rm(folder, { recursive: true, force: true });
}
