import { describe, expect, it } from 'vitest';
import {
  best,
  bowlingMilestones,
  byBatting,
  byBowling,
  inningsStory,
  oversInBlocks,
  rateSeries,
} from '../../../src/server/domain/match-story.ts';
import { summariseInnings } from '../../../src/server/domain/scorecard.ts';
import { ball, innings, overOf, readMatch, realInnings, type CricsheetMatch } from './cricket-data.ts';

/** Runs and wickets of each over straight from the Cricsheet file, independently of the domain. */
function rawOvers(match: CricsheetMatch, index: number): { runs: number; wickets: number }[] {
  return (match.innings[index]!.overs ?? []).map((over) => ({
    runs: over.deliveries.reduce((sum, d) => sum + d.runs.total, 0),
    wickets: over.deliveries.reduce(
      (sum, d) => sum + (d.wickets ?? []).filter((w) => w.kind !== 'retired hurt' && w.kind !== 'retired not out').length,
      0,
    ),
  }));
}

describe('inningsStory on real matches', () => {
  // IPL 2026, Rajasthan Royals 205/8 beat Mumbai Indians 175/9 by 30 runs (Cricsheet 1529312).
  const t20 = readMatch('e2e/1529312');
  // The Ashes 2025-26, England 384 & 342, Australia 567 & 161/5 (Cricsheet 1455615).
  const test = readMatch('e2e/1455615');

  it('has every over of both T20 innings, matching the file over by over and the scorecard at the end', () => {
    for (const index of [0, 1]) {
      const input = realInnings(t20, index);
      const story = inningsStory(input, { oversLimit: 20 });
      expect(story.overs.map(({ runs, wickets }) => ({ runs, wickets }))).toEqual(rawOvers(t20, index));
      expect(story.overs.map((o) => o.over)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      const card = summariseInnings(input);
      expect(story.overs.at(-1)).toMatchObject({ total: card.runs, totalWickets: card.wickets, legalBalls: card.legalBalls });
      expect(story.falls).toEqual(card.fallOfWickets);
    }
    expect(inningsStory(realInnings(t20, 0)).overs.at(-1)).toMatchObject({ total: 205, totalWickets: 8 });
    expect(inningsStory(realInnings(t20, 1)).overs.at(-1)).toMatchObject({ total: 175, totalWickets: 9 });
  });

  it('keeps a running total: each over adds its runs to the one before', () => {
    const { overs } = inningsStory(realInnings(test, 1));
    let total = 0;
    for (const over of overs) {
      total += over.runs;
      expect(over.total).toBe(total);
    }
    expect(total).toBe(567);
  });

  it("finds SA Yadav's fifty on the ball it came up, off the balls the file says he had faced", () => {
    const story = inningsStory(realInnings(t20, 1), { oversLimit: 20 });
    expect(story.milestones).toEqual([{ kind: 'batting', player: 'SA Yadav', value: 50, balls: 32, position: { over: 13, ball: 3 } }]);
    // Counted from the file: his runs and balls faced (wides are not balls faced) up to that delivery.
    let runs = 0;
    let balls = 0;
    let reachedAt: string | null = null;
    for (const over of t20.innings[1]!.overs ?? []) {
      for (const d of over.deliveries) {
        if (d.batter !== 'SA Yadav') continue;
        runs += d.runs.batter;
        if (!d.extras?.wides) balls += 1;
        if (runs >= 50 && reachedAt === null) reachedAt = `${over.over}:${balls}`;
      }
    }
    expect(reachedAt).toBe('13:32');
  });

  it("lists every fifty of Root's 150 and Head's 150 in the Test, each once", () => {
    const england = inningsStory(realInnings(test, 0));
    expect(england.milestones.filter((m) => m.player === 'JE Root').map((m) => m.value)).toEqual([50, 100, 150]);
    const australia = inningsStory(realInnings(test, 1));
    expect(australia.milestones.filter((m) => m.player === 'TM Head').map((m) => [m.value, m.balls])).toEqual([
      [50, 55],
      [100, 105],
      [150, 152],
    ]);
  });

  it("finds Mumbai's collapses: 24/3 at the start and 149/6 to 167/9 at the end", () => {
    // 175/9 is 19.4 a wicket: half of it (9.7) is more than 8, so 8 a wicket bounds both.
    expect(inningsStory(realInnings(t20, 1)).collapses).toEqual([
      { from: { runs: 0, wickets: 0 }, to: { runs: 24, wickets: 3 } },
      { from: { runs: 149, wickets: 6 }, to: { runs: 167, wickets: 9 } },
    ]);
  });
});

describe('milestones built by hand', () => {
  it('gives a hat-trick across two overs of the same bowler, a wide between not breaking it', () => {
    const deliveries = [
      ...overOf(0, 'A', 'B', 'X', [{}, {}, {}, {}, {}, { out: [['bowled', 'A']] }]),
      ...overOf(1, 'B', 'C', 'Y', [{}, {}, {}, {}, {}, {}]),
      ball(2, 'C', 'B', 'X', { out: [['lbw', 'C']] }),
      ball(2, 'D', 'B', 'X', { wides: 1 }),
      ball(2, 'D', 'B', 'X', { out: [['caught', 'D']] }),
      ball(2, 'E', 'B', 'X'),
    ];
    const story = inningsStory(innings(deliveries), { oversLimit: 20 });
    expect(story.milestones).toEqual([{ kind: 'hat-trick', player: 'X', value: 3, balls: 8, position: { over: 2, ball: 2 } }]);
  });

  it('gives no hat-trick when a run out comes between (not the bowler’s wicket) or a dot ball does', () => {
    const deliveries = [
      ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] }),
      ball(0, 'C', 'B', 'X', { out: [['run out', 'C']] }),
      ball(0, 'D', 'B', 'X', { out: [['bowled', 'D']] }),
      ball(0, 'E', 'B', 'X', { out: [['bowled', 'E']] }),
      ball(0, 'F', 'B', 'X'),
      ball(0, 'F', 'B', 'X', { out: [['bowled', 'F']] }),
    ];
    expect(inningsStory(innings(deliveries)).milestones.filter((m) => m.kind === 'hat-trick')).toEqual([]);
  });

  it('gives four wickets as a milestone only in an innings of 20 overs or fewer', () => {
    expect(bowlingMilestones(20)).toEqual([4, 5, 10]);
    expect(bowlingMilestones(50)).toEqual([5, 10]);
    expect(bowlingMilestones(null)).toEqual([5, 10]);
    const fourFor = [
      ball(0, 'A', 'B', 'X', { out: [['bowled', 'A']] }),
      ball(0, 'C', 'B', 'X', { bat: 1 }),
      ball(0, 'B', 'C', 'X', { out: [['caught', 'B']] }),
      ball(0, 'D', 'C', 'X', { bat: 1 }),
      ball(0, 'C', 'D', 'X', { out: [['lbw', 'C']] }),
      ball(0, 'E', 'D', 'X', { out: [['stumped', 'E']] }),
    ];
    expect(inningsStory(innings(fourFor), { oversLimit: 20 }).milestones).toEqual([
      { kind: 'bowling', player: 'X', value: 4, balls: 6, position: { over: 0, ball: 6 } },
    ]);
    expect(inningsStory(innings(fourFor), { oversLimit: 50 }).milestones).toEqual([]);
  });

  it('counts penalty runs awarded before the first ball in the first over’s total, not its runs', () => {
    const story = inningsStory(innings(overOf(0, 'A', 'B', 'X', [{ bat: 4 }, {}, {}, {}, {}, {}]), { penaltyRunsPre: 5 }));
    expect(story.overs).toEqual([{ over: 1, runs: 4, wickets: 0, total: 9, totalWickets: 0, legalBalls: 6 }]);
  });
});

describe('rateSeries', () => {
  it('gives the run rate after each over and the rate a chase still needed', () => {
    const { overs } = inningsStory(realInnings(readMatch('e2e/1529312'), 1), { oversLimit: 20 });
    const rates = rateSeries(overs, { runs: 206, balls: 120 });
    const after10 = overs[9]!;
    expect(rates[9]!.runRate).toBeCloseTo((after10.total * 6) / 60, 10);
    expect(rates[9]!.requiredRate).toBeCloseTo(((206 - after10.total) * 6) / 60, 10);
    // No balls left after the 20th over: no rate to require.
    expect(rates[19]!.requiredRate).toBeNull();
    expect(rateSeries(overs, null).every((point) => point.requiredRate === null)).toBe(true);
  });
});

describe('oversInBlocks', () => {
  it('adds runs and wickets of each block of overs, ending at the block’s last over', () => {
    const { overs } = inningsStory(realInnings(readMatch('e2e/1455615'), 3));
    const blocks = oversInBlocks(overs, 10);
    expect(blocks).toHaveLength(4);
    expect(blocks.reduce((sum, b) => sum + b.runs, 0)).toBe(161);
    expect(blocks.reduce((sum, b) => sum + b.wickets, 0)).toBe(5);
    expect(blocks[0]).toMatchObject({ over: 1, total: overs[9]!.total });
    expect(oversInBlocks(overs, 1)).toEqual(overs);
  });
});

describe('best', () => {
  it('orders batters by runs then fewer balls, bowlers by wickets then fewer runs', () => {
    const batters = [
      { name: 'a', runs: 40, balls: 30 },
      { name: 'b', runs: 52, balls: 40 },
      { name: 'c', runs: 40, balls: 20 },
    ];
    expect(best(batters, 2, byBatting).map((b) => b.name)).toEqual(['b', 'c']);
    const bowlers = [
      { name: 'x', wickets: 2, runs: 30, calledBalls: 24 },
      { name: 'y', wickets: 3, runs: 40, calledBalls: 24 },
      { name: 'z', wickets: 2, runs: 20, calledBalls: 18 },
    ];
    expect(best(bowlers, 3, byBowling).map((b) => b.name)).toEqual(['y', 'z', 'x']);
  });
});
