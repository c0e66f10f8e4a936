// Win probability: P(team a wins) after every ball, from a small trained model (winprob-model.json,
// made by `npm run train:winprob`, decision 039). This file only evaluates: the match situation
// after each delivery, the features the model was trained on, and the logistic models' output.
// The trainer uses these same functions, so what the server computes is what was measured.
import { isLegalDelivery } from './overs.ts';
import { isTeamWicket } from './scorecard.ts';
import type { Delivery } from './types.ts';

export type WinProbFormat = 't20' | 'oneday' | 'test';
export type WinProbGender = 'male' | 'female';
type Side = 'a' | 'b';

export interface WinProbInnings {
  battingTeam: Side;
  superOver: boolean;
  /** The target as the source or the scorer set it (a revised one under DLS); null: first innings total + 1. */
  targetRuns: number | null;
  /** Balls the chase was limited to when revised; null: the match's overs. */
  targetBalls: number | null;
  penaltyRunsPre: number;
  deliveries: readonly Delivery[];
}

export interface WinProbMatch {
  format: WinProbFormat;
  /** Test, ODI, T20I, List A, T20, The Hundred...: a kind with a model of its own uses it. */
  formatType: string;
  gender: WinProbGender;
  ballsPerOver: number;
  oversLimit: number | null;
  /** Strength ratings (Elo points) of the two sides in this format; null when the model has none. */
  ratings: { a: number | null; b: number | null };
  /** Limited overs: the competition's par, runs per ball of a first innings (parOf); Tests: 0. */
  par: number;
  innings: readonly WinProbInnings[];
}

/** A logistic model: coefficients for the named features (the first is the intercept). */
export interface LogisticModel {
  features: readonly string[];
  coef: readonly number[];
}

export interface WinProbModel {
  version: number;
  /** Last day of the matches the model was trained on. */
  trainedThrough: string;
  /** Elo ratings at the end of training, by `${format}:${teamKey}`. */
  ratings: Record<string, number>;
  defaultRating: number;
  /**
   * Par at the end of training (mean first-innings runs per ball of the innings' overs, over the
   * competition's last matches), by competitionKey; a competition without one takes its kind's.
   */
  pars: Record<string, number>;
  /**
   * Limited overs: `${formatType}/${gender}/${innings}` (a kind with enough matches) or else
   * `${format}/${gender}/${innings}` (all of the broad format) → P(batting side wins).
   */
  limited: Record<string, LogisticModel>;
  /** Tests: `${innings}` → P(draw) and P(batting side wins | not a draw). */
  test: Record<string, { draw: LogisticModel; win: LogisticModel }>;
  /**
   * Limited overs, optional: a recalibration per model key, [a, b] making P(batting side wins)
   * σ(a + b·logit p) (fitted on earlier years' out-of-sample predictions, decision 039).
   */
  recalibration?: Record<string, readonly number[]>;
}

/** The situation just after a delivery (or before the first), as the batting side sees it. */
export interface BallState {
  /** 1-based among the innings that are not super overs. */
  innings: number;
  battingTeam: Side;
  runs: number;
  wickets: number;
  legalBalls: number;
  /** Limited overs: balls the innings may last; Tests: null. */
  limitBalls: number | null;
  /** Limited overs' second innings: runs to win; null otherwise. */
  target: number | null;
  /** Tests: batting side's match total minus the other side's (the current innings included). */
  lead: number;
  /** Tests: legal balls bowled in the match before this innings. */
  matchBallsBefore: number;
  /** The rating gap (batting minus bowling), Elo points. */
  ratingGap: number;
  /** The competition's par in runs per ball (limited overs). */
  par: number;
}

/** A ball's place and P(a wins) after it; draw is P(draw) in a Test, null otherwise. */
export interface WinProbPoint {
  innings: number;
  /** 0-based over index. */
  over: number;
  /** 1-based legal ball of the over (a wide or no-ball carries the next one's number). */
  ball: number;
  aWin: number;
  draw: number | null;
}

/** A Test's scheduled length in balls: five days of 90 overs. */
export const TEST_SCHEDULED_BALLS = 5 * 90 * 6;
export const WICKETS = 10;

const other = (side: Side): Side => (side === 'a' ? 'b' : 'a');
const teamWickets = (delivery: Delivery) => delivery.wickets.filter((wicket) => isTeamWicket(wicket.kind)).length;

/** The team's rating key in the model: one pool per broad format. */
export function ratingKey(format: WinProbFormat, teamKey: string): string {
  return `${format}:${teamKey}`;
}

/**
 * Which matches share a par: internationals of a kind and gender (all men's T20Is), a league's
 * matches across its seasons (the IPL's), and else the kind's club matches.
 */
export function competitionKey(match: { formatType: string; gender: string; international: boolean; eventName: string | null }): string {
  const kind = `${match.formatType}:${match.gender}`;
  return match.international || !match.eventName ? kind : `${kind}:${match.eventName}`;
}

/** The competition's par, else its kind's, else its broad format's (The Hundred: T20's), from the pars by key. */
export function parIn(pars: (key: string) => number | undefined, competition: string, format: WinProbFormat): number {
  const [kind, gender] = competition.split(':');
  return pars(competition) ?? pars(`${kind}:${gender}`) ?? pars(`${format}:${gender}`) ?? 0;
}

/** The competition's par as the model file has it (at the end of training). */
export function parOf(model: WinProbModel, competition: string, format: WinProbFormat): number {
  return parIn((key) => model.pars[key], competition, format);
}

function ratingGapOf(match: WinProbMatch, batting: Side, defaultRating: number): number {
  const rating = (side: Side) => match.ratings[side] ?? defaultRating;
  return rating(batting) - rating(other(batting));
}

/**
 * Calls visit(state, delivery, position) before the first ball of each innings (delivery null) and
 * after every delivery, super overs left out (the regulation match was tied: the model has nothing
 * to say about them).
 */
export function walkStates(
  match: WinProbMatch,
  defaultRating: number,
  visit: (state: BallState, delivery: Delivery | null, position: { over: number; ball: number }) => void,
): void {
  const totals = { a: 0, b: 0 };
  let matchBalls = 0;
  let inningsNo = 0;
  let firstInningsRuns = 0;
  for (const inn of match.innings) {
    if (inn.superOver) continue;
    inningsNo += 1;
    const batting = inn.battingTeam;
    const limited = match.format !== 'test';
    const fullBalls = match.oversLimit === null ? null : match.oversLimit * match.ballsPerOver;
    const limitBalls = !limited ? null : inningsNo >= 2 ? (inn.targetBalls ?? fullBalls) : fullBalls;
    const target = limited && inningsNo === 2 ? (inn.targetRuns ?? firstInningsRuns + 1) : null;
    const state: BallState = {
      innings: inningsNo,
      battingTeam: batting,
      runs: inn.penaltyRunsPre,
      wickets: 0,
      legalBalls: 0,
      limitBalls,
      target,
      lead: totals[batting] + inn.penaltyRunsPre - totals[other(batting)],
      matchBallsBefore: matchBalls,
      ratingGap: ratingGapOf(match, batting, defaultRating),
      par: match.par,
    };
    let over = inn.deliveries[0]?.over ?? 0;
    let ballInOver = 0;
    visit({ ...state }, null, { over, ball: 1 });
    for (const delivery of inn.deliveries) {
      if (delivery.over !== over) {
        over = delivery.over;
        ballInOver = 0;
      }
      const position = { over, ball: ballInOver + 1 };
      state.runs += delivery.runsTotal;
      state.lead += delivery.runsTotal;
      state.wickets += teamWickets(delivery);
      if (isLegalDelivery(delivery)) {
        state.legalBalls += 1;
        ballInOver += 1;
      }
      visit({ ...state }, delivery, position);
    }
    totals[batting] += state.runs;
    matchBalls += state.legalBalls;
    if (inningsNo === 1) firstInningsRuns = state.runs;
  }
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The limited-overs features, by name; the trainer and the evaluator read the same list. */
export function limitedFeatures(state: BallState): Record<string, number> {
  const limit = Math.max(1, state.limitBalls ?? 1);
  const used = clamp(state.legalBalls / limit, 0, 1);
  const left = 1 - used;
  const inHand = clamp((WICKETS - state.wickets) / WICKETS, 0, 1);
  const gap = state.ratingGap / 400;
  const par = state.par;
  if (state.target === null) {
    const pace = state.runs / limit;
    return {
      intercept: 1, gap, gapLeft: gap * left, pace, paceUsed: pace * used, left, left2: left * left,
      leftHand: left * inHand, leftHand2: left * inHand * inHand, left2Hand: left * left * inHand,
      par, parUsed: par * used, parLeft: par * left, parLeftHand: par * left * inHand,
    };
  }
  const need = Math.max(0, state.target - state.runs);
  const ballsLeft = Math.max(0, limit - state.legalBalls);
  const needShare = need / limit;
  const logRatio = Math.log((need + 1) / (ballsLeft + 1));
  // A candidate the trainer weighs on the validation year at every run (the committed model may
  // leave these out, and then they cost a square root a ball). The chase as a random walk: runs still to come over b balls spread about √b, so the chance
  // of getting there is about Φ((c·b − need) / (σ√b)) for some rate c; need / √b and √b (each
  // with wickets in hand) give the model that combination for any c, sharper as the balls run out.
  const root = Math.sqrt(ballsLeft + 1);
  const needRoot = need / root / 10;
  const ballsRoot = root / 10;
  return {
    intercept: 1, gap, gapLeft: gap * left, need: needShare, left, hand: inHand, needHand: needShare * inHand,
    leftHand: left * inHand, logRatio, logRatioHand: logRatio * inHand, logRatioLeft: logRatio * left,
    hand2: inHand * inHand, logNeed: Math.log1p(need) / 6, logBalls: Math.log1p(ballsLeft) / 6,
    par, parLeft: par * left, needVsPar: needShare - par * left, needVsParHand: (needShare - par * left) * inHand,
    needRoot, ballsRoot, needRootHand: needRoot * inHand, ballsRootHand: ballsRoot * inHand,
  };
}

/** The Test features, by name. */
export function testFeatures(state: BallState): Record<string, number> {
  const lead = clamp(state.lead / 200, -4, 4);
  const inHand = clamp((WICKETS - state.wickets) / WICKETS, 0, 1);
  const spent = state.matchBallsBefore + state.legalBalls;
  const timeLeft = clamp((TEST_SCHEDULED_BALLS - spent) / TEST_SCHEDULED_BALLS, 0, 1);
  const gap = state.ratingGap / 400;
  return {
    intercept: 1, gap, lead, hand: inHand, time: timeLeft, time2: timeLeft * timeLeft, leadTime: lead * timeLeft,
    leadHand: lead * inHand, handTime: inHand * timeLeft, lead2: lead * lead, leadHandTime: lead * inHand * timeLeft,
    absLead: Math.abs(lead), absLeadTime: Math.abs(lead) * timeLeft,
  };
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A logistic model's probability for named features (a feature it does not know is an error in the model file). */
export function logistic(model: LogisticModel, features: Record<string, number>): number {
  let z = 0;
  model.features.forEach((name, index) => {
    const value = features[name];
    if (value === undefined) throw new Error(`win-probability model uses unknown feature '${name}'`);
    z += value * model.coef[index]!;
  });
  return sigmoid(z);
}

/** Rounds to the 3 decimals the API sends, kept off the certain ends while the game is open. */
const OPEN_MIN = 0.001;

/**
 * P(batting side wins) and P(draw) for a state. Settled states answer exactly: a chase that has
 * got there, one that cannot any more (all out or out of balls), a tie; in a Test, the fourth
 * innings past the target, or a side all out behind in the third or fourth innings.
 */
export function stateProbability(
  model: WinProbModel,
  kind: { format: WinProbFormat; formatType: string; gender: WinProbGender },
  state: BallState,
): { bat: number; draw: number } {
  const { format } = kind;
  if (format === 'test') {
    const key = String(Math.min(4, state.innings));
    const pair = model.test[key];
    if (!pair) throw new Error(`win-probability model has no Test innings ${key}`);
    if (state.innings >= 4 && state.lead > 0) return { bat: 1, draw: 0 };
    // All out behind in the third innings (an innings defeat) or the fourth: the match is over.
    if (state.wickets >= WICKETS && (state.innings === 3 ? state.lead < 0 : state.innings >= 4 && state.lead <= 0)) {
      return { bat: state.lead === 0 ? 0.5 : 0, draw: 0 };
    }
    const features = testFeatures(state);
    const draw = logistic(pair.draw, features);
    return { bat: (1 - draw) * logistic(pair.win, features), draw };
  }
  const inningsNo = Math.min(2, state.innings);
  if (state.target !== null) {
    const need = state.target - state.runs;
    if (need <= 0) return { bat: 1, draw: 0 };
    const limit = state.limitBalls ?? 0;
    if (state.wickets >= WICKETS || state.legalBalls >= limit) return { bat: need === 1 ? 0.5 : 0, draw: 0 };
  }
  const key = limitedModelKey(model, kind, inningsNo);
  const model1 = model.limited[key];
  if (!model1) throw new Error(`win-probability model has no '${key}'`);
  const raw = logistic(model1, limitedFeatures(state));
  const layer = model.recalibration?.[key];
  const bat = layer ? recalibrate(raw, layer) : raw;
  return { bat: clamp(bat, OPEN_MIN, 1 - OPEN_MIN), draw: 0 };
}

/** The model as read from its file, refused at load (not on some match page) if a layer is not [a, b]. */
export function checkedModel(model: WinProbModel): WinProbModel {
  for (const [key, layer] of Object.entries(model.recalibration ?? {})) {
    if (layer.length !== 2 || !layer.every(Number.isFinite)) throw new Error(`win-probability recalibration layer '${key}' is not [a, b]`);
  }
  return model;
}

/** σ(a + b·logit p) for a layer [a, b], p kept off 0 and 1 so its logit is finite. */
export function recalibrate(p: number, layer: readonly number[]): number {
  const [a, b] = layer;
  if (a === undefined || b === undefined || layer.length !== 2) throw new Error('win-probability recalibration layer is not [a, b]');
  const q = clamp(p, 1e-9, 1 - 1e-9);
  return sigmoid(a + b * Math.log(q / (1 - q)));
}

/** The limited-overs model that answers an innings: the kind's own (T20I, ODI...) if it has one, else its broad format's. */
export function limitedModelKey(model: WinProbModel, kind: { format: WinProbFormat; formatType: string; gender: WinProbGender }, inningsNo: number): string {
  const own = `${kind.formatType}/${kind.gender}/${inningsNo}`;
  return model.limited[own] ? own : `${kind.format}/${kind.gender}/${inningsNo}`;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function pointOf(state: BallState, probability: { bat: number; draw: number }, format: WinProbFormat, position: { over: number; ball: number }): WinProbPoint {
  const lose = 1 - probability.bat - probability.draw;
  const aWin = state.battingTeam === 'a' ? probability.bat : lose;
  return { innings: state.innings, over: position.over, ball: position.ball, aWin: round3(aWin), draw: format === 'test' ? round3(probability.draw) : null };
}

/** P(a wins) after every delivery of the match, in ball order (super overs left out). */
export function winProbabilities(model: WinProbModel, match: WinProbMatch): WinProbPoint[] {
  const points: WinProbPoint[] = [];
  walkStates(match, model.defaultRating, (state, delivery, position) => {
    if (delivery) points.push(pointOf(state, stateProbability(model, match, state), match.format, position));
  });
  return points;
}

/** P(a wins) (and P(draw)) before the first ball, with the given side batting first. */
export function preMatchProbability(
  model: WinProbModel,
  match: Omit<WinProbMatch, 'innings'>,
  battingFirst: Side,
): { aWin: number; draw: number | null } {
  let result: { aWin: number; draw: number | null } = { aWin: 0.5, draw: null };
  const empty: WinProbInnings = { battingTeam: battingFirst, superOver: false, targetRuns: null, targetBalls: null, penaltyRunsPre: 0, deliveries: [] };
  walkStates({ ...match, innings: [empty] }, model.defaultRating, (state) => {
    const point = pointOf(state, stateProbability(model, match, state), match.format, { over: 0, ball: 1 });
    result = { aWin: point.aWin, draw: point.draw };
  });
  return result;
}
