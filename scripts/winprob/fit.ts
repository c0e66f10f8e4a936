// The trainer's statistics: logistic regression by Newton's method (IRLS) with a small ridge
// penalty, Elo ratings, and the scores the evaluation reports (Brier, log loss, calibration).

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

/** Running scores of probabilities against outcomes (0, 0.5 or 1). */
export class Scores {
  count = 0;
  private brier = 0;
  private logLoss = 0;
  readonly bands = Array.from({ length: 10 }, () => ({ count: 0, predicted: 0, observed: 0 }));

  add(probability: number, outcome: number): void {
    this.count += 1;
    this.brier += (probability - outcome) ** 2;
    const p = Math.min(1 - 1e-6, Math.max(1e-6, probability));
    this.logLoss -= outcome * Math.log(p) + (1 - outcome) * Math.log(1 - p);
    const band = this.bands[Math.min(9, Math.floor(probability * 10))]!;
    band.count += 1;
    band.predicted += probability;
    band.observed += outcome;
  }

  summary(): { balls: number; brier: number; logLoss: number; calibration: { band: string; balls: number; predicted: number; observed: number }[]; worstGap: number } {
    const calibration = this.bands.flatMap((band, index) =>
      band.count === 0
        ? []
        : [{ band: `${index * 10}-${index * 10 + 10}%`, balls: band.count, predicted: band.predicted / band.count, observed: band.observed / band.count }],
    );
    const worstGap = Math.max(0, ...calibration.map((band) => Math.abs(band.predicted - band.observed)));
    return { balls: this.count, brier: this.brier / Math.max(1, this.count), logLoss: this.logLoss / Math.max(1, this.count), calibration, worstGap };
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
