// The bulk import's writer (docs/decisions/081-writers-per-job.md): whole matches, their
// deliveries and derived rows, in one transaction a batch, with the search rows of a bulk
// import built once at its end. The importer, corrections and a new fixture write matches here.
// Every commit publishes the tags of what it changed, after the commit, so a cache never
// reloads data older than the change it heard of.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { anyInteger } from '../db/any-of.ts';
import { isInternationalType } from '../domain/format-type.ts';
import { tags, tagsOfWrittenMatches } from '../feed/tags.ts';
import { EntityCache, upsertPeople, upsertTeams, upsertTournaments, upsertVenues } from './entities.ts';
import { MatchCopy } from './match-copy.ts';
import type { MatchWrite } from './match-write.ts';
import { countNewAppearances, refreshSearchIndex } from './search-index.ts';
import { refreshTournamentShapes } from './tournament-shapes.ts';
import { relaxForeignKeyTriggers, type PublishTags } from './write-transaction.ts';

/** A mark in search_pending untouched this long is an import that stopped before finishing (a batch takes seconds): it goes. */
const STALE_PENDING_MINUTES = 30;

interface DeferredSearch {
  /** This import's mark in search_pending. */
  token: string;
  people: Set<number>;
  teams: Set<number>;
  tournaments: Set<number>;
  venues: Set<number>;
}

export class ImportWriter {
  /** Entity ids found by earlier commits of this writer. */
  private readonly entities = new EntityCache();
  /** During a bulk import (beginBulkImport), the entities whose search rows wait for finishBulkImport(). */
  private deferred: DeferredSearch | null = null;

  constructor(
    private readonly db: Db,
    private readonly publish: PublishTags,
  ) {}

  /**
   * A bulk import starts (the importer, for each archive): until finishBulkImport(), writeMatches()
   * leaves the search rows of what it writes to that one step instead of refreshing them in every
   * batch (docs/decisions/033-search-and-records.md). Everything else a batch derives (scorecards,
   * fantasy points, tournament shapes) is still written with it.
   */
  beginBulkImport(): void {
    this.deferred ??= { token: randomUUID(), people: new Set(), teams: new Set(), tournaments: new Set(), venues: new Set() };
  }

  /**
   * Ends a bulk import: builds the search rows of every entity its batches touched, in one
   * transaction, and tells the search cache. Another import's mark in search_pending is either an
   * import cut short (its rows were never built, and its matches are 'unchanged' to every later
   * import) or one running elsewhere: either way every row is recounted. Such a mark is dropped once
   * no batch has touched it for STALE_PENDING_MINUTES (a running import touches its own every batch).
   */
  async finishBulkImport(): Promise<void> {
    const deferred = this.deferred;
    if (!deferred) return;
    const refreshed = await this.refreshDeferred(deferred);
    // Kept until the rows are committed: a failed finish is tried again by the next one.
    this.deferred = null;
    // Search answers are cached under the players' tag.
    if (refreshed) await this.publish([tags.players]);
  }

  private refreshDeferred(deferred: DeferredSearch): Promise<boolean> {
    return this.db.bulkTransaction(async (tx) => {
      const own = await tx.kysely.deleteFrom('search_pending').where('token', '=', deferred.token).returning('token').execute();
      const stale = await tx.kysely
        .deleteFrom('search_pending')
        .where('touched_at', '<', sql<Date>`now() - make_interval(mins => ${STALE_PENDING_MINUTES})`)
        .returning('token')
        .execute();
      const others = [...stale, ...(await tx.kysely.selectFrom('search_pending').select('token').execute())];
      if (own.length === 0 && others.length === 0) return false;
      await refreshSearchIndex(
        tx.kysely,
        others.length > 0
          ? null
          : { people: [...deferred.people], teams: [...deferred.teams], tournaments: [...deferred.tournaments], venues: [...deferred.venues] },
      );
      return true;
    });
  }

  /**
   * Writes whole matches in one transaction, replacing any stored version of each (its child rows
   * go with it: on delete cascade). Throws when the database refuses the batch; nothing is written then.
   */
  async writeMatches(writes: readonly MatchWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const found = new EntityCache();
    const cache = this.entities;
    const retitled = await this.db.bulkTransaction(async (tx) => {
      await upsertPeople(tx, cache, found, writes);
      await upsertTeams(tx, cache, found, writes);
      await upsertVenues(tx, cache, found, writes);
      await upsertTournaments(tx, cache, found, writes);
      const lookup = <K>(name: string, fresh: Map<K, number>, cached: Map<K, number>) => (key: K) => {
        const id = fresh.get(key) ?? cached.get(key);
        if (id === undefined) throw new Error(`no ${name} id for ${String(key)}`);
        return id;
      };
      const person = lookup('person', found.people, cache.people);
      const team = lookup('team', found.teams, cache.teams);
      const venue = lookup('venue', found.venues, cache.venues);
      const tournament = lookup('tournament', found.tournaments, cache.tournaments);
      const copy = new MatchCopy();
      for (const write of writes) {
        const personIds = write.people.map(([registryId]) => person(registryId));
        copy.add(write, {
          person: (ref) => personIds[ref]!,
          teamA: team(write.teams[0].identity),
          teamB: team(write.teams[1].identity),
          venue: write.venue ? venue(write.venue.identity) : null,
          tournament: tournament(write.tournament.key),
        });
      }
      const matchIds = writes.map((write) => write.id);
      // People a replaced version named and the new one may not: their search rows change too.
      // Looked for only among the matches stored already (none, mostly, in an import).
      const stored = await tx.kysely.selectFrom('matches').select('id').where('id', '=', anyInteger(matchIds)).execute();
      const replacedPeople =
        stored.length === 0
          ? []
          : await tx.kysely
              .selectFrom('match_players')
              .select('person_id')
              .distinct()
              .where('match_id', '=', anyInteger(stored.map((row) => row.id)))
              .execute();
      // A replaced match may have been filed under another tournament: its shape changes too.
      const replaced = await tx.kysely
        .deleteFrom('matches')
        .where('id', '=', anyInteger(matchIds))
        .returning(['id', 'tournament_id', 'team_a_id', 'team_b_id', 'venue_id'])
        .execute();
      await relaxForeignKeyTriggers(tx, this.db.kind);
      for (const buffer of copy.all()) await tx.copy(buffer);
      const touched = new Set([...writes.map((write) => tournament(write.tournament.key)), ...replaced.map((row) => row.tournament_id)]);
      const replacedIds = new Set(replaced.map((row) => row.id));
      const playersOf = (write: MatchWrite) => write.players.map((player) => ({ player, personId: person(write.people[player.person]![0]) }));
      const teamsOf = () => [
        ...writes.flatMap((write) => write.teams.map((ref) => team(ref.identity))),
        ...replaced.flatMap((row) => [row.team_a_id, row.team_b_id]),
      ];
      const venuesOf = () => [
        ...writes.flatMap((write) => (write.venue ? [venue(write.venue.identity)] : [])),
        ...replaced.flatMap((row) => (row.venue_id === null ? [] : [row.venue_id])),
      ];
      const deferred = this.deferred;
      if (deferred) {
        // A bulk import: the search rows of everything this batch touched are built once, by
        // finishBulkImport(); the mark commits with the batch, so an import cut short before
        // then leaves it for the next import to finish.
        for (const write of writes) for (const { personId } of playersOf(write)) deferred.people.add(personId);
        for (const row of replacedPeople) deferred.people.add(row.person_id);
        for (const id of teamsOf()) deferred.teams.add(id);
        for (const id of touched) deferred.tournaments.add(id);
        for (const id of venuesOf()) deferred.venues.add(id);
        await tx.kysely
          .insertInto('search_pending')
          .values({ token: deferred.token })
          .onConflict((oc) => oc.column('token').doUpdateSet({ touched_at: sql<Date>`now()` }))
          .execute();
        return refreshTournamentShapes(tx.kysely, [...touched]);
      }
      // Search rows: a new match counts one more for each of its players (a replay is a demo:
      // it counts for no one, decision 059); the players of a replaced match (either version)
      // are recounted, as are its teams, tournament and venue.
      await countNewAppearances(
        tx.kysely,
        writes
          .filter((write) => !replacedIds.has(write.id) && write.facts.live?.isReplay !== true)
          .flatMap((write) =>
            playersOf(write).map(({ player, personId }) => ({
              personId,
              matchId: write.id,
              date: write.facts.startDate,
              team: write.teams[player.team === 'a' ? 0 : 1].usedName,
              gender: write.facts.gender,
              international: isInternationalType(write.facts.formatType),
            })),
          ),
      );
      await refreshSearchIndex(tx.kysely, {
        people: [
          ...writes.filter((write) => replacedIds.has(write.id)).flatMap((write) => playersOf(write).map(({ personId }) => personId)),
          ...replacedPeople.map((row) => row.person_id),
        ],
        teams: teamsOf(),
        tournaments: [...touched],
        venues: venuesOf(),
      });
      return refreshTournamentShapes(tx.kysely, [...touched]);
    });
    cache.merge(found);
    const teamKey = (identity: string) => cache.teamKeys.get(identity) ?? identity;
    await this.publish([
      ...new Set([
        ...tagsOfWrittenMatches({
          matches: writes.map((write) => write.facts.matchKey),
          tournaments: writes.map((write) => write.tournament.key),
          teams: writes.flatMap((write) => write.teams.map((ref) => teamKey(ref.identity))),
          players: writes.flatMap((write) => write.people.map(([registryId]) => registryId)),
        }),
        // Other matches of a tournament whose shape changed may be titled otherwise now.
        ...retitled.tournaments.map(tags.tournament),
        ...retitled.matches.map(tags.match),
      ]),
    ]);
  }
}
