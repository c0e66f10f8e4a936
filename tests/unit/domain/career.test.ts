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
      highScore: '158*',
      hundreds: 2,
      fifties: 2,
      strikeRate: 143.31, // 407 * 100 / 284 = 143.309…
      average: 101.75, // 407 / 4 dismissals
      fours: 15,
      sixes: 15,
      ducks: 1,
      notOuts: 2,
      balls: 284,
    });
  });

  it('a higher not-out score beats an equal dismissed one, whichever comes first', () => {
    expect(careerBatting([bat(80, 60, true), bat(80, 70, false)], 2).highScore).toBe('80*');
    expect(careerBatting([bat(80, 70, false), bat(80, 60, true)], 2).highScore).toBe('80*');
    expect(careerBatting([bat(81, 60, true), bat(80, 70, false)], 2).highScore).toBe('81');
  });

  it('never dismissed: no average', () => {
    const career = careerBatting([bat(12, 10, false), bat(30, 20, false)], 2);
    expect(career.average).toBeNull();
    expect(career.notOuts).toBe(2);
    expect(career.highScore).toBe('30*');
  });

  it('a retired-not-out innings counts as not out even when marked dismissed', () => {
    const career = careerBatting([bat(40, 30, true, { retiredNotOut: true }), bat(10, 10, true)], 2);
    expect(career.notOuts).toBe(1);
    expect(career.average).toBe(50);
    expect(career.highScore).toBe('40*');
  });

  it('no innings at all', () => {
    expect(careerBatting([], 3)).toMatchObject({ matches: 3, innings: 0, runs: 0, highScore: '-', strikeRate: 0, average: null });
  });
});

describe('careerBowling', () => {
  it('adds up overs by balls, runs, wickets, maidens, economy, average and strike rate', () => {
    const career = careerBowling([bowl(22, 30, 2, { maidens: 1 }), bowl(23, 27, 5), bowl(24, 40, 0, { maidens: 2 })], 3);
    expect(career).toEqual({
      matches: 3,
      innings: 3,
      wickets: 7,
      bestFigures: '5/27',
      runs: 97,
      economy: 8.43, // 97 * 6 / 69 = 8.434…
      average: 13.86,
      strikeRate: 9.86,
      threeWickets: 0,
      fiveWickets: 1,
      tenWickets: 0,
      maidens: 3,
      balls: 69, // 3.4 + 3.5 + 4 overs summed by balls
    });
  });

  it('best figures: most wickets, then fewest runs', () => {
    expect(careerBowling([bowl(24, 20, 3), bowl(24, 35, 4), bowl(24, 30, 4)], 3).bestFigures).toBe('4/30');
    // No wicket, no best figures: '–' on the page, never 'Best 0/12'.
    expect(careerBowling([bowl(24, 40, 0), bowl(24, 12, 0)], 2).bestFigures).toBeNull();
    expect(careerBowling([], 1).bestFigures).toBeNull();
  });

  it('no wickets: no average or strike rate; no balls: no economy', () => {
    expect(careerBowling([bowl(12, 20, 0)], 1)).toMatchObject({ average: null, strikeRate: null, economy: 10 });
    expect(careerBowling([], 1)).toMatchObject({ economy: null, balls: 0, innings: 0 });
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
    expect(career.threeWickets).toBe(3);
    expect(career.fiveWickets).toBe(3);
    expect(career.tenWickets).toBe(1);
  });

  it('career balls are legal balls summed, whatever the length of the overs bowled', () => {
    // 27 balls bowled in five-ball sets and 45 in six-ball overs: 72 balls (presented as 12 six-ball overs).
    expect(careerBowling([bowl(27, 30, 1), bowl(45, 40, 2)], 2).balls).toBe(72);
  });

  it('from a real scorecard: the IPL 2008 opener (335982)', () => {
    const source = readMatch('335982');
    const kkrBowling = summariseInnings(realInnings(source, 1)).bowling;
    const ganguly = kkrBowling.find((b) => b.player === 'SC Ganguly')!;
    const career = careerBowling([{ matchId: 335982, ...ganguly }], 1);
    expect(career).toMatchObject({ balls: 24, wickets: ganguly.wickets, runs: ganguly.runs, bestFigures: `${ganguly.wickets}/${ganguly.runs}` });
  });
});
