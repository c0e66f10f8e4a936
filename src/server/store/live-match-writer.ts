// The live commands' writer: a fixture, the toss, the XIs, and a match ball by ball
// (appendBall: one delivery added to an innings in progress, its derived rows updated from the
// innings' saved tally, no recomputation of the match), with undo, breaks and results. Whole
// matches are written by import-writer.ts, derived rows rebuilt by rederive-writer.ts, over the
// same transaction helpers (write-transaction.ts; docs/decisions/081-writers-per-job.md).
// Every commit publishes the tags of what it changed, after the commit, so a cache never
// reloads data older than the change it heard of.
import { sql, type ExpressionBuilder } from 'kysely';
import type { BulkTransaction, Db } from '../db/client.ts';
import { anyInteger, anyText } from '../db/any-of.ts';
import { tags, tagsOfWrittenMatches } from '../feed/tags.ts';
import { InningsTally, type InningsTallyState } from '../domain/scorecard.ts';
import type { Delivery, Fielder } from '../domain/types.ts';
import { ballCount, firstBalls, PeopleDictionary, readBall, storedBall, writeBall } from './ball-codec.ts';
import { appendToBalls, storedBallCount } from './packed-balls.ts';
import { DerivedCopy, INNINGS_TOTALS, inningsTotals, type DerivedSelection } from './match-copy.ts';
import { deriveInningsRows, type InningsFacts, type MatchWrite } from './match-write.ts';
import { readStoredInnings } from './stored-deliveries.ts';
import { absentOf, closureOf, readOutcomeInnings } from './live-innings.ts';
import { fixtureWrite, LiveWriteError, type FixtureInput } from './fixture.ts';
import { appendEvents, type CommittedEvent, type NewEvent } from './live-events.ts';
import { refreshSearchIndex } from './search-index.ts';
import { refreshFantasyRows } from './fantasy-rows.ts';
import { ImportWriter } from './import-writer.ts';
import { playerKeysOf, type PublishTags } from './write-transaction.ts';
import {
  ballKey,
  breakReasonOf,
  canMovePlay,
  closedByRule,
  decidedOutcome,
  inningsEnd,
  nextInnings,
  inningsLimitBalls,
  isBreak,
  matchOutcome,
  type InningsClosure,
  type InningsEnd,
  type MatchOutcome,
  type PlayStatus,
} from '../domain/live.ts';
import { isLegalDelivery, oversToBalls } from '../domain/overs.ts';
import type { Database, InningsBallsTable, MatchStatus, TeamSide } from '../db/schema.ts';

/** The day after stumps: play (or a rain delay) coming after the close of a day's play is the next day's. */
function nextDay(eb: ExpressionBuilder<Database, 'matches'>) {
  return eb
    .case()
    .when('play_status', '=', 'stumps')
    .then(eb(eb.fn.coalesce('day_number', eb.lit(1)), '+', eb.lit(1)))
    .else(eb.ref('day_number'))
    .end();
}

/** SQL: the balls stored in the innings before `i`'s, in a statement over `innings as i` (packed-balls.ts's arithmetic, which the builders cannot say). */
const BALLS_BEFORE = sql<number>`(select coalesce(sum(${sql.raw(storedBallCount('o.balls'))}), 0)::int from innings_balls o
  where o.match_id = i.match_id and o.innings_no < i.innings_no)`;

/** The event of a change of score or state (a live write's last). */
const STATE_EVENT: NewEvent = { kind: 'state', ballKey: null };

/** What one ball did: its seq in the innings, the innings' end if the rules ended it, the result if that decided the match. */
export interface AppendedBall {
  seq: number;
  /** The ball's key as the commentary keys it (domain/live.ts ballKey). */
  ballKey: string;
  inningsEnd: InningsEnd | null;
  /** The match was decided by this ball and is completed with this outcome. */
  outcome: MatchOutcome | null;
  /** The ball's events as committed with it ([] unless it was logged). */
  events: CommittedEvent[];
}

/**
 * A live ball logged with its write: its events ('ball', then 'state') and the row of its
 * idempotency key (the ball's digest, to tell a resend from another ball under the same key).
 */
export interface BallLog {
  idempotencyKey: string;
  digest: Buffer;
  /** The registry keys of everyone the ball names (the engine has them from the ball): the players whose pages it changes. */
  playerKeys: readonly string[];
}

/** A side's captain and wicketkeeper (registry ids), null where the team sheet names none. */
export interface SquadMarks {
  captain: string | null;
  keeper: string | null;
}

/** What an undo took back (undoLast). */
export interface Undone {
  /** The ball taken back; null when the undo reopened an innings closed by hand and removed no ball. */
  ball: { inningsNo: number; seq: number } | null;
  /** An innings started but without a ball, taken away. */
  droppedInnings: number | null;
  /** The innings in progress after the undo; null when none is (the match is back before its first innings). */
  inningsNo: number | null;
  /** The match had been completed and is in play again (its result and award cleared). */
  reopenedMatch: boolean;
  /** The undo's events as committed with it ([] unless it was logged). */
  events: CommittedEvent[];
}

export class LiveMatchWriter {
  /** Whole matches (a new fixture) are written as an import writes them. */
  private readonly matches: ImportWriter;

  constructor(
    private readonly db: Db,
    private readonly publish: PublishTags,
  ) {
    this.matches = new ImportWriter(db, publish);
  }

  /** Writes whole matches (import-writer.ts writeMatches). */
  writeMatches(writes: readonly MatchWrite[]): Promise<void> {
    return this.matches.writeMatches(writes);
  }

  /**
   * Appends one delivery to an innings in progress (one that has a saved tally): stores the ball,
   * updates the innings' totals and rewrites only the derived rows the ball changed. Players are
   * people ids as strings; `review` is the umpire review on the ball, if any (Cricsheet's shape).
   * A ball ends any break (play_status in_play). When the rules end the innings with this ball
   * (domain/live.ts inningsEnd: all out, overs, target), the innings closes in the same
   * transaction, and play goes to the innings break, or, when that decided the match
   * (decidedOutcome), the match is completed with its result. With `log` (the live engine), the
   * ball's events and its idempotency key are written in the same transaction.
   */
  async appendBall(matchId: number, inningsNo: number, delivery: Delivery, review?: unknown, log?: BallLog): Promise<AppendedBall> {
    const person = Number;
    const changed = await this.db.bulkTransaction(async (tx) => {
      // The match row first, as every live write locks it: one order of locks, no deadlock.
      await lockMatch(tx, matchId);
      const innings = await tx.kysely
        .selectFrom('innings as i')
        .innerJoin('matches as m', 'm.id', 'i.match_id')
        .select((eb) => [
          'i.tally', 'i.penalty_runs_post', 'm.match_key', 'm.play_status', 'm.status', 'i.super_over', 'i.target_runs', 'i.target_balls',
          eb.fn.coalesce(eb.fn<number>('cardinality', ['i.absent_hurt']), eb.lit(0)).as('absent_hurt'), 'm.overs_limit', 'm.balls_per_over',
          eb
            .selectFrom('match_players as mp')
            .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('xi'))
            .whereRef('mp.match_id', '=', 'i.match_id')
            .whereRef('mp.team', '=', 'i.batting_team')
            .$asScalar()
            .as('xi'),
          BALLS_BEFORE.as('balls_before'),
          // The innings' people dictionary, read under the match's lock (above), which every write of its balls takes first.
          eb
            .selectFrom('innings_balls as ib')
            .select('ib.people')
            .whereRef('ib.match_id', '=', 'i.match_id')
            .whereRef('ib.innings_no', '=', 'i.innings_no')
            .$asScalar()
            .as('people'),
        ])
        .where('i.match_id', '=', matchId)
        .where('i.innings_no', '=', inningsNo)
        .forUpdate('i')
        .executeTakeFirst();
      if (!innings) throw new Error(`match ${matchId} has no innings ${inningsNo}`);
      if (innings.status === 'completed') throw new LiveWriteError(`match ${innings.match_key} is over`);
      if (!innings.tally) throw new Error(`innings ${inningsNo} of match ${matchId} is not in progress`);
      // A ball bowled is play: whatever break was on is over.
      if (isBreak(innings.play_status) || innings.play_status === 'pre_match' || innings.play_status === 'scheduled') {
        await tx.kysely
          .updateTable('matches')
          .set((eb) => ({ play_status: 'in_play', break_reason: null, day_number: nextDay(eb) }))
          .where('id', '=', matchId)
          .execute();
      }
      const tally = new InningsTally(innings.tally);
      const progress = (summary: { runs: number; wickets: number; legalBalls: number }) => ({
        ...summary,
        absentBatters: absentOf(innings.xi, innings.absent_hurt),
        limitBalls: inningsLimitBalls(
          { superOver: innings.super_over, targetBalls: innings.target_balls },
          { oversLimit: innings.overs_limit, ballsPerOver: innings.balls_per_over },
        ),
        targetRuns: innings.target_runs,
        superOver: innings.super_over,
      });
      const over = inningsEnd(progress(tally.summary(innings.penalty_runs_post)));
      if (over !== null) throw new LiveWriteError(`innings ${inningsNo} of match ${innings.match_key} is over (${over})`);
      const standsBefore = tally.summary().partnerships.length;
      const overBowlers = new Set(tally.overBowlers());
      const facts = tally.add(delivery);
      const summary = tally.summary(innings.penalty_runs_post);
      const derived = deriveInningsRows(summary, person);
      const ended = inningsEnd(progress(summary));

      const seq = await appendToBalls(tx, matchId, inningsNo, delivery, innings.people);
      if (review !== undefined) {
        // jsonb's append: the builders have no jsonb operators.
        await tx.kysely
          .updateTable('innings_balls')
          .set({ reviews: sql<InningsBallsTable['reviews']>`coalesce(reviews, '[]'::jsonb) || ${JSON.stringify([{ seq, review }])}::jsonb` })
          .where('match_id', '=', matchId)
          .where('innings_no', '=', inningsNo)
          .execute();
      }
      await insertWickets(tx, matchId, inningsNo, seq, delivery);

      // What one ball can change: the two batters and anyone out; the bowlers of the over (an
      // over ending changes overs as called and maidens) and the ball's bowler (perhaps new); the
      // last stand and the one it ended; the falls on this ball.
      const batters = new Set([delivery.batter, delivery.nonStriker, ...delivery.wickets.map((w) => w.playerOut)]);
      for (const player of tally.overBowlers()) overBowlers.add(player);
      overBowlers.add(delivery.bowler);
      const only: DerivedSelection = {
        batting: summary.batting.flatMap((entry, index) => (batters.has(entry.player) ? [index + 1] : [])),
        bowling: summary.bowling.flatMap((entry, index) => (overBowlers.has(entry.player) ? [index + 1] : [])),
        fallOfWickets: facts.falls.map((fall) => fall.wicketNumber),
        partnerships: summary.partnerships.flatMap((_stand, index) => (index + 1 >= Math.min(standsBefore, summary.partnerships.length) ? [index + 1] : [])),
      };
      const rows = new DerivedCopy({ keepRows: true });
      rows.add(matchId, inningsNo, derived, (id) => id, only);
      // An innings the rules ended keeps no tally: it is closed, as an imported one.
      await upsertBallRows(tx, matchId, inningsNo, rows, inningsTotals(derived), ended === null ? tally.save() : null);
      const outcome = ended === null ? null : await afterInningsClosed(tx, matchId, ended);
      const people = log ? log.playerKeys : await registryIdsOf(tx, [...batters, delivery.bowler].map(person));
      const completedTags = outcome === null ? [] : await completionTags(tx, matchId, innings.match_key);
      // The key from where the tally placed the ball and the balls of the innings before: no read of the innings.
      const key = ballKey(inningsNo, facts.position, innings.balls_before + seq);
      let events: CommittedEvent[] = [];
      if (log) {
        events = await appendEvents(tx, matchId, [{ kind: 'ball', ballKey: key }, { kind: 'state', ballKey: null }]);
        await tx.kysely
          .insertInto('ball_idempotency')
          .values({ match_id: matchId, idempotency_key: log.idempotencyKey, sequence: events[0]!.sequence, ball_key: key, ball_digest: log.digest })
          .execute();
      }
      return { seq, key, events, ended, outcome, completedTags, matchKey: innings.match_key, players: people };
      // A logged ball's fans need not wait for its commit to reach the disk (PostgreSQL's fsync,
      // milliseconds): its events are pushed once it is committed, and the scorer's answer waits
      // until it is on disk (the live engine), so an answered ball is never lost.
    }, { asyncCommit: log !== undefined });
    // The match's own pages, the players on the ball, and the list of matches showing its score.
    await this.publish([...new Set([tags.match(changed.matchKey), ...changed.players.map(tags.player), tags.home, ...changed.completedTags])]);
    return { seq: changed.seq, ballKey: changed.key, inningsEnd: changed.ended, outcome: changed.outcome, events: changed.events };
  }

  /**
   * Replaces ball `seq` of the innings in progress with a corrected `delivery` (decision 075): its
   * bytes and wickets, then the innings derived again from its stored balls, as an undo does. The
   * ball keeps its place: same over, and legal stays legal (a wide or no-ball stays one), so no
   * other ball's key moves. People the ball no longer names stay in the innings' dictionary.
   * `events` are logged in the same transaction; returns them as committed.
   */
  async replaceBall(matchId: number, inningsNo: number, seq: number, delivery: Delivery, events: readonly NewEvent[] = []): Promise<CommittedEvent[]> {
    const changed = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      const innings = await tx.kysely
        .selectFrom('innings')
        .select((eb) => eb('tally', 'is not', null).$castTo<boolean>().as('open'))
        .where('match_id', '=', matchId)
        .where('innings_no', '=', inningsNo)
        .forUpdate()
        .executeTakeFirst();
      if (!innings?.open) throw new LiveWriteError(`innings ${inningsNo} of match ${match.match_key} is not in progress: only its balls are corrected here`);
      const stored = await tx.kysely
        .selectFrom('innings_balls')
        .select(['people', 'balls'])
        .where('match_id', '=', matchId)
        .where('innings_no', '=', inningsNo)
        .forUpdate()
        .executeTakeFirst();
      if (!stored || seq < 1 || seq > ballCount(stored.balls)) throw new LiveWriteError(`innings ${inningsNo} has no ball ${seq}`);
      const before = readBall(stored.balls, seq - 1);
      if (before.over !== delivery.over) throw new LiveWriteError(`ball ${seq} of innings ${inningsNo} is in over ${before.over + 1}, not ${delivery.over + 1}`);
      const wasLegal = before.wides === 0 && before.noballs === 0;
      if (wasLegal !== isLegalDelivery(delivery)) {
        throw new LiveWriteError(
          wasLegal
            ? 'a legal ball cannot become a wide or no-ball by a correction (the balls after it would move): undo back to it and score again'
            : 'a wide or no-ball cannot become a legal ball by a correction (the balls after it would move): undo back to it and score again',
        );
      }
      const people = new PeopleDictionary<number>(stored.people);
      const balls = Buffer.from(stored.balls);
      writeBall(balls, seq - 1, storedBall(delivery, (player) => people.indexOf(Number(player))));
      await tx.kysely
        .updateTable('innings_balls')
        .set({ people: people.people, balls })
        .where('match_id', '=', matchId)
        .where('innings_no', '=', inningsNo)
        .execute();
      const out = await deleteWickets(tx, matchId, inningsNo, seq);
      await insertWickets(tx, matchId, inningsNo, seq, delivery);
      await rederiveInnings(tx, matchId, inningsNo, true);
      await refreshFantasyRows(tx, [matchId]);
      const named = [
        ...[before.batter, before.nonStriker, before.bowler].map((index) => stored.people[index]!),
        ...out.map((row) => row.player_out_id),
        ...[delivery.batter, delivery.nonStriker, delivery.bowler, ...delivery.wickets.map((wicket) => wicket.playerOut)].map(Number),
      ];
      const players = await registryIdsOf(tx, [...new Set(named)]);
      return { matchKey: match.match_key, players, events: await appendEvents(tx, matchId, events) };
    });
    await this.publish([...new Set([tags.match(changed.matchKey), ...changed.players.map(tags.player), tags.home])]);
    return changed.events;
  }

  /**
   * Opens an innings for ball-by-ball writing: its row with a fresh tally, the match in play. The
   * match must exist. A limited-overs chase takes a revised target set before it (setRevisedTarget).
   * A super over reopens a match completed as a tie. The facts are the caller's: live play
   * starts its innings with startNextInnings, which applies the rules.
   */
  async startInnings(matchId: number, facts: InningsFacts): Promise<void> {
    const started = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      return insertInnings(tx, matchId, match, facts);
    });
    await this.publish([...new Set([tags.match(started.matchKey), tags.home, tags.fixtures, ...started.reopenedTags])]);
  }

  /**
   * Opens the next innings by the rules (domain/live.ts nextInnings): the side batting (by
   * default the rules', or the one named: a follow-on), a super over after a tie, and the target
   * (the chase's, a Test's fourth innings', a super over's; or the one given). An innings still
   * in progress is closed first when `closePrevious` says how (a declaration, or by hand), in the
   * same transaction: the close and the start happen together or not at all. Refused
   * (LiveWriteError, nothing written) when the rules allow no such innings. `events` are logged
   * in the same transaction (returned as committed).
   */
  async startNextInnings(
    matchId: number,
    options: { battingSide?: TeamSide; target?: { runs: number; overs: number }; closePrevious?: 'declared' | 'closed' } = {},
    events: readonly NewEvent[] = [],
  ): Promise<{ inningsNo: number; battingSide: TeamSide; superOver: boolean; events: CommittedEvent[] }> {
    const started = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      const latest = await tx.kysely
        .selectFrom('innings')
        .select((eb) => ['innings_no', eb('tally', 'is not', null).$castTo<boolean>().as('open')])
        .where('match_id', '=', matchId)
        .orderBy('innings_no', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest?.open) {
        if (options.closePrevious === undefined) throw new LiveWriteError(`innings ${latest.innings_no} is still in progress: end it first`);
        await tx.kysely
          .updateTable('innings')
          .set({ tally: null, declared: options.closePrevious === 'declared' })
          .where('match_id', '=', matchId)
          .where('innings_no', '=', latest.innings_no)
          .execute();
        await afterInningsClosed(tx, matchId, await closureOf(tx.kysely, matchId, latest.innings_no));
        const now = await tx.kysely.selectFrom('matches').select('status').where('id', '=', matchId).executeTakeFirstOrThrow();
        match.status = now.status;
      }
      const facts = await tx.kysely
        .selectFrom('matches')
        .select(['format', 'overs_limit', 'toss_winner', 'toss_decision'])
        .where('id', '=', matchId)
        .executeTakeFirstOrThrow();
      const { innings } = await readOutcomeInnings(tx.kysely, matchId);
      const tossBatting = facts.toss_winner === null ? null : facts.toss_decision === 'bat' ? facts.toss_winner : facts.toss_winner === 'a' ? 'b' : 'a';
      const next = nextInnings(facts.format, innings, {
        ...(options.battingSide === undefined ? {} : { battingSide: options.battingSide }),
        tossBatting,
        oversLimit: facts.overs_limit,
        ballsPerOver: match.balls_per_over,
      });
      if ('refused' in next) throw new LiveWriteError(next.refused);
      const target = options.target ? { runs: options.target.runs, balls: oversToBalls(options.target.overs, match.balls_per_over) } : next.target;
      const inningsNo = innings.length + 1;
      const inserted = await insertInnings(tx, matchId, match, {
        inningsNo,
        battingTeam: next.battingSide,
        superOver: next.superOver,
        declared: false,
        forfeited: false,
        targetRuns: target?.runs ?? null,
        targetBalls: target?.balls ?? null,
        penaltyRunsPre: 0,
        penaltyRunsPost: 0,
        absentHurt: null,
        calledOvers: null,
        powerplays: [],
      });
      const logged = await appendEvents(tx, matchId, events);
      return { ...inserted, innings: { inningsNo, battingSide: next.battingSide, superOver: next.superOver, events: logged } };
    });
    await this.publish([...new Set([tags.match(started.matchKey), tags.home, tags.fixtures, ...started.reopenedTags])]);
    return started.innings;
  }

  /**
   * Creates a scheduled match (a scorer's fixture, a replay) through writeMatches: its teams,
   * venue, tournament and new people are found or created as an import would. Its id (and key)
   * comes from the live_match_ids sequence, far above Cricsheet's numbers.
   */
  async createFixture(input: FixtureInput): Promise<{ matchId: number; matchKey: string }> {
    const write = await this.db.bulkTransaction(async (tx) => {
      const row = await tx.kysely
        .selectNoFrom((eb) => eb.cast<number>(eb.fn('nextval', [sql.lit('live_match_ids')]), 'integer').as('id'))
        .executeTakeFirstOrThrow();
      return fixtureWrite(tx, row.id, input);
    });
    await this.writeMatches([write]);
    // A new tournament is dated by its matches (as the importer's finishTournaments does).
    await this.db.bulkTransaction(async (tx) => {
      await tx.kysely
        .updateTable('tournaments')
        .set((eb) => {
          const day = eb.cast<string>(eb.val(write.facts.startDate), 'date');
          return {
            start_date: eb.fn<string>('least', [eb.fn.coalesce('start_date', day), day]),
            end_date: eb.fn<string>('greatest', [eb.fn.coalesce('end_date', day), day]),
          };
        })
        .where('tou_key', '=', write.tournament.key)
        .execute();
    });
    return { matchId: write.id, matchKey: write.facts.matchKey };
  }

  /** Records the toss; a scheduled match moves to pre_match. `events` are logged with it. */
  async setToss(matchId: number, toss: { winner: TeamSide; decision: 'bat' | 'field' }, events: readonly NewEvent[] = []): Promise<CommittedEvent[]> {
    const { matchKey, logged } = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      if (match.status === 'completed') throw new LiveWriteError(`match ${match.match_key} is over`);
      await tx.kysely
        .updateTable('matches')
        .set((eb) => ({
          toss_winner: toss.winner,
          toss_decision: toss.decision,
          play_status: eb.case().when('play_status', '=', 'scheduled').then(sql.lit<PlayStatus>('pre_match')).else(eb.ref('play_status')).end(),
        }))
        .where('id', '=', matchId)
        .execute();
      return { matchKey: match.match_key, logged: await appendEvents(tx, matchId, events) };
    });
    await this.publish([tags.match(matchKey), tags.home, tags.fixtures]);
    return logged;
  }

  /**
   * Replaces one side's players with the given people (registry ids), in batting order, with its
   * captain and wicketkeeper when named (a Cricsheet file does not say; a team sheet does).
   * `events` are logged with it.
   */
  async setPlayingXI(
    matchId: number,
    side: TeamSide,
    playerKeys: readonly string[],
    marks: SquadMarks = { captain: null, keeper: null },
    events: readonly NewEvent[] = [],
  ): Promise<CommittedEvent[]> {
    if (new Set(playerKeys).size !== playerKeys.length) throw new LiveWriteError('a player is named twice');
    for (const mark of [marks.captain, marks.keeper]) if (mark !== null && !playerKeys.includes(mark)) throw new LiveWriteError(`${mark} is not in the XI`);
    const changed = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      const idOf = await personIdsOf(tx, playerKeys);
      const before = await tx.kysely
        .selectFrom('match_players as mp')
        .innerJoin('people as p', 'p.id', 'mp.person_id')
        .select('p.registry_id')
        .where('mp.match_id', '=', matchId)
        .where('mp.team', '=', side)
        .execute();
      await tx.kysely.deleteFrom('match_players').where('match_id', '=', matchId).where('team', '=', side).execute();
      const captain = marks.captain === null ? null : idOf.get(marks.captain)!;
      const keeper = marks.keeper === null ? null : idOf.get(marks.keeper)!;
      // An empty side is a delete alone (Kysely refuses an insert of no rows).
      if (playerKeys.length > 0) {
        await tx.kysely
          .insertInto('match_players')
          .values(
            playerKeys.map((key, index) => {
              const id = idOf.get(key)!;
              return { match_id: matchId, team: side, position: index + 1, person_id: id, captain: id === captain, keeper: id === keeper };
            }),
          )
          .execute();
      }
      const named = await tx.kysely.selectFrom('people').select('id').where('registry_id', '=', anyText(before.map((row) => row.registry_id))).execute();
      await refreshSearchIndex(tx.kysely, {
        people: [...named.map((row) => row.id), ...idOf.values()],
        teams: [],
        tournaments: [],
        venues: [],
      });
      return {
        matchKey: match.match_key,
        players: [...new Set([...before.map((row) => row.registry_id), ...playerKeys])],
        events: await appendEvents(tx, matchId, events),
      };
    });
    // tags.players: the search rows of the people named or dropped changed (their matches).
    await this.publish([tags.match(changed.matchKey), ...changed.players.map(tags.player), tags.players]);
    return changed.events;
  }

  /**
   * Takes back the match's last step (docs/decisions/030-innings-ends-and-results.md):
   * - the latest innings has no ball yet (just started): it goes, and the innings before is
   *   reopened: as it was when the scorer closed it (a declaration, rain), or, when the rules had
   *   closed it (all out, overs, target), without the ball that closed it;
   * - the latest innings was closed by hand: it is reopened, no ball removed;
   * - otherwise its last ball goes (its bytes, wickets and review; people only that ball named
   *   leave the dictionary), and the innings is in progress again if that ball had ended it.
   * A completed match is reopened too: its result and player of the match are cleared. The
   * innings touched is derived again from its stored balls. Null when there is nothing to undo.
   * With `log` (the live engine), the undo's events are logged with it: `deleted` (the match's
   * last ball's event, drafted while it was stored) when a ball was taken back, then a 'state'.
   */
  async undoLast(matchId: number, log?: { deleted: NewEvent | null }): Promise<Undone | null> {
    const undone = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      const innings = await tx.kysely
        .selectFrom('innings as i')
        .leftJoin('innings_balls as b', (join) => join.onRef('b.match_id', '=', 'i.match_id').onRef('b.innings_no', '=', 'i.innings_no'))
        .select((eb) => [
          'i.innings_no',
          eb('i.tally', 'is not', null).$castTo<boolean>().as('open'),
          'i.declared',
          // Bytes to balls: packed-balls.ts's arithmetic, which the builders cannot say.
          sql<number>`${sql.raw(storedBallCount('b.balls'))}::int`.as('balls'),
        ])
        .where('i.match_id', '=', matchId)
        .orderBy('i.innings_no')
        .execute();
      let latest = innings.at(-1);
      if (!latest) return null;
      const reopenedMatch = match.status === 'completed';
      if (reopenedMatch) await reopenMatch(tx, matchId);
      let droppedInnings: number | null = null;
      let removeBall: boolean;
      if (latest.balls === 0) {
        droppedInnings = latest.innings_no;
        await tx.kysely.deleteFrom('innings').where('match_id', '=', matchId).where('innings_no', '=', latest.innings_no).execute();
        latest = innings.at(-2);
        if (!latest) {
          // Back before the first innings: the match has not started.
          await tx.kysely
            .updateTable('matches')
            .set((eb) => ({
              status: 'not_started',
              play_status: eb.case().when('toss_winner', 'is', null).then(sql.lit<PlayStatus>('scheduled')).else(sql.lit<PlayStatus>('pre_match')).end(),
              break_reason: null,
            }))
            .where('id', '=', matchId)
            .execute();
          const events = log ? await appendEvents(tx, matchId, [STATE_EVENT]) : [];
          return { matchKey: match.match_key, players: [], reopenedTags: [], undone: { ball: null, droppedInnings, inningsNo: null, reopenedMatch, events } };
        }
        removeBall = closedByRule(await closureOf(tx.kysely, matchId, latest.innings_no));
      } else {
        removeBall = latest.open || closedByRule(await closureOf(tx.kysely, matchId, latest.innings_no));
      }
      const inningsNo = latest.innings_no;
      let ball: Undone['ball'] = null;
      let named: number[] = [];
      if (removeBall && latest.balls > 0) {
        ({ ball, named } = await removeStoredBall(tx, matchId, inningsNo, latest.balls));
      }
      await tx.kysely.updateTable('innings').set({ declared: false }).where('match_id', '=', matchId).where('innings_no', '=', inningsNo).execute();
      await rederiveInnings(tx, matchId, inningsNo, true);
      await refreshFantasyRows(tx, [matchId]);
      if (!latest.open || droppedInnings !== null || reopenedMatch) {
        await tx.kysely.updateTable('matches').set({ play_status: 'in_play', break_reason: null }).where('id', '=', matchId).execute();
      }
      const players = await registryIdsOf(tx, named);
      const reopenedTags = reopenedMatch ? await completionTags(tx, matchId, match.match_key) : [];
      // An innings closed by hand is reopened with its last ball kept: a deletion only when the ball went.
      const events = log ? await appendEvents(tx, matchId, ball !== null && log.deleted ? [log.deleted, STATE_EVENT] : [STATE_EVENT]) : [];
      return { matchKey: match.match_key, players, reopenedTags, undone: { ball, droppedInnings, inningsNo, reopenedMatch, events } };
    });
    if (undone === null) return null;
    await this.publish([
      ...new Set([tags.match(undone.matchKey), ...undone.players.map(tags.player), tags.home, tags.fixtures, ...undone.reopenedTags]),
    ]);
    return undone.undone;
  }

  /**
   * Moves the match's play status (a break, play resumed, stumps, abandoned) where the rules of
   * domain/live.ts allow it; a break's reason is the one given, else its status's. An
   * abandoned match is completed with no result. The result itself comes from completeMatch().
   * `events` are logged with it.
   */
  async setPlayState(
    matchId: number,
    state: { playStatus: PlayStatus; breakReason?: string | null; dayNumber?: number },
    events: readonly NewEvent[] = [],
  ): Promise<CommittedEvent[]> {
    if (state.playStatus === 'result') throw new LiveWriteError('a result is recorded by completing the match');
    const { matchKey, logged } = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      if (!canMovePlay(match.play_status, state.playStatus)) {
        throw new LiveWriteError(`match ${match.match_key} cannot go from ${match.play_status} to ${state.playStatus}`);
      }
      const breakReason = state.playStatus === 'in_play' ? null : (state.breakReason ?? breakReasonOf(state.playStatus));
      await tx.kysely
        .updateTable('matches')
        .set((eb) => ({
          play_status: state.playStatus,
          break_reason: breakReason,
          // A day given is that day; else play after stumps is the next day's (stumps itself stays on its day).
          ...(state.dayNumber !== undefined ? { day_number: state.dayNumber } : state.playStatus !== 'stumps' ? { day_number: nextDay(eb) } : {}),
        }))
        .where('id', '=', matchId)
        .execute();
      if (state.playStatus === 'abandoned') {
        await tx.kysely
          .updateTable('matches')
          .set({ status: 'completed', winner: null, result: 'no result', win_by_runs: null, win_by_wickets: null, win_by_innings: false })
          .where('id', '=', matchId)
          .execute();
        await closeOpenInnings(tx, matchId);
        await refreshFantasyRows(tx, [matchId]);
      }
      return { matchKey: match.match_key, logged: await appendEvents(tx, matchId, events) };
    });
    await this.publish([tags.match(matchKey), tags.home, tags.fixtures]);
    return logged;
  }

  /**
   * Closes an innings by hand (declared; stopped by rain or time; all out with batters absent
   * hurt, which the rules could not know): no more balls. Play goes to the
   * innings break, or, when that was the match's last innings (decidedOutcome: a Test's fourth),
   * the match is completed with its result. Returns that result, if any, and `events` as logged with it.
   */
  async closeInnings(
    matchId: number,
    inningsNo: number,
    options: { declared?: boolean; absentHurt?: readonly string[] } = {},
    events: readonly NewEvent[] = [],
  ): Promise<{ outcome: MatchOutcome | null; events: CommittedEvent[] }> {
    const closed = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      // Batters absent hurt (registry ids): kept by name, as Cricsheet's absent_hurt; the side is all out without them.
      const absent = options.absentHurt?.length
        ? await tx.kysely.selectFrom('people').select('name').where('registry_id', '=', anyText(options.absentHurt)).execute()
        : [];
      if (absent.length !== (options.absentHurt?.length ?? 0)) throw new LiveWriteError('a batter absent hurt is not a known player');
      // A declaration is kept once made; absent batters named replace those recorded.
      const found = await tx.kysely
        .updateTable('innings')
        .set({
          tally: null,
          ...(options.declared ? { declared: true } : {}),
          ...(absent.length > 0 ? { absent_hurt: absent.map((row) => row.name) } : {}),
        })
        .where('match_id', '=', matchId)
        .where('innings_no', '=', inningsNo)
        .returning('innings_no')
        .execute();
      if (found.length === 0) throw new LiveWriteError(`match ${match.match_key} has no innings ${inningsNo}`);
      const outcome = match.status === 'completed' ? null : await afterInningsClosed(tx, matchId, await closureOf(tx.kysely, matchId, inningsNo));
      const completedTags = outcome === null ? [] : await completionTags(tx, matchId, match.match_key);
      return { matchKey: match.match_key, outcome, completedTags, events: await appendEvents(tx, matchId, events) };
    });
    await this.publish([...new Set([tags.match(closed.matchKey), tags.home, ...closed.completedTags])]);
    return { outcome: closed.outcome, events: closed.events };
  }

  /**
   * A target the umpires revised (DLS): kept on the match, and set on the chase when it has
   * begun (a later chase is started with it). `events` are logged with it.
   */
  async setRevisedTarget(matchId: number, target: { runs: number; overs: number }, events: readonly NewEvent[] = []): Promise<CommittedEvent[]> {
    const { matchKey, logged } = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      const balls = oversToBalls(target.overs, match.balls_per_over);
      await tx.kysely
        .updateTable('matches')
        .set({ revised_target_runs: target.runs, revised_target_overs: target.overs })
        .where('id', '=', matchId)
        .execute();
      // The chase: the latest regular innings, once there is a second.
      await tx.kysely
        .updateTable('innings')
        .set({ target_runs: target.runs, target_balls: balls })
        .where('match_id', '=', matchId)
        .where('innings_no', '=', (eb) =>
          eb.selectFrom('innings').select((sub) => sub.fn.max('innings_no').as('latest')).where('match_id', '=', matchId).where(sub => sub.not(sub.ref('super_over'))),
        )
        .where('innings_no', '>=', 2)
        .execute();
      return { matchKey: match.match_key, logged: await appendEvents(tx, matchId, events) };
    });
    await this.publish([tags.match(matchKey), tags.home]);
    return logged;
  }

  /**
   * Penalty runs awarded outside a delivery to an innings: before its first ball ('pre', which
   * every fall of wicket includes) or after its last ('post'). The innings is derived again.
   * `events` are logged with it.
   */
  async addPenaltyRuns(matchId: number, inningsNo: number, penalty: { runs: number; when: 'pre' | 'post' }, events: readonly NewEvent[] = []): Promise<CommittedEvent[]> {
    const { matchKey, logged } = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      const column = penalty.when === 'pre' ? 'penalty_runs_pre' : 'penalty_runs_post';
      const inn = await tx.kysely
        .updateTable('innings')
        .set(column, (eb) => eb(column, '+', penalty.runs))
        .where('match_id', '=', matchId)
        .where('innings_no', '=', inningsNo)
        .returning((eb) => eb('tally', 'is not', null).$castTo<boolean>().as('in_progress'))
        .executeTakeFirst();
      if (!inn) throw new LiveWriteError(`match ${match.match_key} has no innings ${inningsNo}`);
      await rederiveInnings(tx, matchId, inningsNo, inn.in_progress);
      return { matchKey: match.match_key, logged: await appendEvents(tx, matchId, events) };
    });
    await this.publish([tags.match(matchKey), tags.home]);
    return logged;
  }

  /**
   * Completes the match: open innings are closed, the result is computed from the innings'
   * totals (domain/live.ts matchOutcome; `result` overrides it, for an award or a bowl-out) and
   * the players of the match recorded. A match already completed (its deciding ball completed
   * it) keeps its result (unless `result` is given) and gets the players of the match: the award
   * comes after the result. Tournament tables, team form and careers change with it. Returns the
   * result, and `events` as logged with it.
   */
  async completeMatch(
    matchId: number,
    completion: { playerOfMatch: readonly string[]; result?: MatchOutcome },
    events: readonly NewEvent[] = [],
  ): Promise<{ outcome: MatchOutcome; events: CommittedEvent[] }> {
    const done = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      const idOf = await personIdsOf(tx, completion.playerOfMatch);
      let outcome = completion.result;
      if (match.status !== 'completed' || outcome !== undefined) {
        if (outcome === undefined) {
          const { format, revised, innings } = await readOutcomeInnings(tx.kysely, matchId);
          outcome = matchOutcome(format, innings, revised);
        }
        await closeOpenInnings(tx, matchId);
        await recordOutcome(tx, matchId, outcome);
        await refreshFantasyRows(tx, [matchId]);
      } else {
        outcome = await storedOutcome(tx, matchId);
      }
      await tx.kysely.deleteFrom('player_of_match').where('match_id', '=', matchId).execute();
      // No award is the delete alone (Kysely refuses an insert of no rows).
      if (completion.playerOfMatch.length > 0) {
        await tx.kysely
          .insertInto('player_of_match')
          .values(completion.playerOfMatch.map((key, index) => ({ match_id: matchId, position: index + 1, person_id: idOf.get(key)! })))
          .execute();
      }
      return { outcome, tags: await completionTags(tx, matchId, match.match_key), events: await appendEvents(tx, matchId, events) };
    });
    await this.publish([...new Set([...done.tags, ...completion.playerOfMatch.map(tags.player)])]);
    return { outcome: done.outcome, events: done.events };
  }

}

interface LockedMatch {
  match_key: string;
  status: 'not_started' | 'started' | 'completed';
  play_status: PlayStatus;
  balls_per_over: number;
}

/** The match row, locked for the transaction: one live write to a match at a time. */
async function lockMatch(tx: BulkTransaction, matchId: number): Promise<LockedMatch> {
  const match = await tx.kysely
    .selectFrom('matches')
    .select(['match_key', 'status', 'play_status', 'balls_per_over'])
    .where('id', '=', matchId)
    .forUpdate()
    .executeTakeFirst();
  if (!match) throw new LiveWriteError(`no match ${matchId}`);
  return match;
}

/** Registry ids of the given people ids (their pages' tags). */
async function registryIdsOf(tx: BulkTransaction, personIds: readonly number[]): Promise<string[]> {
  const rows = await tx.kysely.selectFrom('people').select('registry_id').where('id', '=', anyInteger(personIds)).execute();
  return rows.map((row) => row.registry_id);
}

/** People ids by registry id; refused (LiveWriteError) when one is not a known player. */
async function personIdsOf(tx: BulkTransaction, registryIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx.kysely.selectFrom('people').select(['id', 'registry_id']).where('registry_id', '=', anyText(registryIds)).execute();
  const idOf = new Map(rows.map((person) => [person.registry_id, person.id]));
  const missing = registryIds.find((key) => !idOf.has(key));
  if (missing !== undefined) throw new LiveWriteError(`no player ${missing}`);
  return idOf;
}

/** Every innings of the match closed (no tally): no more balls. */
async function closeOpenInnings(tx: BulkTransaction, matchId: number): Promise<void> {
  await tx.kysely.updateTable('innings').set({ tally: null }).where('match_id', '=', matchId).execute();
}

/** An innings' totals and its saved tally (null: closed). */
async function writeInningsTotals(tx: BulkTransaction, matchId: number, inningsNo: number, totals: readonly number[], tally: InningsTallyState | null): Promise<void> {
  const columns = Object.fromEntries(INNINGS_TOTALS.map((column, index) => [column, totals[index]!])) as Record<(typeof INNINGS_TOTALS)[number], number>;
  await tx.kysely
    .updateTable('innings')
    .set({ ...columns, tally: tally === null ? null : JSON.stringify(tally) })
    .where('match_id', '=', matchId)
    .where('innings_no', '=', inningsNo)
    .execute();
}

/** The key of each derived table: a ball's rows replace those with the same key. */
const DERIVED_KEYS: Record<ReturnType<DerivedCopy['all']>[number]['table'], readonly string[]> = {
  batting_innings: ['match_id', 'innings_no', 'position'],
  bowling_innings: ['match_id', 'innings_no', 'position'],
  fall_of_wickets: ['match_id', 'innings_no', 'wicket_no'],
  partnerships: ['match_id', 'innings_no', 'position'],
};

/**
 * A ball's derived rows (`rows`, the few it changed, kept as given) upserted over those with
 * the same key, and the innings' totals and tally, in one statement: each round trip to the
 * database is time before the ball's fans hear it, and a delete and a COPY per table were three.
 * The rows a ball changes always exist after it (a batter, bowler, stand or fall is never taken
 * away by a new ball), so an upsert leaves what the delete and the COPY did.
 * Raw SQL: data-modifying CTEs over jsonb_populate_recordset, which the builders cannot express.
 */
async function upsertBallRows(
  tx: BulkTransaction,
  matchId: number,
  inningsNo: number,
  rows: DerivedCopy,
  totals: readonly number[],
  tally: InningsTallyState | null,
): Promise<void> {
  const upserts = rows
    .all()
    .filter((buffer) => buffer.size > 0)
    .map((buffer, index) => {
      const keys = DERIVED_KEYS[buffer.table];
      const columns = buffer.columns.map((column) => sql.ref(column));
      const updated = buffer.columns.filter((column) => !keys.includes(column));
      const records = buffer.rows!.map((row) => Object.fromEntries(buffer.columns.map((column, at) => [column, row[at] ?? null])));
      return sql`${sql.id(`upserted_${index}`)} as (
        insert into ${sql.table(buffer.table)} (${sql.join(columns)})
        select ${sql.join(columns)} from jsonb_populate_recordset(null::${sql.table(buffer.table)}, ${JSON.stringify(records)}::jsonb)
        on conflict (${sql.join(keys.map((key) => sql.ref(key)))})
        do update set (${sql.join(updated.map((column) => sql.ref(column)))}) = row(${sql.join(updated.map((column) => sql.ref(`excluded.${column}`)))}))`;
    });
  const totalsSet = INNINGS_TOTALS.map((column, index) => sql`${sql.ref(column)} = ${totals[index]!}`);
  await sql`${upserts.length > 0 ? sql`with ${sql.join(upserts)} ` : sql``}update innings
    set ${sql.join([...totalsSet, sql`tally = ${tally === null ? null : JSON.stringify(tally)}::jsonb`])}
    where match_id = ${matchId} and innings_no = ${inningsNo}`.execute(tx.kysely);
}

/** The wickets of the innings' ball `seq` taken away; returns who they had out. */
async function deleteWickets(tx: BulkTransaction, matchId: number, inningsNo: number, seq: number): Promise<{ player_out_id: number }[]> {
  return tx.kysely
    .deleteFrom('wickets')
    .where('match_id', '=', matchId)
    .where('innings_no', '=', inningsNo)
    .where('seq', '=', seq)
    .returning('player_out_id')
    .execute();
}

/** Inserts an innings in progress (a fresh tally) and puts the match in play; a super over reopens a match completed as a tie. */
async function insertInnings(tx: BulkTransaction, matchId: number, match: LockedMatch, facts: InningsFacts): Promise<{ matchKey: string; reopenedTags: string[] }> {
  const chase = await tx.kysely
    .selectFrom('matches')
    .select((eb) => [
      'revised_target_runs as revised_runs',
      eb.cast<string | null>('revised_target_overs', 'text').as('revised_overs'),
      eb
        .and([
          eb('format', '<>', 'test'),
          eb(
            eb.selectFrom('innings').select((sub) => sub.fn.countAll().as('regular')).where('match_id', '=', matchId).where((sub) => sub.not(sub.ref('super_over'))).$asScalar(),
            '=',
            1,
          ),
        ])
        .as('chase'),
    ])
    .where('id', '=', matchId)
    .executeTakeFirstOrThrow();
  const reopened = match.status === 'completed';
  if (reopened && !facts.superOver) throw new LiveWriteError(`match ${match.match_key} is over`);
  if (reopened) await reopenMatch(tx, matchId);
  // A target the umpires revised before the chase began is the chase's target.
  const revised = !facts.superOver && chase.chase && chase.revised_runs !== null;
  const targetRuns = revised ? chase.revised_runs : facts.targetRuns;
  const targetBalls = revised ? oversToBalls(Number(chase.revised_overs), match.balls_per_over) : facts.targetBalls;
  const tally = InningsTally.start({ ballsPerOver: match.balls_per_over, penaltyRunsPre: facts.penaltyRunsPre, calledOvers: facts.calledOvers ?? [] });
  const summary = tally.summary();
  await tx.kysely
    .insertInto('innings')
    .values({
      match_id: matchId, innings_no: facts.inningsNo, batting_team: facts.battingTeam, super_over: facts.superOver,
      declared: facts.declared, forfeited: facts.forfeited, target_runs: targetRuns, target_balls: targetBalls,
      penalty_runs_pre: facts.penaltyRunsPre, penalty_runs_post: facts.penaltyRunsPost, absent_hurt: facts.absentHurt,
      miscounted_overs: facts.calledOvers === null ? null : JSON.stringify(facts.calledOvers),
      runs: summary.runs, wickets: 0, legal_balls: 0, called_balls: 0, byes: 0, legbyes: 0, wides: 0, noballs: 0,
      penalty: summary.extras.penalty, tally: JSON.stringify(tally.save()),
    })
    .execute();
  await tx.kysely
    .updateTable('matches')
    .set((eb) => ({
      status: eb.case().when('status', '=', 'not_started').then(sql.lit<MatchStatus>('started')).else(eb.ref('status')).end(),
      play_status: 'in_play',
      break_reason: null,
      day_number: nextDay(eb),
    }))
    .where('id', '=', matchId)
    .execute();
  return { matchKey: match.match_key, reopenedTags: reopened ? await completionTags(tx, matchId, match.match_key) : [] };
}

/**
 * After an innings closed (in this transaction): the match is completed with its result when
 * that decided it (decidedOutcome), else play goes to the innings break. Returns the result.
 */
async function afterInningsClosed(tx: BulkTransaction, matchId: number, closure: InningsClosure): Promise<MatchOutcome | null> {
  // The innings' figures are final: the match's fantasy points follow them.
  await refreshFantasyRows(tx, [matchId]);
  const { format, revised, innings } = await readOutcomeInnings(tx.kysely, matchId);
  const outcome = decidedOutcome(format, innings, closure, revised);
  if (outcome === null) {
    await tx.kysely.updateTable('matches').set({ play_status: 'innings_break', break_reason: 'innings' }).where('id', '=', matchId).execute();
    return null;
  }
  await closeOpenInnings(tx, matchId);
  await recordOutcome(tx, matchId, outcome);
  return outcome;
}

/** The match completed with this outcome (Cricsheet's columns). */
async function recordOutcome(tx: BulkTransaction, matchId: number, outcome: MatchOutcome): Promise<void> {
  await tx.kysely
    .updateTable('matches')
    .set({
      status: 'completed', play_status: 'result', break_reason: null, winner: outcome.winner, result: outcome.result,
      win_by_runs: outcome.winByRuns, win_by_wickets: outcome.winByWickets, win_by_innings: outcome.winByInnings,
      eliminator: outcome.eliminator, method: outcome.method,
    })
    .where('id', '=', matchId)
    .execute();
}

async function storedOutcome(tx: BulkTransaction, matchId: number): Promise<MatchOutcome> {
  const row = await tx.kysely
    .selectFrom('matches')
    .select(['winner', 'result', 'win_by_runs', 'win_by_wickets', 'win_by_innings', 'eliminator', 'method'])
    .where('id', '=', matchId)
    .executeTakeFirstOrThrow();
  return {
    winner: row.winner, result: row.result, winByRuns: row.win_by_runs, winByWickets: row.win_by_wickets,
    winByInnings: row.win_by_innings, eliminator: row.eliminator, method: row.method,
  };
}

/** A completed match in play again: no result, no player of the match. */
async function reopenMatch(tx: BulkTransaction, matchId: number): Promise<void> {
  await tx.kysely
    .updateTable('matches')
    .set({
      status: 'started', play_status: 'in_play', break_reason: null, winner: null, result: null,
      win_by_runs: null, win_by_wickets: null, win_by_innings: false, eliminator: null, method: null,
    })
    .where('id', '=', matchId)
    .execute();
  await tx.kysely.deleteFrom('player_of_match').where('match_id', '=', matchId).execute();
}

/** What a result (made or taken back) changes beyond the match: its tournament, both teams, everyone who played. */
async function completionTags(tx: BulkTransaction, matchId: number, matchKey: string): Promise<string[]> {
  const facts = await tx.kysely
    .selectFrom('matches as m')
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .innerJoin('teams as ta', 'ta.id', 'm.team_a_id')
    .innerJoin('teams as tb', 'tb.id', 'm.team_b_id')
    .select(['t.tou_key', 'ta.team_key as a_key', 'tb.team_key as b_key'])
    .where('m.id', '=', matchId)
    .executeTakeFirstOrThrow();
  return tagsOfWrittenMatches({
    matches: [matchKey],
    tournaments: [facts.tou_key],
    teams: [facts.a_key, facts.b_key],
    players: await playerKeysOf(tx, [matchId]),
  });
}

/**
 * Removes the last of an innings' `count` stored balls: its bytes, wickets and review, and the
 * people only it named (people enter the dictionary in order of first mention, so they are at
 * its end). Returns the ball and the people ids it named (for their pages' tags).
 */
async function removeStoredBall(tx: BulkTransaction, matchId: number, inningsNo: number, count: number): Promise<{ ball: { inningsNo: number; seq: number }; named: number[] }> {
  const stored = await tx.kysely
    .selectFrom('innings_balls')
    .select(['people', 'balls', 'reviews'])
    .where('match_id', '=', matchId)
    .where('innings_no', '=', inningsNo)
    .executeTakeFirstOrThrow();
  const seq = count;
  const last = readBall(stored!.balls, seq - 1);
  const left = firstBalls(stored!.balls, seq - 1);
  if (seq === 1) {
    await tx.kysely.deleteFrom('innings_balls').where('match_id', '=', matchId).where('innings_no', '=', inningsNo).execute();
  } else {
    let used = 0;
    for (let i = 0; i < seq - 1; i += 1) {
      const kept = readBall(left, i);
      used = Math.max(used, kept.batter + 1, kept.nonStriker + 1, kept.bowler + 1);
    }
    const reviews = (stored!.reviews ?? []).filter((entry) => entry.seq !== seq);
    await tx.kysely
      .updateTable('innings_balls')
      .set((eb) => ({
        people: stored.people.slice(0, used),
        balls: Buffer.from(left),
        // As JSON text: the driver would send an array as a PostgreSQL array.
        reviews: reviews.length > 0 ? eb.cast<typeof reviews>(eb.val(JSON.stringify(reviews)), 'jsonb') : null,
      }))
      .where('match_id', '=', matchId)
      .where('innings_no', '=', inningsNo)
      .execute();
  }
  const out = await deleteWickets(tx, matchId, inningsNo, seq);
  const named = [last.batter, last.nonStriker, last.bowler].map((index) => stored!.people[index]!);
  return { ball: { inningsNo, seq }, named: [...named, ...out.map((row) => row.player_out_id)] };
}

/**
 * Derives one innings again from its stored deliveries: every derived row, the totals (penalty
 * runs before and after included) and, when `inProgress`, a fresh tally to go on from.
 */
async function rederiveInnings(tx: BulkTransaction, matchId: number, inningsNo: number, inProgress: boolean): Promise<void> {
  const inn = (await readStoredInnings(tx.kysely, [matchId])).find((candidate) => candidate.inningsNo === inningsNo);
  if (!inn) throw new Error(`match ${matchId} has no innings ${inningsNo}`);
  const tally = InningsTally.start(inn);
  for (const delivery of inn.deliveries) tally.add(delivery);
  const derived = deriveInningsRows(tally.summary(inn.penaltyRunsPost), Number);
  const rows = new DerivedCopy();
  rows.add(matchId, inningsNo, derived, (id) => id);
  for (const buffer of rows.all()) {
    await tx.kysely.deleteFrom(buffer.table).where('match_id', '=', matchId).where('innings_no', '=', inningsNo).execute();
    if (buffer.size > 0) await tx.copy(buffer);
  }
  await writeInningsTotals(tx, matchId, inningsNo, inningsTotals(derived), inProgress ? tally.save() : null);
}

/** The wickets of the innings' ball `seq`, one row each. */
async function insertWickets(tx: BulkTransaction, matchId: number, inningsNo: number, seq: number, delivery: Delivery): Promise<void> {
  const person = Number;
  for (const [index, wicket] of delivery.wickets.entries()) {
    // One id per fielder with a name, in order, as the reader pairs them (readStoredInnings):
    // a fielder a scorer named without a key has a null id, not none (which shifted the others').
    const named = wicket.fielders.filter((fielder) => fielder.name !== null);
    await tx.kysely
      .insertInto('wickets')
      .values({
        match_id: matchId, innings_no: inningsNo, seq, position: index + 1, kind: wicket.kind, player_out_id: person(wicket.playerOut),
        // As an import stores it: no fielders is null, not [].
        fielders: wicket.fielders.length > 0 ? JSON.stringify(wicket.fielders.map(cricsheetFielder)) : null,
        fielder_ids: named.some((fielder) => fielder.id !== null) ? named.map((fielder) => (fielder.id === null ? null : person(fielder.id))) : null,
      })
      .execute();
  }
}

/** A fielder as Cricsheet writes one: { name?, substitute? }. */
function cricsheetFielder(fielder: Fielder): { name?: string; substitute?: boolean } {
  return { ...(fielder.name === null ? {} : { name: fielder.name }), ...(fielder.substitute ? { substitute: true } : {}) };
}
