// The held-out evaluation judges each match as the server would have on its day (decision 084):
// with the ratings and pars that followed every earlier result, never its own or a later one. And
// the recalibration layer's two forms the validation year chooses between.
import { describe, expect, it } from 'vitest';
import { fitLayers, onlineContexts, type LayerRows } from '../../../scripts/winprob/train.ts';
import { WIN_PROB_STANDING } from '../../../src/server/domain/winprob-model.ts';
import { compareResults, Standing, type FollowedResult, type MatchContext } from '../../../src/server/domain/winprob-ratings.ts';

const odi = (id: number, date: string, a: string, b: string, outcome: 0 | 1, runs: number): FollowedResult => ({
  id, date, format: 'oneday', teams: { a, b }, outcome, competition: 'odi:male', firstInningsPace: runs / 300,
});
const ipl = (id: number, date: string, a: string, b: string, outcome: 0 | 0.5 | 1, runs: number): FollowedResult => ({
  id, date, format: 't20', teams: { a, b }, outcome, competition: 't20:male:Indian Premier League', firstInningsPace: runs / 120,
});

// Sides that meet again, two results on one day (the trainer's order: the smaller Cricsheet id
// first), a tie, and the list out of order (the order is the trainer's, not the caller's).
const results: FollowedResult[] = [
  odi(1485506, '2025-07-05', 'bangladesh', 'sri-lanka', 1, 248),
  odi(1485505, '2025-07-02', 'sri-lanka', 'bangladesh', 1, 244),
  odi(1485507, '2025-07-08', 'sri-lanka', 'bangladesh', 1, 285),
  ipl(1527676, '2026-04-01', 'mumbai-indians', 'chennai-super-kings', 0, 171),
  ipl(1527675, '2026-04-01', 'chennai-super-kings', 'royal-challengers-bengaluru', 1, 203),
  ipl(1527680, '2026-04-04', 'royal-challengers-bengaluru', 'mumbai-indians', 0.5, 190),
  ipl(1527690, '2026-04-09', 'chennai-super-kings', 'mumbai-indians', 1, 226),
  odi(1485510, '2025-07-11', 'bangladesh', 'sri-lanka', 0, 231),
];
const ordered = [...results].sort(compareResults);
const start = () => Standing.fromJson(WIN_PROB_STANDING);
const changed = (result: FollowedResult): FollowedResult => ({
  ...result,
  outcome: result.outcome === 1 ? 0 : 1,
  firstInningsPace: result.firstInningsPace === null ? null : result.firstInningsPace + 0.5,
});

describe('the held-out contexts (onlineContexts)', () => {
  it('are the standing before each result, by hand: each result counted after its own context is read', () => {
    const contexts = onlineContexts(start(), results);
    const standing = start();
    for (const result of ordered) {
      expect(contexts.get(result.id)).toEqual(standing.contextOf(result));
      standing.follow(result);
    }
    // The second Sri Lanka v Bangladesh ODI sees the first one's result: Bangladesh (a) 1499 against 1662.
    expect(contexts.get(1485506)!.gap).toBe(1499 - 1662);
  });

  it('never use a match\'s own result, or a later one: changing them leaves its context as it was, and moves the next match of its sides', () => {
    const before = onlineContexts(start(), results);
    ordered.forEach((result, at) => {
      // The result itself and every later one changed: outcome flipped, a first innings 60 runs
      // (ODI: 150) heavier.
      const altered = results.map((other) => (compareResults(other, result) >= 0 ? changed(other) : other));
      const after = onlineContexts(start(), altered);
      for (const earlier of ordered.slice(0, at + 1)) expect(after.get(earlier.id), `match ${earlier.id} after changing ${result.id} on`).toEqual(before.get(earlier.id));
      // The result alone changed: the next match of either side is judged differently (it counts).
      const next = ordered.slice(at + 1).find((other) => other.format === result.format && [other.teams.a, other.teams.b].some((team) => [result.teams.a, result.teams.b].includes(team)));
      if (!next) return;
      const only = onlineContexts(start(), results.map((other) => (other.id === result.id ? changed(other) : other)));
      expect(only.get(next.id), `match ${next.id} after changing ${result.id}`).not.toEqual(before.get(next.id));
    });
  });

  it('leave the end-of-training standing as it was and refuse a match scored twice', () => {
    const end = start();
    const gap = (standing: Standing): MatchContext => standing.contextOf(results[0]!);
    const was = gap(end);
    onlineContexts(end, results);
    expect(gap(end)).toEqual(was);
    expect(() => onlineContexts(start(), [...results, results[0]!])).toThrow(/scored twice/);
  });
});

describe('fitLayers', () => {
  // 61 balls of 40 matches a year, answers with logit −3 to 3, each won with σ(0.4 + 0.6·logit) (a
  // fractional label: the expected outcome, so the fit is exact).
  const rows = (): LayerRows => {
    const entry = { year: [] as number[], logit: [] as number[], won: [] as number[], match: [] as number[] };
    for (let i = 0; i <= 60; i += 1) {
      const logit = -3 + i / 10;
      entry.year.push(2020);
      entry.logit.push(logit);
      entry.won.push(1 / (1 + Math.exp(-(0.4 + 0.6 * logit))));
      entry.match.push(i % 40);
    }
    return new Map([['t20i/male/1', entry]]);
  };

  it('Platt finds the intercept and the slope; the slope alone has no intercept', () => {
    const [a, b] = fitLayers(rows(), 2021)['t20i/male/1']!;
    expect(a).toBeCloseTo(0.4, 4);
    expect(b).toBeCloseTo(0.6, 4);
    const [zero, slope] = fitLayers(rows(), 2021, 'slope')['t20i/male/1']!;
    expect(zero).toBe(0);
    expect(slope).toBeGreaterThan(0.5);
    expect(slope).toBeLessThan(0.7);
  });

  it('uses only the years before the one given, and needs 30 matches', () => {
    expect(fitLayers(rows(), 2020)).toEqual({});
    const few = rows();
    few.get('t20i/male/1')!.match.fill(1);
    expect(fitLayers(few, 2021)).toEqual({});
  });
});
