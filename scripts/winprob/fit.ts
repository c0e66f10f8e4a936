// The trainer's statistics: logistic regression by Newton's method (IRLS) with a small ridge
// penalty, Elo ratings, and the scores the evaluation reports (Brier, log loss, calibration).
import type { CalibrationBand } from '../../src/server/domain/winprob-model.ts';

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

/** Elo ratings in pools keyed by the caller; a new team starts at `start` and moves faster at first. */
export class Elo {
  private readonly ratings = new Map<string, { rating: number; games: number }>();

  constructor(readonly start = 1500) {}

  rating(key: string): number {
    return this.ratings.get(key)?.rating ?? this.start;
  }

  /** scoreA: 1 a won, 0 b won, 0.5 tie or draw. */
  update(keyA: string, keyB: string, scoreA: number): void {
    const a = this.ratings.get(keyA) ?? { rating: this.start, games: 0 };
    const b = this.ratings.get(keyB) ?? { rating: this.start, games: 0 };
    const expected = 1 / (1 + 10 ** ((b.rating - a.rating) / 400));
    const k = (games: number) => (games < 10 ? 48 : 24);
    const change = scoreA - expected;
    this.ratings.set(keyA, { rating: a.rating + k(a.games) * change, games: a.games + 1 });
    this.ratings.set(keyB, { rating: b.rating - k(b.games) * change, games: b.games + 1 });
  }

  entries(minimumGames: number): [string, number][] {
    return [...this.ratings].filter(([, value]) => value.games >= minimumGames).map(([key, value]) => [key, value.rating]);
  }
}

/**
 * How far off the worst band would be from sampling alone (the matches resampled, each band's gap
 * taken about its own value): what a perfectly calibrated model would show on this many matches.
 */
export interface WorstGapNoise {
  median: number;
  /** Share of the resamples whose worst band is within 3 points. */
  withinThreePoints: number;
}

const BANDS = 10;
const RESAMPLES = 1000;

/** Running scores of probabilities against outcomes (0, 0.5 or 1), kept per match for the calibration's errors. */
export class Scores {
  count = 0;
  private brier = 0;
  private logLoss = 0;
  /** Per match: balls per band, then the sum of (outcome − probability) per band. */
  private readonly matches = new Map<number, Float64Array>();
  private readonly predicted = new Float64Array(BANDS);

  add(probability: number, outcome: number, match: number): void {
    this.count += 1;
    this.brier += (probability - outcome) ** 2;
    const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
    this.logLoss -= outcome * Math.log(p) + (1 - outcome) * Math.log(1 - p);
    const band = Math.min(BANDS - 1, Math.floor(probability * BANDS));
    let sums = this.matches.get(match);
    if (!sums) {
      sums = new Float64Array(2 * BANDS);
      this.matches.set(match, sums);
    }
    sums[band]! += 1;
    sums[BANDS + band]! += outcome - probability;
    this.predicted[band]! += probability;
  }

  /** Each band's gap (observed − predicted) with the matches weighted as given. */
  private gaps(weights: Float64Array | null): { balls: Float64Array; residual: Float64Array } {
    const balls = new Float64Array(BANDS);
    const residual = new Float64Array(BANDS);
    let index = 0;
    for (const sums of this.matches.values()) {
      const weight = weights ? weights[index]! : 1;
      index += 1;
      if (weight === 0) continue;
      for (let band = 0; band < BANDS; band += 1) {
        balls[band]! += weight * sums[band]!;
        residual[band]! += weight * sums[BANDS + band]!;
      }
    }
    return { balls, residual };
  }

  summary(): { balls: number; brier: number; logLoss: number; calibration: CalibrationBand[]; worstGap: number; worstGapNoise: WorstGapNoise } {
    const { balls, residual } = this.gaps(null);
    const gap = (band: number) => residual[band]! / balls[band]!;
    const calibration: CalibrationBand[] = [];
    for (let band = 0; band < BANDS; band += 1) {
      if (balls[band] === 0) continue;
      let matches = 0;
      let variance = 0;
      for (const sums of this.matches.values()) {
        if (sums[band] === 0) continue;
        matches += 1;
        variance += (sums[BANDS + band]! - sums[band]! * gap(band)) ** 2;
      }
      const predicted = this.predicted[band]! / balls[band]!;
      calibration.push({
        band: `${band * 10}-${band * 10 + 10}%`, balls: balls[band]!, matches, predicted, observed: predicted + gap(band), se: Math.sqrt(variance) / balls[band]!,
      });
    }
    const worstGap = Math.max(0, ...calibration.map((band) => Math.abs(band.observed - band.predicted)));
    return { balls: this.count, brier: this.brier / Math.max(1, this.count), logLoss: this.logLoss / Math.max(1, this.count), calibration, worstGap, worstGapNoise: this.worstGapNoise(gap) };
  }

  /** The match bootstrap of the worst band's sampling error (seeded: the same scores give the same answer). */
  private worstGapNoise(gap: (band: number) => number): WorstGapNoise {
    const count = this.matches.size;
    if (count === 0) return { median: 0, withinThreePoints: 1 };
    let seed = 20_250_701;
    const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    const worst: number[] = [];
    const weights = new Float64Array(count);
    for (let resample = 0; resample < RESAMPLES; resample += 1) {
      weights.fill(0);
      for (let draw = 0; draw < count; draw += 1) weights[Math.floor(random() * count)]! += 1;
      const { balls, residual } = this.gaps(weights);
      let largest = 0;
      for (let band = 0; band < BANDS; band += 1) {
        if (balls[band]! > 0) largest = Math.max(largest, Math.abs(residual[band]! / balls[band]! - gap(band)));
      }
      worst.push(largest);
    }
    worst.sort((x, y) => x - y);
    return { median: worst[Math.floor(RESAMPLES / 2)]!, withinThreePoints: worst.filter((value) => value <= 0.03).length / RESAMPLES };
  }
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

/** Rolling means of the last `size` values per key (a competition's recent first-innings pace). */
export class RollingMeans {
  private readonly windows = new Map<string, number[]>();

  constructor(
    readonly size = 60,
    readonly minimum = 10,
  ) {}

  add(key: string, value: number): void {
    const window = this.windows.get(key) ?? [];
    window.push(value);
    if (window.length > this.size) window.shift();
    this.windows.set(key, window);
  }

  /** The mean, rounded to 4 decimals as the model stores it; null with fewer than `minimum` values. */
  mean(key: string): number | null {
    const window = this.windows.get(key);
    if (!window || window.length < this.minimum) return null;
    return Math.round((window.reduce((sum, value) => sum + value, 0) / window.length) * 10_000) / 10_000;
  }

  entries(): [string, number][] {
    return [...this.windows.keys()].flatMap((key) => {
      const mean = this.mean(key);
      return mean === null ? [] : [[key, mean] as [string, number]];
    });
  }
}
