import { describe, it, expect } from 'vitest';
import { ballsToOvers, fallOfWicketOvers, formatBallPosition, formatOvers, isLegalDelivery, oversToBalls, RATE_BALLS, runRate } from '../../../src/server/domain/overs.ts';
import { scoreWithOvers } from '../../../src/server/domain/score-text.ts';
import { summariseInnings } from '../../../src/server/domain/scorecard.ts';
import { ball, readMatch, realInnings } from './cricket-data.ts';

describe('ballsToOvers', () => {
  it('splits legal balls into whole overs and balls of the over in progress', () => {
    expect(ballsToOvers(0)).toEqual([0, 0]);
    expect(ballsToOvers(5)).toEqual([0, 5]);
    expect(ballsToOvers(6)).toEqual([1, 0]);
    expect(ballsToOvers(118)).toEqual([19, 4]);
    expect(ballsToOvers(120)).toEqual([20, 0]);
  });

  it('honours 8-ball overs and The Hundred’s 5-ball sets', () => {
    expect(ballsToOvers(63, 8)).toEqual([7, 7]);
    expect(ballsToOvers(64, 8)).toEqual([8, 0]);
    expect(ballsToOvers(100, 5)).toEqual([20, 0]);
    expect(ballsToOvers(99, 5)).toEqual([19, 4]);
  });
});

describe('formatOvers', () => {
  it('prints O.B, and whole overs without .0', () => {
    expect(formatOvers(118)).toBe('19.4');
    expect(formatOvers(1)).toBe('0.1');
    expect(formatOvers(120)).toBe('20');
    expect(formatOvers(0)).toBe('0');
    expect(formatOvers(63, 8)).toBe('7.7');
    expect(formatOvers(6, 8)).toBe('0.6');
  });
});

describe('scoreWithOvers', () => {
  it("keeps the provider's English byte for byte", () => {
    expect(scoreWithOvers(120, 3, 92, 6, 'en')).toBe('120/3 in 15.2');
    expect(scoreWithOvers(180, 6, 120, 6, 'en')).toBe('180/6 in 20.0');
    expect(scoreWithOvers(80, 2, 63, 5, 'en')).toBe('80/2 in 12.3');
  });

  it('writes Hindi as the style guide does: the overs in brackets with ओवर, no English "in"', () => {
    expect(scoreWithOvers(120, 3, 92, 6, 'hi')).toBe('120/3 (15.2 ओवर)');
    expect(scoreWithOvers(180, 6, 120, 6, 'hi')).toBe('180/6 (20 ओवर)');
    expect(scoreWithOvers(80, 2, 63, 5, 'hi')).toBe('80/2 (12.3 ओवर)');
  });
});

describe('oversToBalls', () => {
  it('reads Cricsheet overs figures as overs and balls, not decimals', () => {
    expect(oversToBalls(33.3)).toBe(201);
    expect(oversToBalls(14.3)).toBe(87);
    expect(oversToBalls(20)).toBe(120);
    expect(oversToBalls(0.1)).toBe(1);
    expect(oversToBalls(7.7, 8)).toBe(63);
    expect(oversToBalls(19.4, 5)).toBe(99);
  });

  it('round-trips with formatOvers', () => {
    for (let balls = 0; balls <= 300; balls += 1) {
      expect(oversToBalls(Number(formatOvers(balls)))).toBe(balls);
    }
  });

  it('rejects figures that are not overs', () => {
    expect(() => oversToBalls(19.6)).toThrow(RangeError);
    expect(() => oversToBalls(4.5, 5)).toThrow(RangeError);
    expect(() => oversToBalls(-1)).toThrow(RangeError);
    expect(() => oversToBalls(Number.NaN)).toThrow(RangeError);
  });
});

describe('runRate', () => {
  it('divides by balls, not by the O.B decimal', () => {
    // 100 runs in 19.4 overs: 100 / (118 / 6) = 5.0847…, while 100 / 19.4 would give 5.1546…
    expect(runRate(100, 118)).toBeCloseTo(5.0847, 4);
    expect(runRate(36, 6)).toBe(36);
  });

  it('is runs per six balls whatever the length of the overs (The Hundred included)', () => {
    // 150 off 100 five-ball-set balls is 9 an over of six, not 7.5 a set of five.
    expect(runRate(150, 100)).toBe(9);
    expect(RATE_BALLS).toBe(6);
  });

  it('is 0 before any legal ball', () => {
    expect(runRate(5, 0)).toBe(0);
  });
});

describe('isLegalDelivery', () => {
  it('excludes wides and no-balls only', () => {
    expect(isLegalDelivery(ball(0, 'A', 'B', 'X'))).toBe(true);
    expect(isLegalDelivery(ball(0, 'A', 'B', 'X', { legbyes: 1 }))).toBe(true);
    expect(isLegalDelivery(ball(0, 'A', 'B', 'X', { byes: 4 }))).toBe(true);
    expect(isLegalDelivery(ball(0, 'A', 'B', 'X', { wides: 1 }))).toBe(false);
    expect(isLegalDelivery(ball(0, 'A', 'B', 'X', { noballs: 1, bat: 6 }))).toBe(false);
  });
});

describe('against a real match: KKR v RCB, IPL 2008 opener (Cricsheet 335982)', () => {
  const match = readMatch('335982');

  it('counts RCB’s 82 all out as 15.1 overs and KKR’s 222/3 at 11.10 an over', () => {
    const kkr = realInnings(match, 0).deliveries;
    const rcb = realInnings(match, 1).deliveries;
    const kkrBalls = kkr.filter(isLegalDelivery).length;
    const rcbBalls = rcb.filter(isLegalDelivery).length;
    expect(ballsToOvers(rcbBalls)).toEqual([15, 1]);
    expect(formatOvers(rcbBalls)).toBe('15.1');
    expect(oversToBalls(15.1)).toBe(rcbBalls);
    expect(runRate(222, kkrBalls)).toBeCloseTo(11.1, 10);
  });
});

describe('fallOfWicketOvers', () => {
  it('gives the overs bowled when the wicket fell: the ball it fell on counts only when legal', () => {
    // The delivery's place: over 10, the legal balls before it plus one.
    expect(fallOfWicketOvers({ over: 10, ball: 2 }, true)).toEqual({ over: 10, ball: 2 });
    // Stumped off a wide, run out off a no-ball, after the over's first ball: 10.1, not 10.2.
    expect(fallOfWicketOvers({ over: 10, ball: 2 }, false)).toEqual({ over: 10, ball: 1 });
    // Off a wide before any legal ball of the over: 10.0; off the sixth legal ball: 10.6.
    expect(fallOfWicketOvers({ over: 10, ball: 1 }, false)).toEqual({ over: 10, ball: 0 });
    expect(fallOfWicketOvers({ over: 10, ball: 6 }, true)).toEqual({ over: 10, ball: 6 });
  });

  it('places the falls of a real innings as its scorecard does (Mumbai Indians v Gujarat Lions, IPL 2016: Buttler stumped off a wide at 8.5)', () => {
    const summary = summariseInnings(realInnings(readMatch('falls/980917'), 0));
    expect(summary.fallOfWickets.map((fall) => formatBallPosition(fall.position))).toEqual(['1.3', '3.3', '8.5', '10.1', '12.6', '15.5', '16.6', '19.5']);
    expect(summary.fallOfWickets[2]).toMatchObject({ kind: 'stumped', legalBalls: 53 });
  });
});
