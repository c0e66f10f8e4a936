// Fixtures from schedule feeds (FIXTURES_SOURCE, issue 29 item 3; docs/decisions/067-fixture-feeds.md).
// Each feed (an iCalendar or CSV file, or an http(s) URL serving one) is read by ingest/schedule.ts;
// each of its events is kept in feed_fixtures under the feed's identity for it (UID, CSV id, or
// teams and day) with the match it made, so a fetch again:
// - adds the events it has not seen (not-started fixtures through the write path's createFixture);
// - moves a fixture whose start changed (while it has not started);
// - cancels a fixture the feed cancels (STATUS:CANCELLED, status=cancelled) or no longer lists:
//   a match without a ball is marked abandoned ('cancelled'), and one with balls is left as scored;
// - brings a cancelled one back when the feed lists it again.
// A feed that cannot be read, or is not a schedule at all, changes nothing. Like the Cricsheet
// updater (ingest/updater.ts) it is a job of the database queue, one run per time slot, so one
// process fetches however many run.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { tags } from '../feed/tags.ts';
import type { JobQueue } from '../store/job-queue.ts';
import type { LiveMatchWriter } from '../store/live-match-writer.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import { MAX_SCHEDULE_BYTES, parseSchedule, type ParsedSchedule, type ScheduleProblem } from './schedule.ts';
import { nextSlot } from './updater.ts';

export const FIXTURE_FEEDS_JOB = 'fixture-feeds';
const DOWNLOAD_TIMEOUT_MS = 60_000;
/** What break_reason says of a fixture its feed called off. */
export const CANCELLED_REASON = 'cancelled';

export class FeedReadError extends Error {}

/** A feed's text and the name its format is read by (.ics or .csv; sniffed when the name says neither). */
export async function readFeed(source: string, signal?: AbortSignal): Promise<{ name: string; text: string }> {
  let text: string;
  let name: string;
  if (/^https?:\/\//i.test(source)) {
    const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(source, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, headers: { accept: 'text/calendar, text/csv;q=0.9, */*;q=0.5' } });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw new FeedReadError(`download failed: ${cause ?? (error as Error).message}`);
    }
    if (!response.ok) throw new FeedReadError(`download failed: HTTP ${response.status} ${response.statusText}`.trim());
    if (Number(response.headers.get('content-length') ?? 0) > MAX_SCHEDULE_BYTES) throw new FeedReadError(`larger than ${MAX_SCHEDULE_BYTES} bytes`);
    text = await response.text();
    name = path.posix.basename(new URL(source).pathname) || 'feed';
    if (!/\.(ics|csv)$/i.test(name)) name = /calendar/i.test(response.headers.get('content-type') ?? '') ? `${name}.ics` : name;
  } else {
    try {
      if ((await stat(source)).size > MAX_SCHEDULE_BYTES) throw new FeedReadError(`larger than ${MAX_SCHEDULE_BYTES} bytes`);
      text = await readFile(source, 'utf8');
    } catch (error) {
      if (error instanceof FeedReadError) throw error;
      throw new FeedReadError(`cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    name = path.basename(source);
  }
  if (text.length > MAX_SCHEDULE_BYTES) throw new FeedReadError(`larger than ${MAX_SCHEDULE_BYTES} bytes`);
  if (!/\.(ics|csv)$/i.test(name)) name = /^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text) ? `${name}.ics` : `${name}.csv`;
  return { name, text };
}

export interface FeedSyncSummary {
  source: string;
  added: { line: number; matchKey: string }[];
  moved: { line: number; matchKey: string; from: Date; to: Date }[];
  cancelled: string[];
  restored: string[];
  /** Events already stored as they are, by line. */
  unchanged: number[];
  problems: ScheduleProblem[];
}

interface StoredEvent {
  event_key: string;
  match_id: number;
  match_key: string;
  status: string;
  start_at: Date;
  cancelled: boolean;
}

/**
 * Brings the fixtures of one feed in line with its parsed rows. cancelMissing: events stored for
 * this source that the feed no longer lists are cancelled (a feed; not a one-off file import).
 */
export async function syncFeed(
  db: Db,
  writer: LiveMatchWriter,
  source: string,
  parsed: ParsedSchedule,
  options: { cancelMissing: boolean; publish: PublishTags },
): Promise<FeedSyncSummary> {
  const summary: FeedSyncSummary = { source, added: [], moved: [], cancelled: [], restored: [], unchanged: [], problems: [...parsed.problems] };
  const storedRows = await db.kysely
    .selectFrom('feed_fixtures as f')
    .innerJoin('matches as m', 'm.id', 'f.match_id')
    .select(['f.event_key', 'f.match_id', 'm.match_key', 'm.status', 'f.start_at', 'f.cancelled'])
    .where('f.source', '=', source)
    .execute();
  const stored = new Map<string, StoredEvent>(storedRows.map((row) => [row.event_key, { ...row, start_at: new Date(row.start_at) }]));
  const seen = new Map<string, number>();
  const changed = new Set<number>();

  for (const row of parsed.rows) {
    const earlier = seen.get(row.key);
    if (earlier !== undefined) {
      summary.problems.push({ line: row.line, message: `the same event as line ${earlier} (${row.key.replace(/^\w+:/, '')})` });
      continue;
    }
    seen.set(row.key, row.line);
    const event = stored.get(row.key);
    const startAt = row.fixture.startAt;
    if (!event) {
      // An event first seen already cancelled is not made at all.
      if (row.cancelled) continue;
      // The same match already stored (another feed lists it too, or a file imported before feeds
      // kept identities): this event is linked to it rather than made twice.
      const [teamA, teamB] = row.fixture.teams;
      const same = await db.kysely
        .selectFrom('matches')
        .select('id')
        .where('start_at', '=', startAt)
        .where((eb) => eb.or([eb.and([eb('team_a_name', '=', teamA.name), eb('team_b_name', '=', teamB.name)]), eb.and([eb('team_a_name', '=', teamB.name), eb('team_b_name', '=', teamA.name)])]))
        .executeTakeFirst();
      if (same) {
        await db.kysely.insertInto('feed_fixtures').values({ source, event_key: row.key, match_id: same.id, start_at: startAt }).execute();
        summary.unchanged.push(row.line);
        continue;
      }
      try {
        const { matchId, matchKey } = await writer.createFixture({ ...row.fixture, source: 'scorer' });
        await db.kysely.insertInto('feed_fixtures').values({ source, event_key: row.key, match_id: matchId, start_at: startAt }).execute();
        summary.added.push({ line: row.line, matchKey });
      } catch (error) {
        // One fixture the store refuses does not stop the rest.
        summary.problems.push({ line: row.line, message: error instanceof Error ? error.message : String(error) });
      }
      continue;
    }
    let touched = false;
    if (row.cancelled && !event.cancelled) {
      await cancelEvent(db, source, event);
      summary.cancelled.push(event.match_key);
      touched = true;
    } else if (!row.cancelled && event.cancelled) {
      await db.kysely
        .updateTable('matches')
        .set({ play_status: 'scheduled', break_reason: null })
        .where('id', '=', event.match_id)
        .where('status', '=', 'not_started')
        .where('play_status', '=', 'abandoned')
        .execute();
      summary.restored.push(event.match_key);
      touched = true;
    }
    if (startAt.getTime() !== event.start_at.getTime() && event.status === 'not_started') {
      const day = startAt.toISOString().slice(0, 10);
      await db.bulkTransaction(async (tx) => {
        await tx.kysely
          .updateTable('matches')
          .set({ start_at: startAt, start_date: day, dates: sql<string[]>`array[${day}::date]` })
          .where('id', '=', event.match_id)
          .where('status', '=', 'not_started')
          .execute();
        await tx.kysely
          .updateTable('tournaments as t')
          .from('matches as m')
          .set({ start_date: sql<string>`least(t.start_date, ${day}::date)`, end_date: sql<string>`greatest(t.end_date, ${day}::date)` })
          .where('m.id', '=', event.match_id)
          .whereRef('t.id', '=', 'm.tournament_id')
          .execute();
      });
      summary.moved.push({ line: row.line, matchKey: event.match_key, from: event.start_at, to: startAt });
      touched = true;
    }
    await db.kysely
      .updateTable('feed_fixtures')
      .set({ start_at: startAt, cancelled: row.cancelled, seen_at: new Date() })
      .where('source', '=', source)
      .where('event_key', '=', row.key)
      .execute();
    if (touched) changed.add(event.match_id);
    else summary.unchanged.push(row.line);
  }

  // Gone from the feed: called off (only when the feed as a whole was read).
  if (options.cancelMissing && parsed.readable) {
    for (const event of stored.values()) {
      if (seen.has(event.event_key) || event.cancelled) continue;
      await cancelEvent(db, source, event);
      summary.cancelled.push(event.match_key);
      changed.add(event.match_id);
    }
  }

  if (changed.size > 0) await options.publish(await tagsOfMatches(db, [...changed]));
  summary.problems.sort((a, b) => a.line - b.line);
  return summary;
}

/** The feed row is cancelled; its match too while it has no ball (a match with balls stays as scored). */
async function cancelEvent(db: Db, source: string, event: StoredEvent): Promise<void> {
  await db.kysely
    .updateTable('matches')
    .set({ play_status: 'abandoned', break_reason: CANCELLED_REASON })
    .where('id', '=', event.match_id)
    .where('status', '=', 'not_started')
    .execute();
  await db.kysely.updateTable('feed_fixtures').set({ cancelled: true }).where('source', '=', source).where('event_key', '=', event.event_key).execute();
}

/** Every page that may list these matches: the matches, their tournaments and teams, home and fixtures. */
async function tagsOfMatches(db: Db, matchIds: number[]): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .innerJoin('teams as a', 'a.id', 'm.team_a_id')
    .innerJoin('teams as b', 'b.id', 'm.team_b_id')
    .select(['m.match_key', 't.tou_key', 'a.team_key as team_a', 'b.team_key as team_b'])
    .where('m.id', 'in', matchIds)
    .execute();
  return [
    ...new Set([
      ...rows.flatMap((row) => [tags.match(row.match_key), tags.tournament(row.tou_key), tags.team(row.team_a), tags.team(row.team_b)]),
      tags.home,
      tags.fixtures,
      tags.tournaments,
    ]),
  ];
}

/** Reads and applies one feed; a feed that cannot be read is reported as problem line 0 and changes nothing. */
export async function fetchFeed(db: Db, writer: LiveMatchWriter, source: string, publish: PublishTags, signal?: AbortSignal): Promise<FeedSyncSummary> {
  let feed: { name: string; text: string };
  try {
    feed = await readFeed(source, signal);
  } catch (error) {
    if (!(error instanceof FeedReadError)) throw error;
    return { source, added: [], moved: [], cancelled: [], restored: [], unchanged: [], problems: [{ line: 0, message: error.message }] };
  }
  return syncFeed(db, writer, source, parseSchedule(feed.name, feed.text), { cancelMissing: true, publish });
}

export interface FeedLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const payloadSchema = z.object({ slot: z.number().int().nonnegative() });

/**
 * Registers the feeds' job and asks for a run now and then one per slot (every `everyMs`): one
 * job waits per slot under its dedupe key, so one process fetches. Call before jobs.start().
 */
export async function scheduleFixtureFeeds(
  jobs: JobQueue,
  options: { db: Db; writer: LiveMatchWriter; sources: string[]; everyMs: number; publish: PublishTags; logger?: FeedLogger; now?: () => number },
): Promise<void> {
  const now = options.now ?? Date.now;
  const enqueueSlot = (slot: number, runAt: Date) =>
    jobs.enqueue({ kind: FIXTURE_FEEDS_JOB, payload: { slot }, dedupeKey: `slot-${slot}`, runAt, maxAttempts: 2 });
  jobs.register(
    FIXTURE_FEEDS_JOB,
    async ({ slot }, context) => {
      try {
        for (const source of options.sources) {
          if (context.signal.aborted) break;
          const summary = await fetchFeed(options.db, options.writer, source, options.publish, context.signal);
          for (const problem of summary.problems) options.logger?.warn({ source, line: problem.line }, `fixture feed: ${problem.message}`);
          options.logger?.info(
            { source, added: summary.added.length, moved: summary.moved.length, cancelled: summary.cancelled.length, restored: summary.restored.length, unchanged: summary.unchanged.length, skipped: summary.problems.length },
            'fixture feed read',
          );
        }
      } finally {
        const next = Math.max(slot + 1, nextSlot(now(), options.everyMs));
        await enqueueSlot(next, new Date(next * options.everyMs));
      }
    },
    { payload: payloadSchema, leaseMs: 5 * 60_000, retryDelayMs: () => Math.min(options.everyMs, 5 * 60_000) },
  );
  // A start reads the feeds at once (the current slot's run; a no-op while another process has it queued).
  await enqueueSlot(nextSlot(now(), options.everyMs) - 1, new Date(now()));
}
