// The rules that move team ratings and competition pars after each result (decision 039), on
// cases worked by hand, and the committed standing against the model file it came with.
import { describe, expect, it } from 'vitest';
import { WIN_PROB_MODEL, WIN_PROB_STANDING } from '../../../src/server/domain/winprob-model.ts';
import {
  compareResults, eloUpdate, followResults, kFactor, PAR_WINDOW, parKeys, Standing, windowMean, windowWith, type FollowedResult,
} from '../../../src/server/domain/winprob-ratings.ts';

// Two real ODIs after training: Sri Lanka beat Bangladesh on 2 July 2025 (Cricsheet 1485505, 244
// first-innings runs of 50 overs), Bangladesh won the next on 5 July (1485506, 248).
const first: FollowedResult = {
  id: 1485505, date: '2025-07-02', format: 'oneday', teams: { a: 'sri-lanka', b: 'bangladesh' }, outcome: 1, competition: 'odi:male', firstInningsPace: 244 / 300,
};
const second: FollowedResult = {
  id: 1485506, date: '2025-07-05', format: 'oneday', teams: { a: 'bangladesh', b: 'sri-lanka' }, outcome: 1, competition: 'odi:male', firstInningsPace: 248 / 300,
};

describe('Elo updates', () => {
  it('two new sides: the winner takes 24 points from the loser (K 48, expected 0.5)', () => {
    const { a, b } = eloUpdate({ rating: 1500, games: 0 }, { rating: 1500, games: 0 }, 1);
    expect(a).toEqual({ rating: 1524, games: 1 });
    expect(b).toEqual({ rating: 1476, games: 1 });
  });

  it('K is 48 for a side\'s first ten results, 24 after: a draw moves the sides by different amounts', () => {
    expect([kFactor(0), kFactor(9), kFactor(10), kFactor(300)]).toEqual([48, 48, 24, 24]);
    // a 1500 (9 games) against b 1700 (10 games): a expected 1 / (1 + 10^0.5) = 0.2402531; a draw
    // is worth 0.2597469 to a: a gains 48 × that = 12.46785, b loses 24 × that = 6.23393.
    const { a, b } = eloUpdate({ rating: 1500, games: 9 }, { rating: 1700, games: 10 }, 0.5);
    expect(a.rating).toBeCloseTo(1512.46785, 4);
    expect(b.rating).toBeCloseTo(1693.76607, 4);
    expect([a.games, b.games]).toEqual([10, 11]);
  });

  it('a real result: Sri Lanka (1654.42, 452 games) beat Bangladesh (1505.76), then lost to them', () => {
    const standing = Standing.fromJson(WIN_PROB_STANDING);
    expect(standing.elo.rating('oneday:sri-lanka')).toBeCloseTo(1654.41571, 4);
    expect(standing.elo.rating('oneday:bangladesh')).toBeCloseTo(1505.75866, 4);
    // Expected for Sri Lanka 1 / (1 + 10^((1505.75866 − 1654.41571) / 400)) = 0.7017696: a win is
    // worth 24 × 0.2982304 = 7.15753 points.
    standing.follow(first);
    expect(standing.elo.rating('oneday:sri-lanka')).toBeCloseTo(1661.57324, 4);
    expect(standing.elo.rating('oneday:bangladesh')).toBeCloseTo(1498.60113, 4);
    // Bangladesh, now 163 points behind, expected 0.2812756: their win is worth 24 × 0.7187244.
    standing.follow(second);
    expect(standing.elo.rating('oneday:bangladesh')).toBeCloseTo(1515.85052, 4);
    expect(standing.elo.rating('oneday:sri-lanka')).toBeCloseTo(1644.32385, 4);
    expect(standing.elo.games('oneday:sri-lanka')).toBe(454);
    // Rounded as the model stores ratings: the gap the next match is judged on.
    expect(standing.contextOf({ format: 'oneday', teams: { a: 'sri-lanka', b: 'bangladesh' }, competition: 'odi:male' }).gap).toBe(1644 - 1516);
  });
});

describe('pars', () => {
  it('a window keeps the last 60 first innings and needs 10 before it counts', () => {
    let window: number[] = [];
    for (let n = 1; n <= 9; n += 1) window = windowWith(window, n);
    expect(windowMean(window)).toBeNull();
    window = windowWith(window, 10);
    expect(windowMean(window)).toBe(5.5);
    for (let n = 11; n <= PAR_WINDOW + 1; n += 1) window = windowWith(window, n);
    expect(window).toHaveLength(PAR_WINDOW);
    expect(window[0]).toBe(2); // the first value dropped
    expect(windowMean(window)).toBe(31.5);
  });

  it('a result counts towards its competition, its kind and its broad format (once each)', () => {
    expect(parKeys('t20:male:Indian Premier League', 't20')).toEqual(['t20:male:Indian Premier League', 't20:male']);
    expect(parKeys('t20i:female', 't20')).toEqual(['t20i:female', 't20:female']);
    expect(parKeys('list_a:male:One-Day Cup', 'oneday')).toEqual(['list_a:male:One-Day Cup', 'list_a:male', 'oneday:male']);
  });

  it('a real result moves the men\'s ODI par by a sixtieth of its pace against the oldest dropped', () => {
    const standing = Standing.fromJson(WIN_PROB_STANDING);
    expect(standing.parOf('odi:male', 'oneday')).toBe(0.881);
    expect(WIN_PROB_STANDING.paces['odi:male']![0]).toBeCloseTo(0.96667, 5);
    standing.follow(first);
    // (60 × 0.8810 − 0.96667 + 0.81333) / 60 = 0.87844, rounded to 4 decimals.
    expect(standing.parOf('odi:male', 'oneday')).toBe(0.8784);
    // A competition with fewer than ten first innings takes its kind's par; Tests have none.
    expect(WIN_PROB_STANDING.paces['list_a:male:The Marsh Cup']).toHaveLength(7);
    expect(standing.parOf('list_a:male:The Marsh Cup', 'oneday')).toBe(standing.parOf('list_a:male', 'oneday'));
    expect(standing.parOf('test:male', 'test')).toBe(0);
  });
});

describe('following results', () => {
  it('in the trainer\'s order (date, then Cricsheet id), each seeing only the results before it, leaving the start as it was', () => {
    const start = Standing.fromJson(WIN_PROB_STANDING);
    const seen: number[] = [];
    const gaps: number[] = [];
    const after = followResults(start, [second, first], (result, context) => {
      seen.push(result.id);
      gaps.push(context.gap);
    });
    expect(seen).toEqual([1485505, 1485506]);
    expect(gaps).toEqual([1654 - 1506, 1499 - 1662]); // the second: Bangladesh (a) after the first
    expect(start.elo.rating('oneday:sri-lanka')).toBeCloseTo(1654.41571, 4);
    expect(after.elo.rating('oneday:sri-lanka')).toBeCloseTo(1644.32385, 4);
    expect(compareResults({ date: '2025-07-02', id: 9 }, { date: '2025-07-02', id: 10 })).toBeLessThan(0);
    expect(compareResults({ date: '2025-07-03', id: 1 }, { date: '2025-07-02', id: 10 })).toBeGreaterThan(0);
  });

  it('the committed standing is the model file\'s ratings and pars before rounding', () => {
    const standing = Standing.fromJson(WIN_PROB_STANDING);
    expect(WIN_PROB_STANDING.through).toBe(WIN_PROB_MODEL.trainedThrough);
    expect(Object.fromEntries(standing.elo.entries().map(([key, value]) => [key, Math.round(value.rating)]))).toEqual(WIN_PROB_MODEL.ratings);
    expect(Object.fromEntries(standing.paces.means())).toEqual(WIN_PROB_MODEL.pars);
    expect(standing.elo.entries().every(([, value]) => value.games >= 1)).toBe(true);
  });
});
