// The corrections through the write path (docs/decisions/034-corrections.md): the cases kept in
// the `corrections` table, and applying them. A match abandoned without a ball is written as any
// match is (ImportWriter.writeMatches, a match of source 'correction'); a void and a name fix are
// updates of the rows Cricsheet's files wrote. Every change publishes its tags on the change feed.
// Applied after every import (a re-imported match is written afresh) and whenever the cases change.
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import { anyInteger, anyText } from '../db/any-of.ts';
import type { CorrectionKind } from '../db/schema.ts';
import { tags } from '../feed/tags.ts';
import type { AbandonedCase, CorrectionCase } from '../corrections/cases.ts';
import { correctionCaseSchema } from '../corrections/cases.ts';
import { planCorrections, type StoredCase } from '../corrections/plan.ts';
import { fixtureWrite, LiveWriteError } from './fixture.ts';
import type { MatchWrite } from './match-write.ts';
import { ImportWriter } from './import-writer.ts';
import type { PublishTags } from './write-transaction.ts';
import { refreshSearchIndex } from './search-index.ts';
import { refreshTournamentShapes } from './tournament-shapes.ts';

export interface CorrectionsReport {
  /** Abandoned matches written (new or changed). */
  written: number;
  deleted: number;
  voided: number;
  unvoided: number;
  renamed: number;
  /** Cases that wait for data not imported yet (their tournament, their match). */
  waiting: { key: string; reason: string }[];
}

export interface StoredCorrection extends StoredCase {
  id: number;
  origin: 'file' | 'admin';
  updatedAt: Date;
}

interface CorrectionRow {
  id: number;
  case_key: string;
  kind: CorrectionKind;
  payload: unknown;
  source_note: string;
  origin: 'file' | 'admin';
  match_id: number | null;
  updated_at: Date;
}

/** The row's case: payload plus key, kind and source. A row that no longer parses is skipped (reported). */
function caseOf(row: CorrectionRow): CorrectionCase {
  return correctionCaseSchema.parse({ ...(row.payload as object), key: row.case_key, kind: row.kind, source: row.source_note });
}

/** Every stored case, by key. */
export async function loadCorrections(db: Db): Promise<StoredCorrection[]> {
  const rows = await db.kysely
    .selectFrom('corrections')
    .select(['id', 'case_key', 'kind', 'payload', 'source_note', 'origin', 'match_id', 'updated_at'])
    .orderBy('case_key')
    .execute();
  return rows.map((row) => ({ id: row.id, case: caseOf(row), matchId: row.match_id, origin: row.origin, updatedAt: new Date(row.updated_at) }));
}

function payloadOf(entry: CorrectionCase): string {
  const { key: _key, kind: _kind, source: _source, ...payload } = entry;
  return JSON.stringify(payload);
}

/**
 * Adds or replaces cases (by key). An abandoned case gets a match id once and keeps it across
 * edits. `onlyOrigin` 'file': a case an admin has edited is left as the admin left it.
 */
export async function upsertCorrections(
  db: Db,
  cases: readonly CorrectionCase[],
  origin: 'file' | 'admin',
  updatedBy: string | null = null,
): Promise<void> {
  await db.bulkTransaction(async (tx) => {
    for (const entry of cases) {
      await tx.kysely
        .insertInto('corrections')
        .values({
          case_key: entry.key,
          kind: entry.kind,
          // The JSON text cast to jsonb, as before: a driver may send a string parameter for jsonb as a JSON string.
          payload: sql<string>`${payloadOf(entry)}::jsonb`,
          source_note: entry.source,
          origin,
          match_id: entry.kind === 'abandoned' ? sql<number>`nextval('correction_match_ids')::integer` : null,
          updated_by: updatedBy,
        })
        .onConflict((conflict) => {
          const update = conflict.column('case_key').doUpdateSet((eb) => ({
            kind: eb.ref('excluded.kind'),
            payload: eb.ref('excluded.payload'),
            source_note: eb.ref('excluded.source_note'),
            origin: eb.ref('excluded.origin'),
            updated_by: eb.ref('excluded.updated_by'),
            updated_at: sql<Date>`now()`,
            match_id: sql<number | null>`case when excluded.kind = 'abandoned' then coalesce(corrections.match_id, excluded.match_id) end`,
          }));
          // An admin's edit replaces anything; the file's, only what the file wrote.
          return origin === 'admin' ? update : update.where('corrections.origin', '=', 'file');
        })
        .execute();
    }
  });
}

/** Deletes the shipped file's cases it no longer has (an admin's cases stay). */
export async function deleteFileCorrectionsExcept(db: Db, keys: readonly string[]): Promise<number> {
  const deleted = await db.kysely
    .deleteFrom('corrections')
    .where('origin', '=', 'file')
    .where((eb) => eb.not(eb('case_key', '=', anyText(keys))))
    .returning('id')
    .execute();
  return deleted.length;
}

/** The match an abandoned case stands for: a no result without a ball, of the case's tournament. */
async function abandonedWrite(db: Db, matchId: number, entry: AbandonedCase, sha1: string): Promise<MatchWrite> {
  const write = await db.bulkTransaction((tx) =>
    fixtureWrite(tx, matchId, {
      tournament: { key: entry.tournament, name: entry.tournament },
      teams: [{ name: entry.teams[0] }, { name: entry.teams[1] }],
      venue: entry.venue,
      startAt: new Date(`${entry.date}T00:00:00Z`),
      format: entry.matchType === 'Test' || entry.matchType === 'MDM' ? 'test' : entry.matchType === 'ODI' || entry.matchType === 'ODM' ? 'oneday' : 't20',
      matchType: entry.matchType,
      oversLimit: entry.overs,
      ballsPerOver: entry.ballsPerOver,
      gender: entry.gender,
      source: 'correction',
    }),
  );
  return {
    ...write,
    fileName: `correction ${entry.key}`,
    facts: {
      ...write.facts,
      sourceSha1: sha1,
      eventStage: entry.stage,
      eventGroup: entry.group,
      eventMatchNumber: entry.matchNumber,
      status: 'completed',
      result: 'no result',
      // The day is known, the hour is not: startAt stays unset, as for Cricsheet's matches.
      live: { startAt: null, playStatus: 'abandoned', source: 'correction', isReplay: false, replayOf: null },
    },
  };
}

/** Applies the stored cases: writes, deletes and updates what differs from them. */
export async function applyCorrections(db: Db, publish: PublishTags): Promise<CorrectionsReport> {
  const report: CorrectionsReport = { written: 0, deleted: 0, voided: 0, unvoided: 0, renamed: 0, waiting: [] };
  const cases = await loadCorrections(db);
  const [correctionMatches, voided] = await db.bulkTransaction((tx) =>
    Promise.all([
      tx.kysely.selectFrom('matches').select(['id', 'source_sha1 as sha1']).where('source', '=', 'correction').execute(),
      tx.kysely
        .selectFrom('matches')
        .select(['match_key as matchKey', 'void_replayed_by as replayedBy'])
        .where('void_replayed_by', 'is not', null)
        .$narrowType<{ replayedBy: string }>()
        .execute(),
    ]),
  );
  const plan = planCorrections(cases, { correctionMatches, voided });
  const changedTags = new Set<string>();

  const writes: MatchWrite[] = [];
  for (const { matchId, case: entry, sha1 } of plan.writeAbandoned) {
    try {
      writes.push(await abandonedWrite(db, matchId, entry, sha1));
    } catch (error) {
      if (!(error instanceof LiveWriteError)) throw error;
      report.waiting.push({ key: entry.key, reason: error.message });
    }
  }
  if (writes.length > 0) {
    await new ImportWriter(db, publish).writeMatches(writes);
    report.written = writes.length;
  }

  await db.bulkTransaction(async (tx) => {
    if (plan.deleteMatches.length > 0) {
      const deleted = await tx.kysely
        .deleteFrom('matches as m')
        .using('tournaments as t')
        .whereRef('t.id', '=', 'm.tournament_id')
        .where('m.id', '=', anyInteger(plan.deleteMatches))
        .where('m.source', '=', 'correction')
        .returning(['m.match_key', 'm.tournament_id', 't.tou_key'])
        .execute();
      report.deleted = deleted.length;
      const reshaped = await refreshTournamentShapes(tx.kysely, [...new Set(deleted.map((row) => row.tournament_id))]);
      for (const row of deleted) changedTags.add(tags.match(row.match_key)).add(tags.tournament(row.tou_key));
      for (const key of reshaped.tournaments) changedTags.add(tags.tournament(key));
      for (const key of reshaped.matches) changedTags.add(tags.match(key));
      if (deleted.length > 0) [tags.home, tags.fixtures, tags.tournaments].forEach((tag) => changedTags.add(tag));
    }
    // What search counts (players, teams, tournaments, venues by their counted matches: decision 059) moves with a void.
    const searchScope = { people: [] as number[], teams: [] as number[], tournaments: [] as number[], venues: [] as number[] };
    const voidUpdate = async (matchKey: string, replayedBy: string | null) => {
      const rows = await tx.kysely
        .updateTable('matches as m')
        .set({ void_replayed_by: replayedBy })
        .from('tournaments as t')
        .whereRef('t.id', '=', 'm.tournament_id')
        .where('m.match_key', '=', matchKey)
        .where('m.void_replayed_by', 'is distinct from', replayedBy)
        .returning(['m.id', 't.tou_key', 'm.tournament_id', 'm.team_a_id', 'm.team_b_id', 'm.venue_id'])
        .execute();
      for (const row of rows) {
        const players = await tx.kysely.selectFrom('match_players').select('person_id').where('match_id', '=', row.id).execute();
        searchScope.people.push(...players.map((player) => player.person_id));
        searchScope.teams.push(row.team_a_id, row.team_b_id);
        searchScope.tournaments.push(row.tournament_id);
        if (row.venue_id !== null) searchScope.venues.push(row.venue_id);
        // Careers, records, form and counts across the site hold it or not: rare, like a rename.
        changedTags.add(tags.all);
      }
      return rows;
    };
    for (const { matchKey, replayedBy } of plan.setVoid) {
      const [row] = await voidUpdate(matchKey, replayedBy);
      if (!row) {
        const key = cases.find((stored) => stored.case.kind === 'void' && stored.case.match === matchKey)?.case.key ?? matchKey;
        report.waiting.push({ key, reason: `no match ${matchKey} yet` });
        continue;
      }
      report.voided += 1;
      changedTags.add(tags.match(matchKey)).add(tags.tournament(row.tou_key)).add(tags.home).add(tags.fixtures);
    }
    for (const matchKey of plan.clearVoid) {
      const [row] = await voidUpdate(matchKey, null);
      if (!row) continue;
      report.unvoided += 1;
      changedTags.add(tags.match(matchKey)).add(tags.tournament(row.tou_key)).add(tags.home).add(tags.fixtures);
    }
    // Renamed people and teams are searched by their new names; a player's latest team is shown by its name.
    for (const { registryId, name } of plan.personNames) {
      const renamed = await tx.kysely.updateTable('people').set({ name }).where('registry_id', '=', registryId).where('name', '<>', name).returning('id').execute();
      report.renamed += renamed.length;
      searchScope.people.push(...renamed.map((row) => row.id));
    }
    for (const { teamKey, from, name } of plan.teamNames) {
      // Plain SQL: three updates in writable CTEs, their ids tagged and unioned in one statement,
      // are past what Kysely's builders type.
      const { rows: renamed } = await sql<{ kind: 'team' | 'match'; id: number }>`
        with team as (select id from teams where team_key = ${teamKey}),
          canonical as (update teams set name = ${name} where id in (select id from team) and name = ${from} returning id),
          side_a as (update matches set team_a_name = ${name} where team_a_id in (select id from team) and team_a_name = ${from} returning id),
          side_b as (update matches set team_b_name = ${name} where team_b_id in (select id from team) and team_b_name = ${from} returning id)
        select 'team' as kind, id from canonical union all select 'match', id from side_a union all select 'match', id from side_b`.execute(tx.kysely);
      report.renamed += renamed.length;
      searchScope.teams.push(...renamed.filter((row) => row.kind === 'team').map((row) => row.id));
      const matchIds = renamed.filter((row) => row.kind === 'match').map((row) => row.id);
      if (matchIds.length > 0) {
        const players = await tx.kysely.selectFrom('match_players').select('person_id').distinct().where('match_id', '=', anyInteger(matchIds)).execute();
        searchScope.people.push(...players.map((row) => row.person_id));
      }
    }
    await refreshSearchIndex(tx.kysely, searchScope);
  });
  // A name shows on most pages.
  if (report.renamed > 0) changedTags.add(tags.all);
  if (changedTags.size > 0) await publish([...changedTags]);
  return report;
}
