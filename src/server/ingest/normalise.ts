// Turns one Cricsheet match file into what the write path stores (store/match-write.ts):
// parsed, validated, its entities named and its innings summarised by the domain's rules.
// Pure: it runs on the importer's worker threads; the writer resolves the entities' ids.
import { formatTypeOf } from '../domain/format-type.ts';
import { oversToBalls } from '../domain/overs.ts';
import { summariseInnings } from '../domain/scorecard.ts';
import type { Delivery, Extras, Fielder, InningsInput, PlayerId, Wicket } from '../domain/types.ts';
import type { MatchFormat, TeamSide } from '../db/schema.ts';
import { BallEncodingError, packedBalls, PeopleDictionary, storedBall, writeBall } from '../store/ball-codec.ts';
import { identityOf } from '../store/entities.ts';
import {
  deriveInningsRows,
  type InningsBalls,
  type InningsWrite,
  type MatchWrite,
  type ReplacementRow,
  type TeamRef,
  type TournamentRef,
  type VenueRef,
  type WicketRow,
} from '../store/match-write.ts';
import { cricsheetMatchSchema, type CricsheetDelivery, type CricsheetInnings, type CricsheetMatch } from './cricsheet-schema.ts';
import { eventAbbreviation, teamCode, teamKey, tournamentKey } from '../store/naming.ts';
import { canonicalTeamName } from './team-aliases.ts';

/** Why a match file was rejected; the message is the short reason shown to the operator. */
export class MatchFileError extends Error {}

const FORMATS: Record<CricsheetMatch['info']['match_type'], MatchFormat> = {
  Test: 'test',
  MDM: 'test',
  ODI: 'oneday',
  ODM: 'oneday',
  T20: 't20',
  IT20: 't20',
};

const OFFICIAL_ROLES = [
  ['umpires', 'umpire'],
  ['tv_umpires', 'tv_umpire'],
  ['reserve_umpires', 'reserve_umpire'],
  ['match_referees', 'match_referee'],
] as const;

/** The Cricsheet match id in a file name such as '1082591.json'. */
export function matchIdOf(fileName: string): number | null {
  const found = /^(\d{1,9})\.json$/i.exec(fileName);
  return found ? Number(found[1]) : null;
}

function describeIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match the Cricsheet format';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'document';
  return `not Cricsheet format at ${where}: ${issue.message}`;
}

/** A match file ready for the writer, and the parsed file for callers that read more of it. */
export interface PreparedMatch {
  write: MatchWrite;
  match: CricsheetMatch;
}

/** Parses and validates one file; throws MatchFileError with a short reason when it is not a usable match. */
export function prepareMatch(fileName: string, bytes: Uint8Array, sha1: string): PreparedMatch {
  const id = matchIdOf(fileName);
  if (id === null) throw new MatchFileError('file name is not a Cricsheet match id (digits + .json)');
  let json: unknown;
  try {
    json = JSON.parse(utf8.decode(bytes));
  } catch (error) {
    throw new MatchFileError(`invalid JSON (${(error as Error).message})`);
  }
  const parsed = cricsheetMatchSchema.safeParse(json);
  if (!parsed.success) throw new MatchFileError(describeIssue(parsed.error));
  const match = parsed.data;
  const { info } = match;

  const [nameA, nameB] = info.teams;
  if (nameA === nameB) throw new MatchFileError(`both teams are '${nameA}'`);
  const sideOf = (teamName: string, field: string): TeamSide => {
    if (teamName === nameA) return 'a';
    if (teamName === nameB) return 'b';
    throw new MatchFileError(`${field} names '${teamName}', which is not one of info.teams`);
  };
  // Check every reference to a team now, so that writing rows cannot fail later.
  for (const teamName of Object.keys(info.players)) sideOf(teamName, 'info.players');
  match.innings.forEach((innings, index) => sideOf(innings.team, `innings ${index + 1}`));
  for (const field of ['winner', 'eliminator', 'bowl_out'] as const) {
    const teamName = info.outcome[field];
    if (teamName !== undefined) sideOf(teamName, `outcome.${field}`);
  }
  if (info.toss) sideOf(info.toss.winner, 'toss.winner');

  // Everyone the match mentions, by registry id (or 'name:' + name when the registry lacks one),
  // numbered in order of mention: the writer resolves each number to a people id once.
  const people = new Map<string, string>();
  const refs = new Map<string, number>();
  for (const [name, registryId] of Object.entries(info.registry.people)) people.set(registryId, name);
  const personOf = (name: string): PlayerId => {
    const registryId = info.registry.people[name] ?? `name:${name}`;
    if (!people.has(registryId)) people.set(registryId, name);
    return registryId;
  };
  const refOf = (registryId: PlayerId): number => {
    let ref = refs.get(registryId);
    if (ref === undefined) {
      ref = refs.size;
      refs.set(registryId, ref);
    }
    return ref;
  };
  const refOfName = (name: string) => refOf(personOf(name));

  const teamRef = (usedName: string): TeamRef => {
    const canonicalName = canonicalTeamName(usedName);
    return {
      identity: identityOf(canonicalName, info.gender, info.team_type),
      usedName,
      canonicalName,
      gender: info.gender,
      teamType: info.team_type,
      key: teamKey(canonicalName, info.gender),
      code: teamCode(canonicalName),
    };
  };

  // Without an event, a match belongs to the series between its two teams that season.
  const eventName = info.event?.name ?? `${nameA} v ${nameB}`;
  const tournament: TournamentRef = {
    key: tournamentKey(eventName, info.season, info.gender),
    eventName,
    season: info.season,
    gender: info.gender,
    teamType: info.team_type,
    abbreviation: eventAbbreviation(eventName),
  };

  const venue: VenueRef | null = info.venue
    ? { identity: identityOf(info.venue, info.city ?? ''), name: info.venue, city: info.city ?? '' }
    : null;

  let deliveryCount = 0;
  const innings = match.innings.map((source, index): InningsWrite => {
    const input = inningsInput(source, sideOf(source.team, 'innings'), info.balls_per_over, personOf);
    deliveryCount += input.deliveries.length;
    const targetOvers = source.target?.overs;
    return {
      facts: {
        inningsNo: index + 1,
        battingTeam: input.battingTeam,
        superOver: input.superOver,
        declared: source.declared ?? false,
        forfeited: source.forfeited ?? false,
        targetRuns: source.target?.runs ?? null,
        targetBalls: targetOvers === undefined ? null : targetBalls(targetOvers, info.balls_per_over),
        penaltyRunsPre: input.penaltyRunsPre,
        penaltyRunsPost: input.penaltyRunsPost,
        absentHurt: source.absent_hurt ?? null,
        calledOvers: input.calledOvers!.length > 0 ? [...input.calledOvers!] : null,
        powerplays: (source.powerplays ?? []).map((powerplay) => ({ fromOver: powerplay.from, toOver: powerplay.to, kind: powerplay.type })),
      },
      ...ballRows(source, input, refOf),
      derived: deriveInningsRows(summariseInnings(input), refOf),
    };
  });

  const playerOfMatch = (info.player_of_match ?? []).map(refOfName);
  const players = Object.entries(info.players).flatMap(([teamName, names]) =>
    names.map((name, index) => ({ team: sideOf(teamName, 'info.players'), position: index + 1, person: refOfName(name) })),
  );
  const officials = OFFICIAL_ROLES.flatMap(([field, role]) =>
    (info.officials?.[field] ?? []).map((name, index) => ({ role, position: index + 1, person: refOfName(name) })),
  );
  const { outcome } = info;
  const sideOrNull = (teamName: string | undefined) => (teamName === undefined ? null : sideOf(teamName, 'outcome'));

  const write: MatchWrite = {
    id,
    fileName,
    facts: {
      matchKey: String(id),
      sourceSha1: sha1,
      dataVersion: match.meta.data_version,
      revision: match.meta.revision,
      created: match.meta.created,
      matchType: info.match_type,
      matchTypeNumber: info.match_type_number ?? null,
      format: FORMATS[info.match_type],
      formatType: formatTypeOf({
        matchType: info.match_type,
        teamType: info.team_type,
        ballsPerOver: info.balls_per_over,
        format: FORMATS[info.match_type],
      }),
      gender: info.gender,
      teamType: info.team_type,
      ballsPerOver: info.balls_per_over,
      oversLimit: info.overs ?? null,
      startDate: info.dates[0]!,
      dates: info.dates,
      eventMatchNumber: info.event?.match_number ?? null,
      eventGroup: info.event?.group === undefined ? null : String(info.event.group),
      eventStage: info.event?.stage ?? null,
      // A Cricsheet file is published after the match: it is over, however it ended.
      status: 'completed',
      tossWinner: sideOrNull(info.toss?.winner),
      tossDecision: info.toss?.decision ?? null,
      winner: sideOrNull(outcome.winner),
      result: outcome.result ?? null,
      winByRuns: outcome.by?.runs ?? null,
      winByWickets: outcome.by?.wickets ?? null,
      winByInnings: outcome.by?.innings !== undefined,
      method: outcome.method ?? null,
      eliminator: sideOrNull(outcome.eliminator),
      bowlOut: sideOrNull(outcome.bowl_out),
      missing: info.missing ?? null,
    },
    // Refs were handed out in order of mention, so this list is indexed by ref.
    people: [...refs.keys()].map((registryId): [string, string] => [registryId, people.get(registryId)!]),
    teams: [teamRef(nameA), teamRef(nameB)],
    venue,
    tournament,
    officials,
    players,
    playerOfMatch,
    innings,
    deliveryCount,
  };
  return { write, match };
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** An innings' deliveries as stored bytes, and its wickets and replacements as rows. */
function ballRows(
  source: CricsheetInnings,
  input: InningsInput,
  refOf: (player: PlayerId) => number,
): { balls: InningsBalls; wickets: WicketRow[]; replacements: ReplacementRow[] } {
  const people = new PeopleDictionary<number>();
  const bytes = packedBalls(input.deliveries.length);
  const balls: InningsBalls = { people: people.people, bytes, reviews: null };
  const index = (player: PlayerId) => people.indexOf(refOf(player));
  const wickets: WicketRow[] = [];
  const replacements: ReplacementRow[] = [];
  let seq = 0;
  for (const over of source.overs ?? []) {
    for (const raw of over.deliveries) {
      const delivery = input.deliveries[seq]!;
      seq += 1;
      try {
        writeBall(bytes, seq - 1, storedBall(delivery, index));
      } catch (error) {
        if (error instanceof BallEncodingError) throw new MatchFileError(`over ${over.over}: ${error.message}`);
        throw error;
      }
      if (raw.review !== undefined) (balls.reviews ??= []).push({ seq, review: raw.review });
      for (let index = 0; index < delivery.wickets.length; index += 1) {
        const wicket = delivery.wickets[index]!;
        const named = wicket.fielders.filter((fielder) => fielder.id !== null);
        wickets.push({
          seq,
          position: index + 1,
          kind: wicket.kind,
          playerOut: refOf(wicket.playerOut),
          fielders: raw.wickets?.[index]?.fielders ?? null,
          fielderRefs: named.length > 0 ? named.map((fielder) => refOf(fielder.id!)) : null,
        });
      }
      let position = 0;
      for (const replacement of raw.replacements?.match ?? []) {
        position += 1;
        replacements.push({
          seq, position, kind: 'match', team: replacement.team, playerIn: replacement.in, playerOut: replacement.out ?? null,
          reason: replacement.reason ?? null, role: null,
        });
      }
      for (const replacement of raw.replacements?.role ?? []) {
        position += 1;
        replacements.push({
          seq, position, kind: 'role', team: null, playerIn: replacement.in, playerOut: replacement.out ?? null,
          reason: replacement.reason ?? null, role: replacement.role,
        });
      }
    }
  }
  return { balls, wickets, replacements };
}

function targetBalls(overs: number, ballsPerOver: number): number {
  try {
    return oversToBalls(overs, ballsPerOver);
  } catch (error) {
    throw new MatchFileError(`target overs: ${(error as Error).message}`);
  }
}

function wicketOf(wicket: NonNullable<CricsheetDelivery['wickets']>[number], personOf: (name: string) => PlayerId): Wicket {
  return {
    kind: wicket.kind,
    playerOut: personOf(wicket.player_out),
    fielders: (wicket.fielders ?? []).map(
      (fielder): Fielder => ({
        id: fielder.name === undefined ? null : personOf(fielder.name),
        name: fielder.name ?? null,
        substitute: fielder.substitute ?? false,
      }),
    ),
  };
}

/** A delivery's extras with Cricsheet's absent kinds as 0 (imported and live balls alike). */
export function extrasOf(extras: Partial<Extras> | undefined): Extras {
  return {
    wides: extras?.wides ?? 0,
    noballs: extras?.noballs ?? 0,
    byes: extras?.byes ?? 0,
    legbyes: extras?.legbyes ?? 0,
    penalty: extras?.penalty ?? 0,
  };
}

/** One Cricsheet innings as the domain sees it, with players named by personOf. */
export function inningsInput(
  source: CricsheetInnings,
  battingTeam: TeamSide,
  ballsPerOver: number,
  personOf: (name: string) => PlayerId,
): InningsInput {
  const deliveries: Delivery[] = [];
  for (const over of source.overs ?? []) {
    for (const raw of over.deliveries) {
      deliveries.push({
        over: over.over,
        batter: personOf(raw.batter),
        nonStriker: personOf(raw.non_striker),
        bowler: personOf(raw.bowler),
        runsBatter: raw.runs.batter,
        runsExtras: raw.runs.extras,
        runsTotal: raw.runs.total,
        nonBoundary: raw.runs.non_boundary ?? false,
        extras: extrasOf(raw.extras),
        // Most deliveries have no wicket: no mapping (and no closure) for them.
        wickets: raw.wickets === undefined ? [] : raw.wickets.map((wicket) => wicketOf(wicket, personOf)),
      });
    }
  }
  return {
    battingTeam,
    superOver: source.super_over ?? false,
    deliveries,
    penaltyRunsPre: source.penalty_runs?.pre ?? 0,
    penaltyRunsPost: source.penalty_runs?.post ?? 0,
    ballsPerOver,
    // Cricsheet keys the overs the umpires miscounted by over index (from 0, as it numbers overs).
    calledOvers: Object.keys(source.miscounted_overs ?? {}).map(Number),
  };
}
