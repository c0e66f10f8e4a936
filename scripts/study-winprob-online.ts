// npm run study:winprob-online [-- --data DIR] [--chase-root]
// Would ratings and pars that go on following results after training help? Decision 039 freezes
// both at the end of training (the server reads them from the model file). This study measures,
// on the validation year only (it never reads the held-out matches, from 2025-07-01), the model
// trained before 2024-07-01 scored two ways: with the ratings and pars frozen at 2024-06-30 (what
// the trainer's validation does), and "online": each validation match sees the ratings and pars
// updated by every validation match before it (by date), as a server computing them from its
// stored results would. The coefficients are the same in both; only the two match-level inputs
// differ. --chase-root adds the chase's random-walk terms (the trainer's third candidate).
import { readArchives } from './winprob/archive.ts';
import { score, summarise, type GroupSummary } from './winprob/evaluate.ts';
import { CHASE_ROOT, trainModel } from './winprob/train.ts';

const VALIDATE_FROM = '2024-07-01';
const HOLDOUT_FROM = '2025-07-01';
const GROUPS = ["Men's T20I and ODI", "Men's T20I", "Men's ODI", 'IPL', "Women's T20I and ODI", 'Every T20 (leagues included)'];

const pts = (value: number) => `${(value * 100).toFixed(1)}`;
function line(label: string, groups: readonly GroupSummary[]): void {
  for (const g of groups.filter((group) => GROUPS.includes(group.name))) {
    const d = g.model.deciles;
    console.log(
      `${label.padEnd(8)} ${g.name.padEnd(30)} ${String(g.matches).padStart(5)} matches  Brier ${g.model.brier.toFixed(4)}  log loss ${g.model.logLoss.toFixed(4)}  ` +
        `worst decile ${pts(d.worstGap)} (chance: median ${pts(d.worstGapNoise.median)}, p90 ${pts(d.worstGapNoise.p90)})  ` +
        `worst band ${pts(g.model.worstGap)} (chance: median ${pts(g.model.worstGapNoise.median)})  pre-match Brier ${g.preMatch.brier.toFixed(4)}`,
    );
  }
}

async function main(): Promise<number> {
  const at = process.argv.indexOf('--data');
  const all = await readArchives(at === -1 ? '/work/shared/data/cricsheet' : process.argv[at + 1]!, () => {});
  const before = all.filter((m) => m.date < VALIDATE_FROM);
  const validation = all.filter((m) => m.date >= VALIDATE_FROM && m.date < HOLDOUT_FROM);
  const without = process.argv.includes('--chase-root') ? [] : CHASE_ROOT;
  const trained = trainModel(before, validation, '2024-06-30', new Set(without), () => {});
  line('frozen', score(trained.model, validation, trained.contextOf).map(summarise));
  line('online', score(trained.model, validation, trained.onlineContextOf).map(summarise));
  return 0;
}

process.exitCode = await main();
