// COPY buffers for the tables of a match, filled from MatchWrite with database ids.
import { CopyBuffer, CopyText } from '../db/copy-format.ts';
import { RULES_VERSION } from '../domain/rules-version.ts';
import { addFantasyRows, fantasyBuffer, matchFantasy } from './fantasy-rows.ts';
import { importedLiveFacts, type DerivedInnings, type InningsWrite, type MatchWrite } from './match-write.ts';

/** Database ids of a match's entities. */
export interface ResolvedIds {
  /** Person ref (index into MatchWrite.people) → people.id. */
  person: (ref: number) => number;
  teamA: number;
  teamB: number;
  venue: number | null;
  tournament: number;
}

/** A bytea column's COPY text: hex, its backslash escaped for COPY (the value is used as written). */
function bytea(bytes: Uint8Array): CopyText {
  return new CopyText(`\\\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`);
}

/** A JSON array for a jsonb column (CopyBuffer would write a JS array as a PostgreSQL array). */
function jsonb(value: unknown[] | null | undefined): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The innings columns the rules derive, in the order inningsTotals() gives them. */
export const INNINGS_TOTALS = ['runs', 'wickets', 'legal_balls', 'called_balls', 'byes', 'legbyes', 'wides', 'noballs', 'penalty'] as const;

export function inningsTotals(derived: DerivedInnings): number[] {
  const { extras } = derived;
  return [
    derived.runs, derived.wickets, derived.legalBalls, derived.calledBalls, extras.byes, extras.legbyes, extras.wides,
    extras.noballs, extras.penalty,
  ];
}

/** Positions (wicket numbers for falls) of the derived rows of an innings that one ball changed. */
export interface DerivedSelection {
  batting: number[];
  bowling: number[];
  fallOfWickets: number[];
  partnerships: number[];
}

/** Buffers of the rows derived from deliveries: the part rederive() rewrites. */
export class DerivedCopy {
  readonly batting: CopyBuffer<'batting_innings'>;
  readonly bowling: CopyBuffer<'bowling_innings'>;
  readonly fallOfWickets: CopyBuffer<'fall_of_wickets'>;
  readonly partnerships: CopyBuffer<'partnerships'>;

  /** `keepRows`: the rows are kept as given too, for a statement that upserts them (a live ball's, upsertBallRows). */
  constructor(options: { keepRows?: boolean } = {}) {
    this.batting = new CopyBuffer('batting_innings', [
      'match_id', 'innings_no', 'position', 'person_id', 'runs', 'balls', 'fours', 'sixes', 'dismissal_kind',
      'bowler_id', 'fielder_ids', 'fielder_names', 'wicket_no', 'team_runs_at_dismissal',
      'legal_balls_at_dismissal', 'dismissal_over', 'dismissal_ball',
    ], options);
    this.bowling = new CopyBuffer('bowling_innings', [
      'match_id', 'innings_no', 'position', 'person_id', 'legal_balls', 'called_balls', 'maidens', 'runs',
      'wickets', 'wides', 'noballs', 'dots', 'fours', 'sixes',
    ], options);
    this.fallOfWickets = new CopyBuffer('fall_of_wickets', [
      'match_id', 'innings_no', 'wicket_no', 'person_id', 'team_runs', 'legal_balls', 'kind', 'over_no', 'ball_no',
    ], options);
    this.partnerships = new CopyBuffer('partnerships', [
      'match_id', 'innings_no', 'position', 'for_wicket', 'batter_a_id', 'batter_a_runs', 'batter_a_balls',
      'batter_b_id', 'batter_b_runs', 'batter_b_balls', 'runs', 'balls', 'unbroken',
    ], options);
  }

  all(): CopyBuffer<'batting_innings' | 'bowling_innings' | 'fall_of_wickets' | 'partnerships'>[] {
    return [this.batting, this.bowling, this.fallOfWickets, this.partnerships];
  }

  /** Adds the derived rows of an innings; `only` keeps the rows a single ball changed. */
  add(
    matchId: number,
    inningsNo: number,
    derived: DerivedInnings,
    person: (ref: number) => number,
    only?: DerivedSelection,
  ): void {
    derived.batting.forEach((entry, index) => {
      if (only && !only.batting.includes(index + 1)) return;
      const out = entry.dismissal;
      this.batting.add([
        matchId, inningsNo, index + 1, person(entry.player), entry.runs, entry.balls, entry.fours, entry.sixes,
        out?.kind, out && out.bowler !== null ? person(out.bowler) : null, out?.fielders?.map(person),
        out?.fielderNames, out?.wicketNo, out?.teamRuns, out?.legalBalls, out?.over, out?.ball,
      ]);
    });
    derived.bowling.forEach((entry, index) => {
      if (only && !only.bowling.includes(index + 1)) return;
      this.bowling.add([
        matchId, inningsNo, index + 1, person(entry.player), entry.legalBalls, entry.calledBalls, entry.maidens,
        entry.runs, entry.wickets, entry.wides, entry.noballs, entry.dots, entry.fours, entry.sixes,
      ]);
    });
    for (const fall of derived.fallOfWickets) {
      if (only && !only.fallOfWickets.includes(fall.wicketNo)) continue;
      this.fallOfWickets.add([
        matchId, inningsNo, fall.wicketNo, person(fall.player), fall.teamRuns, fall.legalBalls, fall.kind,
        fall.over, fall.ball,
      ]);
    }
    derived.partnerships.forEach((stand, index) => {
      if (only && !only.partnerships.includes(index + 1)) return;
      this.partnerships.add([
        matchId, inningsNo, index + 1, stand.forWicket, person(stand.batterA), stand.batterARuns,
        stand.batterABalls, person(stand.batterB), stand.batterBRuns, stand.batterBBalls, stand.runs, stand.balls,
        stand.unbroken,
      ]);
    });
  }
}

/** Buffers for every table of a match, in an order that satisfies the foreign keys. */
export class MatchCopy {
  readonly matches = new CopyBuffer('matches', [
    'id', 'match_key', 'tournament_id', 'source_sha1', 'data_version', 'revision', 'created',
    'match_type', 'match_type_number', 'format', 'format_type', 'gender', 'team_type', 'balls_per_over', 'overs_limit',
    'start_date', 'dates', 'team_a_id', 'team_b_id', 'team_a_name', 'team_b_name', 'venue_id',
    'event_match_number', 'event_group', 'event_stage', 'status', 'toss_winner', 'toss_decision',
    'winner', 'result', 'win_by_runs', 'win_by_wickets', 'win_by_innings', 'method', 'eliminator',
    'bowl_out', 'missing', 'rules_version', 'start_at', 'play_status', 'source', 'is_replay', 'replay_of',
  ]);
  readonly officials = new CopyBuffer('match_officials', ['match_id', 'role', 'position', 'person_id']);
  readonly players = new CopyBuffer('match_players', ['match_id', 'team', 'position', 'person_id']);
  readonly playerOfMatch = new CopyBuffer('player_of_match', ['match_id', 'position', 'person_id']);
  readonly innings = new CopyBuffer('innings', [
    'match_id', 'innings_no', 'batting_team', 'super_over', 'declared', 'forfeited', 'target_runs',
    'target_balls', 'penalty_runs_pre', 'penalty_runs_post', 'absent_hurt', 'miscounted_overs', ...INNINGS_TOTALS,
  ]);
  readonly powerplays = new CopyBuffer('powerplays', ['match_id', 'innings_no', 'position', 'from_over', 'to_over', 'kind']);
  readonly balls = new CopyBuffer('innings_balls', ['match_id', 'innings_no', 'people', 'balls', 'reviews']);
  readonly wickets = new CopyBuffer('wickets', [
    'match_id', 'innings_no', 'seq', 'position', 'kind', 'player_out_id', 'fielders', 'fielder_ids',
  ]);
  readonly replacements = new CopyBuffer('replacements', [
    'match_id', 'innings_no', 'seq', 'position', 'kind', 'team', 'player_in', 'player_out', 'reason', 'role',
  ]);
  readonly derived = new DerivedCopy();
  readonly fantasy = fantasyBuffer();

  /** Buffers in foreign-key order: parents before children. */
  all(): CopyBuffer[] {
    return [
      this.matches, this.officials, this.players, this.playerOfMatch, this.innings, this.powerplays, this.balls,
      this.wickets, this.replacements, ...this.derived.all(), this.fantasy,
    ];
  }

  add(write: MatchWrite, ids: ResolvedIds): void {
    const { id: matchId, facts: f } = write;
    const [teamA, teamB] = write.teams;
    const live = f.live ?? importedLiveFacts(f.status);
    this.matches.add([
      matchId, f.matchKey, ids.tournament, f.sourceSha1, f.dataVersion, f.revision, f.created, f.matchType,
      f.matchTypeNumber, f.format, f.formatType, f.gender, f.teamType, f.ballsPerOver, f.oversLimit, f.startDate, f.dates,
      ids.teamA, ids.teamB, teamA.usedName, teamB.usedName, ids.venue, f.eventMatchNumber, f.eventGroup,
      f.eventStage, f.status, f.tossWinner, f.tossDecision, f.winner, f.result, f.winByRuns, f.winByWickets,
      f.winByInnings, f.method, f.eliminator, f.bowlOut, jsonb(f.missing), RULES_VERSION, live.startAt, live.playStatus,
      live.source, live.isReplay, live.replayOf,
    ]);
    for (const official of write.officials) {
      this.officials.add([matchId, official.role, official.position, ids.person(official.person)]);
    }
    for (const player of write.players) this.players.add([matchId, player.team, player.position, ids.person(player.person)]);
    write.playerOfMatch.forEach((ref, index) => this.playerOfMatch.add([matchId, index + 1, ids.person(ref)]));
    for (const innings of write.innings) this.addInnings(matchId, innings, ids.person);
    const players = write.players.map((player) => ({ player: player.person, team: player.team }));
    const innings = write.innings.map(({ facts, derived }) => ({ superOver: facts.superOver, batting: derived.batting, bowling: derived.bowling }));
    addFantasyRows(this.fantasy, matchId, matchFantasy(f.formatType, players, innings), ids.person);
  }

  private addInnings(matchId: number, { facts, balls, wickets, replacements, derived }: InningsWrite, person: (ref: number) => number): void {
    const n = facts.inningsNo;
    this.innings.add([
      matchId, n, facts.battingTeam, facts.superOver, facts.declared, facts.forfeited, facts.targetRuns,
      facts.targetBalls, facts.penaltyRunsPre, facts.penaltyRunsPost, facts.absentHurt, jsonb(facts.calledOvers),
      ...inningsTotals(derived),
    ]);
    facts.powerplays.forEach((powerplay, index) => {
      this.powerplays.add([matchId, n, index + 1, powerplay.fromOver, powerplay.toOver, powerplay.kind]);
    });
    if (balls.bytes.length > 0) {
      this.balls.add([matchId, n, balls.people.map(person), bytea(balls.bytes), jsonb(balls.reviews)]);
    }
    for (const wicket of wickets) {
      this.wickets.add([
        matchId, n, wicket.seq, wicket.position, wicket.kind, person(wicket.playerOut), jsonb(wicket.fielders),
        wicket.fielderRefs?.map(person),
      ]);
    }
    for (const r of replacements) {
      this.replacements.add([matchId, n, r.seq, r.position, r.kind, r.team, r.playerIn, r.playerOut, r.reason, r.role]);
    }
    this.derived.add(matchId, n, derived, person);
  }
}
