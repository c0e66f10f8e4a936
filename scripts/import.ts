// npm run import -- <source>...   Imports Cricsheet zip archives, folders of match JSON
// files or archive URLs (default: CRICSHEET_SOURCE, else Cricsheet's downloads).
// Exit status: 0 all imported, 1 some files skipped, 2 some source could not be read, 3 the
// embedded database is in use by another process (a running server).
import { loadConfig } from '../src/server/config.ts';
import { runCommand } from './command.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openChangeFeed } from '../src/server/feed/open-feed.ts';
import { importSources, type ImportProgress, type ImportSummary } from '../src/server/ingest/importer.ts';
import { keepCorrected } from '../src/server/corrections/file.ts';
import { progressLine } from '../src/server/ingest/progress.ts';
import type { CorrectionsReport } from '../src/server/store/corrections.ts';

const PLAIN_PROGRESS_INTERVAL_MS = 5_000;
const TTY_PROGRESS_INTERVAL_MS = 100;

/** A single redrawn line on a terminal; a plain line every few seconds otherwise (CI logs). */
function progressReporter(stream: NodeJS.WriteStream) {
  let source = '';
  let sourceStartedAt = 0;
  let lastDrawnAt = 0;
  let lastDrawnDone = -1;
  let lineOpen = false;
  const interval = stream.isTTY ? TTY_PROGRESS_INTERVAL_MS : PLAIN_PROGRESS_INTERVAL_MS;

  const describe = (progress: ImportProgress, now: number): string => progressLine(progress, (now - sourceStartedAt) / 1000, stream.isTTY);

  return {
    update(progress: ImportProgress) {
      const now = performance.now();
      if (progress.source !== source) {
        this.end();
        source = progress.source;
        sourceStartedAt = now;
        lastDrawnAt = now;
        lastDrawnDone = -1;
      }
      const finished = progress.total !== null && progress.done >= progress.total;
      if (progress.done === lastDrawnDone || (now - lastDrawnAt < interval && !finished)) return;
      lastDrawnAt = now;
      lastDrawnDone = progress.done;
      const line = `${source}: ${describe(progress, now)}`;
      if (stream.isTTY) {
        stream.write(`\r\x1b[2K${line}`);
        lineOpen = true;
      } else {
        stream.write(`${line}\n`);
      }
    },
    end() {
      if (lineOpen) stream.write('\n');
      lineOpen = false;
    },
  };
}

function printSummary(summary: ImportSummary): void {
  const lines = [
    `Imported ${summary.imported}, replaced ${summary.replaced}, unchanged ${summary.unchanged}, ` +
      `older (stored kept) ${summary.olderKept}, skipped ${summary.skipped.length}.`,
    `Deliveries written: ${summary.deliveries}. Wall time: ${(summary.wallTimeMs / 1000).toFixed(1)} s.`,
    ...summary.skipped.map((skipped) => `  skipped ${skipped.file} (${skipped.source}): ${skipped.reason}`),
    ...summary.failedSources.map((failed) => `  could not read ${failed.source}: ${failed.reason}`),
  ];
  console.log(lines.join('\n'));
}

function printCorrections(report: CorrectionsReport): void {
  console.log(
    `Corrections: ${report.written} abandoned matches written, ${report.deleted} taken away, ${report.voided} voided, ` +
      `${report.unvoided} no longer void, ${report.renamed} names fixed.` +
      report.waiting.map((waiting) => `\n  waiting: ${waiting.key} (${waiting.reason})`).join(''),
  );
}

async function main(): Promise<number> {
  const config = loadConfig();
  const sources = process.argv.slice(2).filter((arg) => arg !== '--');
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Servers sharing the database (PostgreSQL) hear of every committed batch through the feed.
  const feed = await openChangeFeed({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL });
  try {
    await migrateToLatest(db);
    const progress = progressReporter(process.stderr);
    const summary = await importSources(db, sources.length > 0 ? sources : config.cricsheetSources, {
      onProgress: (update) => progress.update(update),
      log: (message) => {
        progress.end();
        console.error(message);
      },
      publish: (tags) => feed.publish(tags),
    });
    progress.end();
    printSummary(summary);
    const corrected = await keepCorrected(db, {
      file: config.CORRECTIONS_FILE,
      publish: (tags) => feed.publish(tags),
      imported: summary.imported + summary.replaced > 0,
    });
    if (corrected) printCorrections(corrected);
    if (summary.failedSources.length > 0) return 2;
    return summary.skipped.length > 0 ? 1 : 0;
  } finally {
    await feed.close();
    await db.close();
  }
}

await runCommand(main);
