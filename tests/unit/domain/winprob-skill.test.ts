// The win probability's tests (issue 26, decision 039) on cases small enough to check by hand or by
// construction: skill against a baseline with a match bootstrap, and a reliability diagram whose
// consistency bands come from resampling whole matches.
import { describe, expect, it } from 'vitest';
import { reliability, seededRandom, skillScores, type MatchForecasts } from '../../../scripts/winprob/skill.ts';

describe('skillScores', () => {
  it('is 0 with a zero-width interval for the baseline against itself', () => {
    const matches: MatchForecasts[] = [
      { outcome: 1, model: [0.5, 0.6, 0.8], baseline: [0.5, 0.6, 0.8] },
      { outcome: 0, model: [0.5, 0.3], baseline: [0.5, 0.3] },
      { outcome: 1, model: [0.4], baseline: [0.4] },
    ];
    const scores = skillScores(matches, 200);
    for (const figure of [scores.brier, scores.logLoss]) {
      expect(figure.value).toBe(0);
      expect(figure.low).toBe(0);
      expect(figure.high).toBe(0);
      expect(figure.excludesZero).toBe(false);
    }
  });

  it('computes the skill by hand: Brier 0.04 against 0.25 is 0.84', () => {
    // Model 0.8 on a win and 0.2 on a loss (squared error 0.04 each); baseline 0.5 (0.25 each).
    const matches: MatchForecasts[] = [
      { outcome: 1, model: [0.8, 0.8], baseline: [0.5, 0.5] },
      { outcome: 0, model: [0.2], baseline: [0.5] },
    ];
    const scores = skillScores(matches, 100);
    expect(scores.balls).toBe(3);
    expect(scores.modelBrier).toBeCloseTo(0.04, 12);
    expect(scores.baselineBrier).toBeCloseTo(0.25, 12);
    expect(scores.brier.value).toBeCloseTo(0.84, 12);
    // Every resample has the same ratio here, so the interval is the point.
    expect(scores.brier.low).toBeCloseTo(0.84, 12);
    expect(scores.brier.high).toBeCloseTo(0.84, 12);
    expect(scores.brier.excludesZero).toBe(true);
    expect(scores.logLoss.value).toBeCloseTo(1 - Math.log(0.8) / Math.log(0.5), 12);
  });

  it('resamples whole matches: a model better on one match and worse on another gets an interval across zero', () => {
    const matches: MatchForecasts[] = [
      { outcome: 1, model: Array(50).fill(0.9), baseline: Array(50).fill(0.6) },
      { outcome: 1, model: Array(50).fill(0.3), baseline: Array(50).fill(0.6) },
      { outcome: 0, model: Array(50).fill(0.1), baseline: Array(50).fill(0.4) },
      { outcome: 0, model: Array(50).fill(0.7), baseline: Array(50).fill(0.4) },
    ];
    const scores = skillScores(matches, 1000);
    expect(scores.brier.low).toBeLessThan(0);
    expect(scores.brier.high).toBeGreaterThan(0);
    expect(scores.brier.excludesZero).toBe(false);
    // The same seed gives the same interval; another seed may not.
    expect(skillScores(matches, 1000)).toEqual(scores);
  });
});

/**
 * A perfectly calibrated forecaster whose forecasts move within a match, as a win probability
 * does: the outcome is whether a random walk of `steps` fair ±1 steps, started at `offset`
 * (a half-integer, so never a tie), ends above 0; the forecast at each step is the exact chance of
 * that given the walk so far. Every ball of a match shares the one outcome.
 */
function randomWalkMatch(random: () => number, steps = 20): { outcome: number; model: number[] } {
  const offset = Math.floor(random() * 9) - 4 + 0.5;
  const choose = (n: number, k: number) => {
    let value = 1;
    for (let i = 1; i <= k; i += 1) value = (value * (n - k + i)) / i;
    return value;
  };
  // P(position + sum of `left` fair ±1 steps > 0).
  const chance = (position: number, left: number) => {
    let total = 0;
    for (let ups = 0; ups <= left; ups += 1) if (position + 2 * ups - left > 0) total += choose(left, ups);
    return total / 2 ** left;
  };
  let position = offset;
  const model: number[] = [];
  for (let step = 0; step < steps; step += 1) {
    model.push(chance(position, steps - step));
    position += random() < 0.5 ? 1 : -1;
  }
  return { outcome: position > 0 ? 1 : 0, model };
}

describe('reliability', () => {
  it('bins forecasts into bands and reports observed frequency by hand', () => {
    const result = reliability([
      { outcome: 1, model: [0.05, 0.15, 0.15] },
      { outcome: 0, model: [0.05, 0.95] },
    ], 10, 100);
    expect(result.bands.map((band) => band.band)).toEqual(['0-10%', '10-20%', '90-100%']);
    const [low, mid, high] = result.bands;
    expect(low).toMatchObject({ balls: 2, matches: 2, predicted: 0.05, observed: 0.5 });
    expect(mid).toMatchObject({ balls: 2, matches: 1, observed: 1 });
    expect(mid!.predicted).toBeCloseTo(0.15, 12);
    expect(high).toMatchObject({ balls: 1, matches: 1, observed: 0 });
  });

  it('a perfectly calibrated forecaster lies inside its bands about 95% of the time, band by band', () => {
    // 60 independent sets of 300 matches, each match 20 balls sharing one outcome.
    const random = seededRandom(7);
    let inside = 0;
    let total = 0;
    for (let set = 0; set < 60; set += 1) {
      const matches = Array.from({ length: 300 }, () => randomWalkMatch(random));
      const result = reliability(matches, 10, 300, 1000 + set);
      for (const band of result.bands) {
        if (band.matches < 20) continue;
        total += 1;
        if (band.inside) inside += 1;
      }
    }
    expect(total).toBeGreaterThan(400);
    expect(inside / total).toBeGreaterThan(0.9);
    expect(inside / total).toBeLessThan(0.99);
  });

  it('the bands are far too narrow if each ball were drawn alone: resampling by match widens them', () => {
    // 200 matches of 100 balls at 50%: one outcome each; the band holds 200 outcomes, not 20,000.
    const random = seededRandom(11);
    const matches = Array.from({ length: 200 }, () => ({ outcome: random() < 0.5 ? 1 : 0, model: Array(100).fill(0.55) as number[] }));
    const [band] = reliability(matches, 10, 1000).bands;
    // A binomial of 200 matches: 95% within about ±1.96 × √(0.25/200) ≈ ±6.9 points; per ball it would be ±0.7.
    expect(band!.high - band!.low).toBeGreaterThan(0.11);
    expect(band!.high - band!.low).toBeLessThan(0.16);
  });

  it('a badly miscalibrated forecaster falls outside', () => {
    // Outcomes from the random walk, forecasts pushed away from 50% (too sure).
    const random = seededRandom(3);
    const matches = Array.from({ length: 500 }, () => {
      const match = randomWalkMatch(random);
      return { outcome: match.outcome, model: match.model.map((p) => Math.min(1, Math.max(0, 0.5 + 1.8 * (p - 0.5)))) };
    });
    const result = reliability(matches, 10, 1000);
    expect(result.allInside).toBe(false);
    expect(result.bands.filter((band) => !band.inside).length).toBeGreaterThanOrEqual(4);
  });

  it('is reproducible: the same seed, the same bands', () => {
    const random = seededRandom(5);
    const matches = Array.from({ length: 100 }, () => randomWalkMatch(random));
    expect(reliability(matches, 10, 200, 9)).toEqual(reliability(matches, 10, 200, 9));
  });
});
