// npm run study:winprob-years [-- --data DIR]
// How the deployed protocol does year after year before the holdout: for each year from July to
// June (2019-20 to 2024-25, the last being the validation year), the model trained on every match
// before it (the chosen feature set: with the competition par), ratings and pars frozen at its
// start, scored on that year; beside it the same coefficients with ratings and pars that keep
// following the year's results ("online", as study:winprob-online). For each: Brier, the worst
// decile and what sampling alone gives on that year's matches; then the six years pooled (each
// year's balls scored by that year's model), where a lasting miscalibration would stand out of the
// noise of about 2,400 matches. Never reads the held-out matches (from 2025-07-01). Decision 039.
import { readArchives } from './winprob/archive.ts';
import { aWinOf, forEachBall, newGroups, score, summarise } from './winprob/evaluate.ts';
import { Scores } from './winprob/fit.ts';
import { CHASE_ROOT, trainModel } from './winprob/train.ts';

const HOLDOUT_FROM = '2025-07-01';
const FIRST_YEAR = 2019;
const LAST_YEAR = 2024;
const GROUPS = ["Men's T20I and ODI", 'IPL'];

const pts = (value: number) => (value * 100).toFixed(1);

async function main(): Promise<number> {
  const at = process.argv.indexOf('--data');
  const all = (await readArchives(at === -1 ? '/work/shared/data/cricsheet' : process.argv[at + 1]!, () => {})).filter((m) => m.date < HOLDOUT_FROM);
  console.log('year | scores | group | matches | Brier | worst decile | 3-point deciles | sampling alone: median / p90 / P(within 3) | worst band');
  const men = newGroups().find((g) => g.name === GROUPS[0])!;
  const pooled = { frozen: new Scores(), online: new Scores() };
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year += 1) {
    const from = `${year}-07-01`;
    const until = `${year + 1}-07-01`;
    const before = all.filter((m) => m.date < from);
    const scored = all.filter((m) => m.date >= from && m.date < until);
    const trained = trainModel(before, scored, `before ${from}`, new Set(CHASE_ROOT), () => {});
    for (const [label, contextOf] of [['frozen', trained.contextOf], ['online', trained.onlineContextOf]] as const) {
      forEachBall(trained.model, scored.filter(men.test), contextOf, (match, state, probability) => {
        pooled[label].add(aWinOf(state, probability), match.outcome === 'draw' ? 0 : match.outcome, match.id);
      });
      for (const g of score(trained.model, scored, contextOf).map(summarise).filter((group) => GROUPS.includes(group.name))) {
        const d = g.model.deciles;
        const within = d.calibration.filter((row) => Math.abs(row.observed - row.predicted) <= 0.03).length;
        console.log(
          `${year}-${String(year + 1).slice(2)} | ${label} | ${g.name} | ${g.matches} | ${g.model.brier.toFixed(4)} | ${pts(d.worstGap)} | ${within} of ${d.calibration.length} | ` +
            `${pts(d.worstGapNoise.median)} / ${pts(d.worstGapNoise.p90)} / ${Math.round(d.worstGapNoise.withinThreePoints * 100)}% | ${pts(g.model.worstGap)}`,
        );
      }
    }
  }
  for (const [label, scores] of Object.entries(pooled)) {
    const summary = scores.summary();
    const d = summary.deciles;
    console.log(
      `\n${FIRST_YEAR}-${LAST_YEAR + 1} pooled, ${label}, ${GROUPS[0]}: ${summary.balls} balls, Brier ${summary.brier.toFixed(4)}, worst decile ${pts(d.worstGap)} ` +
        `(sampling alone: median ${pts(d.worstGapNoise.median)}, p90 ${pts(d.worstGapNoise.p90)}, P(within 3) ${Math.round(d.worstGapNoise.withinThreePoints * 100)}%), worst band ${pts(summary.worstGap)}`,
    );
    for (const row of d.calibration) {
      console.log(`  ${row.band.padEnd(16)} ${String(row.matches).padStart(5)} matches  ${pts(row.predicted)}% given, ${pts(row.observed)}% won, ${pts(row.observed - row.predicted)} ± ${pts(row.se)}`);
    }
  }
  return 0;
}

process.exitCode = await main();
