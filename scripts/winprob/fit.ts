// The trainer's statistics: logistic regression by Newton's method (IRLS) with a small ridge
// penalty and the scores the evaluation reports (Brier, log loss, calibration).
import type { CalibrationBand, CalibrationTable } from '../../src/server/domain/winprob-model.ts';

/** Rows of a design matrix, packed: row i is x[i*width .. (i+1)*width). */
export interface Design {
  width: number;
  x: number[];
  y: number[];
}

export function newDesign(width: number): Design {
  return { width, x: [], y: [] };
}

/** Solves a x = b for a symmetric positive definite a (Cholesky); a is width×width, row-major. */
function solve(a: Float64Array, b: Float64Array, width: number): Float64Array {
  const l = new Float64Array(width * width);
  for (let i = 0; i < width; i += 1) {
    for (let j = 0; j <= i; j += 1) {
      let sum = a[i * width + j]!;
      for (let k = 0; k < j; k += 1) sum -= l[i * width + k]! * l[j * width + k]!;
      if (i === j) l[i * width + i] = Math.sqrt(Math.max(sum, 1e-12));
      else l[i * width + j] = sum / l[j * width + j]!;
    }
  }
  const z = new Float64Array(width);
  for (let i = 0; i < width; i += 1) {
    let sum = b[i]!;
    for (let k = 0; k < i; k += 1) sum -= l[i * width + k]! * z[k]!;
    z[i] = sum / l[i * width + i]!;
  }
  const out = new Float64Array(width);
  for (let i = width - 1; i >= 0; i -= 1) {
    let sum = z[i]!;
    for (let k = i + 1; k < width; k += 1) sum -= l[k * width + i]! * out[k]!;
    out[i] = sum / l[i * width + i]!;
  }
  return out;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Maximum-likelihood logistic regression (labels may be 0.5 for a tie) with ridge penalty `ridge`
 * per row on every coefficient but the first (the intercept), by Newton steps until they stop moving.
 */
export function fitLogistic(design: Design, ridge = 1e-4, maxSteps = 30): number[] {
  const { width, x, y } = design;
  const rows = y.length;
  if (rows === 0) throw new Error('no rows to fit');
  let beta = new Float64Array(width);
  for (let step = 0; step < maxSteps; step += 1) {
    const hessian = new Float64Array(width * width);
    const gradient = new Float64Array(width);
    for (let r = 0; r < rows; r += 1) {
      const at = r * width;
      let z = 0;
      for (let j = 0; j < width; j += 1) z += x[at + j]! * beta[j]!;
      const p = sigmoid(z);
      const w = Math.max(p * (1 - p), 1e-9);
      const residual = y[r]! - p;
      for (let j = 0; j < width; j += 1) {
        const xj = x[at + j]!;
        gradient[j]! += xj * residual;
        const wx = w * xj;
        for (let k = 0; k <= j; k += 1) hessian[j * width + k]! += wx * x[at + k]!;
      }
    }
    for (let j = 0; j < width; j += 1) {
      for (let k = 0; k < j; k += 1) hessian[k * width + j] = hessian[j * width + k]!;
      if (j > 0) {
        hessian[j * width + j]! += ridge * rows;
        gradient[j]! -= ridge * rows * beta[j]!;
      }
    }
    const delta = solve(hessian, gradient, width);
    let largest = 0;
    beta = beta.map((value, j) => {
      largest = Math.max(largest, Math.abs(delta[j]!));
      return value + delta[j]!;
    });
    if (largest < 1e-7) break;
  }
  return [...beta];
}

/** What sampling alone does to a table's worst gap (see worstGapNoise). */
export type WorstGapNoise = CalibrationTable['worstGapNoise'];

const BANDS = 10;
const RESAMPLES = 1000;

/** Per match, in first-seen order: balls per bin, then the sum of (outcome − probability) per bin. */
type PerMatch = Map<number, Float64Array>;

/**
 * Running scores of probabilities against outcomes (0, 0.5 or 1), kept per ball for the
 * calibration tables: fixed bands of the probability (0-10%, 10-20%, ...) and deciles (ten equal
 * counts of balls, ordered by the probability).
 */
export class Scores {
  count = 0;
  private brier = 0;
  private logLoss = 0;
  private readonly probabilities: number[] = [];
  private readonly outcomes: number[] = [];
  private readonly matchOf: number[] = [];

  add(probability: number, outcome: number, match: number): void {
    this.count += 1;
    this.brier += (probability - outcome) ** 2;
    const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
    this.logLoss -= outcome * Math.log(p) + (1 - outcome) * Math.log(1 - p);
    this.probabilities.push(probability);
    this.outcomes.push(outcome);
    this.matchOf.push(match);
  }

  /** Each ball's fixed band: 0-10%, ..., 90-100% (1 falls in the last). */
  private bandBins(): Uint8Array {
    return Uint8Array.from(this.probabilities, (probability) => Math.min(BANDS - 1, Math.floor(probability * BANDS)));
  }

  /**
   * Each ball's decile: the balls ordered by probability (ties in the order they were added) and
   * cut into ten runs of equal count (the first n/10 balls are decile 1).
   */
  private decileBins(): Uint8Array {
    const order = Uint32Array.from(this.probabilities.keys()).sort((x, y) => this.probabilities[x]! - this.probabilities[y]! || x - y);
    const bins = new Uint8Array(this.count);
    order.forEach((ball, rank) => (bins[ball] = Math.floor((rank * BANDS) / this.count)));
    return bins;
  }

  summary(): { balls: number; brier: number; logLoss: number; deciles: CalibrationTable } & CalibrationTable {
    const bands = this.table(this.bandBins(), (bin) => `${bin * 10}-${bin * 10 + 10}%`);
    const deciles = this.table(this.decileBins(), null);
    return { balls: this.count, brier: this.brier / Math.max(1, this.count), logLoss: this.logLoss / Math.max(1, this.count), ...bands, deciles };
  }

  /** The calibration table of the given bins; deciles (label null) are named by their range of probabilities. */
  private table(bins: Uint8Array, label: ((bin: number) => string) | null): CalibrationTable {
    const perMatch: PerMatch = new Map();
    const predictedSum = new Float64Array(BANDS);
    const low = new Float64Array(BANDS).fill(Infinity);
    const high = new Float64Array(BANDS).fill(-Infinity);
    for (let ball = 0; ball < this.count; ball += 1) {
      const bin = bins[ball]!;
      const probability = this.probabilities[ball]!;
      let sums = perMatch.get(this.matchOf[ball]!);
      if (!sums) {
        sums = new Float64Array(2 * BANDS);
        perMatch.set(this.matchOf[ball]!, sums);
      }
      sums[bin]! += 1;
      sums[BANDS + bin]! += this.outcomes[ball]! - probability;
      predictedSum[bin]! += probability;
      low[bin] = Math.min(low[bin]!, probability);
      high[bin] = Math.max(high[bin]!, probability);
    }
    const { balls, residual } = gaps(perMatch, null);
    const gap = (bin: number) => residual[bin]! / balls[bin]!;
    const calibration: CalibrationBand[] = [];
    for (let bin = 0; bin < BANDS; bin += 1) {
      if (balls[bin] === 0) continue;
      let matches = 0;
      let variance = 0;
      for (const sums of perMatch.values()) {
        if (sums[bin] === 0) continue;
        matches += 1;
        variance += (sums[BANDS + bin]! - sums[bin]! * gap(bin)) ** 2;
      }
      const predicted = predictedSum[bin]! / balls[bin]!;
      const name = label ? label(bin) : `${bin + 1}: ${(low[bin]! * 100).toFixed(1)}-${(high[bin]! * 100).toFixed(1)}%`;
      calibration.push({ band: name, balls: balls[bin]!, matches, predicted, observed: predicted + gap(bin), se: Math.sqrt(variance) / balls[bin]! });
    }
    const worstGap = Math.max(0, ...calibration.map((band) => Math.abs(band.observed - band.predicted)));
    return { calibration, worstGap, worstGapNoise: worstGapNoise(perMatch, gap) };
  }
}

/** Each bin's balls and summed residual, the matches weighted as given (in the map's order). */
function gaps(perMatch: PerMatch, weights: Float64Array | null): { balls: Float64Array; residual: Float64Array } {
  const balls = new Float64Array(BANDS);
  const residual = new Float64Array(BANDS);
  let index = 0;
  for (const sums of perMatch.values()) {
    const weight = weights ? weights[index]! : 1;
    index += 1;
    if (weight === 0) continue;
    for (let bin = 0; bin < BANDS; bin += 1) {
      balls[bin]! += weight * sums[bin]!;
      residual[bin]! += weight * sums[BANDS + bin]!;
    }
  }
  return { balls, residual };
}

/**
 * The match bootstrap of the worst bin's sampling error (seeded: the same scores give the same
 * answer). Each resample draws as many matches as there are, with replacement, and takes each bin's
 * gap about the bin's own gap: the spread a model whose true gap is the observed one would show, so
 * what a perfectly calibrated model shows on matches like these. The balls keep the bins they had
 * (decile edges are not recomputed per resample).
 */
function worstGapNoise(perMatch: PerMatch, gap: (bin: number) => number): WorstGapNoise {
  const count = perMatch.size;
  if (count === 0) return { median: 0, p90: 0, withinThreePoints: 1 };
  let seed = 20_250_701;
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  const worst: number[] = [];
  const weights = new Float64Array(count);
  for (let resample = 0; resample < RESAMPLES; resample += 1) {
    weights.fill(0);
    for (let draw = 0; draw < count; draw += 1) weights[Math.floor(random() * count)]! += 1;
    const { balls, residual } = gaps(perMatch, weights);
    let largest = 0;
    for (let bin = 0; bin < BANDS; bin += 1) {
      if (balls[bin]! > 0) largest = Math.max(largest, Math.abs(residual[bin]! / balls[bin]! - gap(bin)));
    }
    worst.push(largest);
  }
  worst.sort((x, y) => x - y);
  return {
    median: worst[Math.floor(RESAMPLES / 2)]!,
    p90: worst[Math.floor(RESAMPLES * 0.9)]!,
    withinThreePoints: worst.filter((value) => value <= 0.03).length / RESAMPLES,
  };
}

/** Three-way (a win, draw, b win) Brier score, summed over the classes as is usual for Tests. */
export class ThreeWayScores {
  count = 0;
  private brier = 0;

  add(aWin: number, draw: number, outcome: 0 | 1 | 'draw'): void {
    const bWin = 1 - aWin - draw;
    const truth = outcome === 'draw' ? [0, 1, 0] : outcome === 1 ? [1, 0, 0] : [0, 0, 1];
    this.count += 1;
    this.brier += (aWin - truth[0]!) ** 2 + (draw - truth[1]!) ** 2 + (bWin - truth[2]!) ** 2;
  }

  value(): number {
    return this.brier / Math.max(1, this.count);
  }
}

