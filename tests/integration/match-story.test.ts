// The Summary tab's story on the real matches of the e2e fixtures, imported into the real
// database engine: a completed T20, the Ashes Test and a tied T20 decided by a super over.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { tags } from '../../src/server/feed/tags.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase } from '../helpers/test-db.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');
const T20_FINAL = '1529312'; // IPL 2026: Rajasthan Royals 205/8 beat Mumbai Indians 175/9 by 30 runs
const ASHES_TEST = '1455615'; // Sydney 2026: England 384 & 342, Australia 567 & 161/5
const SUPER_OVER_TIE = '1529281';
const LOW_TOTALS = '1528293'; // Kigali 2026: Nigeria Women 80 all out beat Rwanda Women 71/9

describe('match story', () => {
  let db: Db;
  let services: Services;

  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [fixtures]);
    expect(summary.failedSources).toEqual([]);
    services = createServices(db);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('tells a T20 over by over, in agreement with its scorecard', async () => {
    const story = (await services.matchCentre.story(T20_FINAL, 'en'))!;
    const card = (await services.matchCentre.scorecard(T20_FINAL, 'en'))!;
    expect(story.innings.map((inn) => [inn.team.code, inn.runs, inn.wickets])).toEqual([
      ['RR', 205, 8],
      ['MI', 175, 9],
    ]);
    for (const [index, inn] of story.innings.entries()) {
      expect(inn.overs).toHaveLength(20);
      expect(inn.overs.reduce((sum, over) => sum + over.runs, 0)).toBe(card.innings[index]!.runs);
      expect(inn.falls.map((fall) => [fall.player.name, fall.teamRuns])).toEqual(
        card.innings[index]!.fallOfWickets.map((fall) => [fall.player.name, fall.teamRuns]),
      );
      expect(inn.partnerships).toEqual(card.innings[index]!.partnerships);
      // The best three, from the scorecard's lines.
      const most = Math.max(...card.innings[index]!.batting.map((line) => line.runs));
      expect(inn.topBatters[0]!.runs).toBe(most);
      expect(inn.topBatters).toHaveLength(3);
      expect(inn.topBowlers[0]!.wickets).toBe(Math.max(...card.innings[index]!.bowling.map((line) => line.wickets)));
    }
    // The chase: 206 off 120 balls; no rate required once the balls ran out.
    const chase = story.innings[1]!;
    expect(chase.target).toEqual({ runs: 206, balls: 120 });
    expect(chase.rates[0]!.requiredRate).toBeCloseTo(((206 - chase.overs[0]!.total) * 6) / 114, 10);
    expect(chase.rates[19]!.requiredRate).toBeNull();
    expect(story.innings[0]!.rates.every((point) => point.requiredRate === null)).toBe(true);
    // People by name, not by database id.
    expect(chase.milestones).toEqual([{ kind: 'batting', player: { key: expect.any(String), name: 'SA Yadav' }, value: 50, balls: 32, ball: { over: 13, ball: 3 } }]);
    expect(chase.collapses).toEqual([
      { from: { runs: 0, wickets: 0 }, to: { runs: 24, wickets: 3 } },
      { from: { runs: 149, wickets: 6 }, to: { runs: 167, wickets: 9 } },
    ]);
  });

  it('gives the player of the match with his figures from the scorecard', async () => {
    const story = (await services.matchCentre.story(T20_FINAL, 'en'))!;
    const card = (await services.matchCentre.scorecard(T20_FINAL, 'en'))!;
    expect(story.awards.map((award) => award.player.name)).toEqual(['JC Archer']);
    const archer = story.awards[0]!;
    const bowled = card.innings[1]!.bowling.find((line) => line.player.name === 'JC Archer')!;
    expect(archer.side).toBe('a');
    expect(archer.bowling).toEqual([{ wickets: bowled.wickets, runs: bowled.runs, calledBalls: bowled.calledBalls }]);
    const batted = card.innings[0]!.batting.find((line) => line.player.name === 'JC Archer');
    expect(archer.batting).toEqual(batted ? [{ runs: batted.runs, balls: batted.balls, notOut: batted.dismissal.wicketNumber === null }] : []);
  });

  it("tells a Test's four innings, with no rate required of the last (a Test's chase has no balls limit)", async () => {
    const story = (await services.matchCentre.story(ASHES_TEST, 'en'))!;
    expect(story.oversLimit).toBeNull();
    expect(story.innings.map((inn) => [inn.team.code, inn.runs, inn.wickets])).toEqual([
      ['ENG', 384, 10],
      ['AUS', 567, 10],
      ['ENG', 342, 10],
      ['AUS', 161, 5],
    ]);
    // Cricsheet records no target for a Test's last innings; there would be no balls to it anyway.
    expect(story.innings[3]!.target?.balls ?? null).toBeNull();
    expect(story.innings[3]!.rates.every((point) => point.requiredRate === null)).toBe(true);
    expect(story.innings[0]!.milestones.filter((m) => m.player.name === 'JE Root').map((m) => m.value)).toEqual([50, 100, 150]);
  });

  it('lists the quick wickets inside a low total, not the whole innings as one collapse', async () => {
    const story = (await services.matchCentre.story(LOW_TOTALS, 'en'))!;
    expect(story.innings.map((inn) => [inn.runs, inn.wickets, inn.collapses])).toEqual([
      // 8 runs a wicket: a collapse is at most 4 a wicket here, not 0/0 to 80/10.
      [80, 10, [{ from: { runs: 59, wickets: 3 }, to: { runs: 80, wickets: 10 } }]],
      // 7.9 a wicket: not 0/0 to 63/9.
      [71, 9, [{ from: { runs: 58, wickets: 6 }, to: { runs: 63, wickets: 9 } }]],
    ]);
  });

  it('leaves the super overs of a tie to the scorecard', async () => {
    const story = (await services.matchCentre.story(SUPER_OVER_TIE, 'en'))!;
    const card = (await services.matchCentre.scorecard(SUPER_OVER_TIE, 'en'))!;
    expect(card.innings.some((inn) => inn.superOver)).toBe(true);
    expect(story.innings).toHaveLength(2);
    expect(story.innings[0]!.runs).toBe(story.innings[1]!.runs);
  });

  it('is kept until the match changes, and none for an unknown match', async () => {
    const first = await services.matchCentre.story(T20_FINAL, 'en');
    expect(await services.matchCentre.story(T20_FINAL, 'en')).toBe(first);
    await services.feed.publish([tags.match(T20_FINAL)]);
    const after = await services.matchCentre.story(T20_FINAL, 'en');
    expect(after).not.toBe(first);
    expect(after).toEqual(first);
    expect(await services.matchCentre.story('no-such-match', 'en')).toBeNull();
  });
});
