import { describe, expect, it } from 'vitest';
import { careerBatting, careerBowling, type BattingInnings, type BowlingInnings } from '../../../src/server/domain/career.ts';
import { summariseInnings } from '../../../src/server/domain/scorecard.ts';
import { readMatch, realInnings } from './cricket-data.ts';

let nextMatch = 1;
const bat = (runs: number, balls: number, dismissed: boolean, fields: Partial<BattingInnings> = {}): BattingInnings => ({
  matchId: nextMatch++,
  runs,
  balls,
  fours: 0,
  sixes: 0,
  dismissed,
  ...fields,
});
const bowl = (legalBalls: number, runs: number, wickets: number, fields: Partial<BowlingInnings> = {}): BowlingInnings => ({
  matchId: nextMatch++,
  legalBalls,
  runs,
  wickets,
  maidens: 0,
  ...fields,
});

describe('careerBatting', () => {
  it('adds up innings, runs, balls, boundaries, not outs, fifties, hundreds and ducks', () => {
    const career = careerBatting(
      [
        bat(158, 73, false, { fours: 10, sixes: 13 }),
        bat(0, 1, true),
        bat(0, 0, false), // not out without scoring: not a duck
        bat(50, 40, true, { fours: 5 }),
        bat(99, 80, true, { sixes: 2 }),
        bat(100, 90, true),
      ],
      8,
    );
    expect(career).toEqual({
      matches: 8,
      innings: 6,
      runs: 407,
      high_score: '158*',
      hundreds: 2,
      fifties: 2,
      strike_rate: 143.31, // 407 * 100 / 284 = 143.309…
      average: 101.75, // 407 / 4 dismissals
      fours: 15,
      sixes: 15,
      ducks: 1,
      not_outs: 2,
      balls: 284,
    });
  });

  it('a higher not-out score beats an equal dismissed one, whichever comes first', () => {
    expect(careerBatting([bat(80, 60, true), bat(80, 70, false)], 2).high_score).toBe('80*');
    expect(careerBatting([bat(80, 70, false), bat(80, 60, true)], 2).high_score).toBe('80*');
    expect(careerBatting([bat(81, 60, true), bat(80, 70, false)], 2).high_score).toBe('81');
  });

  it('never dismissed: no average', () => {
    const career = careerBatting([bat(12, 10, false), bat(30, 20, false)], 2);
    expect(career.average).toBeNull();
    expect(career.not_outs).toBe(2);
    expect(career.high_score).toBe('30*');
  });

  it('a retired-not-out innings counts as not out even when marked dismissed', () => {
    const career = careerBatting([bat(40, 30, true, { retiredNotOut: true }), bat(10, 10, true)], 2);
    expect(career.not_outs).toBe(1);
    expect(career.average).toBe(50);
    expect(career.high_score).toBe('40*');
  });

  it('no innings at all', () => {
    expect(careerBatting([], 3)).toMatchObject({ matches: 3, innings: 0, runs: 0, high_score: '-', strike_rate: 0, average: null });
  });
});

describe('careerBowling', () => {
  it('adds up overs by balls, runs, wickets, maidens, economy, average and strike rate', () => {
    const career = careerBowling([bowl(22, 30, 2, { maidens: 1 }), bowl(23, 27, 5), bowl(24, 40, 0, { maidens: 2 })], 3);
    expect(career).toEqual({
      matches: 3,
      innings: 3,
      wickets: 7,
      best_str: '5/27',
      overs: '11.3', // 69 balls: 3.4 + 3.5 + 4 overs summed by balls
      runs: 97,
      economy: 8.43, // 97 * 6 / 69 = 8.434…
      average: 13.86,
      strike_rate: 9.86,
      three_wickets: 0,
      five_wickets: 1,
      ten_wickets: 0,
      maidens: 3,
      balls: 69,
    });
  });

  it('best figures: most wickets, then fewest runs', () => {
    expect(careerBowling([bowl(24, 20, 3), bowl(24, 35, 4), bowl(24, 30, 4)], 3).best_str).toBe('4/30');
    expect(careerBowling([bowl(24, 40, 0), bowl(24, 12, 0)], 2).best_str).toBe('0/12');
    expect(careerBowling([], 1).best_str).toBeNull();
  });

  it('no wickets: no average or strike rate; no balls: no economy', () => {
    expect(careerBowling([bowl(12, 20, 0)], 1)).toMatchObject({ average: null, strike_rate: null, economy: 10 });
    expect(careerBowling([], 1)).toMatchObject({ overs: '0', economy: null, balls: 0, innings: 0 });
  });

  it('hauls: three-fors and five-fors per innings, ten in a match across its innings', () => {
    const career = careerBowling(
      [
        bowl(60, 50, 3),
        bowl(60, 50, 4),
        bowl(60, 50, 5),
        bowl(60, 50, 6, { matchId: 100 }),
        bowl(60, 50, 4, { matchId: 100 }),
        bowl(60, 50, 9, { matchId: 101 }),
      ],
      4,
    );
    expect(career.three_wickets).toBe(3);
    expect(career.five_wickets).toBe(3);
    expect(career.ten_wickets).toBe(1);
  });

  it('career overs are legal balls as six-ball overs, whatever the length of the overs bowled', () => {
    // SM Curran's T20 balls include The Hundred's five-ball sets: 3,089 balls are 514.5 six-ball overs.
    expect(careerBowling([bowl(3000, 4000, 100), bowl(89, 100, 2)], 2).overs).toBe('514.5');
    // 27 balls bowled in five-ball sets and 45 in six-ball overs: 72 balls, 12 overs.
    expect(careerBowling([bowl(27, 30, 1), bowl(45, 40, 2)], 2).overs).toBe('12');
  });

  it('from a real scorecard: the IPL 2008 opener (335982)', () => {
    const source = readMatch('335982');
    const kkrBowling = summariseInnings(realInnings(source, 1)).bowling;
    const ganguly = kkrBowling.find((b) => b.player === 'SC Ganguly')!;
    const career = careerBowling([{ matchId: 335982, ...ganguly }], 1);
    expect(career).toMatchObject({ overs: '4', wickets: ganguly.wickets, runs: ganguly.runs, best_str: `${ganguly.wickets}/${ganguly.runs}` });
  });
});
