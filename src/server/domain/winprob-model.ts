// The trained win-probability model and its held-out evaluation, as `npm run train:winprob`
// wrote them (decision 039). Data, not code: the server evaluates the model with winprob.ts, the
// explanation page prints the evaluation.
import evaluationJson from './winprob-evaluation.json' with { type: 'json' };
import modelJson from './winprob-model.json' with { type: 'json' };
import { checkedModel, type WinProbModel } from './winprob.ts';

export const WIN_PROB_MODEL: WinProbModel = checkedModel(modelJson as WinProbModel);

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

export interface WinProbEvaluation {
  measuredOn: string;
  machine: string;
  trainedThrough: string;
  scoredFrom: string;
  scoredUntil: string;
  trainingMatches: number;
  groups: GroupEvaluation[];
  /** Step 1 of the protocol: the candidates compared on the validation year, the chosen one's scores there. */
  validation: {
    trainedThrough: string;
    scoredFrom: string;
    scoredUntil: string;
    trainingMatches: number;
    selectionGroups: string[];
    /**
     * yearlyRatings: trained on the ratings and pars as of the last 30 June before each match;
     * layerFrom: with a recalibration layer fitted on the years from this one.
     */
    candidates: { name: string; without: string[]; yearlyRatings?: boolean; layerFrom?: number; selectionBrier: number }[];
    chosen: string;
    groups: GroupEvaluation[];
  };
}

export const WIN_PROB_EVALUATION: WinProbEvaluation = evaluationJson as WinProbEvaluation;
