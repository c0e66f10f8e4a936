// npm run study:winprob-pooled-layer [-- --data DIR]
// Would a recalibration layer fitted on several past years' out-of-sample predictions make the
// next year better calibrated? (Decision 039's recalibration study fitted one year's layer; the
// years study found a lasting average lean over 2019-2025.) For each July-June year from 2019-20 to
// 2024-25, the deployed protocol's model (with the par, trained on every match before the year,
// ratings and pars frozen at its start) scores the year's men's T20I and ODI balls. Then, going
// forward, each year from 2021-22 on is recalibrated by a Platt layer σ(a + b·logit p) per model
// (T20I or ODI, first or second innings; P(batting side wins); settled states left alone) fitted
// on every earlier year's balls, and compared with itself unrecalibrated. Never reads the held-out
// matches (from 2025-07-01).
import { limitedModelKey, recalibrate } from '../src/server/domain/winprob.ts';
import { readArchives } from './winprob/archive.ts';
import { forEachBall, newGroups } from './winprob/evaluate.ts';
import { Scores } from './winprob/fit.ts';
import { battingWon, CHASE_ROOT, fitLayers, settled, trainModel, type LayerRows } from './winprob/train.ts';

const HOLDOUT_FROM = '2025-07-01';
const FIRST_YEAR = 2019;
const LAST_YEAR = 2024;
/** Years with at least this many earlier years to fit a layer on are scored with one. */
const EARLIER_YEARS = 2;

interface Ball {
  year: number;
  match: number;
  key: string;
  bat: number;
  batWon: number;
  aOutcome: number;
  battingA: boolean;
  settled: boolean;
}

const pts = (value: number) => (value * 100).toFixed(1);

/** The balls as the trainer's layer rows (settled states have no layer), so fitLayers fits exactly the shipped layer. */
function layerRowsOf(balls: readonly Ball[]): LayerRows {
  const rows: LayerRows = new Map();
  for (const ball of balls) {
    if (ball.settled) continue;
    let entry = rows.get(ball.key);
    if (!entry) rows.set(ball.key, (entry = { year: [], logit: [], won: [], match: [] }));
    entry.year.push(ball.year);
    entry.logit.push(Math.log(ball.bat / (1 - ball.bat)));
    entry.won.push(ball.batWon);
    entry.match.push(ball.match);
  }
  return rows;
}

function summary(balls: readonly Ball[], bat: (ball: Ball) => number) {
  const scores = new Scores();
  for (const ball of balls) {
    const p = bat(ball);
    scores.add(ball.battingA ? p : 1 - p, ball.aOutcome, ball.match);
  }
  return scores.summary();
}

function line(label: string, balls: readonly Ball[], bat: (ball: Ball) => number): void {
  const s = summary(balls, bat);
  const d = s.deciles;
  const within = d.calibration.filter((row) => Math.abs(row.observed - row.predicted) <= 0.03).length;
  console.log(
    `${label.padEnd(34)} Brier ${s.brier.toFixed(4)}  worst decile ${pts(d.worstGap)} (${within} of 10 within 3; chance: median ${pts(d.worstGapNoise.median)}, p90 ${pts(d.worstGapNoise.p90)})  ` +
      `gaps ${d.calibration.map((row) => pts(row.observed - row.predicted)).join(' ')}`,
  );
}

async function main(): Promise<number> {
  const at = process.argv.indexOf('--data');
  const all = (await readArchives(at === -1 ? '/work/shared/data/cricsheet' : process.argv[at + 1]!, () => {})).filter((m) => m.date < HOLDOUT_FROM);
  const men = newGroups().find((g) => g.name === "Men's T20I and ODI")!;
  const balls: Ball[] = [];
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
    const from = `${year}-07-01`;
    const scored = all.filter((m) => m.date >= from && m.date < `${year + 1}-07-01`);
    const trained = trainModel(all.filter((m) => m.date < from), scored, `before ${from}`, new Set(CHASE_ROOT), () => {});
    forEachBall(trained.model, scored.filter(men.test), trained.contextOf, (match, state, probability) => {
      balls.push({
        year, match: match.id, key: limitedModelKey(trained.model, match, Math.min(2, state.innings)), bat: probability.bat,
        batWon: battingWon(state, match.outcome), aOutcome: match.outcome === 'draw' ? 0 : match.outcome, battingA: state.battingTeam === 'a', settled: settled(state),
      });
    });
  }
  const rows = layerRowsOf(balls);
  const recalibrated = new Map<Ball, number>();
  for (let year = FIRST_YEAR + EARLIER_YEARS; year <= LAST_YEAR; year += 1) {
    const layers = fitLayers(rows, year);
    const mine = balls.filter((ball) => ball.year === year);
    for (const ball of mine) {
      const layer = layers[ball.key];
      recalibrated.set(ball, ball.settled || !layer ? ball.bat : recalibrate(ball.bat, layer));
    }
    console.log(`${year}-${String(year + 1).slice(2)}: layer from ${FIRST_YEAR}-${String(year).slice(2)}: ${Object.entries(layers).map(([key, [a, b]]) => `${key} a ${a.toFixed(2)} b ${b.toFixed(2)}`).join(', ')}`);
    line('  without a layer', mine, (ball) => ball.bat);
    line('  with the pooled layer', mine, (ball) => recalibrated.get(ball)!);
  }
  const scoredYears = balls.filter((ball) => ball.year >= FIRST_YEAR + EARLIER_YEARS);
  console.log(`\n${FIRST_YEAR + EARLIER_YEARS}-${LAST_YEAR + 1} pooled (each year with the layer from the years before it):`);
  line('  without a layer', scoredYears, (ball) => ball.bat);
  line('  with the pooled layer', scoredYears, (ball) => recalibrated.get(ball)!);
  return 0;
}

process.exitCode = await main();
