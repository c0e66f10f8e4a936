// Scales and geometry shared by the server-drawn SVG charts (components/charts): one plot
// area, one way to pick round axis ticks, one way to turn points into a path. Pure, so the
// charts are tested without a browser and no chart carries its own copy of the arithmetic.

/** The drawing's coordinate system (the SVG viewBox) and the plot area inside its margins. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Charts are drawn 400 units wide: about 1:1 on a 375 px phone, so their text stays readable. */
export const CHART_WIDTH = 400;
export const CHART_HEIGHT = 220;

export function frame(options: Partial<Pick<Frame, 'width' | 'height'>> & { margin?: Partial<Record<'left' | 'right' | 'top' | 'bottom', number>> } = {}): Frame {
  const width = options.width ?? CHART_WIDTH;
  const height = options.height ?? CHART_HEIGHT;
  const margin = { left: 34, right: 10, top: 10, bottom: 30, ...options.margin };
  return { width, height, left: margin.left, right: width - margin.right, top: margin.top, bottom: height - margin.bottom };
}

/** A linear map from a domain [d0, d1] onto a range [r0, r1]; a zero-width domain maps to r0. */
export function linear(domain: readonly [number, number], range: readonly [number, number]): (value: number) => number {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  return (value) => (span === 0 ? r0 : r0 + ((value - d0) / span) * (r1 - r0));
}

/** The x and y scales of a frame: x from 0..xMax left to right, y from 0..yMax bottom to top. */
export function scales(f: Frame, xMax: number, yMax: number, xMin = 0): { x: (value: number) => number; y: (value: number) => number } {
  return { x: linear([xMin, xMax], [f.left, f.right]), y: linear([0, yMax], [f.bottom, f.top]) };
}

/**
 * Round ticks from 0 up to at least `max`, about `count` of them, a step of 1, 2 or 5 times a
 * power of ten (or a multiple of `minStep`): max 205 gives 0, 50, 100, 150, 200, 250.
 */
export function ticks(max: number, count = 5, minStep = 1): number[] {
  if (!(max > 0)) return [0, minStep];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(minStep, [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= raw) ?? 10 * power);
  const top = Math.ceil(max / step) * step;
  const out: number[] = [];
  for (let value = 0; value <= top + step / 1e6; value += step) out.push(round(value, 6));
  return out;
}

/** A number as SVG writes it: one decimal at most, no '-0'. */
export function svgNumber(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** An open path through the points ('M x y L x y ...'); empty with no point. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  return points.map(([px, py], index) => `${index === 0 ? 'M' : 'L'}${svgNumber(px)} ${svgNumber(py)}`).join(' ');
}

/**
 * Where the bars of groups side by side go: group i of n spans an equal share of the plot's
 * width; inside it, bar j of `bars` is drawn at x with the width returned (a small gap kept).
 */
export function bandLayout(f: Frame, groups: number, bars: number): { x: (group: number, bar: number) => number; width: number; center: (group: number) => number } {
  const band = (f.right - f.left) / Math.max(1, groups);
  const inner = band * (groups > 40 ? 0.9 : 0.8);
  const width = inner / Math.max(1, bars);
  const start = (group: number) => f.left + group * band + (band - inner) / 2;
  return { x: (group, bar) => start(group) + bar * width, width, center: (group) => f.left + group * band + band / 2 };
}

/** Which of `count` labels (1-based positions) to print so that no more than `most` show: every k-th, ending on round numbers. */
export function labelEvery(count: number, most: number): number {
  if (count <= most) return 1;
  const raw = count / most;
  return [2, 5, 10, 20, 25, 50, 100].find((step) => step >= raw) ?? Math.ceil(raw);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
