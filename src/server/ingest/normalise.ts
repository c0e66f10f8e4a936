// Turns one Cricsheet match file into rows for every table of the cricket model.
// Two steps, because ids of people, teams, venues and tournaments come from the database:
// prepareMatch() parses, validates and summarises a file and names the entities it refers
// to; MatchRows.add() then writes the match's rows with those entities' ids.
import { CopyBuffer } from '../db/copy-format.ts';
import { isLegalDelivery, oversToBalls } from '../domain/overs.ts';
import { summariseInnings } from '../domain/scorecard.ts';
import type { Delivery, Fielder, InningsInput, InningsSummary, PlayerId } from '../domain/types.ts';
import type { MatchFormat, TeamSide } from '../db/schema.ts';
import { cricsheetMatchSchema, type CricsheetInnings, type CricsheetMatch } from './cricsheet-schema.ts';
import { eventAbbreviation, teamCode, teamKey, tournamentKey } from './naming.ts';
import { canonicalTeamName } from './team-aliases.ts';

/** Why a match file was rejected; the message is the short reason shown to the operator. */
export class MatchFileError extends Error {}

type Gender = 'male' | 'female';
type TeamType = 'international' | 'club';

export interface TeamRef {
  /** Identity of the team across renames: canonical name, gender and team type. */
  identity: string;
  /** The name the team played under in this match. */
  usedName: string;
  canonicalName: string;
  gender: Gender;
  teamType: TeamType;
  key: string;
  code: string;
}

export interface VenueRef {
  identity: string;
  name: string;
  city: string;
}

export interface TournamentRef {
  key: string;
  eventName: string;
  season: string;
  gender: Gender;
  teamType: TeamType;
  abbreviation: string | null;
}

export interface PreparedInnings {
  source: CricsheetInnings;
  input: InningsInput;
  summary: InningsSummary;
  /** The (revised) target's overs as legal balls. */
  targetBalls: number | null;
}

/** A validated match with its entities named and its innings summarised, ready for ids. */
export interface PreparedMatch {
  id: number;
  fileName: string;
  sha1: string;
  match: CricsheetMatch;
  /** registry id → name of everyone the match mentions. */
  people: Map<string, string>;
  teams: [TeamRef, TeamRef];
  venue: VenueRef | null;
  tournament: TournamentRef;
  innings: PreparedInnings[];
  deliveryCount: number;
}

/** Database ids of the entities, looked up by the identities of PreparedMatch. */
export interface EntityIds {
  person(registryId: string): number;
  team(identity: string): number;
  venue(identity: string): number;
  tournament(key: string): number;
}

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

export function identityOf(...parts: string[]): string {
  return parts.join('\u0000');
}

function describeIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'does not match the Cricsheet format';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'document';
  return `not Cricsheet format at ${where}: ${issue.message}`;
}

/** Parses and validates one file; throws MatchFileError with a short reason when it is not a usable match. */
export function prepareMatch(fileName: string, bytes: Buffer, sha1: string): PreparedMatch {
  const id = matchIdOf(fileName);
  if (id === null) throw new MatchFileError('file name is not a Cricsheet match id (digits + .json)');
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
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

  const people = new Map<string, string>();
  for (const [name, registryId] of Object.entries(info.registry.people)) people.set(registryId, name);
  const personOf = (name: string): PlayerId => {
    const registryId = info.registry.people[name] ?? `name:${name}`;
    if (!people.has(registryId)) people.set(registryId, name);
    return registryId;
  };

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
  const innings = match.innings.map((source): PreparedInnings => {
    const input = inningsInput(source, sideOf(source.team, 'innings'), info.balls_per_over, personOf);
    deliveryCount += input.deliveries.length;
    const targetOvers = source.target?.overs;
    return {
      source,
      input,
      summary: summariseInnings(input),
      targetBalls: targetOvers === undefined ? null : targetBalls(targetOvers, info.balls_per_over),
    };
  });

  for (const name of info.player_of_match ?? []) personOf(name);
  for (const teamPlayers of Object.values(info.players)) teamPlayers.forEach(personOf);
  for (const [field] of OFFICIAL_ROLES) info.officials?.[field]?.forEach(personOf);

  return {
    id,
    fileName,
    sha1,
    match,
    people,
    teams: [teamRef(nameA), teamRef(nameB)],
    venue,
    tournament,
    innings,
    deliveryCount,
  };
}

function targetBalls(overs: number, ballsPerOver: number): number {
  try {
    return oversToBalls(overs, ballsPerOver);
  } catch (error) {
    throw new MatchFileError(`target overs: ${(error as Error).message}`);
  }
}

/** A JSON array for a jsonb column (CopyBuffer would write a JS array as a PostgreSQL array). */
function jsonb(value: unknown[] | undefined): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** COPY buffers for every match table, in an order that satisfies the foreign keys. */
export class MatchRows {
  readonly matches = new CopyBuffer('matches', [
    'id', 'match_key', 'tournament_id', 'source_sha1', 'data_version', 'revision', 'created',
    'match_type', 'match_type_number', 'format', 'gender', 'team_type', 'balls_per_over', 'overs_limit',
    'start_date', 'dates', 'team_a_id', 'team_b_id', 'team_a_name', 'team_b_name', 'venue_id',
    'event_match_number', 'event_group', 'event_stage', 'status', 'toss_winner', 'toss_decision',
    'winner', 'result', 'win_by_runs', 'win_by_wickets', 'win_by_innings', 'method', 'eliminator',
    'bowl_out', 'missing',
  ]);
  readonly officials = new CopyBuffer('match_officials', ['match_id', 'role', 'position', 'person_id']);
  readonly players = new CopyBuffer('match_players', ['match_id', 'team', 'position', 'person_id']);
  readonly playerOfMatch = new CopyBuffer('player_of_match', ['match_id', 'position', 'person_id']);
  readonly innings = new CopyBuffer('innings', [
    'match_id', 'innings_no', 'batting_team', 'super_over', 'declared', 'forfeited', 'target_runs',
    'target_balls', 'penalty_runs_pre', 'penalty_runs_post', 'absent_hurt', 'miscounted_overs', 'runs',
    'wickets', 'legal_balls', 'byes', 'legbyes', 'wides', 'noballs', 'penalty',
  ]);
  readonly powerplays = new CopyBuffer('powerplays', [
    'match_id', 'innings_no', 'position', 'from_over', 'to_over', 'kind',
  ]);
  readonly deliveries = new CopyBuffer('deliveries', [
    'match_id', 'innings_no', 'seq', 'over_no', 'ball_in_over', 'legal_ball_no', 'batter_id',
    'non_striker_id', 'bowler_id', 'runs_batter', 'runs_extras', 'runs_total', 'non_boundary', 'wides',
    'noballs', 'byes', 'legbyes', 'penalty', 'review',
  ]);
  readonly wickets = new CopyBuffer('wickets', [
    'match_id', 'innings_no', 'seq', 'position', 'kind', 'player_out_id', 'fielders',
  ]);
  readonly replacements = new CopyBuffer('replacements', [
    'match_id', 'innings_no', 'seq', 'position', 'kind', 'team', 'player_in', 'player_out', 'reason', 'role',
  ]);
  readonly batting = new CopyBuffer('batting_innings', [
    'match_id', 'innings_no', 'position', 'person_id', 'runs', 'balls', 'fours', 'sixes', 'dismissal_kind',
    'bowler_id', 'fielder_ids', 'fielder_names', 'wicket_no', 'team_runs_at_dismissal',
    'legal_balls_at_dismissal',
  ]);
  readonly bowling = new CopyBuffer('bowling_innings', [
    'match_id', 'innings_no', 'position', 'person_id', 'legal_balls', 'maidens', 'runs', 'wickets', 'wides',
    'noballs', 'dots', 'fours', 'sixes',
  ]);
  readonly fallOfWickets = new CopyBuffer('fall_of_wickets', [
    'match_id', 'innings_no', 'wicket_no', 'person_id', 'team_runs', 'legal_balls', 'kind',
  ]);
  readonly partnerships = new CopyBuffer('partnerships', [
    'match_id', 'innings_no', 'position', 'for_wicket', 'batter_a_id', 'batter_a_runs', 'batter_a_balls',
    'batter_b_id', 'batter_b_runs', 'batter_b_balls', 'runs', 'balls', 'unbroken',
  ]);

  /** Buffers in foreign-key order: parents before children. */
  all(): CopyBuffer[] {
    return [
      this.matches, this.officials, this.players, this.playerOfMatch, this.innings, this.powerplays,
      this.deliveries, this.wickets, this.replacements, this.batting, this.bowling, this.fallOfWickets,
      this.partnerships,
    ];
  }

  add(prepared: PreparedMatch, ids: EntityIds): void {
    const { id: matchId, match } = prepared;
    const { info } = match;
    const [teamA, teamB] = prepared.teams;
    const side = (teamName: string): TeamSide => (teamName === teamA.usedName ? 'a' : 'b');
    const sideOrNull = (teamName: string | undefined) => (teamName === undefined ? null : side(teamName));
    // Everyone was named in prepareMatch(), so the registry lookup always finds an id.
    const person = (name: string) => ids.person(info.registry.people[name] ?? `name:${name}`);
    const { outcome } = info;

    this.matches.add([
      matchId, String(matchId), ids.tournament(prepared.tournament.key), prepared.sha1,
      match.meta.data_version, match.meta.revision, match.meta.created, info.match_type,
      info.match_type_number, FORMATS[info.match_type], info.gender, info.team_type, info.balls_per_over,
      info.overs, info.dates[0], info.dates, ids.team(teamA.identity), ids.team(teamB.identity),
      teamA.usedName, teamB.usedName, prepared.venue ? ids.venue(prepared.venue.identity) : null,
      info.event?.match_number, info.event?.group === undefined ? null : String(info.event.group),
      info.event?.stage, 'completed', sideOrNull(info.toss?.winner), info.toss?.decision,
      sideOrNull(outcome.winner), outcome.result, outcome.by?.runs, outcome.by?.wickets,
      outcome.by?.innings !== undefined, outcome.method, sideOrNull(outcome.eliminator),
      sideOrNull(outcome.bowl_out), jsonb(info.missing),
    ]);
    for (const [field, role] of OFFICIAL_ROLES) {
      info.officials?.[field]?.forEach((name, index) => this.officials.add([matchId, role, index + 1, person(name)]));
    }
    for (const [teamName, names] of Object.entries(info.players)) {
      names.forEach((name, index) => this.players.add([matchId, side(teamName), index + 1, person(name)]));
    }
    info.player_of_match?.forEach((name, index) => this.playerOfMatch.add([matchId, index + 1, person(name)]));

    prepared.innings.forEach((innings, index) => this.addInnings(matchId, index + 1, innings, ids));
  }

  private addInnings(
    matchId: number,
    inningsNo: number,
    { source, input, summary, targetBalls }: PreparedInnings,
    ids: EntityIds,
  ): void {
    const target = source.target;
    this.innings.add([
      matchId, inningsNo, input.battingTeam, input.superOver, source.declared ?? false,
      source.forfeited ?? false, target?.runs, targetBalls,
      input.penaltyRunsPre, input.penaltyRunsPost, source.absent_hurt, source.miscounted_overs,
      summary.runs, summary.wickets, summary.legalBalls, summary.extras.byes, summary.extras.legbyes,
      summary.extras.wides, summary.extras.noballs, summary.extras.penalty,
    ]);
    source.powerplays?.forEach((powerplay, index) => {
      this.powerplays.add([matchId, inningsNo, index + 1, powerplay.from, powerplay.to, powerplay.type]);
    });

    // Deliveries: the domain input carries the figures, the source the review and replacements.
    let seq = 0;
    let legalBallNo = 0;
    let ballInOver = 0;
    let previousOver = -1;
    for (const over of source.overs ?? []) {
      for (const raw of over.deliveries) {
        const delivery = input.deliveries[seq]!;
        seq += 1;
        ballInOver = over.over === previousOver ? ballInOver + 1 : 1;
        previousOver = over.over;
        if (isLegalDelivery(delivery)) legalBallNo += 1;
        const { extras } = delivery;
        this.deliveries.add([
          matchId, inningsNo, seq, over.over, ballInOver, legalBallNo, ids.person(delivery.batter),
          ids.person(delivery.nonStriker), ids.person(delivery.bowler), delivery.runsBatter,
          delivery.runsExtras, delivery.runsTotal, delivery.nonBoundary, extras.wides, extras.noballs,
          extras.byes, extras.legbyes, extras.penalty, raw.review,
        ]);
        delivery.wickets.forEach((wicket, index) => {
          this.wickets.add([
            matchId, inningsNo, seq, index + 1, wicket.kind, ids.person(wicket.playerOut),
            jsonb(raw.wickets?.[index]?.fielders),
          ]);
        });
        let position = 0;
        for (const replacement of raw.replacements?.match ?? []) {
          position += 1;
          this.replacements.add([
            matchId, inningsNo, seq, position, 'match', replacement.team, replacement.in,
            replacement.out, replacement.reason, null,
          ]);
        }
        for (const replacement of raw.replacements?.role ?? []) {
          position += 1;
          this.replacements.add([
            matchId, inningsNo, seq, position, 'role', null, replacement.in, replacement.out,
            replacement.reason, replacement.role,
          ]);
        }
      }
    }

    summary.batting.forEach((entry, index) => {
      const dismissal = entry.dismissal;
      const namedFielders = dismissal?.fielders.filter((fielder) => fielder.id !== null) ?? [];
      this.batting.add([
        matchId, inningsNo, index + 1, ids.person(entry.player), entry.runs, entry.balls, entry.fours,
        entry.sixes, dismissal?.kind, dismissal?.bowler ? ids.person(dismissal.bowler) : null,
        namedFielders.length > 0 ? namedFielders.map((fielder) => ids.person(fielder.id!)) : null,
        // Every fielder by name, an unnamed substitute as 'sub'.
        dismissal && dismissal.fielders.length > 0
          ? dismissal.fielders.map((fielder) => fielder.name ?? 'sub')
          : null,
        dismissal?.wicketNumber, dismissal?.teamRuns, dismissal?.legalBalls,
      ]);
    });
    summary.bowling.forEach((entry, index) => {
      this.bowling.add([
        matchId, inningsNo, index + 1, ids.person(entry.player), entry.legalBalls, entry.maidens,
        entry.runs, entry.wickets, entry.wides, entry.noballs, entry.dots, entry.fours, entry.sixes,
      ]);
    });
    for (const fall of summary.fallOfWickets) {
      this.fallOfWickets.add([
        matchId, inningsNo, fall.wicketNumber, ids.person(fall.player), fall.teamRuns, fall.legalBalls,
        fall.kind,
      ]);
    }
    summary.partnerships.forEach((stand, index) => {
      this.partnerships.add([
        matchId, inningsNo, index + 1, stand.forWicket, ids.person(stand.batterA.player),
        stand.batterA.runs, stand.batterA.balls, ids.person(stand.batterB.player), stand.batterB.runs,
        stand.batterB.balls, stand.runs, stand.balls, stand.unbroken,
      ]);
    });
  }
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
        extras: {
          wides: raw.extras?.wides ?? 0,
          noballs: raw.extras?.noballs ?? 0,
          byes: raw.extras?.byes ?? 0,
          legbyes: raw.extras?.legbyes ?? 0,
          penalty: raw.extras?.penalty ?? 0,
        },
        wickets: (raw.wickets ?? []).map((wicket) => ({
          kind: wicket.kind,
          playerOut: personOf(wicket.player_out),
          fielders: (wicket.fielders ?? []).map(
            (fielder): Fielder => ({
              id: fielder.name === undefined ? null : personOf(fielder.name),
              name: fielder.name ?? null,
              substitute: fielder.substitute ?? false,
            }),
          ),
        })),
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
  };
}
