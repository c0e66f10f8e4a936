// Innings ends and results through the live engine, as fans hear them over a real Socket.IO
// client (decision 030): the rules close an innings on its tenth wicket or last over, the
// deciding ball completes the match with its result, a tie is settled by a super over, and undo
// takes back the last step across innings and results. A fan following with the browser's
// store converges on the stored commentary each time. PGlite always, PostgreSQL when
// TEST_DATABASE_URL answers.
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Conflict } from '../../src/server/errors.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { Services } from '../../src/server/services/index.ts';
import type { Live } from '../../src/server/realtime/fan-out.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { presentCommentary } from '../../src/server/wire/presenters/match-centre.ts';
import { presentMatchObject } from '../../src/server/wire/presenters/match.ts';
import { followMatch } from '../../src/lib/live-socket.ts';
import { createLiveMatchStore, type LiveMatchStore } from '../../src/stores/live-match.ts';
import { queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey as key, openerKkr as kkr, openerRcb as rcb, startLiveServer, type LiveServer } from '../helpers/live-server.ts';

/** A side's batting, ball by ball: who faces, who is at the other end, the next batter in after a wicket. */
class Crease {
  private next = 2;
  striker: string;
  nonStriker: string;
  constructor(
    private readonly order: string[],
    private readonly bowler: string,
  ) {
    [this.striker, this.nonStriker] = [order[0]!, order[1]!];
  }

  ball(runs: number, out = false): CricsheetBall {
    const ball: CricsheetBall = {
      batter: key(this.striker),
      non_striker: key(this.nonStriker),
      bowler: key(this.bowler),
      runs: { batter: runs, extras: 0, total: runs },
      ...(out ? { wickets: [{ player_out: key(this.striker), kind: 'bowled' as const }] } : {}),
    };
    if (out) this.striker = this.order[this.next++]!;
    else if (runs % 2 === 1) [this.striker, this.nonStriker] = [this.nonStriker, this.striker];
    return ball;
  }
}

describe.each(await databasesUnderTest())('innings ends and results through the live engine on %s', (_name, open) => {
  let db: Db;
  let services: Services;
  let live: LiveServer;
  let engine: Live;
  let url: string;
  let idempotency = 0;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    db = await open();
    live = await startLiveServer(db);
    ({ services, engine, url } = live);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await live?.close();
  });

  /** A one- or two-over T20 (or a Test) between the opener's sides (eleven each), Kolkata batting first. */
  async function newMatch(oversLimit: number | null): Promise<string> {
    const { matchKey } = await engine.createFixture(t20Fixture({
      tournament: { name: 'Innings Cup' },
      teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
      oversLimit,
      ...(oversLimit === null ? { format: 'test' as const, matchType: 'Test' } : {}),
      squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
    }));
    await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
    await engine.startInnings(matchKey, {});
    return matchKey;
  }

  const bowl = (matchKey: string, ball: CricsheetBall) => engine.recordBall(matchKey, ball, { idempotencyKey: `k${++idempotency}` });

  /** A fan on the match's Commentary tab, following it with the browser's store and socket code. */
  async function fan(matchKey: string): Promise<{ store: LiveMatchStore; heard: { event: string; live: unknown }[] }> {
    const detail = (await services.matchCentre.detail(matchKey, 'en'))!;
    const object = presentMatchObject(detail);
    const store = createLiveMatchStore({ matchKey, sequence: detail.liveSequence, live: object.play.live, innings: object.play.innings, balls: [] });
    const socket = connectClient(url, { transports: ['websocket'] });
    sockets.push(socket);
    const heard: { event: string; live: unknown }[] = [];
    socket.on('score', (payload: { live: unknown }) => heard.push({ event: 'score', live: payload.live }));
    followMatch(socket, store);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return { store, heard };
  }

  /** The match as the API presents it now, and its stored commentary's keys, newest first. */
  async function stored(matchKey: string) {
    const [detail, commentary] = await Promise.all([services.matchCentre.detail(matchKey, 'en'), services.matchCentre.commentary(matchKey, 'en')]);
    return {
      match: presentMatchObject(detail!),
      keys: presentCommentary(commentary!).related_balls.sort((x, y) => y.entry_time - x.entry_time).map((b) => b.key),
      sequence: await engine.lastSequence(matchKey),
    };
  }

  /** The fan's state has caught up with the store's last event and holds the stored balls. */
  async function converged(matchKey: string, follower: { store: LiveMatchStore }) {
    const truth = await stored(matchKey);
    await expect.poll(() => follower.store.$state.get().sequence).toBe(truth.sequence);
    expect(follower.store.$state.get().balls.map((b) => b.key)).toEqual(truth.keys);
    expect(follower.store.$state.get().live).toEqual(truth.match.play.live);
    return truth;
  }

  it('ends an innings on its tenth wicket and the chase on its winning run; undo of that ball reopens the match; the award comes after', async () => {
    const matchKey = await newMatch(2);
    const follower = await fan(matchKey);
    const kolkata = new Crease(kkr, 'P Kumar');
    await bowl(matchKey, kolkata.ball(4));
    for (let wicket = 1; wicket <= 9; wicket += 1) expect((await bowl(matchKey, kolkata.ball(0, true))).inningsEnd).toBeNull();
    // Ten down in 10 balls of the 12: all out, whatever overs are left.
    expect(await bowl(matchKey, kolkata.ball(0, true))).toMatchObject({ inningsEnd: 'all out', matchCompleted: false });
    let truth = await converged(matchKey, follower);
    expect(truth.match).toMatchObject({ status: 'started', play_status: 'innings_break' });
    expect(truth.match.play.live).toMatchObject({ batting_team: 'a', score: { runs: 4, wickets: 10 }, match_break: { reason: 'innings' } });
    await expect(bowl(matchKey, new Crease(kkr, 'P Kumar').ball(1))).rejects.toBeInstanceOf(Conflict);

    // The chase: Bangalore by the rules, 5 to win in 12 balls.
    await engine.startInnings(matchKey, {});
    const bangalore = new Crease(rcb, 'AB Agarkar');
    await bowl(matchKey, bangalore.ball(4));
    const winning = bangalore.ball(1);
    expect(await bowl(matchKey, winning)).toMatchObject({ inningsEnd: 'target', matchCompleted: true });
    truth = await converged(matchKey, follower);
    expect(truth.match).toMatchObject({ status: 'completed', play_status: 'result' });
    expect(truth.match.play.result!.msg).toBe('Royal Challengers Bangalore won by 10 wickets (with 10 balls remaining)');
    // The fan heard play end: the last score has no play.live.
    expect(follower.heard.at(-1)!.live).toBeNull();

    // Undo of the deciding ball: the ball goes everywhere, the chase and the match are open again.
    const undone = await engine.undoLastBall(matchKey);
    expect(undone!.ballKey).toBe(truth.keys[0]);
    truth = await converged(matchKey, follower);
    expect(truth.match).toMatchObject({ status: 'started', play_status: 'in_play', play: { result: null } });
    expect(truth.match.play.live).toMatchObject({ batting_team: 'b', score: { runs: 4, wickets: 0 }, required_score: { runs: 1, balls: 11 } });
    expect(await queryRows(db, `select result, winner from matches where match_key = '${matchKey}'`)).toEqual([{ result: null, winner: null }]);

    // Bowled again, it decides the match again; the player of the match is named after the result.
    expect(await bowl(matchKey, winning)).toMatchObject({ matchCompleted: true });
    await engine.completeMatch(matchKey, { playerOfMatch: [key('R Dravid')] });
    truth = await converged(matchKey, follower);
    expect(truth.match.play.result).toMatchObject({ msg: 'Royal Challengers Bangalore won by 10 wickets (with 10 balls remaining)', pom: ['R Dravid'] });
  });

  it('completes a tie as a tie; a super over reopens it, the side that batted second batting first, and its winner settles it', async () => {
    const matchKey = await newMatch(1);
    const follower = await fan(matchKey);
    const kolkata = new Crease(kkr, 'P Kumar');
    for (const runs of [6, 0, 0, 0, 0, 0]) await bowl(matchKey, kolkata.ball(runs));
    await engine.startInnings(matchKey, {});
    const bangalore = new Crease(rcb, 'AB Agarkar');
    for (const runs of [0, 0, 0, 0, 0]) await bowl(matchKey, bangalore.ball(runs));
    expect(await bowl(matchKey, bangalore.ball(6))).toMatchObject({ inningsEnd: 'overs', matchCompleted: true });
    let truth = await converged(matchKey, follower);
    expect(truth.match.play.result!.msg).toBe('Match tied');

    // The super over: Bangalore first; two wickets end it.
    await engine.startInnings(matchKey, {});
    truth = await stored(matchKey);
    expect(truth.match).toMatchObject({ status: 'started', play: { result: null } });
    const superBangalore = new Crease(rcb, 'AB Agarkar');
    await bowl(matchKey, superBangalore.ball(4));
    await bowl(matchKey, superBangalore.ball(0, true));
    expect(await bowl(matchKey, superBangalore.ball(0, true))).toMatchObject({ inningsEnd: 'all out', matchCompleted: false });
    await engine.startInnings(matchKey, {});
    const superKolkata = new Crease(kkr, 'P Kumar');
    expect(await bowl(matchKey, superKolkata.ball(6))).toMatchObject({ inningsEnd: 'target', matchCompleted: true });
    truth = await converged(matchKey, follower);
    expect(truth.match.play.result!.msg).toBe('Match tied (Kolkata Knight Riders won the Super Over)');
    expect(await queryRows(db, `select batting_team, super_over, target_runs, target_balls from innings i join matches m on m.id = i.match_id where m.match_key = '${matchKey}' order by innings_no`)).toEqual([
      { batting_team: 'a', super_over: false, target_runs: null, target_balls: null },
      { batting_team: 'b', super_over: false, target_runs: 7, target_balls: 6 },
      { batting_team: 'b', super_over: true, target_runs: null, target_balls: null },
      { batting_team: 'a', super_over: true, target_runs: 5, target_balls: 6 },
    ]);
  });

  it('undo crosses back into the innings before: an empty innings goes, one closed by hand reopens at its last ball, one the rules closed loses the ball that closed it', async () => {
    const matchKey = await newMatch(1);
    const follower = await fan(matchKey);
    const kolkata = new Crease(kkr, 'P Kumar');
    for (const runs of [1, 2, 0]) await bowl(matchKey, kolkata.ball(runs));
    // Rain: the scorer ends the innings by hand after three balls.
    await engine.endInnings(matchKey, {});
    await engine.startInnings(matchKey, {});
    const bangalore = new Crease(rcb, 'AB Agarkar');
    const first = await bowl(matchKey, bangalore.ball(4));

    // Undo of innings 2's first ball: the ball goes, the innings stays open, empty.
    expect((await engine.undoLastBall(matchKey))!.ballKey).toBe(first.ballKey);
    let truth = await converged(matchKey, follower);
    expect(truth.match.play.live).toMatchObject({ batting_team: 'b', score: { runs: 0, wickets: 0, balls: 0 } });
    expect(truth.keys).toHaveLength(3);

    // Undo with innings 2 empty: it goes, and innings 1 (closed by hand) is in play again with its three balls.
    expect((await engine.undoLastBall(matchKey))!.ballKey).toBeNull();
    truth = await converged(matchKey, follower);
    expect(truth.match).toMatchObject({ play_status: 'in_play', play: { live: { batting_team: 'a', score: { runs: 3, balls: 3 }, match_break: null } } });
    expect(truth.keys).toHaveLength(3);
    for (const runs of [0, 0, 4]) await bowl(matchKey, kolkata.ball(runs));
    expect(await stored(matchKey)).toMatchObject({ match: { play_status: 'innings_break', play: { live: { score: { runs: 7, balls: 6 } } } } });

    // The rules closed it this time (its over was done): undo after the next innings started takes the closing ball too.
    await engine.startInnings(matchKey, {});
    const closing = truth.keys.length + 3;
    const undone = await engine.undoLastBall(matchKey);
    expect(undone!.ballKey).toMatch(new RegExp(`^1\\.0\\.6\\.${closing}$`));
    truth = await converged(matchKey, follower);
    expect(truth.match).toMatchObject({ play_status: 'in_play', play: { live: { batting_team: 'a', score: { runs: 3, balls: 5 } } } });
    expect(truth.keys).toHaveLength(5);
    expect(await queryRows(db, `select count(*)::int as innings from innings i join matches m on m.id = i.match_id where m.match_key = '${matchKey}'`)).toEqual([{ innings: 1 }]);
  });

  it('a Test: stumps end a day and the next day’s play is day 2; a declaration; the fourth innings chases its target to a result', async () => {
    const matchKey = await newMatch(null);
    const follower = await fan(matchKey);
    const kolkata = new Crease(kkr, 'P Kumar');
    for (const runs of [4, 4, 1]) await bowl(matchKey, kolkata.ball(runs));
    await engine.setBreak(matchKey, 'stumps');
    let truth = await converged(matchKey, follower);
    expect(truth.match).toMatchObject({ play_status: 'stumps', play: { day_number: 1, live: { match_break: { reason: 'day' } } } });
    // The next morning: play resumes on day 2, and the side declares.
    await engine.setBreak(matchKey, null);
    await bowl(matchKey, kolkata.ball(2));
    expect((await stored(matchKey)).match.play.day_number).toBe(2);
    await engine.endInnings(matchKey, { declared: true });
    await engine.startInnings(matchKey, {});
    const bangalore = new Crease(rcb, 'AB Agarkar');
    await bowl(matchKey, bangalore.ball(6));
    await engine.endInnings(matchKey, { declared: true });
    await engine.startInnings(matchKey, {});
    await bowl(matchKey, new Crease(kkr, 'P Kumar').ball(1));
    await engine.endInnings(matchKey, { declared: true });
    // Kolkata 11d and 1d, Bangalore 6d: Bangalore need 7.
    await engine.startInnings(matchKey, {});
    truth = await converged(matchKey, follower);
    // The fourth innings is a chase: what is needed, with no balls to count and no rate.
    expect(truth.match.play.live).toMatchObject({
      batting_team: 'b',
      required_score: { runs: 7, balls: null, run_rate: null, title: 'Royal Challengers Bangalore need 7 runs to win' },
    });
    const chase = new Crease(rcb, 'AB Agarkar');
    expect(await bowl(matchKey, chase.ball(4))).toMatchObject({ inningsEnd: null });
    expect(await bowl(matchKey, chase.ball(3))).toMatchObject({ inningsEnd: 'target', matchCompleted: true });
    truth = await converged(matchKey, follower);
    expect(truth.match.play.result!.msg).toBe('Royal Challengers Bangalore won by 10 wickets');
  });

  it('a side all out at nine down with a batter absent hurt, named as the innings ends: the innings win is decided', async () => {
    const matchKey = await newMatch(null);
    const kolkata = new Crease(kkr, 'P Kumar');
    for (const runs of [6, 6, 4, 4]) await bowl(matchKey, kolkata.ball(runs));
    await engine.endInnings(matchKey, { declared: true });
    await engine.startInnings(matchKey, {});
    await bowl(matchKey, new Crease(rcb, 'AB Agarkar').ball(2));
    await engine.endInnings(matchKey, {});
    // Bangalore follow on and lose nine wickets; the last batter cannot bat.
    await engine.startInnings(matchKey, { battingSide: 'b' });
    const bangalore = new Crease(rcb, 'AB Agarkar');
    await bowl(matchKey, bangalore.ball(1));
    for (let wicket = 1; wicket <= 9; wicket += 1) expect((await bowl(matchKey, bangalore.ball(0, true))).inningsEnd).toBeNull();
    await engine.endInnings(matchKey, { absentHurt: [key(rcb[10]!)] });
    const truth = await stored(matchKey);
    expect(truth.match).toMatchObject({ status: 'completed', play: { result: { msg: 'Kolkata Knight Riders won by an innings and 17 runs' } } });
    expect(await queryRows(db, `select absent_hurt from innings i join matches m on m.id = i.match_id where m.match_key = '${matchKey}' and innings_no = 3`)).toEqual([
      { absent_hurt: [rcb[10]] },
    ]);
  });
});
