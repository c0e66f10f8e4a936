// The trained win-probability model and its held-out evaluation, as `npm run train:winprob`
// wrote them (decision 039). Data, not code: the server evaluates the model with winprob.ts, the
// explanation page prints the evaluation.
import evaluationJson from './winprob-evaluation.json' with { type: 'json' };
import modelJson from './winprob-model.json' with { type: 'json' };
import type { WinProbModel } from './winprob.ts';

export const WIN_PROB_MODEL: WinProbModel = modelJson as WinProbModel;

export interface CalibrationBand {
  band: string;
  balls: number;
  predicted: number;
  observed: number;
}

export interface GroupScores {
  balls: number;
  brier: number;
  logLoss: number;
  calibration: CalibrationBand[];
  worstGap: number;
}

export interface WinProbEvaluation {
  measuredOn: string;
  machine: string;
  trainedThrough: string;
  scoredFrom: string;
  scoredUntil: string;
  trainingMatches: number;
  groups: {
    name: string;
    matches: number;
    model: GroupScores;
    coinFlip: GroupScores;
    rule: GroupScores;
    preMatch: GroupScores;
    threeWay: { model: number; uniform: number } | null;
  }[];
}

export const WIN_PROB_EVALUATION: WinProbEvaluation = evaluationJson as WinProbEvaluation;
