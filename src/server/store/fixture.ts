// A fixture made by a scorer (or a replay) as a MatchWrite, so that it is written like any
// imported match (docs/decisions/017-one-write-path.md): teams and people already known are
// reused, new ones created; new people get registry ids 'crease-' + 8 random hex digits.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { BulkTransaction } from '../db/client.ts';
import { anyText } from '../db/any-of.ts';
import type { MatchFormat, MatchSource } from '../db/schema.ts';
import { formatTypeOf } from '../domain/format-type.ts';
import { eventAbbreviation, teamCode, teamKey, tournamentKey } from './naming.ts';
import { identityOf } from './entities.ts';
import type { MatchWrite, TeamRef, TournamentRef } from './match-write.ts';

/** An existing person by registry id, or a new one by name. */
export type PlayerRef = { key: string } | { name: string };

export interface FixtureInput {
  tournament: { key?: string; name: string };
  teams: [{ name: string }, { name: string }];
  venue?: { name: string; city?: string };
  startAt: Date;
  format: MatchFormat;
  matchType: string;
  oversLimit: number | null;
  ballsPerOver: number;
  gender: 'male' | 'female';
  source: Exclude<MatchSource, 'cricsheet'>;
  isReplay?: boolean;
  replayOf?: string;
  /** The match's place in its event (a replay keeps its source's: 'Final', 'Match 12', a group). */
  event?: { matchNumber: number | null; group: string | null; stage: string | null };
  squads?: { a: PlayerRef[]; b: PlayerRef[] };
}

/** A write the store refuses as given (an unknown key, a move play cannot make): the caller's mistake. */
export class LiveWriteError extends Error {}

/** A registry id for a person the registry does not know. */
export function newRegistryId(): string {
  return `crease-${randomBytes(4).toString('hex')}`;
}

/** 'Crease Cup 2026' → event 'Crease Cup', season '2026'; a name without a year takes the start's. */
function eventAndSeason(name: string, startAt: Date): { eventName: string; season: string } {
  const found = /^(.*\S)\s+(\d{4}(?:\/\d{2})?)$/.exec(name.trim());
  return found ? { eventName: found[1]!, season: found[2]! } : { eventName: name.trim(), season: String(startAt.getUTCFullYear()) };
}

async function teamRefOf(tx: BulkTransaction, name: string, gender: 'male' | 'female'): Promise<TeamRef> {
  // A name a known team played under is that team (an international side first).
  const known = await tx.kysely
    .selectFrom('team_names as n')
    .innerJoin('teams as t', 't.id', 'n.team_id')
    .select(['t.name', 't.team_type'])
    .where('n.name', '=', name)
    .where('n.gender', '=', gender)
    .orderBy(sql`t.team_type = 'international'`, 'desc')
    .limit(1)
    .executeTakeFirst();
  const canonicalName = known?.name ?? name;
  const teamType = known?.team_type ?? 'club';
  return {
    identity: identityOf(canonicalName, gender, teamType),
    usedName: name,
    canonicalName,
    gender,
    teamType,
    key: teamKey(canonicalName, gender),
    code: teamCode(canonicalName),
  };
}

async function tournamentRefOf(tx: BulkTransaction, input: FixtureInput): Promise<TournamentRef> {
  if (input.tournament.key !== undefined) {
    const known = await tx.kysely
      .selectFrom('tournaments')
      .select(['event_name', 'season', 'gender', 'team_type', 'event_abbreviation'])
      .where('tou_key', '=', input.tournament.key)
      // Written from a TournamentRef (match-write.ts), whose gender and team type are these; the columns are text.
      .$narrowType<{ gender: 'male' | 'female'; team_type: 'international' | 'club' }>()
      .executeTakeFirst();
    if (!known) throw new LiveWriteError(`no tournament ${input.tournament.key}`);
    return {
      key: input.tournament.key,
      eventName: known.event_name,
      season: known.season,
      gender: known.gender,
      teamType: known.team_type,
      abbreviation: known.event_abbreviation,
    };
  }
  const { eventName, season } = eventAndSeason(input.tournament.name, input.startAt);
  return {
    key: tournamentKey(eventName, season, input.gender),
    eventName,
    season,
    gender: input.gender,
    teamType: 'club',
    abbreviation: eventAbbreviation(eventName),
  };
}

/** The fixture as a match write with id `id` (its key is the id, as Cricsheet's are). */
export async function fixtureWrite(tx: BulkTransaction, id: number, input: FixtureInput): Promise<MatchWrite> {
  const teams: [TeamRef, TeamRef] = [await teamRefOf(tx, input.teams[0].name, input.gender), await teamRefOf(tx, input.teams[1].name, input.gender)];
  if (teams[0].identity === teams[1].identity) throw new LiveWriteError('a match needs two different teams');
  const tournament = await tournamentRefOf(tx, input);
  const squads = input.squads ?? { a: [], b: [] };
  const keys = [...squads.a, ...squads.b].flatMap((ref) => ('key' in ref ? [ref.key] : []));
  const known = await tx.kysely.selectFrom('people').select(['registry_id', 'name']).where('registry_id', '=', anyText(keys)).execute();
  const nameOf = new Map(known.map((row) => [row.registry_id, row.name]));
  const people: [string, string][] = [];
  const players: MatchWrite['players'] = [];
  for (const side of ['a', 'b'] as const) {
    squads[side].forEach((ref, index) => {
      const registryId = 'key' in ref ? ref.key : newRegistryId();
      const name = 'key' in ref ? nameOf.get(ref.key) : ref.name;
      if (name === undefined) throw new LiveWriteError(`no player ${registryId}`);
      if (people.some(([seen]) => seen === registryId)) throw new LiveWriteError(`player ${registryId} is named twice`);
      players.push({ team: side, position: index + 1, person: people.length });
      people.push([registryId, name]);
    });
  }
  const startDate = input.startAt.toISOString().slice(0, 10);
  const teamType = teams.every((team) => team.teamType === 'international') ? 'international' : 'club';
  return {
    id,
    fileName: `fixture ${id}`,
    facts: {
      matchKey: String(id),
      sourceSha1: '',
      dataVersion: '',
      revision: 0,
      created: new Date().toISOString().slice(0, 10),
      matchType: input.matchType,
      matchTypeNumber: null,
      format: input.format,
      formatType: formatTypeOf({ matchType: input.matchType, teamType, ballsPerOver: input.ballsPerOver, format: input.format }),
      gender: input.gender,
      teamType,
      ballsPerOver: input.ballsPerOver,
      oversLimit: input.oversLimit,
      startDate,
      dates: [startDate],
      eventMatchNumber: input.event?.matchNumber ?? null,
      eventGroup: input.event?.group ?? null,
      eventStage: input.event?.stage ?? null,
      status: 'not_started',
      tossWinner: null,
      tossDecision: null,
      winner: null,
      result: null,
      winByRuns: null,
      winByWickets: null,
      winByInnings: false,
      method: null,
      eliminator: null,
      bowlOut: null,
      missing: null,
      live: {
        startAt: input.startAt.toISOString(),
        playStatus: 'scheduled',
        source: input.source,
        isReplay: input.isReplay ?? false,
        replayOf: input.replayOf ?? null,
      },
    },
    people,
    teams,
    venue: input.venue ? { identity: identityOf(input.venue.name, input.venue.city ?? ''), name: input.venue.name, city: input.venue.city ?? '' } : null,
    tournament,
    officials: [],
    players,
    playerOfMatch: [],
    innings: [],
    deliveryCount: 0,
  };
}
