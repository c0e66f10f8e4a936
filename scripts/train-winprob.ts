// npm run train:winprob [-- --data DIR] [--validate]
// Trains the win-probability model (decision 039) on the Cricsheet archives and measures it on
// the matches it never saw. Every match from HOLDOUT_FROM on is held out from training and from
// tuning: features and settings were chosen with --validate, which trains on the matches before
// VALIDATE_FROM and scores the year up to HOLDOUT_FROM, and writes nothing. Without it the model
// is trained on everything before HOLDOUT_FROM, scored on the held-out matches, and written to
// src/server/domain/winprob-model.json (what the server evaluates), winprob-evaluation.json
// (what the explanation page shows) and the win-probability section of docs/benchmarks.md.
// Run it nice'd: it reads about 2 GB of JSON and takes a few minutes on one core.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  limitedFeatures, parOf, ratingKey, stateProbability, testFeatures, WICKETS,
  type BallState, type LogisticModel, type WinProbModel,
} from '../src/server/domain/winprob.ts';
import { readArchives, stateCount, unpack, type TrainingMatch } from './winprob/archive.ts';
import { Elo, fitLogistic, RollingMeans, newDesign, Scores, ThreeWayScores, type Design } from './winprob/fit.ts';

const HOLDOUT_FROM = '2025-07-01';
const VALIDATE_FROM = '2024-07-01';
/** Rows per model at most: every k-th situation of the training matches beyond that. */
const ROWS_PER_MODEL = 400_000;
const MODEL_VERSION = 1;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};

type Outcome = TrainingMatch['outcome'];
const battingWon = (state: BallState, outcome: Outcome): number => {
  if (outcome === 'draw') return 0;
  return state.battingTeam === 'a' ? outcome : 1 - outcome;
};

/** A chase already won or lost: the model answers those exactly, so they teach it nothing. */
function settled(state: BallState): boolean {
  if (state.target === null) return false;
  return state.runs >= state.target || state.wickets >= WICKETS || state.legalBalls >= (state.limitBalls ?? 0);
}

interface Fits {
  designs: Map<string, { names: string[]; design: Design }>;
}

function addRow(fits: Fits, key: string, features: Record<string, number>, label: number): void {
  let entry = fits.designs.get(key);
  if (!entry) {
    const names = Object.keys(features);
    entry = { names, design: newDesign(names.length) };
    fits.designs.set(key, entry);
  }
  for (const name of entry.names) entry.design.x.push(features[name]!);
  entry.design.y.push(label);
}

const modelKeyOf = (match: TrainingMatch, state: BallState) =>
  match.format === 'test' ? `test/${Math.min(4, state.innings)}` : `${match.format}/${match.gender}/${Math.min(2, state.innings)}`;
/** A kind of limited-overs match (T20I, List A...) gets its own model with this many training matches. */
const OWN_MODEL_MATCHES = 150;
const kindKeyOf = (match: TrainingMatch, state: BallState) => `${match.formatType}/${match.gender}/${Math.min(2, state.innings)}`;

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

async function main(): Promise<number> {
  const validate = process.argv.includes('--validate');
  const folder = argument('--data') ?? '/work/shared/data/cricsheet';
  const trainBefore = validate ? VALIDATE_FROM : HOLDOUT_FROM;
  const scoreUntil = validate ? HOLDOUT_FROM : '9999-12-31';
  const started = performance.now();
  const log = (line: string) => console.error(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${line}`);

  const matches = await readArchives(folder, log);
  const training = matches.filter((match) => match.date < trainBefore);
  const scored = matches.filter((match) => match.date >= trainBefore && match.date < scoreUntil);
  log(`${training.length} training matches (before ${trainBefore}), ${scored.length} scored (${trainBefore} to ${scoreUntil})`);

  // Ratings: each training match gets the ratings from the matches before it; the scored
  // matches get the ratings as they stood at the end of training (nothing learnt from them).
  // Pars likewise: the competition's recent first innings before each training match, frozen
  // at the end of training for the scored ones.
  const elo = new Elo();
  const gapOf = new Map<number, number>();
  const paces = new RollingMeans();
  const parKeys = (match: TrainingMatch) => {
    const [kind, gender] = match.competition.split(':');
    return [...new Set([match.competition, `${kind}:${gender}`, `${match.format}:${gender}`])];
  };
  const parNow = (match: TrainingMatch) => parOf({ pars: Object.fromEntries(parKeys(match).flatMap((key) => {
    const mean = paces.mean(key);
    return mean === null ? [] : [[key, mean]];
  })) } as WinProbModel, match.competition, match.format);
  const parAt = new Map<number, number>();
  for (const match of training) {
    const keyA = ratingKey(match.format, match.teams.a);
    const keyB = ratingKey(match.format, match.teams.b);
    gapOf.set(match.id, elo.rating(keyA) - elo.rating(keyB));
    elo.update(keyA, keyB, match.outcome === 'draw' ? 0.5 : match.outcome);
    if (match.firstInningsPace !== null) {
      parAt.set(match.id, parNow(match));
      for (const key of parKeys(match)) paces.add(key, match.firstInningsPace);
    }
  }
  for (const match of scored) if (match.firstInningsPace !== null) parAt.set(match.id, parNow(match));
  // Rounded as the model file stores them, so the server computes exactly what is scored here.
  const frozen = (team: string, match: TrainingMatch) => Math.round(elo.rating(ratingKey(match.format, team)));
  for (const match of scored) gapOf.set(match.id, frozen(match.teams.a, match) - frozen(match.teams.b, match));

  // Design matrices: count the situations per model first, to thin the largest evenly.
  const counts = new Map<string, number>();
  const kindMatches = new Map<string, number>();
  for (const match of training) {
    const kind = `${match.formatType}/${match.gender}`;
    kindMatches.set(kind, (kindMatches.get(kind) ?? 0) + 1);
    for (let index = 0; index < stateCount(match); index += 1) {
      const state = unpack(match, index, 0);
      for (const key of [modelKeyOf(match, state), kindKeyOf(match, state)]) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const ownModel = (match: TrainingMatch) =>
    match.format !== 'test' && match.formatType !== match.format && (kindMatches.get(`${match.formatType}/${match.gender}`) ?? 0) >= OWN_MODEL_MATCHES;
  const fits: Fits = { designs: new Map() };
  const seen = new Map<string, number>();
  for (const match of training) {
    const gap = gapOf.get(match.id)!;
    const par = parAt.get(match.id) ?? 0;
    for (let index = 0; index < stateCount(match); index += 1) {
      const state = unpack(match, index, gap, par);
      if (settled(state)) continue;
      const keys = ownModel(match) ? [modelKeyOf(match, state), kindKeyOf(match, state)] : [modelKeyOf(match, state)];
      for (const key of keys) {
        const stride = Math.ceil(counts.get(key)! / ROWS_PER_MODEL);
        const nth = (seen.get(key) ?? 0) + 1;
        seen.set(key, nth);
        if (nth % stride !== 0) continue;
        if (match.format === 'test') {
          const features = testFeatures(state);
          addRow(fits, `${key}/draw`, features, match.outcome === 'draw' ? 1 : 0);
          if (match.outcome !== 'draw') addRow(fits, `${key}/win`, features, battingWon(state, match.outcome));
        } else {
          addRow(fits, key, limitedFeatures(state), battingWon(state, match.outcome));
        }
      }
    }
  }

  const model: WinProbModel = {
    version: MODEL_VERSION,
    trainedThrough: previousDay(trainBefore),
    ratings: Object.fromEntries(elo.entries(1).map(([key, rating]) => [key, Math.round(rating)])),
    defaultRating: elo.start,
    pars: Object.fromEntries(paces.entries()),
    limited: {},
    test: {},
  };
  const fitted: Record<string, number> = {};
  for (const [key, { names, design }] of [...fits.designs].sort(([x], [y]) => x.localeCompare(y))) {
    const coef = fitLogistic(design).map((value) => Number(value.toPrecision(6)));
    const logistic: LogisticModel = { features: names, coef };
    fitted[key] = design.y.length;
    if (key.startsWith('test/')) {
      const [, innings, part] = key.split('/') as [string, string, 'draw' | 'win'];
      model.test[innings] = { ...(model.test[innings] ?? { draw: logistic, win: logistic }), [part]: logistic };
    } else {
      model.limited[key] = logistic;
    }
    log(`fitted ${key} on ${design.y.length} situations`);
  }
  fits.designs.clear();

  const groups = [
    group("Men's T20I and ODI", (m) => m.gender === 'male' && (m.formatType === 't20i' || m.formatType === 'odi')),
    group("Men's T20I", (m) => m.gender === 'male' && m.formatType === 't20i'),
    group("Men's ODI", (m) => m.gender === 'male' && m.formatType === 'odi'),
    group('IPL', (m) => m.event === 'Indian Premier League'),
    group("Women's T20I and ODI", (m) => m.gender === 'female' && (m.formatType === 't20i' || m.formatType === 'odi')),
    group('Every T20 (leagues included)', (m) => m.format === 't20'),
    group('Tests (men and women)', (m) => m.format === 'test'),
  ];
  for (const match of scored) {
    const gap = gapOf.get(match.id)!;
    const par = parAt.get(match.id) ?? 0;
    const mine = groups.filter((g) => g.test(match));
    if (mine.length === 0) continue;
    const aOutcome = match.outcome === 'draw' ? 0 : match.outcome;
    const first = stateProbability(model, match, unpack(match, 0, gap, par));
    const firstA = match.battingFirst === 'a' ? first.bat : 1 - first.bat - first.draw;
    for (const g of mine) {
      g.matches += 1;
      g.preMatch.add(firstA, aOutcome);
    }
    for (let index = 0; index < stateCount(match); index += 1) {
      if (match.isBall[index] !== 1) continue;
      const state = unpack(match, index, gap, par);
      const probability = stateProbability(model, match, state);
      const aWin = state.battingTeam === 'a' ? probability.bat : 1 - probability.bat - probability.draw;
      const rule = ruleBatting(state);
      const ruleA = state.battingTeam === 'a' ? rule : 1 - rule;
      for (const g of mine) {
        g.model.add(aWin, aOutcome);
        g.coin.add(0.5, aOutcome);
        g.rule.add(match.format === 'test' ? 0.5 : ruleA, aOutcome);
        if (match.outcome !== 0.5) {
          g.threeWay.add(aWin, probability.draw, match.outcome);
          g.threeWayUniform.add(1 / 3, 1 / 3, match.outcome);
        }
      }
    }
  }

  const evaluation = {
    measuredOn: new Date().toISOString().slice(0, 10),
    machine: `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores shared, Node ${process.version}`,
    trainedThrough: model.trainedThrough,
    scoredFrom: trainBefore,
    scoredUntil: validate ? previousDay(scoreUntil) : matches.filter((m) => m.date >= trainBefore).at(-1)?.date ?? trainBefore,
    trainingMatches: training.length,
    trainingSituations: fitted,
    seconds: Math.round((performance.now() - started) / 1000),
    groups: groups.map((g) => ({
      name: g.name,
      matches: g.matches,
      model: g.model.summary(),
      coinFlip: g.coin.summary(),
      rule: g.rule.summary(),
      preMatch: g.preMatch.summary(),
      threeWay: g.name.startsWith('Tests') ? { model: g.threeWay.value(), uniform: g.threeWayUniform.value() } : null,
    })),
  };
  for (const g of evaluation.groups) {
    log(
      `${g.name}: ${g.matches} matches, ${g.model.balls} balls; Brier ${g.model.brier.toFixed(4)} (coin ${g.coinFlip.brier.toFixed(4)}, rule ${g.rule.brier.toFixed(4)}), ` +
        `log loss ${g.model.logLoss.toFixed(4)}, worst decile ${(g.model.worstGap * 100).toFixed(1)} pts, pre-match Brier ${g.preMatch.brier.toFixed(4)}` +
        (g.threeWay ? `, three-way ${g.threeWay.model.toFixed(4)} (uniform ${g.threeWay.uniform.toFixed(4)})` : ''),
    );
  }
  if (validate) {
    for (const g of evaluation.groups) {
      console.error(g.name, g.model.calibration.map((b) => `${b.band} ${b.balls} ${(b.predicted * 100).toFixed(1)}/${(b.observed * 100).toFixed(1)}`).join(' | '));
    }
    log('validation only: nothing written');
    return 0;
  }
  writeFileSync(path.join(root, 'src/server/domain/winprob-model.json'), `${JSON.stringify(model)}\n`);
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

type Evaluation = {
  measuredOn: string; machine: string; trainedThrough: string; scoredFrom: string; scoredUntil: string; seconds: number; trainingMatches: number;
  groups: { name: string; matches: number; model: ReturnType<Scores['summary']>; coinFlip: ReturnType<Scores['summary']>; rule: ReturnType<Scores['summary']>; preMatch: ReturnType<Scores['summary']>; threeWay: { model: number; uniform: number } | null }[];
};

const START = '<!-- winprob:start -->';
const END = '<!-- winprob:end -->';

function writeBenchmarks(evaluation: Evaluation): void {
  const file = path.join(root, 'docs/benchmarks.md');
  const f3 = (value: number) => value.toFixed(3);
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  const lines = [
    START,
    '## Win probability: held-out calibration (`npm run train:winprob`)',
    '',
    `Measured ${evaluation.measuredOn} on ${evaluation.machine}; training took ${evaluation.seconds} s (nice'd). ` +
      `Trained on ${evaluation.trainingMatches} matches up to ${evaluation.trainedThrough}; scored on every ball of the held-out matches ` +
      `from ${evaluation.scoredFrom} to ${evaluation.scoredUntil} (never used in training; decision 039 says how the features were chosen). Brier score and log loss of P(team a wins) ` +
      'over all balls (a draw counts as "a did not win"), against a coin flip and a simple rule measured on the same balls ' +
      '(0.5 in the first innings; in a chase, the logistic of the current run rate minus the required one); ratio = model / baseline.',
    '',
    '| held-out balls | matches | balls | Brier | coin flip | ratio | simple rule | ratio | log loss | worst decile gap | pre-match Brier |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...evaluation.groups.map(
      (g) =>
        `| ${g.name} | ${g.matches} | ${g.model.balls} | ${f3(g.model.brier)} | ${f3(g.coinFlip.brier)} | ${(g.model.brier / g.coinFlip.brier).toFixed(2)} | ` +
        `${f3(g.rule.brier)} | ${(g.model.brier / g.rule.brier).toFixed(2)} | ${f3(g.model.logLoss)} | ${(g.model.worstGap * 100).toFixed(1)} pts | ${f3(g.preMatch.brier)} |`,
    ),
    '',
    ...evaluation.groups.flatMap((g) =>
      g.threeWay
        ? [`${g.name}, three-way (a wins / draw / b wins, summed over the three): Brier ${f3(g.threeWay.model)} against ${f3(g.threeWay.uniform)} for a third each.`, '']
        : [],
    ),
    'Calibration of the men\'s T20I and ODI held-out balls (predicted band, balls, mean predicted, observed win rate):',
    '',
    '| band | balls | predicted | observed |',
    '|---|---|---|---|',
    ...evaluation.groups[0]!.model.calibration.map((band) => `| ${band.band} | ${band.balls} | ${pct(band.predicted)} | ${pct(band.observed)} |`),
    END,
  ];
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next = start === -1 || end === -1 ? `${text.trimEnd()}\n\n${lines.join('\n')}\n` : `${text.slice(0, start)}${lines.join('\n')}${text.slice(end + END.length)}`;
  writeFileSync(file, next);
}

process.exitCode = await main();
