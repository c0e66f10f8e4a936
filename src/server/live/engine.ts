// The live engine (docs/decisions/025-live-engine-and-events.md, 080-live-engine-only-writes.md):
// the commands that play a match ball by ball. It validates a command, sequences it and commits
// it with its events through the one write path (LiveMatchWriter), which writes the events' rows in
// its own transaction; then it hands the committed events to its listener (the fan-out,
// realtime/fan-out.ts), which presents and pushes them. Nothing of the engine runs inside a
// write's transaction, and the engine neither presents nor emits. The scorer console, the
// ingest API and replays all come through here.
//
// Commands on one match run one at a time in this process (a queue per match); across processes
// the database's row locks order them (the innings row, matches.live_sequence).
import type { FastifyBaseLogger } from 'fastify';
import { Conflict, Invalid, NotFound, type Failure } from '../errors.ts';
import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { anyText } from '../db/any-of.ts';
import type { Db } from '../db/client.ts';
import type { Database, TeamSide } from '../db/schema.ts';
import type { Delivery } from '../domain/types.ts';
import { ballInPlayRefusal, ballItselfRefusal, type BallRefusal } from '../domain/ball-sense.ts';
import { ballPlaceOfKey, playStatusOfBreak, type BreakReason, type InningsEnd } from '../domain/live.ts';
import { LiveMatchWriter, type AppendedBall, type SquadMarks } from '../store/live-match-writer.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import { LiveEventLog, type CommittedEvent, type NewEvent } from '../store/live-events.ts';
import { ballsBeforeInnings } from '../store/packed-balls.ts';
import { ballDigest, deliveryOf, playerKeysOf, type CricsheetBall, type NamedPerson } from './cricsheet-ball.ts';
import { LiveWriteError, type FixtureInput } from '../store/fixture.ts';
import { INGEST_KEY_PATTERN, INGEST_KEY_PREFIX, ingestKey } from './ingest-keys.ts';
import type { LiveWriter } from './writer.ts';

export type { FixtureInput };

/** A command's events as committed, handed to the listener after the commit. */
export interface Committed {
  matchId: number;
  matchKey: string;
  /** In sequence; none for a new fixture (its home card alone is pushed). */
  events: CommittedEvent[];
  /** The 'ball' event is a stored ball corrected: pushed again saying so. */
  correction?: boolean;
}

/**
 * Where the engine hands what it committed (the fan-out, realtime/fan-out.ts): called after the
 * commit, never inside a transaction, in the order of the match's commands.
 */
export interface CommitListener {
  /** The payload of the match's last ball, drafted before an undo takes it away (it is read while still stored). */
  draftDeleted(matchKey: string, ballKey: string): Promise<Record<string, unknown>>;
  /**
   * Presents and pushes committed events and fills their payloads into the log. Never throws
   * (the writes stand); true when every row was filled: that write committed synchronously after
   * the command's own, so the command is on disk.
   */
  committed(commit: Committed): Promise<boolean>;
}

export type { BreakReason };

export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;

export interface RecordedBall {
  /** Sequence of the ball's 'commentory' event (its 'score' event is the next). */
  sequence: number;
  ballKey: string;
  /** The idempotency key was already used: nothing was written, nothing emitted. */
  duplicate: boolean;
  /** The rules ended the innings with this ball (all out, overs, target); null otherwise, or for a duplicate. */
  inningsEnd: InningsEnd | null;
  /** The ball decided the match, which is completed. */
  matchCompleted: boolean;
}

/** How a ball that starts the next innings (ingest) has it begin. */
export interface InningsStart {
  /** How the innings still in progress ended, when the rules did not end it: a declaration, or by hand. */
  closePrevious?: 'declared' | 'closed';
  /** The side batting (a follow-on); by default the rules' (nextInnings). */
  battingSide?: TeamSide;
}

/**
 * What names a ball for its idempotency: a key of the caller's (the scorer console, replays),
 * or the ingest API's sequence, which must be the next one or an earlier one sent again (a resend,
 * answered from its key): a later one is refused (409 with expected_sequence).
 */
export type BallIdentity = { idempotencyKey: string } | { sequence: number };

export interface LiveEngine {
  createFixture(input: FixtureInput): Promise<{ matchKey: string }>;
  setToss(matchKey: string, toss: { winner: TeamSide; decision: 'bat' | 'field' }): Promise<void>;
  setPlayingXI(matchKey: string, side: TeamSide, playerKeys: string[], marks?: SquadMarks): Promise<void>;
  /** Opens the next innings by the rules: the side batting by default the rules' (a follow-on named), its target the rules' unless given. */
  startInnings(matchKey: string, options: { battingSide?: TeamSide; target?: { runs: number; overs: number } }): Promise<void>;
  /**
   * `innings`, when given (the ingest API), is the innings in progress, or the next one: its
   * first ball starts it (`start` says how the innings before ended if the rules did not end it,
   * and may name the side batting); anything else is a 409.
   */
  recordBall(matchKey: string, ball: CricsheetBall, options: BallIdentity & { innings?: number; start?: InningsStart }): Promise<RecordedBall>;
  /**
   * Replaces a stored ball of the innings in progress (its key) with a correction, through the
   * one write path, and pushes the ball again under its own key (update_reason 'correction') with
   * the score after it: fans' lists replace it in place, nothing is added or lost.
   */
  correctBall(matchKey: string, ballKey: string, ball: CricsheetBall): Promise<{ sequence: number; ballKey: string }>;
  /** Takes back the match's last step (LiveMatchWriter.undoLast); ballKey is the ball taken back, null when none was. */
  undoLastBall(matchKey: string): Promise<{ sequence: number; ballKey: string | null } | null>;
  setBreak(matchKey: string, reason: BreakReason | null): Promise<void>;
  /** Closes the innings in progress by hand: declared, or stopped, or all out with batters (keys) absent hurt. */
  endInnings(matchKey: string, options: { declared?: boolean; absentHurt?: string[] }): Promise<void>;
  setRevisedTarget(matchKey: string, target: { runs: number; overs: number }): Promise<void>;
  addPenaltyRuns(matchKey: string, penalty: { side: TeamSide; runs: number }): Promise<void>;
  /** Completes the match with its computed result and the players of the match; on a match its deciding ball completed, records the award. */
  completeMatch(matchKey: string, options: { playerOfMatch: string[] }): Promise<void>;
  /** The match's last event sequence; null for an unknown match. */
  lastSequence(matchKey: string): Promise<number | null>;
}

export interface LiveEngineOptions {
  db: Db;
  /** Where the writer announces what changed (the change feed's publish). */
  publish: PublishTags;
  /** Where committed events go (the fan-out). */
  listener: CommitListener;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** The writer over the given database (tests may wrap it); default a LiveMatchWriter publishing to `publish`. */
  writerOf?: (db: Db) => LiveWriter;
}

interface MatchRef {
  id: number;
  key: string;
  ballsPerOver: number;
  format: string;
  oversLimit: number | null;
}

interface OpenInnings {
  inningsNo: number;
  battingTeam: TeamSide;
  legalBalls: number;
  inProgress: boolean;
  superOver: boolean;
  /** The over (0-based) of its latest ball, from its saved tally; null before its first ball or once it is closed. */
  lastOver: number | null;
}

/** A change of score or state: the one event of a command that writes no ball. */
const STATE: NewEvent[] = [{ kind: 'state', ballKey: null }];

export function createLiveEngine(options: LiveEngineOptions): LiveEngine {
  return new Engine(options);
}

class Engine implements LiveEngine {
  private readonly log: LiveEventLog;
  private readonly writer: LiveWriter;
  private readonly listener: CommitListener;
  private readonly db: Kysely<Database>;
  /** The tail of each match's command queue. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(options: LiveEngineOptions) {
    this.log = new LiveEventLog(options.db);
    this.writer = (options.writerOf ?? ((db: Db) => new LiveMatchWriter(db, options.publish)))(options.db);
    this.listener = options.listener;
    this.db = options.db.kysely;
  }

  async createFixture(input: FixtureInput): Promise<{ matchKey: string }> {
    let created;
    try {
      created = await this.writer.createFixture(input);
    } catch (error) {
      if (error instanceof LiveWriteError) throw new Invalid(error.message);
      throw error;
    }
    await this.listener.committed({ matchId: created.matchId, matchKey: created.matchKey, events: [] });
    return { matchKey: created.matchKey };
  }

  setToss(matchKey: string, toss: { winner: TeamSide; decision: 'bat' | 'field' }): Promise<void> {
    return this.changeState(matchKey, (match) => this.writer.setToss(match.id, toss, STATE));
  }

  setPlayingXI(matchKey: string, side: TeamSide, playerKeys: string[], marks?: SquadMarks): Promise<void> {
    return this.changeState(matchKey, (match) => this.writer.setPlayingXI(match.id, side, playerKeys, marks, STATE));
  }

  startInnings(matchKey: string, options: { battingSide?: TeamSide; target?: { runs: number; overs: number } }): Promise<void> {
    return this.changeState(matchKey, async (match) => (await this.writer.startNextInnings(match.id, options, STATE)).events);
  }

  recordBall(matchKey: string, ball: CricsheetBall, options: BallIdentity & { innings?: number; start?: InningsStart }): Promise<RecordedBall> {
    const sequence = 'sequence' in options ? options.sequence : null;
    const idempotencyKey = 'sequence' in options ? ingestKey(options.sequence) : options.idempotencyKey;
    if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new Invalid(`The idempotency key must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`);
    }
    return this.queued(matchKey, async (match) => {
      const digest = ballDigest(ball);
      const playerKeys = playerKeysOf(ball);
      // What the write needs, in one round trip (each ball waits for it). Refusals in this order:
      // a sequence out of order, a key already used, then the players (a ball refused for them
      // starts no innings).
      const context = await this.ballContext(match.id, idempotencyKey, playerKeys, sequence !== null);
      const expected = context.lastIngested + 1;
      if (sequence !== null && sequence > expected) {
        throw new Conflict(`Ball ${sequence} is out of order: the next ball is ${expected}.`, { expected_sequence: expected });
      }
      const reused = (): Failure =>
        sequence === null
          ? new Conflict(`The key ${idempotencyKey} was already used for a different ball.`)
          : new Conflict(`Ball ${sequence} was already sent as a different ball: the next ball is ${expected}.`, { expected_sequence: expected });
      const known = knownBallOf(context.known, digest, reused);
      if (known) {
        // Found, it may still be on its way to disk (below): the answer waits until it is there.
        await this.log.durable();
        return { ...known, duplicate: true, inningsEnd: null, matchCompleted: false };
      }
      const personOf = personLookup(context.people, playerKeys);
      // The ball itself before anything is written: refused for what it is, it starts no innings.
      // (Its over plays no part in these rules.)
      refuseNonsense(ballItselfRefusal(deliveryOf(ball, 0, personOf)), Invalid);
      let innings = context.innings;
      if (options.innings !== undefined) innings = await this.inningsForBall(match, innings, options.innings, options.start ?? {});
      if (!innings?.inProgress) {
        throw new Conflict(innings ? `Innings ${innings.inningsNo} is over: start the next one first.` : 'No innings is in progress: start one first.');
      }
      const delivery = deliveryOf(ball, ball.over ?? Math.floor(innings.legalBalls / match.ballsPerOver), personOf);
      refuseOutOfPlay(delivery, match, innings, context, innings.lastOver);
      let appended: AppendedBall;
      try {
        // Committed with synchronous_commit off (LiveMatchWriter.appendBall): the answer waits for the disk below.
        appended = await this.writer.appendBall(match.id, innings.inningsNo, delivery, ball.review, { idempotencyKey, digest, playerKeys });
      } catch (error) {
        // The same key sent at once to another process: that one wrote the ball.
        const raced = isUniqueViolation(error) ? await this.knownBall(match.id, idempotencyKey, digest, reused) : null;
        if (raced) return { ...raced, duplicate: true, inningsEnd: null, matchCompleted: false };
        throw error;
      }
      // Filling the event rows commits after the ball, synchronously: once it is done the ball is on disk.
      if (!(await this.listener.committed({ matchId: match.id, matchKey: match.key, events: appended.events }))) await this.log.durable();
      return { sequence: appended.events[0]!.sequence, ballKey: appended.ballKey, duplicate: false, inningsEnd: appended.inningsEnd, matchCompleted: appended.outcome !== null };
    });
  }

  correctBall(matchKey: string, key: string, ball: CricsheetBall): Promise<{ sequence: number; ballKey: string }> {
    return this.queued(matchKey, async (match) => {
      const place = ballPlaceOfKey(key);
      if (!place) throw new NotFound(`No ball with the key ${key}.`);
      const playerKeys = playerKeysOf(ball);
      const context = await this.ballContext(match.id, null, playerKeys, false);
      const innings = context.innings;
      if (!innings?.inProgress || innings.inningsNo !== place.inningsNo) {
        throw new Conflict(`Ball ${key} is not in the innings in progress: only its balls are corrected here.`);
      }
      const seq = place.matchSequence - (await ballsBeforeInnings(this.db, match.id, place.inningsNo));
      const personOf = personLookup(context.people, playerKeys);
      const delivery = deliveryOf(ball, place.over, personOf);
      refuseNonsense(ballItselfRefusal(delivery), Invalid);
      refuseOutOfPlay(delivery, match, innings, context, null);
      const events = await this.writer.replaceBall(match.id, place.inningsNo, seq, delivery, [{ kind: 'ball', ballKey: key }, ...STATE]);
      await this.listener.committed({ matchId: match.id, matchKey: match.key, events, correction: true });
      return { sequence: events[0]!.sequence, ballKey: key };
    });
  }

  undoLastBall(matchKey: string): Promise<{ sequence: number; ballKey: string | null } | null> {
    return this.queued(matchKey, async (match) => {
      const started = await this.db.selectFrom('innings').select(sql<number>`count(*)::int`.as('innings')).where('match_id', '=', match.id).executeTakeFirst();
      if (!started?.innings) return null;
      // The ball an undo may take back is the match's last one: its payload is drafted now, while it is stored.
      const ballKey = await this.log.lastBallKey(match.id);
      const deleted: NewEvent | null = ballKey === null ? null : { kind: 'ball_deleted', ballKey, draft: await this.listener.draftDeleted(match.key, ballKey) };
      const undone = await this.writer.undoLast(match.id, { deleted });
      if (!undone) return null;
      await this.listener.committed({ matchId: match.id, matchKey: match.key, events: undone.events });
      return { sequence: undone.events[0]!.sequence, ballKey: undone.events.length > 1 ? ballKey : null };
    });
  }

  setBreak(matchKey: string, reason: BreakReason | null): Promise<void> {
    return this.changeState(matchKey, (match) =>
      this.writer.setPlayState(match.id, { playStatus: reason === null ? 'in_play' : playStatusOfBreak(reason), breakReason: reason }, STATE),
    );
  }

  endInnings(matchKey: string, options: { declared?: boolean; absentHurt?: string[] }): Promise<void> {
    return this.changeState(matchKey, async (match) => {
      const innings = await this.openInnings(match.id);
      if (!innings?.inProgress) throw new Conflict('No innings is in progress.');
      const closing = { declared: options.declared ?? false, ...(options.absentHurt ? { absentHurt: options.absentHurt } : {}) };
      return (await this.writer.closeInnings(match.id, innings.inningsNo, closing, STATE)).events;
    });
  }

  setRevisedTarget(matchKey: string, target: { runs: number; overs: number }): Promise<void> {
    return this.changeState(matchKey, (match) => this.writer.setRevisedTarget(match.id, target, STATE));
  }

  addPenaltyRuns(matchKey: string, penalty: { side: TeamSide; runs: number }): Promise<void> {
    return this.changeState(matchKey, async (match) => {
      // Runs to the side batting now join its innings; to the fielding side, its last innings,
      // else (it has not batted yet) its first one, before the first ball (Law 41.17).
      const last = await this.db
        .selectFrom('innings')
        .select(['innings_no', 'batting_team'])
        .where('match_id', '=', match.id)
        .where('batting_team', '=', penalty.side)
        .orderBy('innings_no', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!last) throw new Conflict('Penalty runs to a side that has not batted are added when its innings starts.');
      return this.writer.addPenaltyRuns(match.id, last.innings_no, { runs: penalty.runs, when: 'post' }, STATE);
    });
  }

  completeMatch(matchKey: string, options: { playerOfMatch: string[] }): Promise<void> {
    return this.changeState(matchKey, async (match) => (await this.writer.completeMatch(match.id, { playerOfMatch: options.playerOfMatch }, STATE)).events);
  }

  lastSequence(matchKey: string): Promise<number | null> {
    return this.log.lastSequence(matchKey);
  }

  // ---------- internals ----------

  /** Runs a command after the match's earlier ones; the match must exist (404). */
  private queued<T>(matchKey: string, command: (match: MatchRef) => Promise<T>): Promise<T> {
    const previous = this.queues.get(matchKey) ?? Promise.resolve();
    const run = previous.then(async () => {
      const match = await this.matchRef(matchKey);
      if (!match) throw new NotFound('Match not found');
      try {
        return await command(match);
      } catch (error) {
        // The store refused the command as given (an unknown key, a move play cannot make).
        if (error instanceof LiveWriteError) throw new Conflict(error.message);
        throw error;
      }
    });
    const tail = run.catch(() => undefined);
    this.queues.set(matchKey, tail);
    void tail.then(() => {
      if (this.queues.get(matchKey) === tail) this.queues.delete(matchKey);
    });
    return run;
  }

  /** A command that changes the match's state (no ball): one 'score' event. */
  private changeState(matchKey: string, write: (match: MatchRef) => Promise<CommittedEvent[]>): Promise<void> {
    return this.queued(matchKey, (match) => this.stateChange(match, write));
  }

  /** A change of state within a command already queued: written with its 'score' event (`write` logs STATE), then handed on. */
  private async stateChange(match: MatchRef, write: (match: MatchRef) => Promise<CommittedEvent[]>): Promise<void> {
    const events = await write(match);
    await this.listener.committed({ matchId: match.id, matchKey: match.key, events });
  }

  /**
   * The innings a ball sent for innings `wanted` goes to (the ingest API): the one in progress,
   * or the next one, which this ball starts (closing the one before as `start` says, when the
   * rules had not closed it). Refused with what to send instead.
   */
  private async inningsForBall(match: MatchRef, latest: OpenInnings | null, wanted: number, start: InningsStart): Promise<OpenInnings | null> {
    const latestNo = latest?.inningsNo ?? 0;
    if (latest?.inProgress && wanted === latestNo) return latest;
    if (wanted !== latestNo + 1) {
      const now = latest ? `innings ${latestNo} is ${latest.inProgress ? 'in progress' : 'over'}` : 'no innings has started';
      const send = latest?.inProgress ? `${latestNo} (or ${latestNo + 1} to start it)` : String(latestNo + 1);
      throw new Conflict(`Innings ${wanted} cannot take this ball: ${now}. Send innings ${send}.`, {
        innings_in_progress: latest?.inProgress ? latestNo : null,
      });
    }
    if (latest?.inProgress && start.closePrevious === undefined) {
      throw new Conflict(
        `Innings ${latestNo} is still in progress. To start innings ${wanted} with this ball, say how innings ${latestNo} ended: ` +
          `"previous_innings": "declared" (a declaration) or "closed" (stopped by rain or time, or forfeited).`,
        { innings_in_progress: latestNo },
      );
    }
    await this.stateChange(match, async () => {
      const options = {
        ...(start.closePrevious === undefined ? {} : { closePrevious: start.closePrevious }),
        ...(start.battingSide === undefined ? {} : { battingSide: start.battingSide }),
      };
      return (await this.writer.startNextInnings(match.id, options, STATE)).events;
    });
    return this.openInnings(match.id);
  }

  private async matchRef(matchKey: string): Promise<MatchRef | null> {
    const row = await this.db.selectFrom('matches').select(['id', 'balls_per_over', 'format', 'overs_limit']).where('match_key', '=', matchKey).executeTakeFirst();
    return row ? { id: row.id, key: matchKey, ballsPerOver: row.balls_per_over, format: row.format, oversLimit: row.overs_limit } : null;
  }

  private async openInnings(matchId: number): Promise<OpenInnings | null> {
    const row = await latestInnings(this.db, matchId).executeTakeFirst();
    return openInningsOf(row ?? null);
  }

  /**
   * What a ball's write needs before it, in one statement: the ball its idempotency key already
   * wrote (none asked for with null: a correction), the people of its player keys, the match's
   * latest innings, and (`ingested`) the last sequence the ingest API's keys name.
   */
  private async ballContext(matchId: number, idempotencyKey: string | null, playerKeys: readonly string[], ingested: boolean): Promise<BallContext> {
    const row = await this.db
      .selectNoFrom((eb) => [
        // None asked for (a correction): null, as a key matches no row.
        idempotencyKey === null ? sql<KnownBallRow | null>`null`.as('known') : jsonObjectFrom(knownBall(eb, matchId, idempotencyKey)).as('known'),
        jsonArrayFrom(eb.selectFrom('people').select(['id', 'registry_id', 'name']).where('registry_id', '=', anyText(playerKeys))).as('people'),
        jsonObjectFrom(latestInnings(eb, matchId)).as('innings'),
        jsonArrayFrom(
          eb
            .selectFrom('match_players')
            .select([sql<string>`person_id::text`.as('id'), 'team'])
            .where('match_id', '=', matchId),
        ).as('sheets'),
        ingested
          ? eb
              .selectFrom('ball_idempotency')
              // The sequence an ingest key ends with: text arithmetic the builders cannot say.
              .select(sql<number>`max(substring(idempotency_key from ${INGEST_KEY_PREFIX.length + 1}::integer)::integer)`.as('n'))
              .where('match_id', '=', matchId)
              .where('idempotency_key', '~', INGEST_KEY_PATTERN)
              .$asScalar()
              .as('last_ingested')
          : sql<number | null>`null`.as('last_ingested'),
      ])
      .executeTakeFirstOrThrow();
    const sides = new Map(row.sheets.map((sheet) => [sheet.id, sheet.team]));
    return { known: row.known, people: row.people, innings: openInningsOf(row.innings), sides, lastIngested: row.last_ingested ?? 0 };
  }

  /** The ball an idempotency key already wrote; `reused` when that was a different ball. */
  private async knownBall(matchId: number, idempotencyKey: string, digest: Buffer, reused: () => Failure): Promise<{ sequence: number; ballKey: string } | null> {
    const row = await knownBall(this.db, matchId, idempotencyKey).executeTakeFirst();
    return knownBallOf(row ?? null, digest, reused);
  }
}

/** The match's latest innings, as a command checks it. */
function latestInnings(db: Pick<Kysely<Database>, 'selectFrom'>, matchId: number) {
  return db
    .selectFrom('innings')
    .select((eb) => [
      'innings_no',
      'batting_team',
      'legal_balls',
      'super_over',
      eb('tally', 'is not', null).$castTo<boolean>().as('open'),
      // A path into the saved tally, cast: jsonb operators the builders do not type.
      sql<number | null>`(tally->'over'->>'index')::int`.as('last_over'),
    ])
    .where('match_id', '=', matchId)
    .orderBy('innings_no', 'desc')
    .limit(1);
}
type OpenInningsRow = { innings_no: number; batting_team: TeamSide; legal_balls: number; open: boolean; super_over: boolean; last_over: number | null };

function openInningsOf(row: OpenInningsRow | null): OpenInnings | null {
  return row
    ? { inningsNo: row.innings_no, battingTeam: row.batting_team, legalBalls: row.legal_balls, inProgress: row.open, superOver: row.super_over, lastOver: row.last_over }
    : null;
}

/** A ball the match's state makes impossible (a player off the team sheets, an over past the limit) is refused; nothing is written. */
function refuseOutOfPlay(delivery: Delivery, match: MatchRef, innings: OpenInnings, context: BallContext, lastOver: number | null): void {
  const sheets = new Set(context.sides.values());
  const oversLimit = innings.superOver ? 1 : match.oversLimit;
  refuseNonsense(ballInPlayRefusal(delivery, { battingSide: innings.battingTeam, sides: context.sides, sheets, oversLimit, lastOver }), Conflict);
}

/** A ball that makes no cricket sense is refused with the rule it breaks; nothing is written. */
function refuseNonsense(refusal: BallRefusal | null, as: typeof Invalid | typeof Conflict): void {
  if (refusal) throw new as(`Refused (${refusal.rule}): ${refusal.message}`, { rule: refusal.rule });
}

/** The digest in hex: the row is also read as JSON (ballContext), where a bytea would not survive. */
/** The ball an idempotency key wrote, its digest in hex. */
function knownBall(db: Pick<Kysely<Database>, 'selectFrom'>, matchId: number, idempotencyKey: string) {
  return db
    .selectFrom('ball_idempotency')
    .select((eb) => ['sequence', 'ball_key', eb.fn<string | null>('encode', ['ball_digest', sql.lit('hex')]).as('ball_digest')])
    .where('match_id', '=', matchId)
    .where('idempotency_key', '=', idempotencyKey);
}
type KnownBallRow = { sequence: number; ball_key: string; ball_digest: string | null };

/** The ball an idempotency key already wrote (its row); `reused` is thrown when that was a different ball. */
function knownBallOf(row: KnownBallRow | null, digest: Buffer, reused: () => Failure): { sequence: number; ballKey: string } | null {
  if (!row) return null;
  if (row.ball_digest !== null && row.ball_digest !== digest.toString('hex')) throw reused();
  return { sequence: row.sequence, ballKey: row.ball_key };
}

type PersonRow = { id: number; registry_id: string; name: string };

interface BallContext {
  known: KnownBallRow | null;
  people: PersonRow[];
  innings: OpenInnings | null;
  /** The side of every player on the match's team sheets, by people id. */
  sides: Map<string, TeamSide>;
  /** The last sequence the ingest API's keys name (0 for none, or when not asked). */
  lastIngested: number;
}

/** The people of the given player keys from their rows; a key no person has is refused (400). */
function personLookup(rows: readonly PersonRow[], keys: readonly string[]): (key: string) => NamedPerson {
  const people = new Map(rows.map((row) => [row.registry_id, { id: String(row.id), name: row.name }]));
  const unknown = keys.filter((key) => !people.has(key));
  if (unknown.length > 0) throw new Invalid(`Unknown player key: ${unknown.join(', ')}`);
  return (key) => people.get(key)!;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

