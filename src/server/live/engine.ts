// The live engine (docs/decisions/025-live-engine-and-events.md): the commands that play a
// match ball by ball, over the one write path (MatchWriter), each writing its events to the
// match's log in the write's own transaction and then pushing them to the match's room and the
// home room. The scorer console, the ingest API and replays all come through here.
//
// Commands on one match run one at a time in this process (a queue per match); across processes
// the database's row locks order them (the innings row, matches.live_sequence).
import type { FastifyBaseLogger } from 'fastify';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import type { MatchObject } from '../wire/presenters/match.ts';
import { WORDING_LANGS, type AppCommentoryEvent, type CommentoryEvent, type LiveBallObject, type ScoreEvent, type WordingEvent, type WordingLang } from '../wire/schemas/realtime.ts';
import type { Db } from '../db/client.ts';
import type { TeamSide } from '../db/schema.ts';
import { isLegalDelivery } from '../domain/overs.ts';
import type { Delivery } from '../domain/types.ts';
import { ballInPlayRefusal, ballItselfRefusal, type BallRefusal } from '../domain/ball-sense.ts';
import type { Services } from '../services/index.ts';
import { ballKey, ballPlaceOfKey, playStatusOfBreak, RECENT_BALLS_READ, type BreakReason, type InningsEnd } from '../domain/live.ts';
import { MatchWriter, type AppendedBall, type SquadMarks } from '../store/match-writer.ts';
import { ballsBeforeInnings, lastStoredBalls, storedBallCount } from '../store/packed-balls.ts';
import { deliveriesOf, queryRows, readStoredInnings, type QueryRows } from '../store/stored-deliveries.ts';
import { ballDigest, deliveryOf, playerKeysOf, type CricsheetBall, type NamedPerson } from './cricsheet-ball.ts';
import { EventLog, socketEventOf, type LiveEventRow, type NewEvent } from './event-log.ts';
import { LivePayloads } from './payloads.ts';
import { LiveWriteError, type FixtureInput } from '../store/fixture.ts';
import type { LiveWriter } from './writer.ts';

export type { FixtureInput };

/** Where the engine's events go: Socket.IO rooms in the server (realtime), a recorder in tests. */
export interface Broadcaster {
  /** A match's event to its sockets; a 'commentory' to those of our pages only (apps hear toApps). */
  toMatch(matchKey: string, event: 'score' | 'commentory', payload: ScoreEvent | CommentoryEvent): void;
  toHome(event: 'card', payload: unknown): void;
  /** Whether apps of API origins may listen: only then are their 'commentory' snapshots made. */
  readonly appsListen?: boolean;
  /** A match's 'commentory' as its sockets of API origins hear it: a complete snapshot (decision 061). */
  toApps?(matchKey: string, event: 'commentory', payload: AppCommentoryEvent): void;
  /** A new ball's sentence in another language, to the match's pages in that language. */
  toLanguage?(matchKey: string, lang: WordingLang, payload: WordingEvent): void;
  /** Whether any page in that language may be following the match (its sentence is built only then). */
  languageListens?(matchKey: string, lang: WordingLang): boolean;
}

/** An event as a catching-up client is sent it again. */
export type LiveEvent = { event: 'score'; payload: ScoreEvent } | { event: 'commentory'; payload: CommentoryEvent };
/** An event of a match as it stands, sent to an app on 'sub' (its 'commentory' the apps' snapshot). */
export type SnapshotEvent = { event: 'score'; payload: ScoreEvent } | { event: 'commentory'; payload: AppCommentoryEvent };

export type { BreakReason };

export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;
/** Matches in play primed when a server starts (primeMatchesInPlay). */
export const MATCHES_PRIMED = 20;
/**
 * Events one catch-up sends at most (decision 058): about 50 balls, several minutes of play. A
 * client that missed more is told to reload the match, which costs one page (or one match
 * detail) rather than a replay of its log.
 */
export const CATCH_UP_WINDOW = 100;

/** The answer to a catch-up: the missed events, or the match's last sequence when more than CATCH_UP_WINDOW were missed. */
export type CatchUp = { kind: 'events'; events: LiveEvent[] } | { kind: 'reload'; sequence: number };

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
  recordBall(matchKey: string, ball: CricsheetBall, options: { idempotencyKey: string; innings?: number; start?: InningsStart }): Promise<RecordedBall>;
  /**
   * Replaces a stored ball of the innings in progress (its key) with a correction, through the
   * one write path, and pushes the ball again under its own key (update_reason 'correction') with
   * the score after it: fans' lists replace it in place, nothing is added or lost.
   */
  correctBall(matchKey: string, ballKey: string, ball: CricsheetBall): Promise<{ sequence: number; ballKey: string }>;
  /** Takes back the match's last step (MatchWriter.undoLast); ballKey is the ball taken back, null when none was. */
  undoLastBall(matchKey: string): Promise<{ sequence: number; ballKey: string | null } | null>;
  setBreak(matchKey: string, reason: BreakReason | null): Promise<void>;
  /** Closes the innings in progress by hand: declared, or stopped, or all out with batters (keys) absent hurt. */
  endInnings(matchKey: string, options: { declared?: boolean; absentHurt?: string[] }): Promise<void>;
  setRevisedTarget(matchKey: string, target: { runs: number; overs: number }): Promise<void>;
  addPenaltyRuns(matchKey: string, penalty: { side: TeamSide; runs: number }): Promise<void>;
  /** Completes the match with its computed result and the players of the match; on a match its deciding ball completed, records the award. */
  completeMatch(matchKey: string, options: { playerOfMatch: string[] }): Promise<void>;
  /** The match's events after `afterSequence`, oldest first (at most CATCH_UP_WINDOW). */
  eventsSince(matchKey: string, afterSequence: number): Promise<LiveEvent[]>;
  /** What a client that saw up to `afterSequence` is sent: the events after it, or 'reload' when they are too many. */
  catchUp(matchKey: string, afterSequence: number): Promise<CatchUp>;
  /** The match's last event sequence; null for an unknown match. */
  lastSequence(matchKey: string): Promise<number | null>;
  /**
   * A match in play as it stands: its 'score', then its 'commentory' as apps hear it (the latest
   * balls, AppCommentoryEvent), both with the last sequence (what a socket of an API origin hears
   * on 'sub'); empty for a match not in play or unknown.
   */
  snapshot(matchKey: string): Promise<SnapshotEvent[]>;
  /**
   * Builds the payloads of the matches in play (at most MATCHES_PRIMED, the latest), caching what
   * the match centre caches: a server started during play serves its first ball and the fans
   * coming back without cold caches, connections and code. Returns how many it primed.
   */
  primeMatchesInPlay(): Promise<number>;
}

export interface LiveEngineOptions {
  db: Db;
  services: Services;
  broadcaster: Broadcaster;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info'>;
  /** The writer over the given database (tests may wrap it); default a MatchWriter publishing to services.feed. */
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

export function createLiveEngine(options: LiveEngineOptions): LiveEngine {
  return new Engine(options);
}

class Engine implements LiveEngine {
  private readonly log: EventLog;
  private readonly writer: LiveWriter;
  private readonly payloads: LivePayloads;
  private readonly broadcaster: Broadcaster;
  private readonly logger: LiveEngineOptions['logger'];
  private readonly read: QueryRows;
  /** The tail of each match's command queue. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(options: LiveEngineOptions) {
    this.log = new EventLog(options.db);
    // The feed drops this process's caches as it is called; the ball's events need not wait for
    // the message to the other processes (a round trip to the transport) to be sent.
    const publish = (tags: string[]) => void options.services.feed.publish(tags);
    const writerOf = options.writerOf ?? ((db: Db) => new MatchWriter(db, publish));
    this.writer = writerOf(this.log.writerDb);
    this.payloads = new LivePayloads(options.services);
    this.broadcaster = options.broadcaster;
    this.logger = options.logger;
    this.read = queryRows(options.db.kysely);
  }

  async createFixture(input: FixtureInput): Promise<{ matchKey: string }> {
    let created;
    try {
      created = await this.writer.createFixture(input);
    } catch (error) {
      if (error instanceof LiveWriteError) throw new Invalid(error.message);
      throw error;
    }
    const { matchKey } = created;
    await this.emitCard(matchKey, 0);
    return { matchKey };
  }

  setToss(matchKey: string, toss: { winner: TeamSide; decision: 'bat' | 'field' }): Promise<void> {
    return this.changeState(matchKey, (match) => this.writer.setToss(match.id, toss));
  }

  setPlayingXI(matchKey: string, side: TeamSide, playerKeys: string[], marks?: SquadMarks): Promise<void> {
    return this.changeState(matchKey, (match) => this.writer.setPlayingXI(match.id, side, playerKeys, marks));
  }

  startInnings(matchKey: string, options: { battingSide?: TeamSide; target?: { runs: number; overs: number } }): Promise<void> {
    return this.changeState(matchKey, async (match) => {
      await this.writer.startNextInnings(match.id, options);
    });
  }

  recordBall(matchKey: string, ball: CricsheetBall, options: { idempotencyKey: string; innings?: number; start?: InningsStart }): Promise<RecordedBall> {
    const { idempotencyKey } = options;
    if (idempotencyKey.length === 0 || idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      throw new Invalid(`The idempotency key must have 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`);
    }
    return this.queued(matchKey, async (match) => {
      const digest = ballDigest(ball);
      const playerKeys = playerKeysOf(ball);
      // What the write needs, in one round trip (each ball waits for it), and the match centre's
      // row (cached) the ball's entry is built from inside the transaction. Refusals in this
      // order: a key already used, then the players (a ball refused for them starts no innings).
      const [context, row] = await Promise.all([this.ballContext(match.id, idempotencyKey, playerKeys), this.payloads.matchRow(match.key)]);
      const known = knownBallOf(context.known, idempotencyKey, digest);
      if (known) {
        // Found, it may still be on its way to disk (below): the answer waits until it is there.
        await this.log.durable();
        return { ...known, duplicate: true, inningsEnd: null, matchCompleted: false };
      }
      const personOf = personLookup(context.people, playerKeys);
      // The ball itself before anything is written: refused for what it is, it starts no innings.
      // (Its over plays no part in these rules.)
      refuseNonsense(ballItselfRefusal(deliveryOf(ball, 0, personOf)), Invalid);
      if (!row) throw new Error(`no match ${match.key} in the match centre`);
      let innings = context.innings;
      if (options.innings !== undefined) innings = await this.inningsForBall(match, innings, options.innings, options.start ?? {});
      if (!innings?.inProgress) {
        throw new Conflict(innings ? `Innings ${innings.inningsNo} is over: start the next one first.` : 'No innings is in progress: start one first.');
      }
      const inningsNo = innings.inningsNo;
      const delivery = deliveryOf(ball, ball.over ?? Math.floor(innings.legalBalls / match.ballsPerOver), personOf);
      refuseOutOfPlay(delivery, match, innings, context, innings.lastOver);
      let written: { sequence: number; ball: LiveBallObject } | undefined;
      let appended: AppendedBall;
      try {
        appended = await this.log.within(
          async (tx) => {
            // The ball's fans need not wait for its commit to reach the disk (PostgreSQL's fsync,
            // milliseconds): its events are pushed as soon as it is committed, and the scorer's
            // answer waits until it is on disk (below), so an answered ball is never lost.
            await tx.query('set local synchronous_commit to off');
            // The pushed ball is read here, from what this transaction has written, not again
            // after the commit (decision 047); it is pushed only once the commit is done.
            const ball = await this.payloads.lastBallInTransaction(tx.query.bind(tx) as QueryRows, row, inningsNo);
            if (ball === null) throw new Error(`the ball written to ${match.key} is not stored`);
            const sequence = await this.log.append(tx, match.id, [{ kind: 'ball', ballKey: ball.key }, { kind: 'state', ballKey: null }]);
            await tx.query(
              'insert into ball_idempotency (match_id, idempotency_key, sequence, ball_key, ball_digest) values ($1, $2, $3, $4, $5)',
              [match.id, idempotencyKey, sequence, ball.key, digest],
            );
            written = { sequence, ball };
          },
          () => this.writer.appendBall(match.id, inningsNo, delivery, ball.review),
        );
      } catch (error) {
        // The same key sent at once to another process: that one wrote the ball.
        const raced = isUniqueViolation(error) ? await this.knownBall(match.id, idempotencyKey, digest) : null;
        if (raced) return { ...raced, duplicate: true, inningsEnd: null, matchCompleted: false };
        throw error;
      }
      const { sequence, ball: built } = written!;
      const ballKey = built.key;
      // The ball goes out as built in its transaction (a draft, as a deleted ball's: the log's
      // row has none and is filled after the push). Filling the event rows commits after the
      // ball, synchronously: once it is done the ball is on disk.
      const events: NewEvent[] = [{ kind: 'ball', ballKey, draft: { commentory: [built] } }, { kind: 'state', ballKey: null }];
      if (!(await this.emit(match, sequence, events))) await this.log.durable();
      // Not awaited: the next command need not wait for the second language's sentence.
      void this.toLanguages(match.key, ballKey);
      return { sequence, ballKey, duplicate: false, inningsEnd: appended.inningsEnd, matchCompleted: appended.outcome !== null };
    });
  }

  correctBall(matchKey: string, key: string, ball: CricsheetBall): Promise<{ sequence: number; ballKey: string }> {
    return this.queued(matchKey, async (match) => {
      const place = ballPlaceOfKey(key);
      if (!place) throw new NotFound(`No ball with the key ${key}.`);
      const playerKeys = playerKeysOf(ball);
      const context = await this.ballContext(match.id, null, playerKeys);
      const innings = context.innings;
      if (!innings?.inProgress || innings.inningsNo !== place.inningsNo) {
        throw new Conflict(`Ball ${key} is not in the innings in progress: only its balls are corrected here.`);
      }
      const seq = place.matchSequence - (await ballsBeforeInnings(this.read, match.id, place.inningsNo));
      const personOf = personLookup(context.people, playerKeys);
      const delivery = deliveryOf(ball, place.over, personOf);
      refuseNonsense(ballItselfRefusal(delivery), Invalid);
      refuseOutOfPlay(delivery, match, innings, context, null);
      const events: NewEvent[] = [{ kind: 'ball', ballKey: key }, { kind: 'state', ballKey: null }];
      let sequence = 0;
      await this.log.within(
        async (tx) => {
          sequence = await this.log.append(tx, match.id, events);
        },
        () => this.writer.replaceBall(match.id, place.inningsNo, seq, delivery),
      );
      // Pushed as stored after the commit, saying why it comes again.
      const corrected = await this.payloads.liveBall(match.key, key);
      const [ballEvent, state] = events as [NewEvent, NewEvent];
      await this.emit(match, sequence, corrected ? [{ ...ballEvent, draft: { commentory: [{ ...corrected, update_reason: 'correction' }] } }, state] : events);
      void this.toLanguages(match.key, key);
      return { sequence, ballKey: key };
    });
  }

  undoLastBall(matchKey: string): Promise<{ sequence: number; ballKey: string | null } | null> {
    return this.queued(matchKey, async (match) => {
      const [started] = await this.read<{ innings: number }>('select count(*)::int as innings from innings where match_id = $1', [match.id]);
      if (!started?.innings) return null;
      // The ball an undo may take back is the match's last one: its payload is drafted now, while it is stored.
      const ballKey = await lastBallKey(this.read, match.id);
      let deleted: LiveBallObject | null = null;
      if (ballKey !== null) {
        const ball = await this.payloads.liveBall(match.key, ballKey);
        if (!ball) throw new Error(`ball ${ballKey} of ${match.key} is not in its commentary`);
        deleted = { ...ball, is_delete: true, update_reason: 'undo', updated_time: Date.now() };
      }
      let events: NewEvent[] = [];
      let sequence = 0;
      await this.log.within(
        async (tx) => {
          // An innings closed by hand is reopened with its last ball kept: a deletion only when the ball went.
          const now = await lastBallKey(tx.query.bind(tx) as QueryRows, match.id);
          const state: NewEvent = { kind: 'state', ballKey: null };
          events = deleted && now !== ballKey ? [{ kind: 'ball_deleted', ballKey, draft: { commentory: [deleted] } }, state] : [state];
          sequence = await this.log.append(tx, match.id, events);
        },
        () => this.writer.undoLast(match.id),
      );
      await this.emit(match, sequence, events);
      return { sequence, ballKey: events.length > 1 ? ballKey : null };
    });
  }

  setBreak(matchKey: string, reason: BreakReason | null): Promise<void> {
    return this.changeState(matchKey, (match) =>
      this.writer.setPlayState(match.id, { playStatus: reason === null ? 'in_play' : playStatusOfBreak(reason), breakReason: reason }),
    );
  }

  endInnings(matchKey: string, options: { declared?: boolean; absentHurt?: string[] }): Promise<void> {
    return this.changeState(matchKey, async (match) => {
      const innings = await this.openInnings(match.id);
      if (!innings?.inProgress) throw new Conflict('No innings is in progress.');
      await this.writer.closeInnings(match.id, innings.inningsNo, { declared: options.declared ?? false, ...(options.absentHurt ? { absentHurt: options.absentHurt } : {}) });
    });
  }

  setRevisedTarget(matchKey: string, target: { runs: number; overs: number }): Promise<void> {
    return this.changeState(matchKey, (match) => this.writer.setRevisedTarget(match.id, target));
  }

  addPenaltyRuns(matchKey: string, penalty: { side: TeamSide; runs: number }): Promise<void> {
    return this.changeState(matchKey, async (match) => {
      // Runs to the side batting now join its innings; to the fielding side, its last innings,
      // else (it has not batted yet) its first one, before the first ball (Law 41.17).
      const innings = await this.read<{ innings_no: number; batting_team: TeamSide }>(
        'select innings_no, batting_team from innings where match_id = $1 and batting_team = $2 order by innings_no desc limit 1',
        [match.id, penalty.side],
      );
      const [last] = innings;
      if (!last) throw new Conflict('Penalty runs to a side that has not batted are added when its innings starts.');
      await this.writer.addPenaltyRuns(match.id, last.innings_no, { runs: penalty.runs, when: 'post' });
    });
  }

  completeMatch(matchKey: string, options: { playerOfMatch: string[] }): Promise<void> {
    return this.changeState(matchKey, async (match) => {
      await this.writer.completeMatch(match.id, { playerOfMatch: options.playerOfMatch });
    });
  }

  async eventsSince(matchKey: string, afterSequence: number): Promise<LiveEvent[]> {
    const match = await this.matchRef(matchKey);
    if (!match) return [];
    const rows = await this.log.since(match.id, afterSequence, CATCH_UP_WINDOW);
    const events: LiveEvent[] = [];
    for (const row of rows) {
      const payload = row.payload && 'sequence' in row.payload ? row.payload : await this.rebuild(match, row);
      events.push({ event: socketEventOf(row.kind), payload } as LiveEvent);
    }
    return events;
  }

  async catchUp(matchKey: string, afterSequence: number): Promise<CatchUp> {
    // Sequences are consecutive: the gap is known from the counter alone, without reading the log.
    const last = await this.lastSequence(matchKey);
    if (last !== null && last - afterSequence > CATCH_UP_WINDOW) return { kind: 'reload', sequence: last };
    return { kind: 'events', events: await this.eventsSince(matchKey, afterSequence) };
  }

  async lastSequence(matchKey: string): Promise<number | null> {
    const [row] = await this.read<{ live_sequence: number }>('select live_sequence from matches where match_key = $1', [matchKey]);
    return row?.live_sequence ?? null;
  }

  async snapshot(matchKey: string): Promise<SnapshotEvent[]> {
    const match = await this.matchRef(matchKey);
    if (!match) return [];
    const [row] = await this.read<{ status: string; live_sequence: number }>('select status, live_sequence from matches where id = $1', [match.id]);
    if (row?.status !== 'started') return [];
    const sequence = row.live_sequence;
    const events: SnapshotEvent[] = [
      { event: 'score', payload: await this.payloads.score({ match_key: matchKey, sequence }, await this.payloads.matchObject(matchKey)) },
    ];
    const lastBall = await lastBallKey(this.read, match.id);
    if (lastBall !== null) {
      const payload = await this.payloadOf(match, { sequence, kind: 'ball', ballKey: lastBall, payload: null }, null);
      events.push({ event: 'commentory', payload: await this.payloads.appCommentory(payload as CommentoryEvent) });
    }
    return events;
  }

  async primeMatchesInPlay(): Promise<number> {
    const rows = await this.read<{ match_key: string }>(
      `select match_key from matches where play_status <> 'result' and status = 'started' order by id desc limit $1`,
      [MATCHES_PRIMED],
    );
    for (const { match_key: matchKey } of rows) {
      const match = await this.matchRef(matchKey);
      if (!match) continue;
      const sequence = (await this.lastSequence(matchKey)) ?? 0;
      const matchObject = await this.payloads.matchObject(matchKey);
      await this.payloads.score({ match_key: matchKey, sequence }, matchObject);
      const lastBall = await lastBallKey(this.read, match.id);
      if (lastBall !== null) await this.payloadOf(match, { sequence, kind: 'ball', ballKey: lastBall, payload: null }, null);
    }
    return rows.length;
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
  private changeState(matchKey: string, write: (match: MatchRef) => Promise<void>): Promise<void> {
    return this.queued(matchKey, (match) => this.stateChange(match, write));
  }

  /** A change of state within a command already queued: written with its 'score' event, then pushed. */
  private async stateChange(match: MatchRef, write: (match: MatchRef) => Promise<void>): Promise<void> {
    const events: NewEvent[] = [{ kind: 'state', ballKey: null }];
    let sequence = 0;
    await this.log.within(
      async (tx) => {
        sequence = await this.log.append(tx, match.id, events);
      },
      () => write(match),
    );
    await this.emit(match, sequence, events);
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
      await this.writer.startNextInnings(match.id, {
        ...(start.closePrevious === undefined ? {} : { closePrevious: start.closePrevious }),
        ...(start.battingSide === undefined ? {} : { battingSide: start.battingSide }),
      });
    });
    return this.openInnings(match.id);
  }

  /**
   * Makes the committed events' payloads, pushes them, then fills them into the log; the writes
   * stand even if this fails. A ball's 'commentory' goes first, made from the ball (drafted: a
   * new one built in its transaction, a deleted one before the undo) and the live state alone
   * (decisions 029, 047): the match object, which the 'score' event and the home
   * card need, is read after it is pushed, and the log's rows are filled after every push (a
   * client catching up in between gets the event made again from the stored state). True when
   * every row was filled: that write committed (synchronously) after the command's own.
   */
  private async emit(match: MatchRef, first: number, events: readonly NewEvent[]): Promise<boolean> {
    try {
      const rows = events.map((event, index): LiveEventRow => ({ sequence: first + index, kind: event.kind, ballKey: event.ballKey, payload: event.draft ?? null }));
      const payloads: (ScoreEvent | CommentoryEvent)[] = [];
      let matchObject: MatchObject | null = null;
      for (const row of rows) {
        let payload: ScoreEvent | CommentoryEvent;
        if (row.kind === 'state') {
          matchObject ??= await this.payloads.matchObject(match.key);
          payload = await this.payloadOf(match, row, matchObject);
        } else {
          payload = await this.payloadOf(match, row, null);
        }
        this.broadcaster.toMatch(match.key, socketEventOf(row.kind), payload);
        if (row.kind !== 'state') await this.toApps(payload as CommentoryEvent);
        payloads.push(payload);
      }
      matchObject ??= await this.payloads.matchObject(match.key);
      this.broadcaster.toHome('card', this.payloads.card({ match_key: match.key, sequence: first + events.length - 1 }, matchObject));
      const filled = await this.log.fill(match.id, rows.map((row, index) => ({ sequence: row.sequence, payload: payloads[index]! })));
      return filled === rows.length;
    } catch (error) {
      // Caught-up clients get the events rebuilt from the stored state (eventsSince).
      this.logger?.error({ err: error, match_key: match.key }, 'live events could not be pushed');
      return false;
    }
  }

  /** An event's 'commentory' to the match's apps, as the complete snapshot they replace their list with; a failure is theirs alone. */
  private async toApps(event: CommentoryEvent): Promise<void> {
    if (!this.broadcaster.appsListen || !this.broadcaster.toApps) return;
    try {
      this.broadcaster.toApps(event.match_key, 'commentory', await this.payloads.appCommentory(event));
    } catch (error) {
      this.logger?.error({ err: error, match_key: event.match_key }, "apps' commentory could not be pushed");
    }
  }

  /**
   * A new ball's sentence in each other language our pages are read in, after its events went
   * out: a Hindi page replaces the English sentence of the ball it has just shown. Built from the
   * commentary the Hindi page renders (cached until the next ball), once per ball however many
   * listen, and not at all while none does; a failure costs only the sentence (the page shows the
   * English one).
   */
  private async toLanguages(matchKey: string, ballKey: string): Promise<void> {
    if (!this.broadcaster.toLanguage) return;
    for (const lang of WORDING_LANGS) {
      if (this.broadcaster.languageListens?.(matchKey, lang) === false) continue;
      try {
        const wording = await this.payloads.wording(matchKey, ballKey, lang);
        if (wording) this.broadcaster.toLanguage(matchKey, lang, wording);
      } catch (error) {
        this.logger?.error({ err: error, match_key: matchKey, lang }, 'a ball could not be worded');
      }
    }
  }

  private async emitCard(matchKey: string, sequence: number): Promise<void> {
    try {
      const matchObject = await this.payloads.matchObject(matchKey);
      this.broadcaster.toHome('card', this.payloads.card({ match_key: matchKey, sequence }, matchObject));
    } catch (error) {
      this.logger?.error({ err: error, match_key: matchKey }, 'home card could not be pushed');
    }
  }

  /**
   * The payload of a committed event, from the committed state (and the draft the event was
   * logged with). A 'score' needs the match object; a 'commentory' reads the live state alone.
   */
  private async payloadOf(match: MatchRef, row: LiveEventRow, matchObject: MatchObject | null): Promise<ScoreEvent | CommentoryEvent> {
    const header = { match_key: match.key, sequence: row.sequence };
    if (row.kind === 'state') return this.payloads.score(header, matchObject ?? (await this.payloads.matchObject(match.key)));
    const drafted = (row.payload as { commentory?: LiveBallObject[] } | null)?.commentory?.[0];
    const [ball, live] = await Promise.all([drafted ?? this.payloads.liveBall(match.key, row.ballKey!), this.payloads.live(match.key)]);
    if (!ball) throw new Error(`ball ${row.ballKey} of ${match.key} is neither stored nor drafted`);
    return this.payloads.commentory(header, ball, live);
  }

  /** An event whose payload was never filled in (the process stopped after the commit). */
  private async rebuild(match: MatchRef, row: LiveEventRow): Promise<ScoreEvent | CommentoryEvent> {
    const payload = await this.payloadOf(match, row, null);
    await this.log.fill(match.id, [{ sequence: row.sequence, payload }]);
    return payload;
  }

  private async matchRef(matchKey: string): Promise<MatchRef | null> {
    const [row] = await this.read<{ id: number; balls_per_over: number; format: string; overs_limit: number | null }>(
      'select id, balls_per_over, format, overs_limit from matches where match_key = $1',
      [matchKey],
    );
    return row ? { id: row.id, key: matchKey, ballsPerOver: row.balls_per_over, format: row.format, oversLimit: row.overs_limit } : null;
  }

  private async openInnings(matchId: number): Promise<OpenInnings | null> {
    const [row] = await this.read<OpenInningsRow>(`${OPEN_INNINGS} where match_id = $1 order by innings_no desc limit 1`, [matchId]);
    return openInningsOf(row ?? null);
  }

  /**
   * What a ball's write needs before it, in one statement: the ball its idempotency key already
   * wrote (none asked for with null: a correction), the people of its player keys, the match's latest innings.
   */
  private async ballContext(matchId: number, idempotencyKey: string | null, playerKeys: readonly string[]): Promise<BallContext> {
    const [row] = await this.read<{ known: KnownBallRow | null; people: PersonRow[]; innings: OpenInningsRow | null; sheets: SheetRow[] }>(
      `select
         (select row_to_json(k) from (${KNOWN_BALL} where match_id = $1 and idempotency_key = $2) k) as known,
         (select coalesce(json_agg(p), '[]') from (select id, registry_id, name from people where registry_id = any($3::text[])) p) as people,
         (select row_to_json(i) from (${OPEN_INNINGS} where match_id = $1 order by innings_no desc limit 1) i) as innings,
         (select coalesce(json_agg(s), '[]') from (select person_id::text as id, team from match_players where match_id = $1) s) as sheets`,
      [matchId, idempotencyKey, playerKeys],
    );
    const sides = new Map(row!.sheets.map((sheet) => [sheet.id, sheet.team]));
    return { known: row!.known, people: row!.people, innings: openInningsOf(row!.innings), sides };
  }

  /** The ball an idempotency key already wrote; 409 when that was a different ball. */
  private async knownBall(matchId: number, idempotencyKey: string, digest: Buffer): Promise<{ sequence: number; ballKey: string } | null> {
    const [row] = await this.read<KnownBallRow>(`${KNOWN_BALL} where match_id = $1 and idempotency_key = $2`, [matchId, idempotencyKey]);
    return knownBallOf(row ?? null, idempotencyKey, digest);
  }
}

const OPEN_INNINGS = `select innings_no, batting_team, legal_balls, tally is not null as open, super_over, (tally->'over'->>'index')::int as last_over from innings`;
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
const KNOWN_BALL = `select sequence, ball_key, encode(ball_digest, 'hex') as ball_digest from ball_idempotency`;
type KnownBallRow = { sequence: number; ball_key: string; ball_digest: string | null };

/** The ball an idempotency key already wrote (its row); 409 when that was a different ball. */
/** A ball sent with an idempotency key an other ball already used (409). */
export class ReusedKeyError extends Conflict {
  constructor(readonly idempotencyKey: string) {
    super(`The key ${idempotencyKey} was already used for a different ball.`);
  }
}

function knownBallOf(row: KnownBallRow | null, idempotencyKey: string, digest: Buffer): { sequence: number; ballKey: string } | null {
  if (!row) return null;
  if (row.ball_digest !== null && row.ball_digest !== digest.toString('hex')) {
    throw new ReusedKeyError(idempotencyKey);
  }
  return { sequence: row.sequence, ballKey: row.ball_key };
}

type PersonRow = { id: number; registry_id: string; name: string };
/** A player on a side's team sheet (match_players). */
type SheetRow = { id: string; team: TeamSide };

interface BallContext {
  known: KnownBallRow | null;
  people: PersonRow[];
  innings: OpenInnings | null;
  /** The side of every player on the match's team sheets, by people id. */
  sides: Map<string, TeamSide>;
}

/** The people of the given player keys from their rows; a key no person has is refused (400). */
function personLookup(rows: readonly PersonRow[], keys: readonly string[]): (key: string) => NamedPerson {
  const people = new Map(rows.map((row) => [row.registry_id, { id: String(row.id), name: row.name }]));
  const unknown = keys.filter((key) => !people.has(key));
  if (unknown.length > 0) throw new Invalid(`Unknown player key: ${unknown.join(', ')}`);
  return (key) => people.get(key)!;
}

/**
 * The key of the match's latest delivery, as the commentary keys it: innings, over, ball number
 * in the over (legal balls before it in the over, plus one), and its position among the match's
 * deliveries. Reads the latest innings' last few balls, not the whole match: the whole innings
 * only when its over in progress has more deliveries than that.
 */
async function lastBallKey(query: QueryRows, matchId: number): Promise<string | null> {
  const [latest] = await query<{ innings_no: number; ball_count: number; balls_before: number; people: number[]; recent: Uint8Array }>(
    `select b.innings_no, ${storedBallCount('b.balls')} as ball_count, b.people,
       (select coalesce(sum(${storedBallCount('o.balls')}), 0)::int from innings_balls o where o.match_id = b.match_id and o.innings_no < b.innings_no) as balls_before,
       ${lastStoredBalls('b.balls', RECENT_BALLS_READ)} as recent
     from innings_balls b where b.match_id = $1 and ${storedBallCount('b.balls')} > 0 order by b.innings_no desc limit 1`,
    [matchId],
  );
  if (!latest) return null;
  let deliveries = deliveriesOf({ people: latest.people, balls: latest.recent }, []);
  const delivery = deliveries.at(-1)!;
  // The over in progress must start inside what was read (or the read holds the whole innings).
  if (deliveries.length < latest.ball_count && deliveries[0]!.over === delivery.over) {
    const [innings] = await readStoredInnings(query, [matchId], latest.innings_no);
    deliveries = innings!.deliveries;
  }
  const legalBefore = deliveries.slice(0, -1).filter((other) => other.over === delivery.over && isLegalDelivery(other)).length;
  return ballKey(latest.innings_no, { over: delivery.over, ball: legalBefore + 1 }, latest.balls_before + latest.ball_count);
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

