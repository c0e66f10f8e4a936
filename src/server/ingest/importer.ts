// Imports Cricsheet sources into the database: each file is validated and normalised,
// then written in batches, one transaction per batch, so no half-imported match is ever
// visible. Re-importing is idempotent: a match is keyed by its Cricsheet id and the sha1
// of its file; a changed file (a newer revision) replaces the stored match.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { BulkTransaction, Db } from '../db/client.ts';
import { tags, tagsOfWrittenMatches } from '../feed/tags.ts';
import {
  identityOf,
  MatchFileError,
  MatchRows,
  matchIdOf,
  prepareMatch,
  type EntityIds,
  type PreparedMatch,
} from './normalise.ts';
import {
  openSource,
  UnreadableFileError,
  UnreadableSourceError,
  type OpenedSource,
  type SourceFile,
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
  /**
   * Called after each commit with the tags of what it changed (src/server/feed/tags.ts), for
   * the change feed; the import waits for it.
   */
  onBatchCommitted?: (changed: string[]) => void | Promise<void>;
  /** Stops the import after the batch in progress (server shutdown). */
  signal?: AbortSignal;
  /** Matches per transaction; a batch is also closed once it holds BATCH_DELIVERIES deliveries. */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 150;
// Keeps a batch of long (multi-day) matches from holding too many rows in memory.
const BATCH_DELIVERIES = 60_000;

interface StoredMatch {
  sha1: string;
  revision: number;
}

interface QueuedMatch {
  match: PreparedMatch;
  /** The version in the database before this run touched it, if any. */
  previous: StoredMatch | undefined;
}

/** Ids of entities already in the database, kept across batches (and sources) of one run. */
class EntityCache {
  readonly people = new Map<string, number>();
  readonly teams = new Map<string, number>();
  /** Identities of the (name, gender, team type) rows in team_names. */
  readonly teamNames = new Set<string>();
  readonly venues = new Map<string, number>();
  readonly tournaments = new Map<string, number>();
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
  const cache = new EntityCache();

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
      for (const { match, previous, reason } of await writeBatch(db, cache, queued)) {
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
      await options.onBatchCommitted?.(tagsOfBatch(queued.map((entry) => entry.match)));
    };
    const queue = async (match: PreparedMatch, previous: StoredMatch | undefined) => {
      const earlier = batch.get(match.id);
      if (earlier) {
        summary.deliveries -= earlier.match.deliveryCount;
        batchDeliveries -= earlier.match.deliveryCount;
      }
      if (previous) summary.replaced += 1;
      else summary.imported += 1;
      summary.deliveries += match.deliveryCount;
      batchDeliveries += match.deliveryCount;
      stored.set(match.id, { sha1: match.sha1, revision: match.match.meta.revision });
      // What the database holds is still what was there before the earlier version in this batch.
      batch.set(match.id, { match, previous: earlier ? earlier.previous : previous });
      if (batch.size >= batchSize || batchDeliveries >= BATCH_DELIVERIES) await flush();
    };
    const handle = async (file: SourceFile) => {
      const sha1 = createHash('sha1').update(file.bytes).digest('hex');
      const id = matchIdOf(file.name);
      const previous = id === null ? undefined : stored.get(id);
      // An unchanged file is recognised from its bytes alone, without parsing it.
      if (previous?.sha1 === sha1) {
        summary.unchanged += 1;
        return;
      }
      let match: PreparedMatch;
      try {
        match = prepareMatch(file.name, file.bytes, sha1);
      } catch (error) {
        if (!(error instanceof MatchFileError)) throw error;
        skip(file.name, error.message);
        return;
      }
      if (previous && previous.revision > match.match.meta.revision) summary.olderKept += 1;
      else await queue(match, previous);
    };

    let done = 0;
    try {
      for await (const file of opened.files()) {
        if (options.signal?.aborted) break;
        if (file instanceof UnreadableFileError) skip(file.fileName, `cannot read file: ${file.message}`);
        else await handle(file);
        done += 1;
        options.onProgress?.({ source, done, total: opened.total });
      }
      await flush();
      // The total may have shrunk by non-JSON entries met after the last match.
      options.onProgress?.({ source, done, total: opened.total });
    } catch (error) {
      if (!(error instanceof UnreadableSourceError)) throw error;
      // Keep what was read before the archive turned out to be damaged.
      await flush();
      log(`Stopped reading ${source}: ${error.message}`);
      summary.failedSources.push({ source, reason: error.message });
    } finally {
      await opened.close();
    }
  }

  summary.aborted = options.signal?.aborted ?? false;
  const respanned = await finishTournaments(db);
  if (respanned.length > 0) await options.onBatchCommitted?.(tagsOfRespanned(respanned));
  // PGlite has no autovacuum: without fresh statistics the planner scans whole tables.
  if (summary.imported + summary.replaced > 0) await sql`analyze`.execute(db.kysely);
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
async function writeBatch(
  db: Db,
  cache: EntityCache,
  queued: QueuedMatch[],
): Promise<(QueuedMatch & { reason: string })[]> {
  try {
    await writeMatches(db, cache, queued.map((entry) => entry.match));
    return [];
  } catch (error) {
    if (queued.length === 1) return [{ ...queued[0]!, reason: `rejected by the database: ${(error as Error).message}` }];
  }
  const failed: (QueuedMatch & { reason: string })[] = [];
  for (const entry of queued) failed.push(...(await writeBatch(db, cache, [entry])));
  return failed;
}

async function writeMatches(db: Db, cache: EntityCache, matches: PreparedMatch[]): Promise<void> {
  // Ids found in this transaction join the cache only once it has committed.
  const found = new EntityCache();
  await db.bulkTransaction(async (tx) => {
    await upsertPeople(tx, cache, found, matches);
    await upsertTeams(tx, cache, found, matches);
    await upsertVenues(tx, cache, found, matches);
    await upsertTournaments(tx, cache, found, matches);
    const lookup = <K>(name: string, cached: Map<K, number>, fresh: Map<K, number>) => (key: K) => {
      const id = cached.get(key) ?? fresh.get(key);
      if (id === undefined) throw new Error(`no ${name} id for ${String(key)}`);
      return id;
    };
    const ids: EntityIds = {
      person: lookup('person', cache.people, found.people),
      team: lookup('team', cache.teams, found.teams),
      venue: lookup('venue', cache.venues, found.venues),
      tournament: lookup('tournament', cache.tournaments, found.tournaments),
    };
    const rows = new MatchRows();
    for (const match of matches) rows.add(match, ids);
    // A changed match is replaced whole: its child rows go with it (on delete cascade).
    await tx.query('delete from matches where id = any($1::integer[])', [matches.map((match) => match.id)]);
    if (db.kind === 'pglite') {
      // Foreign-key triggers would triple the COPY time on PGlite. The rows are consistent by
      // construction (every id was resolved in this transaction, parents are copied before
      // children), and PostgreSQL, where this needs a superuser, keeps checking them; the
      // setting ends with the transaction, and the cascading delete above has already run.
      await tx.query('set local session_replication_role = replica');
    }
    for (const buffer of rows.all()) await tx.copy(buffer);
  });
  for (const key of ['people', 'teams', 'venues', 'tournaments'] as const) {
    for (const [identity, id] of found[key]) cache[key].set(identity, id);
  }
  for (const identity of found.teamNames) cache.teamNames.add(identity);
}

async function upsertPeople(tx: BulkTransaction, cache: EntityCache, found: EntityCache, matches: PreparedMatch[]) {
  const missing = new Map<string, string>();
  for (const match of matches) {
    for (const [registryId, name] of match.people) if (!cache.people.has(registryId)) missing.set(registryId, name);
  }
  if (missing.size === 0) return;
  const registryIds = [...missing.keys()];
  await tx.query(
    `insert into people (registry_id, name) select * from unnest($1::text[], $2::text[])
     on conflict (registry_id) do nothing`,
    [registryIds, [...missing.values()]],
  );
  const rows = await tx.query<{ id: number; registry_id: string }>(
    'select id, registry_id from people where registry_id = any($1::text[])',
    [registryIds],
  );
  for (const row of rows) found.people.set(row.registry_id, row.id);
}

async function upsertTeams(tx: BulkTransaction, cache: EntityCache, found: EntityCache, matches: PreparedMatch[]) {
  const missing = new Map<string, PreparedMatch['teams'][number]>();
  const usedNames = new Map<string, PreparedMatch['teams'][number]>();
  for (const team of matches.flatMap((match) => match.teams)) {
    if (!cache.teams.has(team.identity)) missing.set(team.identity, team);
    const usedIdentity = identityOf(team.usedName, team.gender, team.teamType);
    if (!cache.teamNames.has(usedIdentity)) usedNames.set(usedIdentity, team);
  }
  const teams = [...missing.values()];
  // A key taken by another team of the same name (a club and a country, say) gets the team type appended.
  for (const keyOf of [(key: string) => key, (key: string, teamType: string) => `${key}-${teamType}`]) {
    const unresolved = teams.filter((team) => !found.teams.has(team.identity));
    if (unresolved.length === 0) break;
    await tx.query(
      `insert into teams (team_key, name, code, gender, team_type)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) on conflict do nothing`,
      [
        unresolved.map((team) => keyOf(team.key, team.teamType)),
        unresolved.map((team) => team.canonicalName),
        unresolved.map((team) => team.code),
        unresolved.map((team) => team.gender),
        unresolved.map((team) => team.teamType),
      ],
    );
    const rows = await tx.query<{ id: number; name: string; gender: string; team_type: string }>(
      `select t.id, t.name, t.gender, t.team_type from teams t
       join unnest($1::text[], $2::text[], $3::text[]) as wanted(name, gender, team_type)
         using (name, gender, team_type)`,
      [
        unresolved.map((team) => team.canonicalName),
        unresolved.map((team) => team.gender),
        unresolved.map((team) => team.teamType),
      ],
    );
    for (const row of rows) found.teams.set(identityOf(row.name, row.gender, row.team_type), row.id);
  }
  if (usedNames.size === 0) return;
  const named = [...usedNames.values()];
  await tx.query(
    `insert into team_names (name, gender, team_type, team_id)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::integer[]) on conflict do nothing`,
    [
      named.map((team) => team.usedName),
      named.map((team) => team.gender),
      named.map((team) => team.teamType),
      named.map((team) => cache.teams.get(team.identity) ?? found.teams.get(team.identity)),
    ],
  );
  for (const identity of usedNames.keys()) found.teamNames.add(identity);
}

async function upsertVenues(tx: BulkTransaction, cache: EntityCache, found: EntityCache, matches: PreparedMatch[]) {
  const missing = new Map<string, { name: string; city: string }>();
  for (const { venue } of matches) if (venue && !cache.venues.has(venue.identity)) missing.set(venue.identity, venue);
  if (missing.size === 0) return;
  const venues = [...missing.values()];
  const params = [venues.map((venue) => venue.name), venues.map((venue) => venue.city)];
  await tx.query(
    `insert into venues (name, city) select * from unnest($1::text[], $2::text[]) on conflict do nothing`,
    params,
  );
  const rows = await tx.query<{ id: number; name: string; city: string }>(
    `select v.id, v.name, v.city from venues v join unnest($1::text[], $2::text[]) as wanted(name, city)
     using (name, city)`,
    params,
  );
  for (const row of rows) found.venues.set(identityOf(row.name, row.city), row.id);
}

async function upsertTournaments(
  tx: BulkTransaction,
  cache: EntityCache,
  found: EntityCache,
  matches: PreparedMatch[],
) {
  const missing = new Map<string, PreparedMatch['tournament']>();
  for (const { tournament } of matches) {
    if (!cache.tournaments.has(tournament.key)) missing.set(tournament.key, tournament);
  }
  if (missing.size === 0) return;
  const tournaments = [...missing.values()];
  // Names and dates are provisional until finishTournaments() sees the matches' dates.
  await tx.query(
    `insert into tournaments (tou_key, event_name, season, name, short_name, gender, team_type, event_abbreviation)
     select key, event_name, season, event_name || ' ' || season, event_name || ' ' || season, gender, team_type, abbreviation
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       as t(key, event_name, season, gender, team_type, abbreviation)
     on conflict (tou_key) do nothing`,
    [
      tournaments.map((tournament) => tournament.key),
      tournaments.map((tournament) => tournament.eventName),
      tournaments.map((tournament) => tournament.season),
      tournaments.map((tournament) => tournament.gender),
      tournaments.map((tournament) => tournament.teamType),
      tournaments.map((tournament) => tournament.abbreviation),
    ],
  );
  const rows = await tx.query<{ id: number; tou_key: string }>(
    'select id, tou_key from tournaments where tou_key = any($1::text[])',
    [tournaments.map((tournament) => tournament.key)],
  );
  for (const row of rows) found.tournaments.set(row.tou_key, row.id);
}

/** A tournament whose span or name finishTournaments() changed. */
interface Respanned {
  tou_key: string;
  renamed: boolean;
}

/**
 * Names and dates each tournament from its matches. A season is named by the calendar
 * year(s) its matches were played in: IPL '2007/08' was played in 2008, so it is
 * 'Indian Premier League 2008'; BBL 2024/25 really spans two years and keeps '2024/25'.
 * Returns the tournaments it changed, for the change feed.
 */
async function finishTournaments(db: Db): Promise<Respanned[]> {
  return db.bulkTransaction((tx) =>
    tx.query<Respanned>(`
      with spans as (
        select m.tournament_id, min(m.start_date) as first_day, max(d.day) as last_day
        from matches m cross join lateral unnest(m.dates) as d(day)
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
      returning t.tou_key, (old.name, old.short_name) is distinct from (t.name, t.short_name) as renamed`),
  );
}

/** A batch's matches, their tournaments, teams and everyone they name. */
function tagsOfBatch(matches: readonly PreparedMatch[]): string[] {
  return tagsOfWrittenMatches({
    matches: matches.map((match) => String(match.id)),
    tournaments: matches.map((match) => match.tournament.key),
    teams: matches.flatMap((match) => match.teams.map((team) => team.key)),
    players: matches.flatMap((match) => [...match.people.keys()]),
  });
}

/** A new span shows on the tournament's page and in the lists; a new name on most pages. */
function tagsOfRespanned(respanned: readonly Respanned[]): string[] {
  if (respanned.some((tournament) => tournament.renamed)) return [tags.all];
  return [...respanned.map((tournament) => tags.tournament(tournament.tou_key)), tags.tournaments];
}
