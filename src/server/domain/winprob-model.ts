// The trained win-probability model and its held-out evaluation, as `npm run train:winprob`
// wrote them (decision 039). Data, not code: the server evaluates the model with winprob.ts, the
// explanation page prints the evaluation.
import evaluationJson from './winprob-evaluation.json' with { type: 'json' };
import modelJson from './winprob-model.json' with { type: 'json' };
import standingJson from './winprob-standing.json' with { type: 'json' };
import { checkedModel, type WinProbModel } from './winprob.ts';
import { checkedStanding, type StandingJson } from './winprob-ratings.ts';

export const WIN_PROB_MODEL: WinProbModel = checkedModel(modelJson as WinProbModel);
/** The ratings with games played and the pars' windows at the end of training: where the server starts following results. */
export const WIN_PROB_STANDING: StandingJson = checkedStanding(standingJson);

export interface CalibrationBand {
  band: string;
  balls: number;
  /** Matches with a ball in the band: a match's balls share one outcome, so this is the real sample. */
  matches: number;
  predicted: number;
  observed: number;
  /** Standard error of observed minus predicted, each match one cluster. */
  se: number;
}

/** A calibration table, its worst gap, and what sampling alone does to the worst gap. */
export interface CalibrationTable {
  calibration: CalibrationBand[];
  worstGap: number;
  /**
   * The worst row's gap from sampling alone (a match bootstrap): what a perfectly calibrated model
   * would show on these matches: the median and 90th percentile of the resamples' worst row, and
   * the share of resamples whose worst row is within 3 points.
   */
  worstGapNoise: { median: number; p90: number; withinThreePoints: number };
}

/**
 * Scores over every ball. `calibration` is the table of fixed bands of P(team a wins) (0-10%,
 * 10-20%, ...); `deciles` cuts the same balls, ordered by P(team a wins), into ten equal counts:
 * the target's "every decile within 3 points" is judged on these (decision 039).
 */
export interface GroupScores extends CalibrationTable {
  balls: number;
  brier: number;
  logLoss: number;
  deciles: CalibrationTable;
}

interface GroupEvaluation {
  name: string;
  matches: number;
  model: GroupScores;
  coinFlip: GroupScores;
  rule: GroupScores;
  preMatch: GroupScores;
  threeWay: { model: number; uniform: number } | null;
}

/** A figure with its 95% interval (2.5th and 97.5th percentiles of the resamples). */
export interface Interval {
  value: number;
  low: number;
  high: number;
  /** The interval lies wholly above or wholly below zero. */
  excludesZero: boolean;
}

export interface SkillScores {
  matches: number;
  balls: number;
  resamples: number;
  seed: number;
  /** 1 − Brier(model) / Brier(baseline), over every ball. */
  brier: Interval;
  /** 1 − log loss(model) / log loss(baseline). */
  logLoss: Interval;
  modelBrier: number;
  baselineBrier: number;
  modelLogLoss: number;
  baselineLogLoss: number;
}

export interface ReliabilityBand {
  /** "0-10%", ...: the band of the forecast. */
  band: string;
  balls: number;
  matches: number;
  /** Mean forecast of the band's balls. */
  predicted: number;
  /** How often team a won, over the band's balls. */
  observed: number;
  /** The 95% consistency band of `observed` if the model were calibrated. */
  low: number;
  high: number;
  inside: boolean;
}

export interface Reliability {
  matches: number;
  resamples: number;
  seed: number;
  bands: ReliabilityBand[];
  /** Every band's observed frequency lies inside its consistency band. */
  allInside: boolean;
}

/**
 * Issue 26's tests on the pooled held-out matches (men's and women's T20Is and ODIs, the IPL;
 * decision 039): skill against a model of the match state alone, and the reliability diagram with
 * its consistency bands. Computed by scripts/winprob/skill.ts.
 */
export interface PooledTests {
  name: string;
  matches: number;
  balls: number;
  /** The baseline: the same trainer and matches, without these features (rating gap, par). */
  baselineWithout: string[];
  /** Matches whose team a (Cricsheet's first-listed side) batted first. */
  teamABattedFirst: number;
  skill: SkillScores;
  reliability: Reliability;
}

export interface WinProbEvaluation {
  measuredOn: string;
  machine: string;
  trainedThrough: string;
  scoredFrom: string;
  scoredUntil: string;
  trainingMatches: number;
  groups: GroupEvaluation[];
  pooled: PooledTests;
  /** Step 1 of the protocol: the candidates compared on the validation year, the chosen one's scores there. */
  validation: {
    trainedThrough: string;
    scoredFrom: string;
    scoredUntil: string;
    trainingMatches: number;
    selectionGroups: string[];
    /**
     * yearlyRatings: trained on the ratings and pars as of the last 30 June before each match;
     * layerFrom: with a recalibration layer fitted on the years from this one (layer: Platt's, or
     * its slope alone).
     */
    candidates: { name: string; without: string[]; yearlyRatings?: boolean; layerFrom?: number; layer?: 'platt' | 'slope'; selectionBrier: number }[];
    chosen: string;
    groups: GroupEvaluation[];
  };
}

export const WIN_PROB_EVALUATION: WinProbEvaluation = evaluationJson as WinProbEvaluation;
