// Decision 086: each server process keeps the last commentary fold of a live innings, and the
// next ball's fold goes on from it. Two processes score one match (two services and engines on
// one database, one change feed between them): a process whose kept fold is stale (the other
// wrote a ball, took one back, corrected one) folds the innings whole, and every ball either
// pushes is the ball get/commentory then serves. PGlite always, PostgreSQL when TEST_DATABASE_URL answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import type { CricsheetBall } from '../../src/server/live/cricsheet-ball.ts';
import { createLive, type Broadcaster, type Live } from '../../src/server/realtime/fan-out.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { readOneStoredInnings, readStoredInnings } from '../../src/server/store/stored-deliveries.ts';
import { presentCommentary } from '../../src/server/wire/presenters/match-centre.ts';
import type { CommentoryEvent, LiveBallObject } from '../../src/server/wire/schemas/realtime.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { t20Fixture } from '../helpers/live-fixture.ts';
import { openerKey as key, openerKkr as kkr, openerRcb as rcb, startLiveServer, type LiveServer } from '../helpers/live-server.ts';

/** The pushed ball without what only the live feed sends (get/commentory has no such fields). */
function storedPartOf(ball: LiveBallObject): unknown {
  const { fielders: _fielders, ball_type: _type, updated_time: _time, is_delete: _delete, update_reason: _reason, ...entry } = ball;
  const { is_dot_ball: _dot, ball_count: _count, ...batsman } = entry.batsman;
  const { wickets: _wickets, ...teamScore } = entry.team_score;
  return { ...entry, batsman, team_score: teamScore };
}

const ball = (batter: string, nonStriker: string, bowler: string, runs: number): CricsheetBall => ({
  batter: key(batter),
  non_striker: key(nonStriker),
  bowler: key(bowler),
  runs: { batter: runs, extras: 0, total: runs },
});

/** A server process: its own services (caches, kept folds) and engine, the change feed shared. */
interface Process {
  services: Services;
  live: Live;
  pushed: CommentoryEvent[];
}

describe.each(await databasesUnderTest())('kept commentary folds with two processes on %s', (_name, open) => {
  let db: Db;
  let server: LiveServer;
  let a: Process;
  let b: Process;
  let matchKey: string;

  function process(feed: ChangeFeed): Process {
    const services = createServices(db, feed);
    const pushed: CommentoryEvent[] = [];
    const broadcaster: Broadcaster = {
      toMatch: (_match, event, payload) => {
        if (event === 'commentory') pushed.push(payload as CommentoryEvent);
      },
      toHome: () => undefined,
    };
    return { services, live: createLive({ db, services, broadcaster }), pushed };
  }

  beforeAll(async () => {
    db = await open();
    // The opener imported: its sides and people are known.
    server = await startLiveServer(db);
    const feed = new ChangeFeed();
    [a, b] = [process(feed), process(feed)];
    ({ matchKey } = await a.live.createFixture(
      t20Fixture({
        tournament: { name: 'Two Servers Cup' },
        teams: [{ name: 'Kolkata Knight Riders' }, { name: 'Royal Challengers Bangalore' }],
        venue: { name: 'Eden Gardens', city: 'Kolkata' },
        squads: { a: kkr.map((name) => ({ key: key(name) })), b: rcb.map((name) => ({ key: key(name) })) },
      }),
    ));
    await a.live.setToss(matchKey, { winner: 'b', decision: 'field' });
    await a.live.startInnings(matchKey, { battingSide: 'a' });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  /** The last ball `by` pushed is the one get/commentory serves now. */
  async function expectPushedAsStored(by: Process, ballKey: string): Promise<void> {
    const pushed = by.pushed.at(-1)!.commentory[0]!;
    expect(pushed.key).toBe(ballKey);
    const commentary = await by.services.matchCentre.commentary(matchKey, 'en');
    const stored = presentCommentary(commentary!).related_balls.find((entry) => entry.key === ballKey);
    expect(storedPartOf(pushed), `ball ${ballKey}`).toEqual(stored);
  }

  it("goes on from its own last fold, and folds whole after the other process's ball, undo or correction", async () => {
    const folds = a.services.matchCentre.commentaryFolds;
    const [opener, partner, bowler, other] = [kkr[0]!, kkr[1]!, 'P Kumar', 'Z Khan'];
    let sequenceKey = 0;
    const score = async (by: Process, runs: number, by2: string = bowler) => {
      sequenceKey += 1;
      const recorded = await by.live.recordBall(matchKey, ball(opener, partner, by2, runs), { idempotencyKey: `ball-${sequenceKey}` });
      await expectPushedAsStored(by, recorded.ballKey);
      return recorded;
    };

    // Process a scores four balls: the first folds whole, each after it goes on.
    for (const runs of [0, 1, 4, 0]) await score(a, runs);
    expect(folds.counts).toEqual({ resumed: 3, whole: 1 });

    // Process b scores the fifth: a's kept fold is now two balls behind the innings.
    await score(b, 2);
    await score(a, 6);
    expect(folds.counts).toEqual({ resumed: 3, whole: 2 });
    await score(a, 0);
    expect(folds.counts).toEqual({ resumed: 4, whole: 2 });

    // Process b takes the last ball back and scores another in its place (as many balls as a's
    // kept fold, one of them different), then a scores the next: whole again.
    await b.live.undoLastBall(matchKey);
    await score(b, 4);
    await score(a, 1, other);
    expect(folds.counts).toEqual({ resumed: 4, whole: 3 });

    // Process b corrects an older ball; a's next ball folds whole and says the corrected one's runs.
    const corrected = b.pushed.at(-1)!.commentory[0]!.key;
    await b.live.correctBall(matchKey, corrected, ball(opener, partner, bowler, 3));
    const next = await score(a, 0, other);
    expect(folds.counts).toEqual({ resumed: 4, whole: 4 });
    const commentary = await a.services.matchCentre.inningsCommentary(matchKey, 1, 'en');
    expect(commentary!.balls.find((entry) => entry.key === corrected)!.runs).toBe(3);
    expect(commentary!.balls.at(-1)!.key).toBe(next.ballKey);

    // Its own undo: the draft of the ball taken back comes from a fold going on from the last one.
    await a.live.undoLastBall(matchKey);
    await score(a, 4, other);
    expect(folds.size).toBeLessThanOrEqual(1);
  });

  it("reads an innings in one statement as readStoredInnings reads it in three (every innings of the opener and of the live match)", async () => {
    const matches = await db.kysely.selectFrom('innings').select(['match_id', 'innings_no']).orderBy('match_id').orderBy('innings_no').execute();
    expect(matches.length).toBeGreaterThanOrEqual(3);
    for (const { match_id: matchId, innings_no: inningsNo } of matches) {
      const [three] = await readStoredInnings(db.kysely, [matchId], inningsNo);
      expect(await readOneStoredInnings(db.kysely, matchId, inningsNo)).toEqual(three);
    }
    expect(await readOneStoredInnings(db.kysely, matches[0]!.match_id, 99)).toBeNull();
  });

  it('keeps nothing of a match no longer in play', async () => {
    const folds = a.services.matchCentre.commentaryFolds;
    expect(folds.size).toBe(1);
    await a.live.completeMatch(matchKey, { playerOfMatch: [] });
    await a.services.matchCentre.inningsCommentary(matchKey, 1, 'en');
    expect(folds.size).toBe(0);
  });
});
