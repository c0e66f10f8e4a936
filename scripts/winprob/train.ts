// The trainer's model fitting (decision 039): ratings and pars as each training match saw them,
// the situations after every ball as rows, one logistic regression per model key. The caller
// decides which matches train and which are scored; a scored match gets the ratings and pars that
// followed every scored result before it, as the server judges it (decision 084; nothing learnt
// from its own result or a later one).
import {
  limitedFeatures, limitedModelKey, ratingKey, testFeatures, WICKETS,
  type BallState, type LogisticModel, type WinProbModel,
} from '../../src/server/domain/winprob.ts';
import { followResults, Standing, START_RATING, type FollowedResult, type MatchContext, type StandingJson } from '../../src/server/domain/winprob-ratings.ts';
import { stateCount, unpack, type TrainingMatch } from './archive.ts';

import { forEachBall } from './evaluate.ts';
import { fitLogistic, newDesign, type Design } from './fit.ts';

/** Rows per model at most: every k-th situation of the training matches beyond that. */
const ROWS_PER_MODEL = 400_000;
/** A kind of limited-overs match (T20I, List A...) gets its own model with this many training matches. */
const OWN_MODEL_MATCHES = 150;
const MODEL_VERSION = 1;

type Outcome = TrainingMatch['outcome'];
export const battingWon = (state: BallState, outcome: Outcome): number => {
  if (outcome === 'draw') return 0;
  return state.battingTeam === 'a' ? outcome : 1 - outcome;
};

/** A chase already won or lost: the model answers those exactly, so they teach it nothing. */
export function settled(state: BallState): boolean {
  if (state.target === null) return false;
  return state.runs >= state.target || state.wickets >= WICKETS || state.legalBalls >= (state.limitBalls ?? 0);
}

const modelKeyOf = (match: TrainingMatch, state: BallState) =>
  match.format === 'test' ? `test/${Math.min(4, state.innings)}` : `${match.format}/${match.gender}/${Math.min(2, state.innings)}`;
const kindKeyOf = (match: TrainingMatch, state: BallState) => `${match.formatType}/${match.gender}/${Math.min(2, state.innings)}`;

export interface Trained {
  model: WinProbModel;
  /** Rows each model was fitted on. */
  fitted: Record<string, number>;
  /** A training match's ratings and pars the day before it; a scored match's frozen at the end of training (the studies' "frozen"). */
  contextOf: (match: TrainingMatch) => MatchContext;
  /** The ratings (with games played) and the pars' windows at the end of training: where the server starts following results. */
  standing: StandingJson;
  /** A scored match's ratings and pars carried on through the scored results before it, as the server judges it (onlineContexts): what the trainer scores with. */
  onlineContextOf: (match: TrainingMatch) => MatchContext;
}

function addRow(
  designs: Map<string, { names: string[]; design: Design }>, key: string, features: Record<string, number>, label: number, without: ReadonlySet<string>,
): void {
  let entry = designs.get(key);
  if (!entry) {
    const names = Object.keys(features).filter((name) => !without.has(name));
    entry = { names, design: newDesign(names.length) };
    designs.set(key, entry);
  }
  for (const name of entry.names) entry.design.x.push(features[name]!);
  entry.design.y.push(label);
}

/** The chase-as-a-random-walk features (a candidate the validation year turned down). */
export const CHASE_ROOT = ['needRoot', 'ballsRoot', 'needRootHand', 'ballsRootHand'];

/**
 * The baseline of the match state alone (issue 26): the limited-overs features without the rating
 * gap and the competition's par, so runs, wickets, balls and the target only.
 */
export const STATE_ONLY_WITHOUT = ['gap', 'gapLeft', 'par', 'parUsed', 'parLeft', 'parLeftHand', 'needVsPar', 'needVsParHand', ...CHASE_ROOT];

/**
 * What each scored match is judged on as the server judges it (decision 084): the ratings and pars
 * at the end of training, then carried on through every scored result before the match in the
 * trainer's order, by the server's own code (winprob-ratings.ts `followResults`, which hands each
 * result's context to the visitor before that result counts). A match's own result and every later
 * one cannot reach its context: it is read before they are followed. The end-of-training standing
 * is not changed (followResults follows a copy).
 */
export function onlineContexts(end: Standing, scored: readonly FollowedResult[]): Map<number, MatchContext> {
  const contexts = new Map<number, MatchContext>();
  followResults(end, scored, (match, context) => {
    if (contexts.has(match.id)) throw new Error(`match ${match.id} scored twice`);
    contexts.set(match.id, context);
  });
  return contexts;
}

/** The last 30 June strictly before the day (ISO date): the boundary ratings are frozen at yearly. */
export function lastJune30Before(day: string): string {
  const year = Number(day.slice(0, 4));
  return day > `${year}-06-30` ? `${year}-06-30` : `${year - 1}-06-30`;
}

export interface TrainOptions {
  /**
   * Each training match sees the ratings and pars as they stood on the last 30 June before it
   * (not the day before it): as stale as frozen ratings were when scored matches saw them as at
   * the end of training (before decision 084), up to a year old.
   */
  yearlyRatings?: boolean;
}

/**
 * Fits the models on `training` (in date order), leaving out the features named in `without`;
 * `scored` get the ratings and pars as the server would give them (onlineContextOf) and, for the
 * studies, as they stood at the end of training (contextOf).
 */
export function trainModel(
  training: readonly TrainingMatch[], scored: readonly TrainingMatch[], trainedThrough: string, without: ReadonlySet<string>, log: (line: string) => void,
  options: TrainOptions = {},
): Trained {
  // Ratings: each training match gets the ratings from the matches before it. Pars likewise:
  // the competition's recent first innings before each training match. The update rules are the
  // domain's (winprob-ratings.ts), the ones the server follows results with.
  const standing = new Standing();
  const gapOf = new Map<number, number>();
  const parAt = new Map<number, number>();
  // With yearly ratings: copies taken when the first match after each 30 June comes (the matches
  // are in date order, so they hold every match up to that 30 June), rounded as the model stores them.
  let boundary = '';
  let yearStanding = standing;
  for (const match of training) {
    if (options.yearlyRatings) {
      if (lastJune30Before(match.date) !== boundary) {
        boundary = lastJune30Before(match.date);
        yearStanding = standing.clone();
      }
      gapOf.set(match.id, yearStanding.contextOf(match).gap);
    } else {
      gapOf.set(match.id, standing.elo.rating(ratingKey(match.format, match.teams.a)) - standing.elo.rating(ratingKey(match.format, match.teams.b)));
    }
    if (match.firstInningsPace !== null) parAt.set(match.id, (options.yearlyRatings ? yearStanding : standing).parOf(match.competition, match.format));
    standing.follow(match);
  }
  // For the studies: the scored matches' ratings and pars as they stood at the end of training,
  // rounded as the model file stores them.
  for (const match of scored) {
    const context = standing.contextOf(match);
    gapOf.set(match.id, context.gap);
    if (match.firstInningsPace !== null) parAt.set(match.id, context.par);
  }
  const onlineAt = onlineContexts(standing, scored);

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
  const designs = new Map<string, { names: string[]; design: Design }>();
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
          addRow(designs, `${key}/draw`, features, match.outcome === 'draw' ? 1 : 0, without);
          if (match.outcome !== 'draw') addRow(designs, `${key}/win`, features, battingWon(state, match.outcome), without);
        } else {
          addRow(designs, key, limitedFeatures(state), battingWon(state, match.outcome), without);
        }
      }
    }
  }

  const model: WinProbModel = {
    version: MODEL_VERSION,
    trainedThrough,
    ratings: Object.fromEntries(standing.elo.entries().map(([key, value]) => [key, Math.round(value.rating)])),
    defaultRating: START_RATING,
    pars: Object.fromEntries(standing.paces.means()),
    limited: {},
    test: {},
  };
  const fitted: Record<string, number> = {};
  for (const [key, { names, design }] of [...designs].sort(([x], [y]) => x.localeCompare(y))) {
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
  designs.clear();
  return {
    model, fitted, standing: standing.toJson(trainedThrough),
    contextOf: (match) => ({ gap: gapOf.get(match.id)!, par: parAt.get(match.id) ?? 0 }), onlineContextOf: (match) => onlineAt.get(match.id)!,
  };
}

/** A layer is fitted for a model key only with this many matches behind it. */
export const LAYER_MATCHES = 30;

/** Per model key, the out-of-sample predictions a recalibration layer is fitted on. */
export type LayerRows = Map<string, { year: number[]; logit: number[]; won: number[]; match: number[] }>;

/**
 * Out-of-sample predictions of every limited-overs ball that is not settled, year by year: for
 * each July-June year from `firstYear` to `lastYear` (the years' first calendar years), the model
 * trained on every match before it scores that year's matches, each with the ratings and pars that
 * followed the year's results before it, as the server would (decision 084).
 */
export function yearlyLayerRows(
  matches: readonly TrainingMatch[], firstYear: number, lastYear: number, without: ReadonlySet<string>, log: (line: string) => void,
): LayerRows {
  const rows: LayerRows = new Map();
  for (let year = firstYear; year <= lastYear; year += 1) {
    const from = `${year}-07-01`;
    const scored = matches.filter((m) => m.format !== 'test' && m.date >= from && m.date < `${year + 1}-07-01`);
    const trained = trainModel(matches.filter((m) => m.date < from), scored, `before ${from}`, without, () => {});
    forEachBall(trained.model, scored, trained.onlineContextOf, (match, state, probability) => {
      if (settled(state)) return;
      const key = limitedModelKey(trained.model, match, Math.min(2, state.innings));
      let entry = rows.get(key);
      if (!entry) rows.set(key, (entry = { year: [], logit: [], won: [], match: [] }));
      const p = Math.min(1 - 1e-9, Math.max(1e-9, probability.bat));
      entry.year.push(year);
      entry.logit.push(Math.log(p / (1 - p)));
      entry.won.push(battingWon(state, match.outcome));
      entry.match.push(match.id);
    });
    log(`layer rows: ${year}-${String(year + 1).slice(2)} scored by the model trained before ${from} (${scored.length} matches)`);
  }
  return rows;
}

/**
 * Layers per model key, fitted on the rows of the years before `untilYear`: Platt's σ(a + b·logit p),
 * or with `slope` the slope alone, σ(b·logit p) (stored as [0, b]: no lean toward either side).
 */
export function fitLayers(rows: LayerRows, untilYear: number, kind: 'platt' | 'slope' = 'platt'): Record<string, [number, number]> {
  const layers: Record<string, [number, number]> = {};
  for (const [key, entry] of [...rows].sort(([x], [y]) => x.localeCompare(y))) {
    const design = newDesign(kind === 'platt' ? 2 : 1);
    const matches = new Set<number>();
    entry.year.forEach((year, index) => {
      if (year >= untilYear) return;
      if (kind === 'platt') design.x.push(1);
      design.x.push(entry.logit[index]!);
      design.y.push(entry.won[index]!);
      matches.add(entry.match[index]!);
    });
    if (matches.size < LAYER_MATCHES) continue;
    const fitted = fitLogistic(design, 0).map((value) => Number(value.toPrecision(6)));
    layers[key] = kind === 'platt' ? [fitted[0]!, fitted[1]!] : [0, fitted[0]!];
  }
  return layers;
}
