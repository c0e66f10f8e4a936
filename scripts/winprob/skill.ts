// The tests issue 26 sets the win probability (decision 039): skill against a model of the match
// state alone, with a match-level bootstrap interval, and a reliability diagram with consistency
// bands (Bröcker and Smith 2007) drawn by resampling whole matches. Pure functions over the
// forecasts of every ball, grouped by match: a match's balls share one outcome, so the match, not
// the ball, is the unit every resample draws.
import type { Interval, Reliability, ReliabilityBand, SkillScores } from '../../src/server/domain/winprob-model.ts';

export type { Interval, Reliability, ReliabilityBand, SkillScores };

/** One match's balls: P(team a wins) from the model and the baseline, and the one outcome they share. */
export interface MatchForecasts {
  /** 1 team a won, 0 lost, 0.5 tie. */
  outcome: number;
  model: readonly number[];
  baseline: readonly number[];
}

/** A seeded generator (Park-Miller, as the evaluation's other bootstrap): the same seed, the same draws. */
export function seededRandom(seed: number): () => number {
  let state = Math.max(1, Math.floor(seed) % 2_147_483_647);
  return () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
}

/** The q-quantile of sorted values (nearest rank, as the evaluation's other percentiles). */
const quantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))]!;

/** How many times each match is drawn in one resample: as many draws as matches, with replacement. */
function drawWeights(weights: Float64Array, random: () => number): void {
  weights.fill(0);
  for (let draw = 0; draw < weights.length; draw += 1) weights[Math.floor(random() * weights.length)]! += 1;
}

const EPSILON = 1e-6;
const logLossOf = (p: number, y: number) => {
  const q = Math.min(1 - EPSILON, Math.max(EPSILON, p));
  return -(y * Math.log(q) + (1 - y) * Math.log(1 - q));
};

/** 1 − model / baseline; 0 when both are 0 (nothing to improve on). */
const skill = (model: number, baseline: number) => (baseline === 0 ? (model === 0 ? 0 : -Infinity) : 1 - model / baseline);

function interval(value: number, resampled: Float64Array): Interval {
  resampled.sort();
  const low = quantile(resampled, 0.025);
  const high = quantile(resampled, 0.975);
  return { value, low, high, excludesZero: low > 0 || high < 0 };
}

/**
 * Brier and log-loss skill of the model against the baseline over every ball, each with a 95%
 * interval from a bootstrap of whole matches (each resample draws as many matches as there are,
 * with replacement, and scores all their balls).
 */
export function skillScores(matches: readonly MatchForecasts[], resamples = 1000, seed = 20_260_526): SkillScores {
  const count = matches.length;
  // Per match: balls, summed Brier and log loss of the model and the baseline.
  const sums = matches.map(({ outcome, model, baseline }) => {
    if (model.length !== baseline.length) throw new Error('the model and the baseline must score the same balls');
    let modelBrier = 0;
    let baselineBrier = 0;
    let modelLog = 0;
    let baselineLog = 0;
    model.forEach((p, ball) => {
      const q = baseline[ball]!;
      modelBrier += (p - outcome) ** 2;
      baselineBrier += (q - outcome) ** 2;
      modelLog += logLossOf(p, outcome);
      baselineLog += logLossOf(q, outcome);
    });
    return [model.length, modelBrier, baselineBrier, modelLog, baselineLog] as const;
  });
  const total = (weights: Float64Array | null) => {
    const out = [0, 0, 0, 0, 0];
    sums.forEach((row, match) => {
      const weight = weights ? weights[match]! : 1;
      if (weight !== 0) for (let k = 0; k < 5; k += 1) out[k]! += weight * row[k]!;
    });
    return out as [number, number, number, number, number];
  };
  const [balls, modelBrier, baselineBrier, modelLog, baselineLog] = total(null);
  const brierResamples = new Float64Array(resamples);
  const logResamples = new Float64Array(resamples);
  const random = seededRandom(seed);
  const weights = new Float64Array(count);
  for (let resample = 0; resample < resamples; resample += 1) {
    drawWeights(weights, random);
    const [, mb, bb, ml, bl] = total(weights);
    brierResamples[resample] = skill(mb, bb);
    logResamples[resample] = skill(ml, bl);
  }
  const per = (value: number) => value / Math.max(1, balls);
  return {
    matches: count,
    balls,
    resamples,
    seed,
    brier: interval(skill(modelBrier, baselineBrier), brierResamples),
    logLoss: interval(skill(modelLog, baselineLog), logResamples),
    modelBrier: per(modelBrier),
    baselineBrier: per(baselineBrier),
    modelLogLoss: per(modelLog),
    baselineLogLoss: per(baselineLog),
  };
}

/**
 * The reliability diagram of the model's forecasts in `bands` equal bands (0-10%, ...), each with
 * its 95% consistency band: where the band's observed frequency falls if the model were calibrated,
 * given forecasts like these (Bröcker and Smith's consistency resampling, by whole matches).
 *
 * One resample: draw as many matches as there are, with replacement; for each drawn match and each
 * band it has balls in, draw ONE outcome, won with the mean forecast of that match's balls in that
 * band, shared by all those balls (a match's balls share one outcome: drawing one per ball would
 * treat a match's 240 balls as 240 independent trials and make the bands far too narrow); then the
 * band's simulated frequency minus its simulated mean forecast. The band's consistency band is its
 * mean forecast plus the 2.5th and 97.5th percentiles of that difference.
 *
 * Why one draw per match and band: if the model is calibrated, P(won | the forecast at a ball) is
 * that forecast, so a match that enters a band wins with about the band's forecasts there (within
 * the band's 10 points); all of its balls in the band then count that one outcome. Different bands
 * of one match get separate draws: each band's consistency band is marginal, so the joint
 * dependence between bands does not matter to it (it does to "every band inside", which is read
 * as ten tests, not one).
 */
export function reliability(matches: readonly Pick<MatchForecasts, 'outcome' | 'model'>[], bands = 10, resamples = 1000, seed = 20_070_601): Reliability {
  // Per match and band: balls and summed forecast (the outcome is the match's).
  const cells = matches.map(({ model }) => {
    const cell = new Float64Array(2 * bands);
    for (const p of model) {
      const band = Math.min(bands - 1, Math.max(0, Math.floor(p * bands)));
      cell[band]! += 1;
      cell[bands + band]! += p;
    }
    return cell;
  });
  const balls = new Float64Array(bands);
  const forecast = new Float64Array(bands);
  const won = new Float64Array(bands);
  const matchCount = new Float64Array(bands);
  cells.forEach((cell, match) => {
    for (let band = 0; band < bands; band += 1) {
      if (cell[band] === 0) continue;
      balls[band]! += cell[band]!;
      forecast[band]! += cell[bands + band]!;
      won[band]! += cell[band]! * matches[match]!.outcome;
      matchCount[band]! += 1;
    }
  });
  const differences = Array.from({ length: bands }, () => new Float64Array(resamples));
  const random = seededRandom(seed);
  const count = matches.length;
  const simBalls = new Float64Array(bands);
  const simForecast = new Float64Array(bands);
  const simWon = new Float64Array(bands);
  for (let resample = 0; resample < resamples; resample += 1) {
    simBalls.fill(0);
    simForecast.fill(0);
    simWon.fill(0);
    for (let draw = 0; draw < count; draw += 1) {
      const cell = cells[Math.floor(random() * count)]!;
      for (let band = 0; band < bands; band += 1) {
        const n = cell[band]!;
        if (n === 0) continue;
        const mean = cell[bands + band]! / n;
        simBalls[band]! += n;
        simForecast[band]! += cell[bands + band]!;
        if (random() < mean) simWon[band]! += n;
      }
    }
    for (let band = 0; band < bands; band += 1) {
      // A band no drawn match reached says nothing: it counts as on the diagonal.
      differences[band]![resample] = simBalls[band]! > 0 ? (simWon[band]! - simForecast[band]!) / simBalls[band]! : 0;
    }
  }
  const rows: ReliabilityBand[] = [];
  for (let band = 0; band < bands; band += 1) {
    if (balls[band] === 0) continue;
    const sorted = differences[band]!.sort();
    const predicted = forecast[band]! / balls[band]!;
    const observed = won[band]! / balls[band]!;
    const low = Math.max(0, predicted + quantile(sorted, 0.025));
    const high = Math.min(1, predicted + quantile(sorted, 0.975));
    const width = 100 / bands;
    rows.push({
      band: `${Math.round(band * width)}-${Math.round((band + 1) * width)}%`,
      balls: balls[band]!,
      matches: matchCount[band]!,
      predicted,
      observed,
      low,
      high,
      inside: observed >= low && observed <= high,
    });
  }
  return { matches: count, resamples, seed, bands: rows, allInside: rows.every((row) => row.inside) };
}
