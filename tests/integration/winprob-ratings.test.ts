// Ratings and pars that follow results on the server (issue 26, decision 039): a completed result
// written through the import (its publication on the change feed) moves the next match's
// pre-match probability before it is asked for again, to what the trainer's order gives; a
// completed match keeps the chances it had at its start when later results come.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { WIN_PROB_STANDING } from '../../src/server/domain/winprob-model.ts';
import { Standing } from '../../src/server/domain/winprob-ratings.ts';
import { tags } from '../../src/server/feed/tags.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { freshDatabase } from '../helpers/test-db.ts';

const e2e = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');
const TIE = '1529281'; // 26 April 2026: KKR (a) and LSG tied, KKR won the super over (LSG lose)
const NEXT = '1529293'; // 7 May 2026: LSG (a) beat RCB, LSG's next match
const FINAL = '1529312'; // 24 May 2026: Rajasthan Royals (a) beat Mumbai Indians

describe('win-probability ratings follow the results written', () => {
  let db: Db;
  let services: Services;
  let folder: string;

  /** Imports these fixture files through the write path, publishing on the services' feed. */
  async function write(keys: string[]): Promise<void> {
    const dir = await mkdtemp(path.join(folder, 'batch-'));
    for (const key of keys) await copyFile(path.join(e2e, `${key}.json`), path.join(dir, `${key}.json`));
    const summary = await importSources(db, [dir], { publish: (tags) => services.feed.publish(tags) });
    expect(summary.failedSources).toEqual([]);
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'winprob-ratings-'));
    db = await freshDatabase();
    services = createServices(db);
    // Everything but the tie and the final: the other results are counted at the first load.
    await write(['1455615', '1491710', '1528293', '1527685', NEXT]);
  });
  afterAll(async () => {
    await db?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('a completed result moves the next match of its sides, as the trainer would have it, and nothing before it', async () => {
    const start = Standing.fromJson(WIN_PROB_STANDING);
    const before = (await services.matchCentre.winProbability(NEXT))!;
    expect(await services.winProbRatings.followed()).toEqual({ trainedThrough: '2025-06-30', results: 4, lastResult: '2026-05-07' });
    // Nothing before LSG's match touched LSG, RCB or the IPL's par: the standing at training end.
    const lsg = start.ratingOf('t20', 'lucknow-super-giants')!;
    const rcb = start.ratingOf('t20', 'royal-challengers-bengaluru')!;
    expect((await services.winProbRatings.standingBefore({ date: '2026-05-07', id: Number(NEXT), key: NEXT })).standing.ratingOf('t20', 'lucknow-super-giants')).toBe(lsg);

    await write([TIE]);
    const after = (await services.matchCentre.winProbability(NEXT))!;
    expect(await services.winProbRatings.followed()).toMatchObject({ results: 5, lastResult: '2026-05-07' });
    // The tie (KKR won the super over) is a defeat for LSG: their rating falls by 24 × (their
    // expected score), the gap to RCB with it, and LSG's chance before the first ball falls.
    const moved = start.clone();
    moved.follow({ id: Number(TIE), date: '2026-04-26', format: 't20', teams: { a: 'kolkata-knight-riders', b: 'lucknow-super-giants' }, outcome: 1, competition: 't20:male:Indian Premier League', firstInningsPace: null });
    const lsgAfter = (await services.winProbRatings.standingBefore({ date: '2026-05-07', id: Number(NEXT), key: NEXT })).standing.ratingOf('t20', 'lucknow-super-giants')!;
    expect(lsgAfter).toBe(moved.ratingOf('t20', 'lucknow-super-giants'));
    expect(lsgAfter).toBeLessThan(lsg);
    expect(after.preMatch!.aBatsFirst.aWin).toBeLessThan(before.preMatch!.aBatsFirst.aWin);
    expect(after.points[0]!.aWin).toBeLessThan(before.points[0]!.aWin);
    // Match Info says which results the sides' ratings reach: the tie now, the women's ODI before.
    expect([before.ratingsThrough, after.ratingsThrough]).toEqual(['2026-03-29', '2026-04-26']);
    expect(rcb).toBe((await services.winProbRatings.standingBefore({ date: '2026-05-07', id: Number(NEXT), key: NEXT })).standing.ratingOf('t20', 'royal-challengers-bengaluru'));
  });

  it("a match's own publication (a live ball) does not make its probability wait for the re-read", async () => {
    await services.matchCentre.winProbability(NEXT);
    let reread = false;
    await services.feed.publish([tags.match(NEXT)]);
    const done = services.winProbRatings.settled().then(() => (reread = true));
    await services.winProbRatings.settledFor(NEXT);
    expect(reread).toBe(false);
    // The probability asked meanwhile is the one after the re-read: nothing before the match moved.
    const chances = await services.matchCentre.winProbability(NEXT);
    await done;
    expect(await services.matchCentre.winProbability(NEXT)).toEqual(chances);
  });

  it('a completed match keeps its chances when a later result is written', async () => {
    const next = (await services.matchCentre.winProbability(NEXT))!;
    const version = services.winProbRatings.version;
    await write([FINAL]);
    expect(services.winProbRatings.version).toBeGreaterThan(version);
    expect(await services.winProbRatings.followed()).toMatchObject({ results: 6, lastResult: '2026-05-24' });
    expect(await services.matchCentre.winProbability(NEXT)).toEqual(next);
    // The final itself is judged on the standing before it: LSG's match counted, the final not.
    const final = (await services.matchCentre.winProbability(FINAL))!;
    expect(final.unrated).toEqual([]);
    const { standing, through } = await services.winProbRatings.standingBefore({ date: '2026-05-24', id: Number(FINAL), key: FINAL });
    expect(through).toBe('2026-05-07');
    expect(final.ratingsThrough).toBe('2026-05-07');
    expect(standing.elo.games('t20:rajasthan-royals')).toBe(Standing.fromJson(WIN_PROB_STANDING).elo.games('t20:rajasthan-royals'));
  });
});
