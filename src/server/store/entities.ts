// Entities a match refers to (people, teams, venues, tournaments): found or created by the
// writer inside the match's transaction, their ids kept for the rest of the run.
// The inserts are plain SQL over unnest(): one parameter a column for any number of rows, where
// Kysely's values() binds one a cell (thousands in an import batch).
import { sql } from 'kysely';
import type { BulkTransaction } from '../db/client.ts';
import { anyText } from '../db/any-of.ts';
import type { MatchWrite, TeamRef, TournamentRef } from './match-write.ts';

export function identityOf(...parts: string[]): string {
  return parts.join('\u0000');
}

/** Ids of entities already in the database, kept across batches (and sources) of one run. */
export class EntityCache {
  readonly people = new Map<string, number>();
  readonly teams = new Map<string, number>();
  /** Team identity → team_key (a key taken by another team carries the team type). */
  readonly teamKeys = new Map<string, string>();
  /** Identities of the (name, gender, team type) rows in team_names. */
  readonly teamNames = new Set<string>();
  readonly venues = new Map<string, number>();
  readonly tournaments = new Map<string, number>();

  /** Takes in what a committed transaction found. */
  merge(found: EntityCache): void {
    for (const key of ['people', 'teams', 'teamKeys', 'venues', 'tournaments'] as const) {
      const into = this[key] as Map<string, number | string>;
      for (const [identity, value] of found[key]) into.set(identity, value);
    }
    for (const identity of found.teamNames) this.teamNames.add(identity);
  }
}

export async function upsertPeople(tx: BulkTransaction, cache: EntityCache, found: EntityCache, matches: readonly MatchWrite[]) {
  const missing = new Map<string, string>();
  for (const match of matches) {
    for (const [registryId, name] of match.people) if (!cache.people.has(registryId)) missing.set(registryId, name);
  }
  if (missing.size === 0) return;
  const registryIds = [...missing.keys()];
  await sql`insert into people (registry_id, name) select * from unnest(${registryIds}::text[], ${[...missing.values()]}::text[])
     on conflict (registry_id) do nothing`.execute(tx.kysely);
  const rows = await tx.kysely.selectFrom('people').select(['id', 'registry_id']).where('registry_id', '=', anyText(registryIds)).execute();
  for (const row of rows) found.people.set(row.registry_id, row.id);
}

export async function upsertTeams(tx: BulkTransaction, cache: EntityCache, found: EntityCache, matches: readonly MatchWrite[]) {
  const missing = new Map<string, TeamRef>();
  const usedNames = new Map<string, TeamRef>();
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
    await sql`insert into teams (team_key, name, code, gender, team_type)
       select * from unnest(${unresolved.map((team) => keyOf(team.key, team.teamType))}::text[], ${unresolved.map((team) => team.canonicalName)}::text[],
         ${unresolved.map((team) => team.code)}::text[], ${unresolved.map((team) => team.gender)}::text[], ${unresolved.map((team) => team.teamType)}::text[])
       on conflict do nothing`.execute(tx.kysely);
    // Joined to the wanted (name, gender, team type) triples: unnest again, as Kysely has no table of arrays.
    const { rows } = await sql<{ id: number; team_key: string; name: string; gender: string; team_type: string }>`
      select t.id, t.team_key, t.name, t.gender, t.team_type from teams t
      join unnest(${unresolved.map((team) => team.canonicalName)}::text[], ${unresolved.map((team) => team.gender)}::text[],
        ${unresolved.map((team) => team.teamType)}::text[]) as wanted(name, gender, team_type)
        using (name, gender, team_type)`.execute(tx.kysely);
    for (const row of rows) {
      const identity = identityOf(row.name, row.gender, row.team_type);
      found.teams.set(identity, row.id);
      found.teamKeys.set(identity, row.team_key);
    }
  }
  if (usedNames.size === 0) return;
  const named = [...usedNames.values()];
  await sql`insert into team_names (name, gender, team_type, team_id)
     select * from unnest(${named.map((team) => team.usedName)}::text[], ${named.map((team) => team.gender)}::text[], ${named.map((team) => team.teamType)}::text[],
       ${named.map((team) => cache.teams.get(team.identity) ?? found.teams.get(team.identity))}::integer[])
     on conflict do nothing`.execute(tx.kysely);
  for (const identity of usedNames.keys()) found.teamNames.add(identity);
}

export async function upsertVenues(tx: BulkTransaction, cache: EntityCache, found: EntityCache, matches: readonly MatchWrite[]) {
  const missing = new Map<string, { name: string; city: string }>();
  for (const { venue } of matches) if (venue && !cache.venues.has(venue.identity)) missing.set(venue.identity, venue);
  if (missing.size === 0) return;
  const venues = [...missing.values()];
  const [names, cities] = [venues.map((venue) => venue.name), venues.map((venue) => venue.city)];
  await sql`insert into venues (name, city) select * from unnest(${names}::text[], ${cities}::text[]) on conflict do nothing`.execute(tx.kysely);
  const { rows } = await sql<{ id: number; name: string; city: string }>`
    select v.id, v.name, v.city from venues v join unnest(${names}::text[], ${cities}::text[]) as wanted(name, city)
    using (name, city)`.execute(tx.kysely);
  for (const row of rows) found.venues.set(identityOf(row.name, row.city), row.id);
}

export async function upsertTournaments(
  tx: BulkTransaction,
  cache: EntityCache,
  found: EntityCache,
  matches: readonly MatchWrite[],
) {
  const missing = new Map<string, TournamentRef>();
  for (const { tournament } of matches) {
    if (!cache.tournaments.has(tournament.key)) missing.set(tournament.key, tournament);
  }
  if (missing.size === 0) return;
  const tournaments = [...missing.values()];
  // Names and dates are provisional until finishTournaments() sees the matches' dates.
  const keys = tournaments.map((tournament) => tournament.key);
  await sql`insert into tournaments (tou_key, event_name, season, name, short_name, gender, team_type, event_abbreviation)
     select key, event_name, season, event_name || ' ' || season, event_name || ' ' || season, gender, team_type, abbreviation
     from unnest(${keys}::text[], ${tournaments.map((tournament) => tournament.eventName)}::text[], ${tournaments.map((tournament) => tournament.season)}::text[],
       ${tournaments.map((tournament) => tournament.gender)}::text[], ${tournaments.map((tournament) => tournament.teamType)}::text[],
       ${tournaments.map((tournament) => tournament.abbreviation)}::text[])
       as t(key, event_name, season, gender, team_type, abbreviation)
     on conflict (tou_key) do nothing`.execute(tx.kysely);
  const rows = await tx.kysely.selectFrom('tournaments').select(['id', 'tou_key']).where('tou_key', '=', anyText(keys)).execute();
  for (const row of rows) found.tournaments.set(row.tou_key, row.id);
}
