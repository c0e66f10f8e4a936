// A replay: a stored T20 played again through the live engine ends with the same scorecard,
// figure for figure, as the imported match (the services' read model of both). PGlite always,
// PostgreSQL when TEST_DATABASE_URL answers.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { createLive, type Live } from '../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';
import { ReplayKeeper, replayMatch } from '../../src/server/jobs/replay.ts';
import { presentScorecard } from '../../src/server/wire/presenters/match-centre.ts';
import { presentMatchObject } from '../../src/server/wire/presenters/match.ts';
import { queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest, testPostgresUrl } from '../helpers/test-servers.ts';

const opener = path.resolve(import.meta.dirname, '../fixtures/cricsheet/335982.json');
const SOURCE = '335982';
// A shorter real T20 for the resumed replay (IPL 2009, 76 + 32 balls, the chase's target revised
// by the D/L method): the resumption is the same, with half the balls to play.
const rainShortened = path.resolve(import.meta.dirname, '../fixtures/cricsheet/real/392183.json');
const SHORT_SOURCE = '392183';

const postgresUrl = await testPostgresUrl();

describe.each(await databasesUnderTest())('replays on %s', (name, open) => {
  const databaseUrl = name === 'PostgreSQL' ? (postgresUrl ?? undefined) : undefined;
  let db: Db;
  let services: Services;
  let engine: Live;
  let folder: string;

  beforeAll(async () => {
    db = await open();
    folder = await mkdtemp(path.join(os.tmpdir(), 'live-replay-'));
    for (const file of [opener, rainShortened]) await copyFile(file, path.join(folder, path.basename(file)));
    services = createServices(db);
    await importSources(db, [folder], { publish: (tags) => services.feed.publish(tags) });
    engine = createLive({ db, services, broadcaster: new SocketBroadcaster() });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("a replay keeps the title of the match it replays (its match number), not 'Only Match' of its own event, and its day (issue 26)", async () => {
    const { createReplay } = await import('../../src/server/jobs/replay.ts');
    const replayKey = await createReplay(db, engine, SOURCE);
    const [source, replay] = await Promise.all([services.matchCentre.detail(SOURCE, 'en'), services.matchCentre.detail(replayKey, 'en')]);
    expect(source!.title).toMatch(/1/);
    expect(replay!.title).toBe(source!.title);
    expect(replay!.title).not.toContain('Only');
    // It says which day's match it replays (the page's replay tag: 'Replay of 18 Apr 2008').
    expect(replay!.replayOfDate).toBe('2008-04-18');
    expect(source!.replayOfDate).toBeNull();
    expect((await services.matchCentre.detail(replayKey, 'hi'))!.title).toBe((await services.matchCentre.detail(SOURCE, 'hi'))!.title);
  });

  it('a replayed T20 ends with the scorecard and result of the imported match', async () => {
    let balls = 0;
    const replayKey = await replayMatch(db, engine, SOURCE, { ballsPerMinute: 0, onBall: () => (balls += 1) });
    const [source, replay] = await Promise.all([services.matchCentre.scorecard(SOURCE, 'en'), services.matchCentre.scorecard(replayKey, 'en')]);
    expect(balls).toBeGreaterThan(200);
    expect(replay).not.toBeNull();
    expect(presentScorecard(replay!)).toEqual(presentScorecard(source!));
    const [sourceMatch, replayMatchObject] = await Promise.all([services.matchCentre.detail(SOURCE, 'en'), services.matchCentre.detail(replayKey, 'en')]);
    const replayed = presentMatchObject(replayMatchObject!);
    const imported = presentMatchObject(sourceMatch!);
    expect(replayed.play.result).toEqual(imported.play.result);
    expect(replayed.play.innings).toEqual(imported.play.innings);
    expect(replayed).toMatchObject({ status: 'completed', is_replay: true });
    const [row] = await queryRows<{ replay_of: string; source: string }>(db, `select replay_of, source from matches where match_key = '${replayKey}'`);
    expect(row).toEqual({ replay_of: SOURCE, source: 'replay' });
  }, 120_000);

  it('the keeper resumes an unfinished replay from its last ball and plays it to the end', async () => {
    const stop = new AbortController();
    let played = 0;
    // A replay cut short after 90 balls, in the second innings (a server stopped mid-match); the
    // keeper plays the rest: fewer balls than from the first over, the same resumption.
    const { createReplay, playReplay } = await import('../../src/server/jobs/replay.ts');
    // The first test's replay was made and never started: the keeper (one replay at a time, the
    // oldest unfinished first) would play that whole match before this one. It goes, so that the
    // replay cut short below is the only one left to resume.
    await queryRows(db, "delete from matches where is_replay and status = 'not_started'");
    const replayKey = await createReplay(db, engine, SHORT_SOURCE);
    await playReplay(db, engine, SHORT_SOURCE, replayKey, {
      ballsPerMinute: 0,
      signal: stop.signal,
      onBall: () => {
        played += 1;
        if (played === 90) stop.abort();
      },
    });
    expect(played).toBe(90);
    const keeper = new ReplayKeeper({ db, engine, count: 1, ballsPerMinute: 0, databaseUrl, checkEveryMs: 50 });
    keeper.start();
    try {
      await expect
        .poll(async () => (await queryRows<{ status: string }>(db, `select status from matches where match_key = '${replayKey}'`))[0]?.status, { timeout: 60_000 })
        .toBe('completed');
    } finally {
      await keeper.stop();
    }
    const [source, replay] = await Promise.all([services.matchCentre.scorecard(SHORT_SOURCE, 'en'), services.matchCentre.scorecard(replayKey, 'en')]);
    expect(presentScorecard(replay!)).toEqual(presentScorecard(source!));
    // Every ball was pushed once: 2 events a ball, consecutive, none twice.
    const [events] = await queryRows<{ balls: number; ball_events: number; max: number; count: number }>(
      db,
      `select count(*) filter (where kind = 'ball')::int as ball_events, max(sequence) as max, count(*)::int as count,
         (select count(*)::int from ball_idempotency b where b.match_id = e.match_id) as balls
       from live_events e where match_id = (select id from matches where match_key = '${replayKey}') group by match_id`,
    );
    expect(events!.ball_events).toBe(events!.balls);
    expect(events!.max).toBe(events!.count);
  }, 120_000);
});
