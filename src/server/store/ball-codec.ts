// How an innings' deliveries are stored: one bytea per innings (innings_balls.balls), BALL_BYTES
// a delivery, with the innings' people in a small dictionary beside it (innings_balls.people).
// Rows per delivery (6.2 million of them) and then eleven arrays per innings took most of an
// import inside the database engine; twelve bytes a ball are written at a fraction of the cost
// (docs/decisions/017-one-write-path.md).
//
//   bytes 0-1  over index, unsigned, big-endian
//   byte  2    batter         (index into people)
//   byte  3    non-striker    (index into people)
//   byte  4    bowler         (index into people)
//   byte  5    runs off the bat
//   bytes 6-10 wides, no-balls, byes, leg byes, penalty runs
//   byte  11   flags: 1 = the batter's runs were not a boundary (Cricsheet `non_boundary`)

import type { Delivery, PlayerId } from '../domain/types.ts';

export const BALL_BYTES = 12;

/** Room for `count` packed balls. */
export function packedBalls(count: number): Uint8Array {
  return new Uint8Array(count * BALL_BYTES);
}

/** The first `count` balls of packed bytes (a view, not a copy). */
export function firstBalls(bytes: Uint8Array, count: number): Uint8Array {
  return bytes.subarray(0, count * BALL_BYTES);
}

// The SQL that knows this layout is in packed-balls.ts.

const NON_BOUNDARY = 1;

/** One delivery's stored fields; people as indexes into the innings' dictionary. */
export interface StoredBall {
  over: number;
  batter: number;
  nonStriker: number;
  bowler: number;
  runsBatter: number;
  wides: number;
  noballs: number;
  byes: number;
  legbyes: number;
  penalty: number;
  nonBoundary: boolean;
}

export class BallEncodingError extends Error {}

function byte(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 255) throw new BallEncodingError(`${field} ${value} does not fit the stored ball`);
  return value;
}

/** A delivery's stored fields, its people numbered by `indexOf` (an innings' dictionary). */
export function storedBall(delivery: Delivery, indexOf: (player: PlayerId) => number): StoredBall {
  return {
    over: delivery.over,
    batter: indexOf(delivery.batter),
    nonStriker: indexOf(delivery.nonStriker),
    bowler: indexOf(delivery.bowler),
    runsBatter: delivery.runsBatter,
    wides: delivery.extras.wides,
    noballs: delivery.extras.noballs,
    byes: delivery.extras.byes,
    legbyes: delivery.extras.legbyes,
    penalty: delivery.extras.penalty,
    nonBoundary: delivery.nonBoundary,
  };
}

/** Writes one ball at the given ball position of the buffer. */
export function writeBall(into: Uint8Array, position: number, ball: StoredBall): void {
  const at = position * BALL_BYTES;
  if (!Number.isInteger(ball.over) || ball.over < 0 || ball.over > 0xffff) throw new BallEncodingError(`over ${ball.over} does not fit the stored ball`);
  into[at] = ball.over >> 8;
  into[at + 1] = ball.over & 0xff;
  into[at + 2] = byte(ball.batter, 'batter index');
  into[at + 3] = byte(ball.nonStriker, 'non-striker index');
  into[at + 4] = byte(ball.bowler, 'bowler index');
  into[at + 5] = byte(ball.runsBatter, 'runs off the bat');
  into[at + 6] = byte(ball.wides, 'wides');
  into[at + 7] = byte(ball.noballs, 'no-balls');
  into[at + 8] = byte(ball.byes, 'byes');
  into[at + 9] = byte(ball.legbyes, 'leg byes');
  into[at + 10] = byte(ball.penalty, 'penalty runs');
  into[at + 11] = ball.nonBoundary ? NON_BOUNDARY : 0;
}

/** Reads the ball at a position. */
export function readBall(from: Uint8Array, position: number): StoredBall {
  const at = position * BALL_BYTES;
  return {
    over: (from[at]! << 8) | from[at + 1]!,
    batter: from[at + 2]!,
    nonStriker: from[at + 3]!,
    bowler: from[at + 4]!,
    runsBatter: from[at + 5]!,
    wides: from[at + 6]!,
    noballs: from[at + 7]!,
    byes: from[at + 8]!,
    legbyes: from[at + 9]!,
    penalty: from[at + 10]!,
    nonBoundary: (from[at + 11]! & NON_BOUNDARY) !== 0,
  };
}

/** Number of balls in an innings' bytes. */
export function ballCount(bytes: Uint8Array): number {
  if (bytes.length % BALL_BYTES !== 0) throw new BallEncodingError(`${bytes.length} bytes is not a whole number of balls`);
  return bytes.length / BALL_BYTES;
}

/** An innings' people dictionary being built: the index of each person, added on first sight. */
export class PeopleDictionary<P> {
  readonly people: P[];
  private readonly index = new Map<P, number>();

  constructor(people: readonly P[] = []) {
    this.people = [...people];
    this.people.forEach((person, i) => this.index.set(person, i));
  }

  indexOf(person: P): number {
    let found = this.index.get(person);
    if (found === undefined) {
      found = this.people.length;
      if (found > 255) throw new BallEncodingError('more than 256 people in one innings');
      this.people.push(person);
      this.index.set(person, found);
    }
    return found;
  }
}
