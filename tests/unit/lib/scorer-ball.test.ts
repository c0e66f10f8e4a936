// The console's ball arithmetic: Cricsheet's fields for every kind of extra and dismissal, and
// the strike after runs, boundaries, wickets and the end of an over.
import { describe, expect, it } from 'vitest';
import { ballSymbol as ballSymbolStored } from '../../../src/server/domain/commentary.ts';
import { ballFields, ballLabel, ballSymbol, bowlerBefore, creaseAfter, overAfter, overOfBalls, toggleExtra, type EnteredBall, type ExtraKind, type ListedBall } from '../../../src/lib/scorer-ball.ts';

const crease = { striker: 'bat1', nonStriker: 'bat2', bowler: 'bowl1' };
const ball = (runs: number, extras: ExtraKind[] = [], more: Partial<EnteredBall> = {}): EnteredBall => ({ runs, extras: new Set(extras), ...more });

describe('ballFields', () => {
  it('writes runs off the bat, wides, no-balls, byes, leg byes and penalties as Cricsheet does', () => {
    expect(ballFields(ball(4), crease)).toEqual({ batter: 'bat1', non_striker: 'bat2', bowler: 'bowl1', runs: { batter: 4, extras: 0, total: 4 } });
    expect(ballFields(ball(0, ['wide']), crease)).toMatchObject({ runs: { batter: 0, extras: 1, total: 1 }, extras: { wides: 1 } });
    expect(ballFields(ball(4, ['wide']), crease)).toMatchObject({ runs: { batter: 0, extras: 5, total: 5 }, extras: { wides: 5 } });
    expect(ballFields(ball(2, ['noball']), crease)).toMatchObject({ runs: { batter: 2, extras: 1, total: 3 }, extras: { noballs: 1 } });
    expect(ballFields(ball(1, ['noball', 'legbye']), crease)).toMatchObject({ runs: { batter: 0, extras: 2, total: 2 }, extras: { noballs: 1, legbyes: 1 } });
    expect(ballFields(ball(3, ['bye']), crease)).toMatchObject({ runs: { batter: 0, extras: 3, total: 3 }, extras: { byes: 3 } });
    expect(ballFields(ball(0, ['bye']), crease)).toEqual({ batter: 'bat1', non_striker: 'bat2', bowler: 'bowl1', runs: { batter: 0, extras: 0, total: 0 } });
    expect(ballFields(ball(1, [], { penalty: true }), crease)).toMatchObject({ runs: { batter: 1, extras: 5, total: 6 }, extras: { penalty: 5 } });
    expect(ballFields(ball(4, [], { nonBoundary: true }), crease).runs).toEqual({ batter: 4, extras: 0, total: 4, non_boundary: true });
  });

  it('names the dismissal, the player out and the fielders (substitutes too)', () => {
    const caught = ball(0, [], { wicket: { kind: 'caught', playerOut: 'bat1', fielders: [{ name: 'J Smith', substitute: true }] } });
    expect(ballFields(caught, crease).wickets).toEqual([{ player_out: 'bat1', kind: 'caught', fielders: [{ name: 'J Smith', substitute: true }] }]);
    const bowled = ball(0, [], { wicket: { kind: 'bowled', playerOut: 'bat1', fielders: [] } });
    expect(ballFields(bowled, crease).wickets).toEqual([{ player_out: 'bat1', kind: 'bowled' }]);
  });
});

describe('toggleExtra', () => {
  it('lets a no-ball go with byes or leg byes, and a wide only alone', () => {
    let extras = toggleExtra(new Set(), 'noball');
    extras = toggleExtra(extras, 'bye');
    expect([...extras].sort()).toEqual(['bye', 'noball']);
    extras = toggleExtra(extras, 'legbye');
    expect([...extras].sort()).toEqual(['legbye', 'noball']);
    extras = toggleExtra(extras, 'wide');
    expect([...extras]).toEqual(['wide']);
    expect([...toggleExtra(extras, 'wide')]).toEqual([]);
  });
});

describe('creaseAfter', () => {
  it('crosses on odd runs, not on a boundary, and changes ends at the end of the over', () => {
    expect(creaseAfter(ball(1), crease, 0, 6)).toEqual({ striker: 'bat2', nonStriker: 'bat1', ballsInOver: 1, overEnded: false });
    expect(creaseAfter(ball(4), crease, 2, 6)).toEqual({ striker: 'bat1', nonStriker: 'bat2', ballsInOver: 3, overEnded: false });
    expect(creaseAfter(ball(0), crease, 5, 6)).toEqual({ striker: 'bat2', nonStriker: 'bat1', ballsInOver: 0, overEnded: true });
    expect(creaseAfter(ball(1), crease, 5, 6), 'a single off the last ball keeps the striker').toMatchObject({ striker: 'bat1', overEnded: true });
  });

  it('does not count a wide or a no-ball in the over', () => {
    expect(creaseAfter(ball(0, ['wide']), crease, 5, 6)).toMatchObject({ ballsInOver: 5, overEnded: false, striker: 'bat1' });
    expect(creaseAfter(ball(1, ['noball']), crease, 5, 6)).toMatchObject({ ballsInOver: 5, overEnded: false, striker: 'bat2' });
    expect(creaseAfter(ball(1, ['bye']), crease, 3, 4)).toMatchObject({ ballsInOver: 0, overEnded: true, striker: 'bat1' });
  });

  it('leaves the place of a batter out empty, at the end they were', () => {
    const runOut = ball(1, [], { wicket: { kind: 'run out', playerOut: 'bat2', fielders: [{ key: 'f1' }] } });
    expect(creaseAfter(runOut, crease, 0, 6)).toMatchObject({ striker: null, nonStriker: 'bat1' });
    const bowled = ball(0, [], { wicket: { kind: 'bowled', playerOut: 'bat1', fielders: [] } });
    expect(creaseAfter(bowled, crease, 5, 6)).toMatchObject({ striker: 'bat2', nonStriker: null, overEnded: true });
  });
});

describe('ballSymbol', () => {
  const cases: EnteredBall[] = [
    ball(0), ball(1), ball(4), ball(6), ball(0, ['wide']), ball(2, ['wide']), ball(0, ['noball']), ball(4, ['noball']), ball(1, ['noball', 'legbye']),
    ball(1, ['legbye']), ball(2, ['legbye']), ball(1, ['bye']), ball(3, ['bye']), ball(1, [], { penalty: true }),
    ball(0, [], { wicket: { kind: 'lbw', playerOut: 'bat1', fielders: [] } }), ball(1, [], { wicket: { kind: 'run out', playerOut: 'bat2', fielders: [] } }),
    ball(0, ['wide'], { wicket: { kind: 'stumped', playerOut: 'bat1', fielders: [] } }), ball(0, [], { wicket: { kind: 'retired hurt', playerOut: 'bat1', fielders: [] } }),
  ];

  it('reads as the server writes it once the ball is stored', () => {
    for (const entered of cases) {
      const fields = ballFields(entered, crease);
      const extras = { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0, ...fields.extras };
      const stored = ballSymbolStored({ runsBatter: fields.runs.batter, extras, wickets: (fields.wickets ?? []).map((wicket) => ({ kind: wicket.kind, playerOut: wicket.player_out, fielders: [] })) });
      expect(ballSymbol(entered), JSON.stringify(fields)).toBe(stored);
    }
    expect(cases.map(ballSymbol).slice(0, 5)).toEqual(['.', '1', '4', '6', 'wd']);
  });
});

describe('the over on screen', () => {
  const listed = (over: number, symbol: string, legal = true, bowler = `bowler${over}`): ListedBall => ({
    key: `1.${over}.${symbol}`,
    over,
    ball: 1,
    symbol,
    legal,
    striker: 'bat1',
    non_striker: 'bat2',
    bowler,
  });
  const firstOver = ['1', '.', 'wd', '4', '.', '2', '.'].map((symbol) => listed(0, symbol, symbol !== 'wd'));

  it("is the server's latest over, finished once its last legal ball is bowled", () => {
    expect(overOfBalls([], 0)).toEqual({ index: 0, symbols: [], done: false });
    expect(overOfBalls(firstOver.slice(0, 3), 2)).toEqual({ index: 0, symbols: ['1', '.', 'wd'], done: false });
    expect(overOfBalls(firstOver, 0)).toEqual({ index: 0, symbols: ['1', '.', 'wd', '4', '.', '2', '.'], done: true });
    // A wide to start an over: the over has begun, no legal ball is counted yet.
    expect(overOfBalls([...firstOver, listed(1, 'wd', false)], 0)).toEqual({ index: 1, symbols: ['wd'], done: false });
  });

  it('moves on to the next over with the first ball after a finished one', () => {
    const finished = overOfBalls(firstOver, 0);
    expect(overAfter(finished, '1', false)).toEqual({ index: 1, symbols: ['1'], done: false });
    expect(overAfter({ index: 1, symbols: ['1', '.', '.', '.', '.'], done: false }, '4', true)).toEqual({ index: 1, symbols: ['1', '.', '.', '.', '.', '4'], done: true });
  });

  it('knows who bowled the over before, who may not bowl the next', () => {
    const balls = [...firstOver, listed(1, '1', true, 'other')];
    expect(bowlerBefore(balls, 1)).toBe('bowler0');
    expect(bowlerBefore(balls, 0)).toBeNull();
    expect(ballLabel({ over: 3, ball: 2 })).toBe('3.2');
  });
});
