// The console's ball arithmetic: Cricsheet's fields for every kind of extra and dismissal, and
// the strike after runs, boundaries, wickets and the end of an over.
import { describe, expect, it } from 'vitest';
import { ballFields, ballSymbol, creaseAfter, toggleExtra, type EnteredBall, type ExtraKind } from '../../../src/lib/scorer-ball.ts';

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
  it('reads as a scoreboard does', () => {
    expect(ballSymbol(ball(0))).toBe('0');
    expect(ballSymbol(ball(0, ['wide']))).toBe('wd');
    expect(ballSymbol(ball(2, ['wide']))).toBe('3wd');
    expect(ballSymbol(ball(4, ['noball']))).toBe('4nb');
    expect(ballSymbol(ball(1, ['noball', 'legbye']))).toBe('1nblb');
    expect(ballSymbol(ball(2, ['legbye']))).toBe('2lb');
    expect(ballSymbol(ball(0, [], { wicket: { kind: 'lbw', playerOut: 'bat1', fielders: [] } }))).toBe('W');
    expect(ballSymbol(ball(0, [], { wicket: { kind: 'retired hurt', playerOut: 'bat1', fielders: [] } }))).toBe('0');
  });
});
