// Imports Cricsheet sources into the database: each file is validated and normalised,
// then written in batches, one transaction per batch, so no half-imported match is ever
// visible. Re-importing is idempotent: a match is keyed by its Cricsheet id and the sha1
// of its file; a changed file (a newer revision) replaces the stored match.
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { tags } from '../feed/tags.ts';
import { refreshSearchIndex } from '../store/search-index.ts';
import { readDataCurrency } from '../store/data-currency.ts';
import { ImportWriter } from '../store/import-writer.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import type { MatchWrite } from '../store/match-write.ts';
import { matchIdOf } from './normalise.ts';
import { ParsePool, type ParseResult } from './parse-pool.ts';
import {
  openSource,
  UnreadableSourceError,
  type OpenedSource,
  type SourceEntry,
} from './sources.ts';

export interface ImportProgress {
  source: string;
  /** Files of this source handled so far (imported, unchanged or skipped). */
  done: number;
  /** Files in this source, when known up front (zip archives, folders). */
  total: number | null;
}

export interface SkippedFile {
  source: string;
  file: string;
  reason: string;
}

export interface ImportSummary {
  /** Matches new to the database. */
  imported: number;
  /** Stored matches replaced by a changed file (a newer revision). */
  replaced: number;
  /** Files identical to the stored match. */
  unchanged: number;
  /** Files older than the stored revision, which was kept. */
  olderKept: number;
  /** Files not imported: unreadable, malformed or rejected. */
  skipped: SkippedFile[];
  /** Sources that could not be read at all (missing path, not a zip, download failed). */
  failedSources: { source: string; reason: string }[];
  /** Deliveries written (imported and replaced matches). */
  deliveries: number;
  wallTimeMs: number;
  /** The run was stopped through ImportOptions.signal before reading every source. */
  aborted: boolean;
}

export interface ImportOptions {
  onProgress?: (progress: ImportProgress) => void;
  log?: (message: string) => void;
  /** The change feed: each committed batch publishes the tags of what it wrote. */
  publish?: PublishTags;
  /** Stops the import after the batch in progress (server shutdown). */
  signal?: AbortSignal;
  /** Matches per transaction; a batch is also closed once it holds BATCH_DELIVERIES deliveries. */
  batchSize?: number;
  /** Worker threads reading and parsing files (default: one fewer than the cores, at least one). */
  parseThreads?: number;
}

const DEFAULT_BATCH_SIZE = 150;
// Files read ahead of the writer: enough that the parse threads never wait on a slow batch
// commit (with 64 the five archives took 41 s instead of 29-32 s), few enough to bound memory.
const MAX_IN_FLIGHT = 256;
// Keeps a batch of long (multi-day) matches from holding too many rows in memory.
const BATCH_DELIVERIES = 60_000;
const ANALYZE_MIN_MATCHES = 1_000;

interface StoredMatch {
  sha1: string;
  revision: number;
}

interface QueuedMatch {
  match: MatchWrite;
  /** The version in the database before this run touched it, if any. */
  previous: StoredMatch | undefined;
}

export async function importSources(
  db: Db,
  sources: readonly string[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const startedAt = performance.now();
  const log = options.log ?? (() => undefined);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const summary: ImportSummary = {
    imported: 0,
    replaced: 0,
    unchanged: 0,
    olderKept: 0,
    skipped: [],
    failedSources: [],
    deliveries: 0,
    wallTimeMs: 0,
    aborted: false,
  };
  const stored = await storedMatches(db);
  const heldBefore = stored.size;
  const lastDayBefore = (await readDataCurrency(db.kysely)).ballByBallTo;
  // Tournaments of the matches written: only their spans and names can move.
  const touched = new Set<string>();
  const writer = new ImportWriter(db, options.publish ?? (() => undefined));
  // The batches are committed whatever happens here: a failed finish is logged, and the writer
  // keeps its list for the next archive's finish, or search_pending for the next import.
  const finishSearchRows = () =>
    writer.finishBulkImport().catch((error: unknown) => log(`Search rows left for later: ${(error as Error).message}`));
  const parser = new ParsePool(options.parseThreads);
  try {
    for (const source of sources) {
      if (options.signal?.aborted) break;
      let opened: OpenedSource;
      try {
        log(`Reading ${source}`);
        opened = await openSource(source);
      } catch (error) {
        if (!(error instanceof UnreadableSourceError)) throw error;
        log(`Cannot read ${source}: ${error.message}`);
        summary.failedSources.push({ source, reason: error.message });
        continue;
      }

      const skip = (file: string, reason: string) => summary.skipped.push({ source, file, reason });
      // A batch holds at most one version of a match: the last one read.
      const batch = new Map<number, QueuedMatch>();
      let batchDeliveries = 0;
      const flush = async () => {
        if (batch.size === 0) return;
        const queued = [...batch.values()];
        batch.clear();
        batchDeliveries = 0;
        for (const { match, previous, reason } of await writeBatch(writer, queued)) {
          skip(match.fileName, reason);
          // It was counted when queued but is not in the database after all.
          if (previous) {
            summary.replaced -= 1;
            stored.set(match.id, previous);
          } else {
            summary.imported -= 1;
            stored.delete(match.id);
          }
          summary.deliveries -= match.deliveryCount;
        }
      };
      const queue = async (match: MatchWrite, previous: StoredMatch | undefined) => {
        const earlier = batch.get(match.id);
        if (earlier) {
          summary.deliveries -= earlier.match.deliveryCount;
          batchDeliveries -= earlier.match.deliveryCount;
        }
        if (previous) summary.replaced += 1;
        else summary.imported += 1;
        summary.deliveries += match.deliveryCount;
        batchDeliveries += match.deliveryCount;
        stored.set(match.id, {
          sha1: match.facts.sourceSha1,
          revision: match.facts.revision,
        });
        // What the database holds is still what was there before the earlier version in this batch.
        touched.add(match.tournament.key);
        batch.set(match.id, {
          match,
          previous: earlier ? earlier.previous : previous,
        });
        if (batch.size >= batchSize || batchDeliveries >= BATCH_DELIVERIES) await flush();
      };
      // Files are parsed on the pool's threads while earlier ones are written; results are taken
      // in source order, and at most MAX_IN_FLIGHT files wait at once (bounded memory).
      const inFlight: { name: string; result: Promise<ParseResult> }[] = [];
      const settle = async () => {
        const { name, result } = inFlight.shift()!;
        const parsed = await result;
        if ('failed' in parsed) throw new Error(`parsing ${name} failed: ${parsed.failed}`);
        if ('unreadable' in parsed) return skip(name, `cannot read file: ${parsed.unreadable}`);
        if ('rejected' in parsed) return skip(name, parsed.rejected);
        if ('unchanged' in parsed) {
          summary.unchanged += 1;
          return;
        }
        const match = parsed.write;
        // Looked up now, not when listed: an earlier copy of the same match may have been queued since.
        const previous = stored.get(match.id);
        if (previous?.sha1 === parsed.sha1) summary.unchanged += 1;
        else if (previous && previous.revision > match.facts.revision) summary.olderKept += 1;
        else await queue(match, previous);
      };
      const handle = async ({ name, location }: SourceEntry) => {
        const id = matchIdOf(name);
        inFlight.push({ name, result: parser.parse(name, location, id === null ? undefined : stored.get(id)?.sha1) });
        if (inFlight.length >= MAX_IN_FLIGHT) await settle();
      };
      // Stopped (shutdown): files still being parsed are dropped, as unread ones are.
      const drain = async () => {
        while (inFlight.length > 0 && !options.signal?.aborted) await settle();
      };

      let done = 0;
      // The search rows of this archive's matches are built once, when it has been read
      // (ImportWriter.finishBulkImport), not in each batch.
      writer.beginBulkImport();
      try {
        for await (const entry of opened.entries()) {
          if (options.signal?.aborted) break;
          await handle(entry);
          done += 1;
          options.onProgress?.({ source, done, total: opened.total });
        }
        await drain();
        await flush();
        await finishSearchRows();
        // The total may have shrunk by non-JSON entries met after the last match.
        options.onProgress?.({ source, done, total: opened.total });
      } catch (error) {
        if (!(error instanceof UnreadableSourceError)) throw error;
        // Keep what was read before the archive turned out to be damaged.
        await drain();
        await flush();
        await finishSearchRows();
        log(`Stopped reading ${source}: ${error.message}`);
        summary.failedSources.push({ source, reason: error.message });
      } finally {
        await opened.close();
      }
    }
  } finally {
    await parser.close();
    // Thrown out of an archive (a file the parser could not handle, the database gone): what its
    // committed batches wrote still gets its search rows, or the next import does it (search_pending).
    await finishSearchRows();
  }
  summary.aborted = options.signal?.aborted ?? false;
  const written = summary.imported + summary.replaced;
  if (written > 0) {
    // A replaced match may have moved from another tournament: then every span is looked at.
    const respanned = await finishTournaments(db, summary.replaced > 0 ? null : [...touched]);
    if (respanned.length > 0) await options.publish?.(tagsOfRespanned(respanned));
    // The footer's "Ball-by-ball data to ..." is on every page: told once per import, and only
    // when the last day of play moved.
    if ((await readDataCurrency(db.kysely)).ballByBallTo !== lastDayBefore) await options.publish?.([tags.dataCurrency]);
    // PGlite has no autovacuum: without fresh statistics the planner scans whole tables. A week's
    // update into a full database hardly moves them, and analysing 6 million deliveries costs more
    // than the update itself, so only an import that grows the data by a tenth (or 1,000 matches) does it.
    if (written >= ANALYZE_MIN_MATCHES || written * 10 >= heldBefore) await sql`analyze`.execute(db.kysely);
    // Each archive's finish rewrote the search rows it touched, and a player or team is in several
    // archives: reclaim the dead rows, or the planner reads a table many times its size
    // (store/search-index.ts).
    await sql`vacuum search_entries`.execute(db.kysely);
  }
  summary.wallTimeMs = Math.round(performance.now() - startedAt);
  return summary;
}

async function storedMatches(db: Db): Promise<Map<number, StoredMatch>> {
  const rows = await db.kysely.selectFrom('matches').select(['id', 'source_sha1', 'revision']).execute();
  return new Map(rows.map((row) => [row.id, { sha1: row.source_sha1, revision: row.revision }]));
}

/**
 * Writes a batch in one transaction. Should the database reject it, each match is retried
 * alone, so one bad match costs only itself; returns the matches that were not written.
 */
async function writeBatch(writer: ImportWriter, queued: QueuedMatch[]): Promise<(QueuedMatch & { reason: string })[]> {
  try {
    await writer.writeMatches(queued.map((entry) => entry.match));
    return [];
  } catch (error) {
    if (queued.length === 1)
      return [
        {
          ...queued[0]!,
          reason: `rejected by the database: ${(error as Error).message}`,
        },
      ];
  }
  const failed: (QueuedMatch & { reason: string })[] = [];
  for (const entry of queued) failed.push(...(await writeBatch(writer, [entry])));
  return failed;
}

/** A tournament whose span or name finishTournaments() changed. */
interface Respanned {
  tou_key: string;
  renamed: boolean;
}

/**
 * Names and dates each tournament (those of `touKeys`, or all) from its matches. A season is named by the calendar
 * year(s) its matches were played in: IPL '2007/08' was played in 2008, so it is
 * 'Indian Premier League 2008'; BBL 2024/25 really spans two years and keeps '2024/25'.
 * Returns the tournaments it changed, for the change feed.
 */
async function finishTournaments(db: Db, touKeys: readonly string[] | null): Promise<Respanned[]> {
  return db.bulkTransaction(async (tx) => {
    // Plain SQL: dates unnested laterally, spans labelled and compared as rows, the old row beside
    // the new in one update: past what Kysely's builders say.
    const { rows: changed } = await sql<Respanned & { id: number }>`
      with spans as (
        select m.tournament_id, min(m.start_date) as first_day, max(d.day) as last_day
        from matches m cross join lateral unnest(m.dates) as d(day)
        where ${touKeys}::text[] is null or m.tournament_id in (select id from tournaments where tou_key = any(${touKeys}::text[]))
        group by m.tournament_id
      ), labelled as (
        select tournament_id, first_day, last_day,
          case when extract(year from first_day) = extract(year from last_day)
            then extract(year from first_day)::int::text
            else extract(year from first_day)::int::text || '/'
              || lpad((extract(year from last_day)::int % 100)::text, 2, '0')
          end as years
        from spans
      )
      update tournaments t
      set start_date = l.first_day, end_date = l.last_day,
        name = t.event_name || ' ' || l.years,
        short_name = coalesce(t.event_abbreviation, t.event_name) || ' ' || l.years
      from labelled l, tournaments old
      where l.tournament_id = t.id and old.id = t.id
        and (t.start_date, t.end_date, t.name, t.short_name) is distinct from
          (l.first_day, l.last_day, t.event_name || ' ' || l.years, coalesce(t.event_abbreviation, t.event_name) || ' ' || l.years)
      returning t.id, t.tou_key, (old.name, old.short_name) is distinct from (t.name, t.short_name) as renamed`.execute(tx.kysely);
    // A renamed tournament is searched by its new name.
    const renamed = changed.filter((tournament) => tournament.renamed).map((tournament) => tournament.id);
    if (renamed.length > 0) {
      await refreshSearchIndex(tx.kysely, { people: [], teams: [], tournaments: renamed, venues: [] });
    }
    return changed.map(({ tou_key, renamed: wasRenamed }) => ({ tou_key, renamed: wasRenamed }));
  });
}

/** A new span shows on the tournament's page and in the lists; a new name on most pages. */
function tagsOfRespanned(respanned: readonly Respanned[]): string[] {
  if (respanned.some((tournament) => tournament.renamed)) return [tags.all];
  return [...respanned.map((tournament) => tags.tournament(tournament.tou_key)), tags.tournaments];
}
