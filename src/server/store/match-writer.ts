// The live commands' writer: a fixture, the toss, the XIs, and a match ball by ball
// (appendBall: one delivery added to an innings in progress, its derived rows updated from the
// innings' saved tally, no recomputation of the match), with undo, breaks and results. Whole
// matches are written by import-writer.ts, derived rows rebuilt by rederive-writer.ts, over the
// same transaction helpers (write-transaction.ts; docs/decisions/081-writers-per-job.md).
// Every commit publishes the tags of what it changed, after the commit, so a cache never
// reloads data older than the change it heard of.
import type { BulkTransaction, Db } from '../db/client.ts';
import { CopyBuffer } from '../db/copy-format.ts';
import { tags, tagsOfWrittenMatches } from '../feed/tags.ts';
import { InningsTally, type InningsTallyState } from '../domain/scorecard.ts';
import type { Delivery, Fielder } from '../domain/types.ts';
import { ballCount, firstBalls, PeopleDictionary, readBall, storedBall, writeBall } from './ball-codec.ts';
import { appendToBalls, storedBallCount } from './packed-balls.ts';
import { DerivedCopy, INNINGS_TOTALS, inningsTotals, type DerivedSelection } from './match-copy.ts';
import { deriveInningsRows, type InningsFacts, type MatchWrite } from './match-write.ts';
import { readStoredInnings, type QueryRows } from './stored-deliveries.ts';
import { absentOf, closureOf, readOutcomeInnings } from './live-innings.ts';
import { fixtureWrite, LiveWriteError, type FixtureInput } from './fixture.ts';
import { appendEvents, type CommittedEvent, type NewEvent } from './live-events.ts';
import { refreshSearchIndex } from './search-index.ts';
import { refreshFantasyRows } from './fantasy-rows.ts';
import { ImportWriter } from './import-writer.ts';
import type { PublishTags } from './write-transaction.ts';
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
import type { MatchFormat, TeamSide } from '../db/schema.ts';

/** The day after stumps: play (or a rain delay) coming after the close of a day's play is the next day's. */
const NEXT_DAY = "case when play_status = 'stumps' then coalesce(day_number, 1) + 1 else day_number end";
const NEXT_DAY_AFTER_STUMPS = `day_number = ${NEXT_DAY}`;

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
}

/** What an undo took back (undoLast). */
/** A side's captain and wicketkeeper (registry ids), null where the team sheet names none. */
export interface SquadMarks {
  captain: string | null;
  keeper: string | null;
}

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

export class MatchWriter {
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
      const [innings] = await tx.query<{
        tally: InningsTallyState | null; match_key: string; penalty_runs_post: number; play_status: PlayStatus; status: string;
        super_over: boolean; target_runs: number | null; target_balls: number | null; absent_hurt: number; xi: number;
        overs_limit: number | null; balls_per_over: number; balls_before: number;
      }>(
        `select i.tally, i.penalty_runs_post, m.match_key, m.play_status, m.status, i.super_over, i.target_runs, i.target_balls,
           coalesce(cardinality(i.absent_hurt), 0) as absent_hurt, m.overs_limit, m.balls_per_over,
           (select count(*)::int from match_players mp where mp.match_id = i.match_id and mp.team = i.batting_team) as xi,
           (select coalesce(sum(${storedBallCount('o.balls')}), 0)::int from innings_balls o where o.match_id = i.match_id and o.innings_no < i.innings_no) as balls_before
         from innings i join matches m on m.id = i.match_id
         where i.match_id = $1 and i.innings_no = $2 for update of i`,
        [matchId, inningsNo],
      );
      if (!innings) throw new Error(`match ${matchId} has no innings ${inningsNo}`);
      if (innings.status === 'completed') throw new LiveWriteError(`match ${innings.match_key} is over`);
      if (!innings.tally) throw new Error(`innings ${inningsNo} of match ${matchId} is not in progress`);
      // A ball bowled is play: whatever break was on is over.
      if (isBreak(innings.play_status) || innings.play_status === 'pre_match' || innings.play_status === 'scheduled') {
        await tx.query(`update matches set play_status = 'in_play', break_reason = null, ${NEXT_DAY_AFTER_STUMPS} where id = $1`, [matchId]);
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

      const seq = await appendToBalls(tx, matchId, inningsNo, delivery);
      if (review !== undefined) {
        await tx.query(
          `update innings_balls set reviews = coalesce(reviews, '[]'::jsonb) || jsonb_build_array(jsonb_build_object('seq', $3::integer, 'review', $4::jsonb))
           where match_id = $1 and innings_no = $2`,
          [matchId, inningsNo, seq, JSON.stringify(review)],
        );
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
      const rows = new DerivedCopy();
      rows.add(matchId, inningsNo, derived, (id) => id, only);
      const replaced: [CopyBuffer, string, number[]][] = [
        [rows.batting, 'position', only.batting],
        [rows.bowling, 'position', only.bowling],
        [rows.fallOfWickets, 'wicket_no', only.fallOfWickets],
        [rows.partnerships, 'position', only.partnerships],
      ];
      for (const [buffer, key, positions] of replaced) {
        if (buffer.size === 0) continue;
        await tx.query(`delete from ${buffer.table} where match_id = $1 and innings_no = $2 and ${key} = any($3::integer[])`, [
          matchId, inningsNo, positions,
        ]);
        await tx.copy(buffer);
      }
      const totals = inningsTotals(derived);
      // An innings the rules ended keeps no tally: it is closed, as an imported one.
      await tx.query(
        `update innings set ${INNINGS_TOTALS.map((column, i) => `${column} = $${i + 3}`).join(', ')}, tally = $${INNINGS_TOTALS.length + 3}
         where match_id = $1 and innings_no = $2`,
        [matchId, inningsNo, ...totals, ended === null ? JSON.stringify(tally.save()) : null],
      );
      const outcome = ended === null ? null : await afterInningsClosed(tx, matchId, ended);
      const people = await tx.query<{ registry_id: string }>('select registry_id from people where id = any($1::integer[])', [
        [...batters, delivery.bowler].map(person),
      ]);
      const completedTags = outcome === null ? [] : await completionTags(tx, matchId, innings.match_key);
      // The key from where the tally placed the ball and the balls of the innings before: no read of the innings.
      const key = ballKey(inningsNo, facts.position, innings.balls_before + seq);
      let events: CommittedEvent[] = [];
      if (log) {
        // The ball's fans need not wait for its commit to reach the disk (PostgreSQL's fsync,
        // milliseconds): its events are pushed once it is committed, and the scorer's answer
        // waits until it is on disk (the live engine), so an answered ball is never lost.
        await tx.query('set local synchronous_commit to off');
        events = await appendEvents(tx, matchId, [{ kind: 'ball', ballKey: key }, { kind: 'state', ballKey: null }]);
        await tx.query('insert into ball_idempotency (match_id, idempotency_key, sequence, ball_key, ball_digest) values ($1, $2, $3, $4, $5)', [
          matchId, log.idempotencyKey, events[0]!.sequence, key, log.digest,
        ]);
      }
      return { seq, key, events, ended, outcome, completedTags, matchKey: innings.match_key, players: people.map((row) => row.registry_id) };
    });
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
      const [innings] = await tx.query<{ open: boolean }>('select tally is not null as open from innings where match_id = $1 and innings_no = $2 for update', [
        matchId, inningsNo,
      ]);
      if (!innings?.open) throw new LiveWriteError(`innings ${inningsNo} of match ${match.match_key} is not in progress: only its balls are corrected here`);
      const [stored] = await tx.query<{ people: number[]; balls: Uint8Array }>(
        'select people, balls from innings_balls where match_id = $1 and innings_no = $2 for update',
        [matchId, inningsNo],
      );
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
      await tx.query('update innings_balls set people = $3, balls = $4 where match_id = $1 and innings_no = $2', [matchId, inningsNo, people.people, balls]);
      const out = await tx.query<{ player_out_id: number }>('delete from wickets where match_id = $1 and innings_no = $2 and seq = $3 returning player_out_id', [
        matchId, inningsNo, seq,
      ]);
      await insertWickets(tx, matchId, inningsNo, seq, delivery);
      await rederiveInnings(tx, matchId, inningsNo, true);
      await refreshFantasyRows(tx, [matchId]);
      const named = [
        ...[before.batter, before.nonStriker, before.bowler].map((index) => stored.people[index]!),
        ...out.map((row) => row.player_out_id),
        ...[delivery.batter, delivery.nonStriker, delivery.bowler, ...delivery.wickets.map((wicket) => wicket.playerOut)].map(Number),
      ];
      const rows = await tx.query<{ registry_id: string }>('select registry_id from people where id = any($1::integer[])', [[...new Set(named)]]);
      return { matchKey: match.match_key, players: rows.map((row) => row.registry_id), events: await appendEvents(tx, matchId, events) };
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
      const [latest] = await tx.query<{ innings_no: number; open: boolean }>(
        'select innings_no, tally is not null as open from innings where match_id = $1 order by innings_no desc limit 1',
        [matchId],
      );
      if (latest?.open) {
        if (options.closePrevious === undefined) throw new LiveWriteError(`innings ${latest.innings_no} is still in progress: end it first`);
        await tx.query('update innings set tally = null, declared = $3 where match_id = $1 and innings_no = $2', [
          matchId, latest.innings_no, options.closePrevious === 'declared',
        ]);
        await afterInningsClosed(tx, matchId, await closureOf(tx.query.bind(tx) as QueryRows, matchId, latest.innings_no));
        const [now] = await tx.query<{ status: LockedMatch['status'] }>('select status from matches where id = $1', [matchId]);
        match.status = now!.status;
      }
      const [facts] = await tx.query<{ format: MatchFormat; overs_limit: number | null; toss_winner: TeamSide | null; toss_decision: string | null }>(
        'select format, overs_limit, toss_winner, toss_decision from matches where id = $1',
        [matchId],
      );
      const { innings } = await readOutcomeInnings(tx.query.bind(tx) as QueryRows, matchId);
      const tossBatting = facts!.toss_winner === null ? null : facts!.toss_decision === 'bat' ? facts!.toss_winner : facts!.toss_winner === 'a' ? 'b' : 'a';
      const next = nextInnings(facts!.format, innings, {
        ...(options.battingSide === undefined ? {} : { battingSide: options.battingSide }),
        tossBatting,
        oversLimit: facts!.overs_limit,
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
      const [row] = await tx.query<{ id: number }>("select nextval('live_match_ids')::integer as id", []);
      return fixtureWrite(tx, row!.id, input);
    });
    await this.writeMatches([write]);
    // A new tournament is dated by its matches (as the importer's finishTournaments does).
    await this.db.bulkTransaction((tx) =>
      tx.query(
        `update tournaments set start_date = least(coalesce(start_date, $2::date), $2::date), end_date = greatest(coalesce(end_date, $2::date), $2::date)
         where tou_key = $1`,
        [write.tournament.key, write.facts.startDate],
      ),
    );
    return { matchId: write.id, matchKey: write.facts.matchKey };
  }

  /** Records the toss; a scheduled match moves to pre_match. `events` are logged with it. */
  async setToss(matchId: number, toss: { winner: TeamSide; decision: 'bat' | 'field' }, events: readonly NewEvent[] = []): Promise<CommittedEvent[]> {
    const { matchKey, logged } = await this.db.bulkTransaction(async (tx) => {
      const match = await lockMatch(tx, matchId);
      if (match.status === 'completed') throw new LiveWriteError(`match ${match.match_key} is over`);
      await tx.query(
        `update matches set toss_winner = $2, toss_decision = $3,
           play_status = case when play_status = 'scheduled' then 'pre_match' else play_status end
         where id = $1`,
        [matchId, toss.winner, toss.decision],
      );
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
      const people = await tx.query<{ id: number; registry_id: string }>('select id, registry_id from people where registry_id = any($1::text[])', [
        [...playerKeys],
      ]);
      const idOf = new Map(people.map((person) => [person.registry_id, person.id]));
      const missing = playerKeys.find((key) => !idOf.has(key));
      if (missing !== undefined) throw new LiveWriteError(`no player ${missing}`);
      const before = await tx.query<{ registry_id: string }>(
        'select p.registry_id from match_players mp join people p on p.id = mp.person_id where mp.match_id = $1 and mp.team = $2',
        [matchId, side],
      );
      await tx.query('delete from match_players where match_id = $1 and team = $2', [matchId, side]);
      await tx.query(
        `insert into match_players (match_id, team, position, person_id, captain, keeper)
         select $1, $2, position, person_id, person_id is not distinct from $4::integer, person_id is not distinct from $5::integer
         from unnest($3::integer[]) with ordinality as xi(person_id, position)`,
        [matchId, side, playerKeys.map((key) => idOf.get(key)!), marks.captain === null ? null : idOf.get(marks.captain)!, marks.keeper === null ? null : idOf.get(marks.keeper)!],
      );
      const named = await tx.query<{ id: number }>('select id from people where registry_id = any($1::text[])', [before.map((row) => row.registry_id)]);
      await refreshSearchIndex((text, params) => tx.query(text, params), {
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
      const innings = await tx.query<{ innings_no: number; open: boolean; declared: boolean; balls: number }>(
        `select i.innings_no, i.tally is not null as open, i.declared, ${storedBallCount('b.balls')}::int as balls
         from innings i left join innings_balls b using (match_id, innings_no) where i.match_id = $1 order by i.innings_no`,
        [matchId],
      );
      let latest = innings.at(-1);
      if (!latest) return null;
      const reopenedMatch = match.status === 'completed';
      if (reopenedMatch) await reopenMatch(tx, matchId);
      let droppedInnings: number | null = null;
      let removeBall: boolean;
      if (latest.balls === 0) {
        droppedInnings = latest.innings_no;
        await tx.query('delete from innings where match_id = $1 and innings_no = $2', [matchId, latest.innings_no]);
        latest = innings.at(-2);
        if (!latest) {
          // Back before the first innings: the match has not started.
          await tx.query(
            `update matches set status = 'not_started', play_status = case when toss_winner is null then 'scheduled' else 'pre_match' end,
               break_reason = null where id = $1`,
            [matchId],
          );
          const events = log ? await appendEvents(tx, matchId, [STATE_EVENT]) : [];
          return { matchKey: match.match_key, players: [], reopenedTags: [], undone: { ball: null, droppedInnings, inningsNo: null, reopenedMatch, events } };
        }
        removeBall = closedByRule(await closureOf(tx.query.bind(tx) as QueryRows, matchId, latest.innings_no));
      } else {
        removeBall = latest.open || closedByRule(await closureOf(tx.query.bind(tx) as QueryRows, matchId, latest.innings_no));
      }
      const inningsNo = latest.innings_no;
      let ball: Undone['ball'] = null;
      let named: number[] = [];
      if (removeBall && latest.balls > 0) {
        ({ ball, named } = await removeStoredBall(tx, matchId, inningsNo, latest.balls));
      }
      await tx.query('update innings set declared = false where match_id = $1 and innings_no = $2', [matchId, inningsNo]);
      await rederiveInnings(tx, matchId, inningsNo, true);
      await refreshFantasyRows(tx, [matchId]);
      if (!latest.open || droppedInnings !== null || reopenedMatch) {
        await tx.query("update matches set play_status = 'in_play', break_reason = null where id = $1", [matchId]);
      }
      const people = await tx.query<{ registry_id: string }>('select registry_id from people where id = any($1::integer[])', [named]);
      const reopenedTags = reopenedMatch ? await completionTags(tx, matchId, match.match_key) : [];
      // An innings closed by hand is reopened with its last ball kept: a deletion only when the ball went.
      const events = log ? await appendEvents(tx, matchId, ball !== null && log.deleted ? [log.deleted, STATE_EVENT] : [STATE_EVENT]) : [];
      return { matchKey: match.match_key, players: people.map((row) => row.registry_id), reopenedTags, undone: { ball, droppedInnings, inningsNo, reopenedMatch, events } };
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
      await tx.query(
        `update matches set play_status = $2, break_reason = $3,
           day_number = coalesce($4, case when $2 <> 'stumps' then ${NEXT_DAY} else day_number end) where id = $1`,
        [matchId, state.playStatus, breakReason, state.dayNumber ?? null],
      );
      if (state.playStatus === 'abandoned') {
        await tx.query(
          `update matches set status = 'completed', winner = null, result = 'no result', win_by_runs = null, win_by_wickets = null,
             win_by_innings = false where id = $1`,
          [matchId],
        );
        await tx.query('update innings set tally = null where match_id = $1', [matchId]);
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
        ? await tx.query<{ name: string }>('select name from people where registry_id = any($1::text[])', [[...options.absentHurt]])
        : [];
      if (absent.length !== (options.absentHurt?.length ?? 0)) throw new LiveWriteError('a batter absent hurt is not a known player');
      const found = await tx.query(
        `update innings set tally = null, declared = declared or $3, absent_hurt = coalesce($4, absent_hurt)
         where match_id = $1 and innings_no = $2 returning innings_no`,
        [matchId, inningsNo, options.declared ?? false, absent.length > 0 ? absent.map((row) => row.name) : null],
      );
      if (found.length === 0) throw new LiveWriteError(`match ${match.match_key} has no innings ${inningsNo}`);
      const outcome = match.status === 'completed' ? null : await afterInningsClosed(tx, matchId, await closureOf(tx.query.bind(tx) as QueryRows, matchId, inningsNo));
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
      await tx.query('update matches set revised_target_runs = $2, revised_target_overs = $3 where id = $1', [matchId, target.runs, target.overs]);
      await tx.query(
        `update innings set target_runs = $2, target_balls = $3
         where match_id = $1 and innings_no = (select max(innings_no) from innings where match_id = $1 and not super_over) and innings_no >= 2`,
        [matchId, target.runs, balls],
      );
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
      const [inn] = await tx.query<{ in_progress: boolean }>(
        `update innings set ${column} = ${column} + $3 where match_id = $1 and innings_no = $2 returning tally is not null as in_progress`,
        [matchId, inningsNo, penalty.runs],
      );
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
      const people = await tx.query<{ id: number; registry_id: string }>('select id, registry_id from people where registry_id = any($1::text[])', [
        [...completion.playerOfMatch],
      ]);
      const idOf = new Map(people.map((person) => [person.registry_id, person.id]));
      const missing = completion.playerOfMatch.find((key) => !idOf.has(key));
      if (missing !== undefined) throw new LiveWriteError(`no player ${missing}`);
      let outcome = completion.result;
      if (match.status !== 'completed' || outcome !== undefined) {
        if (outcome === undefined) {
          const { format, revised, innings } = await readOutcomeInnings(tx.query.bind(tx) as QueryRows, matchId);
          outcome = matchOutcome(format, innings, revised);
        }
        await tx.query('update innings set tally = null where match_id = $1', [matchId]);
        await recordOutcome(tx, matchId, outcome);
        await refreshFantasyRows(tx, [matchId]);
      } else {
        outcome = await storedOutcome(tx, matchId);
      }
      await tx.query('delete from player_of_match where match_id = $1', [matchId]);
      await tx.query(
        `insert into player_of_match (match_id, position, person_id)
         select $1, position, person_id from unnest($2::integer[]) with ordinality as pom(person_id, position)`,
        [matchId, completion.playerOfMatch.map((key) => idOf.get(key)!)],
      );
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
  const [match] = await tx.query<LockedMatch>('select match_key, status, play_status, balls_per_over from matches where id = $1 for update', [matchId]);
  if (!match) throw new LiveWriteError(`no match ${matchId}`);
  return match;
}

/** Inserts an innings in progress (a fresh tally) and puts the match in play; a super over reopens a match completed as a tie. */
async function insertInnings(tx: BulkTransaction, matchId: number, match: LockedMatch, facts: InningsFacts): Promise<{ matchKey: string; reopenedTags: string[] }> {
  const [chase] = await tx.query<{ revised_runs: number | null; revised_overs: string | null; chase: boolean }>(
    `select revised_target_runs as revised_runs, revised_target_overs::text as revised_overs,
       format <> 'test' and (select count(*) from innings where match_id = $1 and not super_over) = 1 as chase
     from matches where id = $1`,
    [matchId],
  );
  const reopened = match.status === 'completed';
  if (reopened && !facts.superOver) throw new LiveWriteError(`match ${match.match_key} is over`);
  if (reopened) await reopenMatch(tx, matchId);
  // A target the umpires revised before the chase began is the chase's target.
  const revised = !facts.superOver && chase!.chase && chase!.revised_runs !== null;
  const targetRuns = revised ? chase!.revised_runs : facts.targetRuns;
  const targetBalls = revised ? oversToBalls(Number(chase!.revised_overs), match.balls_per_over) : facts.targetBalls;
  const tally = InningsTally.start({ ballsPerOver: match.balls_per_over, penaltyRunsPre: facts.penaltyRunsPre, calledOvers: facts.calledOvers ?? [] });
  const summary = tally.summary();
  await tx.query(
    `insert into innings (match_id, innings_no, batting_team, super_over, declared, forfeited, target_runs, target_balls,
       penalty_runs_pre, penalty_runs_post, absent_hurt, miscounted_overs, runs, wickets, legal_balls, called_balls,
       byes, legbyes, wides, noballs, penalty, tally)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 0, 0, 0, 0, 0, 0, 0, $14, $15)`,
    [
      matchId, facts.inningsNo, facts.battingTeam, facts.superOver, facts.declared, facts.forfeited, targetRuns,
      targetBalls, facts.penaltyRunsPre, facts.penaltyRunsPost, facts.absentHurt,
      facts.calledOvers === null ? null : JSON.stringify(facts.calledOvers), summary.runs, summary.extras.penalty,
      JSON.stringify(tally.save()),
    ],
  );
  await tx.query(
    `update matches set status = case when status = 'not_started' then 'started' else status end,
       play_status = 'in_play', break_reason = null, ${NEXT_DAY_AFTER_STUMPS} where id = $1`,
    [matchId],
  );
  return { matchKey: match.match_key, reopenedTags: reopened ? await completionTags(tx, matchId, match.match_key) : [] };
}

/**
 * After an innings closed (in this transaction): the match is completed with its result when
 * that decided it (decidedOutcome), else play goes to the innings break. Returns the result.
 */
async function afterInningsClosed(tx: BulkTransaction, matchId: number, closure: InningsClosure): Promise<MatchOutcome | null> {
  // The innings' figures are final: the match's fantasy points follow them.
  await refreshFantasyRows(tx, [matchId]);
  const { format, revised, innings } = await readOutcomeInnings(tx.query.bind(tx) as QueryRows, matchId);
  const outcome = decidedOutcome(format, innings, closure, revised);
  if (outcome === null) {
    await tx.query("update matches set play_status = 'innings_break', break_reason = 'innings' where id = $1", [matchId]);
    return null;
  }
  await tx.query('update innings set tally = null where match_id = $1', [matchId]);
  await recordOutcome(tx, matchId, outcome);
  return outcome;
}

/** The match completed with this outcome (Cricsheet's columns). */
async function recordOutcome(tx: BulkTransaction, matchId: number, outcome: MatchOutcome): Promise<void> {
  await tx.query(
    `update matches set status = 'completed', play_status = 'result', break_reason = null, winner = $2, result = $3,
       win_by_runs = $4, win_by_wickets = $5, win_by_innings = $6, eliminator = $7, method = $8
     where id = $1`,
    [matchId, outcome.winner, outcome.result, outcome.winByRuns, outcome.winByWickets, outcome.winByInnings, outcome.eliminator, outcome.method],
  );
}

async function storedOutcome(tx: BulkTransaction, matchId: number): Promise<MatchOutcome> {
  const [row] = await tx.query<{ winner: TeamSide | null; result: MatchOutcome['result']; win_by_runs: number | null; win_by_wickets: number | null; win_by_innings: boolean; eliminator: TeamSide | null; method: string | null }>(
    'select winner, result, win_by_runs, win_by_wickets, win_by_innings, eliminator, method from matches where id = $1',
    [matchId],
  );
  return {
    winner: row!.winner, result: row!.result, winByRuns: row!.win_by_runs, winByWickets: row!.win_by_wickets,
    winByInnings: row!.win_by_innings, eliminator: row!.eliminator, method: row!.method,
  };
}

/** A completed match in play again: no result, no player of the match. */
async function reopenMatch(tx: BulkTransaction, matchId: number): Promise<void> {
  await tx.query(
    `update matches set status = 'started', play_status = 'in_play', break_reason = null, winner = null, result = null,
       win_by_runs = null, win_by_wickets = null, win_by_innings = false, eliminator = null, method = null
     where id = $1`,
    [matchId],
  );
  await tx.query('delete from player_of_match where match_id = $1', [matchId]);
}

/** What a result (made or taken back) changes beyond the match: its tournament, both teams, everyone who played. */
async function completionTags(tx: BulkTransaction, matchId: number, matchKey: string): Promise<string[]> {
  const [facts] = await tx.query<{ tou_key: string; a_key: string; b_key: string }>(
    `select t.tou_key, ta.team_key as a_key, tb.team_key as b_key
     from matches m join tournaments t on t.id = m.tournament_id join teams ta on ta.id = m.team_a_id join teams tb on tb.id = m.team_b_id
     where m.id = $1`,
    [matchId],
  );
  const players = await tx.query<{ registry_id: string }>(
    'select distinct p.registry_id from match_players mp join people p on p.id = mp.person_id where mp.match_id = $1',
    [matchId],
  );
  return tagsOfWrittenMatches({
    matches: [matchKey],
    tournaments: [facts!.tou_key],
    teams: [facts!.a_key, facts!.b_key],
    players: players.map((row) => row.registry_id),
  });
}

/**
 * Removes the last of an innings' `count` stored balls: its bytes, wickets and review, and the
 * people only it named (people enter the dictionary in order of first mention, so they are at
 * its end). Returns the ball and the people ids it named (for their pages' tags).
 */
async function removeStoredBall(tx: BulkTransaction, matchId: number, inningsNo: number, count: number): Promise<{ ball: { inningsNo: number; seq: number }; named: number[] }> {
  const [stored] = await tx.query<{ people: number[]; balls: Uint8Array; reviews: { seq: number; review: unknown }[] | null }>(
    'select people, balls, reviews from innings_balls where match_id = $1 and innings_no = $2',
    [matchId, inningsNo],
  );
  const seq = count;
  const last = readBall(stored!.balls, seq - 1);
  const left = firstBalls(stored!.balls, seq - 1);
  if (seq === 1) {
    await tx.query('delete from innings_balls where match_id = $1 and innings_no = $2', [matchId, inningsNo]);
  } else {
    let used = 0;
    for (let i = 0; i < seq - 1; i += 1) {
      const kept = readBall(left, i);
      used = Math.max(used, kept.batter + 1, kept.nonStriker + 1, kept.bowler + 1);
    }
    const reviews = (stored!.reviews ?? []).filter((entry) => entry.seq !== seq);
    await tx.query('update innings_balls set people = $3, balls = $4, reviews = $5 where match_id = $1 and innings_no = $2', [
      matchId, inningsNo, stored!.people.slice(0, used), Buffer.from(left), reviews.length > 0 ? JSON.stringify(reviews) : null,
    ]);
  }
  const out = await tx.query<{ player_out_id: number }>('delete from wickets where match_id = $1 and innings_no = $2 and seq = $3 returning player_out_id', [
    matchId, inningsNo, seq,
  ]);
  const named = [last.batter, last.nonStriker, last.bowler].map((index) => stored!.people[index]!);
  return { ball: { inningsNo, seq }, named: [...named, ...out.map((row) => row.player_out_id)] };
}

/**
 * Derives one innings again from its stored deliveries: every derived row, the totals (penalty
 * runs before and after included) and, when `inProgress`, a fresh tally to go on from.
 */
async function rederiveInnings(tx: BulkTransaction, matchId: number, inningsNo: number, inProgress: boolean): Promise<void> {
  const inn = (await readStoredInnings(tx.query.bind(tx) as QueryRows, [matchId])).find((candidate) => candidate.inningsNo === inningsNo);
  if (!inn) throw new Error(`match ${matchId} has no innings ${inningsNo}`);
  const tally = InningsTally.start(inn);
  for (const delivery of inn.deliveries) tally.add(delivery);
  const derived = deriveInningsRows(tally.summary(inn.penaltyRunsPost), Number);
  const rows = new DerivedCopy();
  rows.add(matchId, inningsNo, derived, (id) => id);
  for (const buffer of rows.all()) {
    await tx.query(`delete from ${buffer.table} where match_id = $1 and innings_no = $2`, [matchId, inningsNo]);
    if (buffer.size > 0) await tx.copy(buffer);
  }
  await tx.query(
    `update innings set ${INNINGS_TOTALS.map((column, i) => `${column} = $${i + 3}`).join(', ')}, tally = $${INNINGS_TOTALS.length + 3}
     where match_id = $1 and innings_no = $2`,
    [matchId, inningsNo, ...inningsTotals(derived), inProgress ? JSON.stringify(tally.save()) : null],
  );
}

/** The wickets of the innings' ball `seq`, one row each. */
async function insertWickets(tx: BulkTransaction, matchId: number, inningsNo: number, seq: number, delivery: Delivery): Promise<void> {
  const person = Number;
  for (const [index, wicket] of delivery.wickets.entries()) {
    // One id per fielder with a name, in order, as the reader pairs them (readStoredInnings):
    // a fielder a scorer named without a key has a null id, not none (which shifted the others').
    const named = wicket.fielders.filter((fielder) => fielder.name !== null);
    await tx.query(
      `insert into wickets (match_id, innings_no, seq, position, kind, player_out_id, fielders, fielder_ids)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        matchId, inningsNo, seq, index + 1, wicket.kind, person(wicket.playerOut),
        // As an import stores it: no fielders is null, not [].
        wicket.fielders.length > 0 ? JSON.stringify(wicket.fielders.map(cricsheetFielder)) : null,
        named.some((fielder) => fielder.id !== null) ? named.map((fielder) => (fielder.id === null ? null : person(fielder.id))) : null,
      ],
    );
  }
}

/** A fielder as Cricsheet writes one: { name?, substitute? }. */
function cricsheetFielder(fielder: Fielder): { name?: string; substitute?: boolean } {
  return { ...(fielder.name === null ? {} : { name: fielder.name }), ...(fielder.substitute ? { substitute: true } : {}) };
}
