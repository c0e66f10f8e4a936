import { describe, expect, it } from 'vitest';
import { BALL_BYTES, BallEncodingError, PeopleDictionary, ballCount, readBall, writeBall, type StoredBall } from '../../../src/server/store/ball-codec.ts';

const ball = (fields: Partial<StoredBall> = {}): StoredBall => ({
  over: 0, batter: 0, nonStriker: 1, bowler: 2, runsBatter: 0, wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0, nonBoundary: false,
  ...fields,
});

describe('ball codec', () => {
  it('reads back every field it writes, at its position', () => {
    // A Test's 187th over, a no-ball hit for four that was not a boundary, and a five-run penalty.
    const balls = [ball({ over: 186, runsBatter: 4, noballs: 1, nonBoundary: true }), ball({ over: 300, wides: 5, penalty: 5, byes: 4, legbyes: 3, batter: 255 })];
    const bytes = new Uint8Array(balls.length * BALL_BYTES);
    balls.forEach((b, i) => writeBall(bytes, i, b));
    expect(ballCount(bytes)).toBe(2);
    expect([readBall(bytes, 0), readBall(bytes, 1)]).toEqual(balls);
  });

  it('refuses what does not fit rather than storing it wrong', () => {
    const bytes = new Uint8Array(BALL_BYTES);
    expect(() => writeBall(bytes, 0, ball({ runsBatter: 256 }))).toThrow(BallEncodingError);
    expect(() => writeBall(bytes, 0, ball({ over: -1 }))).toThrow(BallEncodingError);
    expect(() => writeBall(bytes, 0, ball({ wides: 1.5 }))).toThrow(BallEncodingError);
    expect(() => ballCount(new Uint8Array(BALL_BYTES + 1))).toThrow(BallEncodingError);
  });

  it('numbers an innings’ people in order of first sight, keeping an existing dictionary', () => {
    const people = new PeopleDictionary<number>([70, 12]);
    expect([people.indexOf(12), people.indexOf(99), people.indexOf(70), people.indexOf(99)]).toEqual([1, 2, 0, 2]);
    expect(people.people).toEqual([70, 12, 99]);
    const crowded = new PeopleDictionary<number>(Array.from({ length: 256 }, (_, i) => i));
    expect(() => crowded.indexOf(1000)).toThrow(BallEncodingError);
  });
});
