// npm run train:winprob [-- --data DIR] [--validate]
// Trains the win-probability model (decision 039) on the Cricsheet archives and measures it on
// the matches it never saw. Every match from HOLDOUT_FROM on is held out from training and from
// every choice. The protocol, in order:
//   1. Validation: each candidate feature set is trained on the matches before VALIDATE_FROM and
//      scored on the year up to HOLDOUT_FROM; the rule below picks one (the held-out matches are
//      not read for this).
//   2. The chosen set is refitted on every match before HOLDOUT_FROM, nothing else changed.
//   3. That model is scored once on the held-out matches and written to
//      src/server/domain/winprob-model.json (what the server evaluates), winprob-evaluation.json
//      (what the explanation page shows, validation included) and the win-probability section of
//      docs/benchmarks.md.
// --validate stops after step 1 and writes nothing. Run it nice'd: it reads about 2 GB of JSON,
// fits three times and takes about five minutes on one core.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stateProbability, WICKETS, type BallState, type WinProbModel } from '../src/server/domain/winprob.ts';
import type { WinProbEvaluation } from '../src/server/domain/winprob-model.ts';
import { readArchives, stateCount, unpack, type TrainingMatch } from './winprob/archive.ts';
import { Scores, ThreeWayScores } from './winprob/fit.ts';
import { trainModel, type MatchContext } from './winprob/train.ts';

const HOLDOUT_FROM = '2025-07-01';
const VALIDATE_FROM = '2024-07-01';

/** The feature sets tried on the validation year (limited overs; the Test models have no par). */
const CANDIDATES = [
  { name: 'with the competition par', without: [] },
  { name: 'without the par', without: ['par', 'parUsed', 'parLeft', 'parLeftHand', 'needVsPar', 'needVsParHand'] },
];
/** The rule: the lowest Brier score over the validation balls of the groups with targets, pooled. */
const SELECTION_GROUPS = ["Men's T20I and ODI", 'IPL'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};

/** The simple rule the issue names: the chase's current rate against the required one; 0.5 before it. */
function ruleBatting(state: BallState): number {
  if (state.target === null) return 0.5;
  const need = state.target - state.runs;
  const limit = state.limitBalls ?? 0;
  if (need <= 0) return 1;
  if (state.wickets >= WICKETS || state.legalBalls >= limit) return need === 1 ? 0.5 : 0;
  const current = state.legalBalls > 0 ? (state.runs * 6) / state.legalBalls : ((state.target - 1) * 6) / limit;
  const required = (need * 6) / (limit - state.legalBalls);
  return 1 / (1 + Math.exp(required - current));
}

interface Group {
  name: string;
  test: (match: TrainingMatch) => boolean;
  model: Scores;
  coin: Scores;
  rule: Scores;
  threeWay: ThreeWayScores;
  threeWayUniform: ThreeWayScores;
  preMatch: Scores;
  matches: number;
}

const group = (name: string, test: (match: TrainingMatch) => boolean): Group => ({
  name, test, model: new Scores(), coin: new Scores(), rule: new Scores(), threeWay: new ThreeWayScores(),
  threeWayUniform: new ThreeWayScores(), preMatch: new Scores(), matches: 0,
});

const newGroups = () => [
  group("Men's T20I and ODI", (m) => m.gender === 'male' && (m.formatType === 't20i' || m.formatType === 'odi')),
  group("Men's T20I", (m) => m.gender === 'male' && m.formatType === 't20i'),
  group("Men's ODI", (m) => m.gender === 'male' && m.formatType === 'odi'),
  group('IPL', (m) => m.event === 'Indian Premier League'),
  group("Women's T20I and ODI", (m) => m.gender === 'female' && (m.formatType === 't20i' || m.formatType === 'odi')),
  group('Every T20 (leagues included)', (m) => m.format === 't20'),
  group('Tests (men and women)', (m) => m.format === 'test'),
];

/** Every ball of `scored` through the model, into the groups each match belongs to. */
function score(model: WinProbModel, scored: readonly TrainingMatch[], contextOf: (match: TrainingMatch) => MatchContext): Group[] {
  const groups = newGroups();
  for (const match of scored) {
    const { gap, par } = contextOf(match);
    const mine = groups.filter((g) => g.test(match));
    if (mine.length === 0) continue;
    const aOutcome = match.outcome === 'draw' ? 0 : match.outcome;
    const first = stateProbability(model, match, unpack(match, 0, gap, par));
    const firstA = match.battingFirst === 'a' ? first.bat : 1 - first.bat - first.draw;
    for (const g of mine) {
      g.matches += 1;
      g.preMatch.add(firstA, aOutcome, match.id);
    }
    for (let index = 0; index < stateCount(match); index += 1) {
      if (match.isBall[index] !== 1) continue;
      const state = unpack(match, index, gap, par);
      const probability = stateProbability(model, match, state);
      const aWin = state.battingTeam === 'a' ? probability.bat : 1 - probability.bat - probability.draw;
      const rule = ruleBatting(state);
      const ruleA = state.battingTeam === 'a' ? rule : 1 - rule;
      for (const g of mine) {
        g.model.add(aWin, aOutcome, match.id);
        g.coin.add(0.5, aOutcome, match.id);
        g.rule.add(match.format === 'test' ? 0.5 : ruleA, aOutcome, match.id);
        if (match.outcome !== 0.5) {
          g.threeWay.add(aWin, probability.draw, match.outcome);
          g.threeWayUniform.add(1 / 3, 1 / 3, match.outcome);
        }
      }
    }
  }
  return groups;
}

type GroupSummary = WinProbEvaluation['groups'][number];
const summarise = (g: Group): GroupSummary => ({
  name: g.name,
  matches: g.matches,
  model: g.model.summary(),
  coinFlip: g.coin.summary(),
  rule: g.rule.summary(),
  preMatch: g.preMatch.summary(),
  threeWay: g.name.startsWith('Tests') ? { model: g.threeWay.value(), uniform: g.threeWayUniform.value() } : null,
});

/** The selection rule's score: Brier over the selection groups' balls pooled. */
function selectionBrier(groups: readonly GroupSummary[]): number {
  const chosen = groups.filter((g) => SELECTION_GROUPS.includes(g.name));
  const balls = chosen.reduce((sum, g) => sum + g.model.balls, 0);
  return chosen.reduce((sum, g) => sum + g.model.brier * g.model.balls, 0) / balls;
}

function logGroups(log: (line: string) => void, label: string, groups: readonly GroupSummary[]): void {
  for (const g of groups) {
    log(
      `${label} ${g.name}: ${g.matches} matches, ${g.model.balls} balls; Brier ${g.model.brier.toFixed(4)} (coin ${g.coinFlip.brier.toFixed(4)}, rule ${g.rule.brier.toFixed(4)}), ` +
        `log loss ${g.model.logLoss.toFixed(4)}, worst decile ${(g.model.worstGap * 100).toFixed(1)} pts (sampling alone: median ${(g.model.worstGapNoise.median * 100).toFixed(1)}), ` +
        `pre-match Brier ${g.preMatch.brier.toFixed(4)}` + (g.threeWay ? `, three-way ${g.threeWay.model.toFixed(4)} (uniform ${g.threeWay.uniform.toFixed(4)})` : ''),
    );
  }
}

async function main(): Promise<number> {
  const validateOnly = process.argv.includes('--validate');
  const folder = argument('--data') ?? '/work/shared/data/cricsheet';
  const started = performance.now();
  const log = (line: string) => console.error(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${line}`);

  const matches = await readArchives(folder, log);
  const beforeValidation = matches.filter((match) => match.date < VALIDATE_FROM);
  const validation = matches.filter((match) => match.date >= VALIDATE_FROM && match.date < HOLDOUT_FROM);
  log(`step 1: ${beforeValidation.length} matches before ${VALIDATE_FROM} train, ${validation.length} validate (to ${previousDay(HOLDOUT_FROM)})`);
  const candidates = CANDIDATES.map((candidate) => {
    const trained = trainModel(beforeValidation, validation, previousDay(VALIDATE_FROM), new Set(candidate.without), () => {});
    const groups = score(trained.model, validation, trained.contextOf).map(summarise);
    logGroups(log, `validation, ${candidate.name}:`, groups);
    return { ...candidate, selectionBrier: selectionBrier(groups), groups };
  });
  const chosen = candidates.reduce((best, candidate) => (candidate.selectionBrier < best.selectionBrier ? candidate : best));
  for (const candidate of candidates) log(`validation Brier (${SELECTION_GROUPS.join(' + ')}), ${candidate.name}: ${candidate.selectionBrier.toFixed(4)}`);
  log(`chosen: ${chosen.name}`);
  if (validateOnly) {
    for (const g of chosen.groups) {
      console.error(g.name, g.model.calibration.map((b) => `${b.band} ${b.matches}m ${(b.predicted * 100).toFixed(1)}/${(b.observed * 100).toFixed(1)}±${(b.se * 100).toFixed(1)}`).join(' | '));
    }
    log('validation only: nothing written');
    return 0;
  }

  const training = matches.filter((match) => match.date < HOLDOUT_FROM);
  const heldOut = matches.filter((match) => match.date >= HOLDOUT_FROM);
  log(`step 2: refit on ${training.length} matches before ${HOLDOUT_FROM}, ${chosen.name}`);
  const trained = trainModel(training, heldOut, previousDay(HOLDOUT_FROM), new Set(chosen.without), log);
  log(`step 3: scoring the ${heldOut.length} held-out matches once`);
  const groups = score(trained.model, heldOut, trained.contextOf).map(summarise);
  logGroups(log, 'held out:', groups);

  const evaluation: Evaluation = {
    measuredOn: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores shared, Node ${process.version}`,
    trainedThrough: trained.model.trainedThrough,
    scoredFrom: HOLDOUT_FROM,
    scoredUntil: heldOut.at(-1)?.date ?? HOLDOUT_FROM,
    trainingMatches: training.length,
    trainingSituations: trained.fitted,
    seconds: Math.round((performance.now() - started) / 1000),
    groups,
    validation: {
      trainedThrough: previousDay(VALIDATE_FROM),
      scoredFrom: VALIDATE_FROM,
      scoredUntil: previousDay(HOLDOUT_FROM),
      trainingMatches: beforeValidation.length,
      selectionGroups: SELECTION_GROUPS,
      candidates: candidates.map((candidate) => ({ name: candidate.name, without: candidate.without, selectionBrier: candidate.selectionBrier })),
      chosen: chosen.name,
      groups: chosen.groups,
    },
  };
  writeFileSync(path.join(root, 'src/server/domain/winprob-model.json'), `${JSON.stringify(trained.model)}\n`);
  writeFileSync(path.join(root, 'src/server/domain/winprob-evaluation.json'), `${JSON.stringify(evaluation, null, 1)}\n`);
  writeBenchmarks(evaluation);
  log('wrote src/server/domain/winprob-model.json, winprob-evaluation.json and docs/benchmarks.md');
  return 0;
}

function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

type Evaluation = WinProbEvaluation & { trainingSituations: Record<string, number>; seconds: number };

const START = '<!-- winprob:start -->';
const END = '<!-- winprob:end -->';
/** The groups whose calibration the benchmarks print in full: those with targets. */
const CALIBRATION_TABLES = ["Men's T20I and ODI", "Men's T20I", "Men's ODI", 'IPL'];

function writeBenchmarks(evaluation: Evaluation): void {
  const file = path.join(root, 'docs/benchmarks.md');
  const f3 = (value: number) => value.toFixed(3);
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const pts = (value: number) => `${(value * 100).toFixed(1)} pts`;
  const { validation } = evaluation;
  const figures = (g: GroupSummary) =>
    `| ${g.name} | ${g.matches} | ${g.model.balls} | ${f3(g.model.brier)} | ${f3(g.coinFlip.brier)} | ${(g.model.brier / g.coinFlip.brier).toFixed(2)} | ` +
    `${f3(g.rule.brier)} | ${(g.model.brier / g.rule.brier).toFixed(2)} | ${f3(g.model.logLoss)} | ${pts(g.model.worstGap)} | ` +
    `${pts(g.model.worstGapNoise.median)}, ${Math.round(g.model.worstGapNoise.withinThreePoints * 100)}% | ${f3(g.preMatch.brier)} |`;
  const header = [
    '| balls | matches | balls | Brier | coin flip | ratio | simple rule | ratio | log loss | worst decile gap | sampling alone: median worst gap, P(within 3 pts) | pre-match Brier |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const calibration = (g: GroupSummary) => [
    `${g.name} (${g.matches} matches):`,
    '',
    '| band | balls | matches | predicted | observed | gap ± s.e. |',
    '|---|---|---|---|---|---|',
    ...g.model.calibration.map(
      (band) => `| ${band.band} | ${band.balls} | ${band.matches} | ${pct(band.predicted)} | ${pct(band.observed)} | ${((band.observed - band.predicted) * 100).toFixed(1)} ± ${(band.se * 100).toFixed(1)} |`,
    ),
    '',
  ];
  const lines = [
    START,
    '## Win probability: held-out calibration (`npm run train:winprob`)',
    '',
    `Measured ${evaluation.measuredOn} on ${evaluation.machine}; the whole protocol took ${evaluation.seconds} s (nice'd). ` +
      `Protocol (decision 039): the feature sets were compared on a validation year (trained on ${validation.trainingMatches} matches up to ${validation.trainedThrough}, ` +
      `scored ${validation.scoredFrom} to ${validation.scoredUntil}) and the rule (lowest validation Brier over ${validation.selectionGroups.join(' and ')} balls) chose "${validation.chosen}"; ` +
      `that set was refitted on ${evaluation.trainingMatches} matches up to ${evaluation.trainedThrough} and scored once on every ball of the held-out matches ` +
      `from ${evaluation.scoredFrom} to ${evaluation.scoredUntil}. Brier score and log loss of P(team a wins) ` +
      'over all balls (a draw counts as "a did not win"), against a coin flip and a simple rule measured on the same balls ' +
      '(0.5 in the first innings; in a chase, the logistic of the current run rate minus the required one); ratio = model / baseline. ' +
      '"Sampling alone": the matches resampled 1000 times (bootstrap), the worst band\'s distance from its own gap — what a perfectly ' +
      'calibrated model would show on this many matches, and how often its worst band would be within 3 points. A match\'s balls share one ' +
      'outcome, so the number of matches, not of balls, sets how noisy a band is; the s.e. below counts each match as one cluster.',
    '',
    `Validation (${validation.candidates.map((c) => `${c.name}: ${f3(c.selectionBrier)}`).join('; ')}):`,
    '',
    ...header.map((line) => line.replace('| balls |', '| validation balls |')),
    ...validation.groups.map(figures),
    '',
    'Held out:',
    '',
    ...header.map((line) => line.replace('| balls |', '| held-out balls |')),
    ...evaluation.groups.map(figures),
    '',
    ...evaluation.groups.flatMap((g) =>
      g.threeWay
        ? [`${g.name}, three-way (a wins / draw / b wins, summed over the three): Brier ${f3(g.threeWay.model)} against ${f3(g.threeWay.uniform)} for a third each.`, '']
        : [],
    ),
    'Calibration of the held-out balls (band of P(team a wins), balls, matches with a ball in the band, mean predicted, observed win rate, their gap in points ± its standard error):',
    '',
    ...evaluation.groups.filter((g) => CALIBRATION_TABLES.includes(g.name)).flatMap(calibration),
  ];
  lines.push(END);
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next = start === -1 || end === -1 ? `${text.trimEnd()}\n\n${lines.join('\n')}\n` : `${text.slice(0, start)}${lines.join('\n')}${text.slice(end + END.length)}`;
  writeFileSync(file, next);
}

process.exitCode = await main();
