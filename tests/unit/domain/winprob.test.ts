import { describe, expect, it } from 'vitest';
import { WIN_PROB_MODEL } from '../../../src/server/domain/winprob-model.ts';
import {
  checkedModel, competitionKey, limitedModelKey, logistic, parOf, preMatchProbability, recalibrate, stateProbability, walkStates, winProbabilities,
  type BallState, type WinProbInnings, type WinProbMatch,
} from '../../../src/server/domain/winprob.ts';
import type { Delivery } from '../../../src/server/domain/types.ts';
import { fitLogistic, newDesign, Scores } from '../../../scripts/winprob/fit.ts';

const menT20i = { format: 't20' as const, formatType: 't20i', gender: 'male' as const };
const ipl = parOf(WIN_PROB_MODEL, 't20:male:Indian Premier League', 't20');

const chase = (over: Partial<BallState>): BallState => ({
  innings: 2, battingTeam: 'b', runs: 100, wickets: 3, legalBalls: 90, limitBalls: 120, target: 161, lead: 0,
  matchBallsBefore: 120, ratingGap: 0, par: ipl, ...over,
});

const ball = (over: number, runs: number, extra: Partial<Delivery> = {}): Delivery => ({
  over, batter: 'x', nonStriker: 'y', bowler: 'z', runsBatter: runs, runsExtras: 0, runsTotal: runs, nonBoundary: false,
  extras: { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0 }, wickets: [], ...extra,
});

describe('win probability model', () => {
  it('a chase gets harder with more runs needed, fewer balls or fewer wickets in hand', () => {
    const p = (state: Partial<BallState>) => stateProbability(WIN_PROB_MODEL, menT20i, chase(state)).bat;
    expect(p({ runs: 120 })).toBeGreaterThan(p({ runs: 100 }));
    expect(p({ runs: 100 })).toBeGreaterThan(p({ runs: 80 }));
    expect(p({ legalBalls: 80 })).toBeGreaterThan(p({ legalBalls: 100 }));
    expect(p({ wickets: 2 })).toBeGreaterThan(p({ wickets: 7 }));
    // 61 off 30 with 7 wickets in hand is hard but open: neither end.
    expect(p({})).toBeGreaterThan(0.05);
    expect(p({})).toBeLessThan(0.6);
  });

  it('a recalibration layer maps the model\'s answer through σ(a + b·logit p), its own model key only, settled states untouched', () => {
    const key = limitedModelKey(WIN_PROB_MODEL, menT20i, 2);
    const plain = { ...WIN_PROB_MODEL, recalibration: {} };
    const layered = (layer: readonly [number, number]) => ({ ...WIN_PROB_MODEL, recalibration: { [key]: layer } });
    const p = (model: typeof WIN_PROB_MODEL, state: Partial<BallState> = {}) => stateProbability(model, menT20i, chase(state)).bat;
    const raw = p(plain);
    expect(p(layered([0, 1]))).toBeCloseTo(raw, 12);
    expect(p(layered([0, 0]))).toBeCloseTo(0.5, 12);
    // A slope below one pulls the answer toward a half; an intercept moves it one way.
    const logit = Math.log(raw / (1 - raw));
    expect(p(layered([0.2, 0.8]))).toBeCloseTo(1 / (1 + Math.exp(-(0.2 + 0.8 * logit))), 12);
    expect(recalibrate(raw, [0, 0.5])).toBeGreaterThan(Math.min(raw, 0.5));
    expect(recalibrate(raw, [0, 0.5])).toBeLessThan(Math.max(raw, 0.5));
    // Another key's layer leaves this innings alone; a settled chase stays exact.
    expect(p({ ...WIN_PROB_MODEL, recalibration: { 'odi/male/2': [3, 0.1] } })).toBeCloseTo(raw, 12);
    expect(p(layered([0, 0]), { runs: 161 })).toBe(1);
    expect(p(layered([0, 0]), { wickets: 10 })).toBe(0);
    // A layer that is not [a, b] is an error in the model file, not a silent answer.
    expect(() => recalibrate(0.4, [1])).toThrow(/not \[a, b\]/);
    expect(() => recalibrate(0.4, [1, 2, 3])).toThrow(/not \[a, b\]/);
    // Refused when the model is loaded, before any page asks.
    expect(checkedModel(layered([0.2, 0.8]))).toEqual(layered([0.2, 0.8]));
    expect(() => checkedModel({ ...WIN_PROB_MODEL, recalibration: { [key]: [1] } })).toThrow(/not \[a, b\]/);
    expect(() => checkedModel({ ...WIN_PROB_MODEL, recalibration: { [key]: [Number.NaN, 1] } })).toThrow(/not \[a, b\]/);
  });

  it('settled chases answer exactly: won, lost all out, out of balls, tied', () => {
    const p = (state: Partial<BallState>) => stateProbability(WIN_PROB_MODEL, menT20i, chase(state)).bat;
    expect(p({ runs: 161 })).toBe(1);
    expect(p({ wickets: 10 })).toBe(0);
    expect(p({ legalBalls: 120, runs: 150 })).toBe(0);
    expect(p({ legalBalls: 120, runs: 160 })).toBe(0.5);
  });

  it('the stronger side is favoured before the first ball, and the model knows the big sides', () => {
    const facts = { ...menT20i, ballsPerOver: 6, oversLimit: 20, par: parOf(WIN_PROB_MODEL, 't20i:male', 't20') };
    const even = preMatchProbability(WIN_PROB_MODEL, { ...facts, ratings: { a: 1500, b: 1500 } }, 'a').aWin;
    const stronger = preMatchProbability(WIN_PROB_MODEL, { ...facts, ratings: { a: 1800, b: 1400 } }, 'a').aWin;
    expect(stronger).toBeGreaterThan(even + 0.1);
    expect(WIN_PROB_MODEL.ratings['t20:india']).toBeGreaterThan(WIN_PROB_MODEL.ratings['t20:nepal']!);
    // Bowling first, a's chance is what b's batting first leaves it.
    const bowling = preMatchProbability(WIN_PROB_MODEL, { ...facts, ratings: { a: 1800, b: 1400 } }, 'b').aWin;
    expect(bowling).toBeGreaterThan(0.5);
  });

  it('a Test splits into a win, a draw and a loss that add up to one', () => {
    const state = chase({ innings: 3, target: null, limitBalls: null, lead: 150, wickets: 2, legalBalls: 200, matchBallsBefore: 1200 });
    const { bat, draw } = stateProbability(WIN_PROB_MODEL, { format: 'test', formatType: 'test', gender: 'male' }, state);
    expect(draw).toBeGreaterThan(0);
    expect(bat + draw).toBeLessThanOrEqual(1);
    // More time left for a result makes a draw less likely.
    const early = stateProbability(WIN_PROB_MODEL, { format: 'test', formatType: 'test', gender: 'male' }, { ...state, matchBallsBefore: 600 });
    expect(early.draw).toBeLessThan(draw);
  });

  it('a Test is settled when a side is all out behind in the third innings (an innings defeat) or the fourth', () => {
    const test = { format: 'test' as const, formatType: 'test', gender: 'male' as const };
    const state = (innings: number, lead: number, wickets: number) =>
      chase({ innings, target: null, limitBalls: null, lead, wickets, legalBalls: 300, matchBallsBefore: 1500 });
    expect(stateProbability(WIN_PROB_MODEL, test, state(3, -40, 10))).toEqual({ bat: 0, draw: 0 });
    expect(stateProbability(WIN_PROB_MODEL, test, state(4, -1, 10))).toEqual({ bat: 0, draw: 0 });
    expect(stateProbability(WIN_PROB_MODEL, test, state(4, 0, 10))).toEqual({ bat: 0.5, draw: 0 });
    expect(stateProbability(WIN_PROB_MODEL, test, state(4, 1, 5))).toEqual({ bat: 1, draw: 0 });
    // Level after three innings: the side batting fourth still needs a run.
    expect(stateProbability(WIN_PROB_MODEL, test, state(3, 0, 10)).draw).toBeGreaterThan(0);
  });

  it('competitions: internationals share one par, a league has its own, an unknown league takes its kind', () => {
    expect(competitionKey({ formatType: 't20i', gender: 'male', international: true, eventName: 'ICC World Twenty20' })).toBe('t20i:male');
    expect(competitionKey({ formatType: 't20', gender: 'male', international: false, eventName: 'Indian Premier League' })).toBe('t20:male:Indian Premier League');
    expect(ipl).toBeGreaterThan(parOf(WIN_PROB_MODEL, 't20i:male', 't20'));
    expect(parOf(WIN_PROB_MODEL, 't20:male:A League Never Seen', 't20')).toBe(WIN_PROB_MODEL.pars['t20:male']);
  });

  it('a kind with a model of its own uses it; a league or a kind with too few matches takes its broad format\'s', () => {
    expect(limitedModelKey(WIN_PROB_MODEL, menT20i, 2)).toBe('t20i/male/2');
    expect(limitedModelKey(WIN_PROB_MODEL, { format: 't20', formatType: 't20', gender: 'male' }, 1)).toBe('t20/male/1');
    expect(limitedModelKey(WIN_PROB_MODEL, { format: 'oneday', formatType: 'list_a', gender: 'male' }, 1)).toBe('list_a/male/1');
    expect(limitedModelKey(WIN_PROB_MODEL, { format: 'oneday', formatType: 'list_a', gender: 'female' }, 1)).toBe('oneday/female/1');
  });

  it('a model naming a feature the code does not compute is refused', () => {
    expect(() => logistic({ features: ['intercept', 'moonPhase'], coef: [0, 1] }, { intercept: 1 })).toThrow(/moonPhase/);
  });
});

describe('walkStates and winProbabilities', () => {
  const innings = (battingTeam: 'a' | 'b', deliveries: Delivery[], extra: Partial<WinProbInnings> = {}): WinProbInnings => ({
    battingTeam, superOver: false, targetRuns: null, targetBalls: null, penaltyRunsPre: 0, deliveries, ...extra,
  });
  const match = (inns: WinProbInnings[]): WinProbMatch => ({
    ...menT20i, ballsPerOver: 6, oversLimit: 1, ratings: { a: null, b: null }, par: 1.2, innings: inns,
  });

  it('numbers balls as commentary does: a wide carries the next ball; retirements are not wickets', () => {
    const wide = ball(0, 0, { runsExtras: 1, runsTotal: 1, extras: { wides: 1, noballs: 0, byes: 0, legbyes: 0, penalty: 0 } });
    const retired = ball(0, 0, { wickets: [{ kind: 'retired hurt', playerOut: 'x', fielders: [] }] });
    const out = ball(0, 0, { wickets: [{ kind: 'bowled', playerOut: 'x', fielders: [] }] });
    const states: [BallState, { over: number; ball: number }][] = [];
    walkStates(match([innings('a', [ball(0, 4), wide, ball(0, 1), retired, out])]), 1500, (state, delivery, position) => {
      if (delivery) states.push([state, position]);
    });
    expect(states.map(([, position]) => position.ball)).toEqual([1, 2, 2, 3, 4]);
    expect(states.map(([state]) => state.wickets)).toEqual([0, 0, 0, 0, 1]);
    expect(states.at(-1)![0]).toMatchObject({ runs: 6, legalBalls: 4 });
  });

  it('a one-over chase: the target is the first innings + 1 and the last ball settles it', () => {
    const first = [1, 2, 3, 4, 5, 6].map((runs) => ball(0, runs % 2));
    // 3 to tie, 4 to win: three singles leave it level when the over ends.
    const level = winProbabilities(WIN_PROB_MODEL, match([innings('a', first), innings('b', [1, 1, 1, 0, 0, 0].map((runs) => ball(0, runs)))]));
    expect(level).toHaveLength(12);
    expect(level.at(-1)).toMatchObject({ innings: 2, over: 0, ball: 6, aWin: 0.5, draw: null });
    const won = winProbabilities(WIN_PROB_MODEL, match([innings('a', first), innings('b', [4].map((runs) => ball(0, runs)))]));
    expect(won.at(-1)).toMatchObject({ innings: 2, ball: 1, aWin: 0 });
    // A target given (DLS) wins over the first innings total.
    const revised = winProbabilities(WIN_PROB_MODEL, match([innings('a', first), innings('b', [4].map((runs) => ball(0, runs)), { targetRuns: 6 })]));
    expect(revised.at(-1)!.aWin).toBeGreaterThan(0);
  });
});

describe('trainer statistics', () => {
  it('logistic regression recovers the coefficients it was given', () => {
    const design = newDesign(2);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 20_000; i += 1) {
      const x = random() * 4 - 2;
      design.x.push(1, x);
      design.y.push(random() < 1 / (1 + Math.exp(-(0.5 + 1.5 * x))) ? 1 : 0);
    }
    const [b0, b1] = fitLogistic(design, 0);
    expect(b0).toBeCloseTo(0.5, 1);
    expect(b1).toBeCloseTo(1.5, 1);
  });

  it('scores: a coin flip has Brier 0.25; calibration bands count balls and matches', () => {
    const scores = new Scores();
    // Two matches of two balls each: match 1 lost, match 2 won.
    for (const [outcome, match] of [[0, 1], [0, 1], [1, 2], [1, 2]] as const) scores.add(0.5, outcome, match);
    const summary = scores.summary();
    expect(summary.brier).toBe(0.25);
    expect(summary.logLoss).toBeCloseTo(Math.log(2), 6);
    // Each match is one cluster: residual sums -1 and +1 about a gap of 0, over 4 balls.
    expect(summary.calibration).toEqual([{ band: '50-60%', balls: 4, matches: 2, predicted: 0.5, observed: 0.5, se: Math.sqrt(2) / 4 }]);
  });

  it('deciles cut the balls, ordered by probability, into ten equal counts (ties in the order added)', () => {
    const scores = new Scores();
    // 200 balls in 20 matches of 10; probabilities 0.3 for the first 60 balls added, then rising.
    // The first 60 (all 0.3) fill deciles 1-3 in the order added; a ball's outcome is its match's.
    const probabilityOf = (ball: number) => (ball < 60 ? 0.3 : 0.3 + (ball - 59) / 200);
    for (let ball = 0; ball < 200; ball += 1) scores.add(probabilityOf(ball), Math.floor(ball / 10) % 2, Math.floor(ball / 10));
    const { deciles, calibration } = scores.summary();
    expect(deciles.calibration.map((row) => row.balls)).toEqual(Array(10).fill(20));
    // Decile 1: balls 0-19 (matches 0 and 1: lost, won), all at 0.3.
    expect(deciles.calibration[0]).toMatchObject({ band: '1: 30.0-30.0%', matches: 2 });
    expect(deciles.calibration[0]!.predicted).toBeCloseTo(0.3, 12);
    expect(deciles.calibration[0]!.observed).toBeCloseTo(0.5, 12);
    // Decile 10: balls 180-199, probabilities 0.905 to 1.0; matches 18 (lost) and 19 (won).
    expect(deciles.calibration[9]!.band).toBe('10: 90.5-100.0%');
    expect(deciles.calibration[9]!.predicted).toBeCloseTo(0.9525, 12);
    expect(deciles.calibration[9]!.observed).toBeCloseTo(0.5, 12);
    expect(deciles.worstGap).toBeCloseTo(0.4525, 12);
    // The fixed bands are another cut of the same balls: 60 + 19 (0.305 to 0.395) at 30-40%, every ball counted once.
    expect(calibration.reduce((sum, band) => sum + band.balls, 0)).toBe(200);
    expect(calibration.find((band) => band.band === '30-40%')!.balls).toBe(79);
    expect(deciles.worstGapNoise.p90).toBeGreaterThanOrEqual(deciles.worstGapNoise.median);
  });

  it('the worst band\'s sampling noise grows with fewer matches and is zero when every match agrees', () => {
    const noise = (matches: number) => {
      const scores = new Scores();
      for (let match = 0; match < matches; match += 1) {
        for (let ball = 0; ball < 20; ball += 1) scores.add(0.55, match % 2, match);
      }
      return scores.summary().worstGapNoise;
    };
    const few = noise(20);
    const many = noise(2000);
    expect(few.median).toBeGreaterThan(many.median * 3);
    expect(many.withinThreePoints).toBeGreaterThan(0.9);
    expect(few.withinThreePoints).toBeLessThan(0.5);
    const settled = new Scores();
    for (let match = 0; match < 50; match += 1) settled.add(0.95, 1, match);
    const agreed = settled.summary().worstGapNoise;
    expect(agreed.median).toBeCloseTo(0, 12);
    expect(agreed.withinThreePoints).toBe(1);
  });
});
