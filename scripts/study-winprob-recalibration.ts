// npm run study:winprob-recalibration [-- --data DIR]
// Would a recalibration layer fitted on one year's matches make the next year's better calibrated?
// Decision 039 answers no from this study; it never reads the held-out matches (from 2025-07-01).
// The protocol it replays, one year back: a model trained before YEAR_1, a layer fitted on how
// that model did over YEAR_1, applied to the model trained before YEAR_2 and scored on YEAR_2 (the
// validation year), beside the same without a layer. Also inside YEAR_2 alone: fitted on its first
// half, scored on its second. Layers, each per model that answers (T20I men, first innings...):
// Platt scaling σ(a + b·logit p), the slope alone σ(b·logit p), and the slope per broad format.
// Prints the fitted slopes per year and how often team a bats first and batting first wins.
import { limitedModelKey, type BallState } from '../src/server/domain/winprob.ts';
import { readArchives, type TrainingMatch } from './winprob/archive.ts';
import { aWinOf, forEachBall, newGroups } from './winprob/evaluate.ts';
import { fitLogistic, newDesign } from './winprob/fit.ts';
import { battingWon, CHASE_ROOT, LAYER_MATCHES, settled, trainModel } from './winprob/train.ts';

const YEAR_1 = { from: '2023-07-01', until: '2024-07-01' };
const YEAR_2 = { from: '2024-07-01', until: '2025-07-01', secondHalf: '2025-01-01' };
const TARGET_GROUPS = ["Men's T20I and ODI", "Men's T20I", "Men's ODI", 'IPL'];

interface Ball {
  match: TrainingMatch;
  state: BallState;
  /** The model's P(batting side wins). */
  bat: number;
  model: string;
  settled: boolean;
}

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A year's balls, scored by a model trained on every match before it (ratings and pars frozen there). */
function yearBalls(matches: readonly TrainingMatch[], year: { from: string; until: string }): Ball[] {
  const scored = matches.filter((m) => m.date >= year.from && m.date < year.until && m.format !== 'test');
  const trained = trainModel(matches.filter((m) => m.date < year.from), scored, `before ${year.from}`, new Set(CHASE_ROOT), () => {});
  const balls: Ball[] = [];
  forEachBall(trained.model, scored, trained.contextOf, (match, state, probability) => {
    balls.push({ match, state, bat: probability.bat, model: limitedModelKey(trained.model, match, Math.min(2, state.innings)), settled: settled(state) });
  });
  return balls;
}

type Layer = { name: string; key: (ball: Ball) => string; intercept: boolean };
const LAYERS: Layer[] = [
  { name: 'Platt per model', key: (ball) => ball.model, intercept: true },
  { name: 'slope per model', key: (ball) => ball.model, intercept: false },
  { name: 'slope per broad format', key: (ball) => `${ball.match.format}/${ball.match.gender}`, intercept: false },
];

/** The layer fitted on `balls` by maximum likelihood, per key with enough matches: its coefficients and the recalibrated P(batting side wins). */
function fitLayer(balls: readonly Ball[], layer: Layer): { coefficients: Map<string, number[]>; bat: (ball: Ball) => number } {
  const designs = new Map<string, { design: ReturnType<typeof newDesign>; matches: Set<number> }>();
  for (const ball of balls) {
    if (ball.settled) continue;
    const key = layer.key(ball);
    let entry = designs.get(key);
    if (!entry) {
      entry = { design: newDesign(layer.intercept ? 2 : 1), matches: new Set() };
      designs.set(key, entry);
    }
    if (layer.intercept) entry.design.x.push(1);
    entry.design.x.push(logit(ball.bat));
    entry.design.y.push(battingWon(ball.state, ball.match.outcome));
    entry.matches.add(ball.match.id);
  }
  const fitted = new Map([...designs].filter(([, entry]) => entry.matches.size >= LAYER_MATCHES).map(([key, entry]) => [key, fitLogistic(entry.design, 0)]));
  const bat = (ball: Ball) => {
    const coef = fitted.get(layer.key(ball));
    if (ball.settled || !coef) return ball.bat;
    return sigmoid(layer.intercept ? coef[0]! + coef[1]! * logit(ball.bat) : coef[0]! * logit(ball.bat));
  };
  return { coefficients: fitted, bat };
}

function report(label: string, balls: readonly Ball[], bat: (ball: Ball) => number): void {
  const groups = newGroups().filter((g) => TARGET_GROUPS.includes(g.name));
  for (const ball of balls) {
    const aWin = aWinOf(ball.state, { bat: bat(ball), draw: 0 });
    for (const g of groups) if (g.test(ball.match)) g.model.add(aWin, ball.match.outcome === 'draw' ? 0 : ball.match.outcome, ball.match.id);
  }
  const cells = groups.map((g) => {
    const s = g.model.summary();
    return `${g.name}: Brier ${s.brier.toFixed(4)}, log loss ${s.logLoss.toFixed(4)}, worst band ${(s.worstGap * 100).toFixed(1)}`;
  });
  console.log(`${label.padEnd(24)} ${cells.join(' | ')}`);
}

function slopes(label: string, balls: readonly Ball[]): void {
  const { coefficients } = fitLayer(balls, LAYERS[1]!);
  const men = [...coefficients].filter(([key]) => key.includes('/male/')).sort(([x], [y]) => x.localeCompare(y));
  console.log(`${label} slopes: ${men.map(([key, [slope]]) => `${key} ${slope!.toFixed(2)}`).join(', ')}`);
}

function sides(label: string, matches: readonly TrainingMatch[]): void {
  const groups = newGroups().filter((g) => TARGET_GROUPS.includes(g.name));
  console.log(`${label}: ${groups.map((g) => {
    const mine = matches.filter((m) => g.test(m) && m.outcome !== 'draw');
    const firstWon = mine.reduce((sum, m) => sum + (m.battingFirst === 'a' ? (m.outcome as number) : 1 - (m.outcome as number)), 0);
    const aWon = mine.reduce((sum, m) => sum + (m.outcome as number), 0);
    const aFirst = mine.filter((m) => m.battingFirst === 'a').length;
    return `${g.name} ${mine.length} matches: a bats first ${pct(aFirst / mine.length)}, a won ${pct(aWon / mine.length)}, batting first won ${pct(firstWon / mine.length)}`;
  }).join(' | ')}`);
}
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

async function main(): Promise<number> {
  const at = process.argv.indexOf('--data');
  const all = await readArchives(at === -1 ? '/work/shared/data/cricsheet' : process.argv[at + 1]!, () => {});
  const matches = all.filter((m) => m.date < YEAR_2.until);
  sides(`before ${YEAR_1.from}`, matches.filter((m) => m.date < YEAR_1.from));
  sides(`${YEAR_1.from} to ${YEAR_2.from}`, matches.filter((m) => m.date >= YEAR_1.from && m.date < YEAR_2.from));
  sides(`${YEAR_2.from} to ${YEAR_2.until}`, matches.filter((m) => m.date >= YEAR_2.from));
  const year1 = yearBalls(matches, YEAR_1);
  const year2 = yearBalls(matches, YEAR_2);
  slopes(`${YEAR_1.from} year`, year1);
  slopes(`${YEAR_2.from} year, first half`, year2.filter((ball) => ball.match.date < YEAR_2.secondHalf));
  slopes(`${YEAR_2.from} year, second half`, year2.filter((ball) => ball.match.date >= YEAR_2.secondHalf));
  console.log(`\nLayer fitted on ${YEAR_1.from} to ${YEAR_2.from}, scored on ${YEAR_2.from} to ${YEAR_2.until} (the protocol, one year back):`);
  report('none', year2, (ball) => ball.bat);
  for (const layer of LAYERS) report(layer.name, year2, fitLayer(year1, layer).bat);
  const [firstHalf, secondHalf] = [year2.filter((ball) => ball.match.date < YEAR_2.secondHalf), year2.filter((ball) => ball.match.date >= YEAR_2.secondHalf)];
  console.log(`\nInside the validation year: fitted on ${YEAR_2.from} to ${YEAR_2.secondHalf}, scored on the rest:`);
  report('none', secondHalf, (ball) => ball.bat);
  for (const layer of LAYERS) report(layer.name, secondHalf, fitLayer(firstHalf, layer).bat);
  return 0;
}

process.exitCode = await main();
