import { describe, expect, it } from 'vitest';
import { matchSituation, type SituationInnings } from '../../../src/server/domain/situation.ts';

const inn = (battingTeam: 'a' | 'b', runs: number, legalBalls = 0, target: [number, number] | null = null): SituationInnings => ({
  battingTeam,
  runs,
  legalBalls,
  targetRuns: target?.[0] ?? null,
  targetBalls: target?.[1] ?? null,
});

describe('matchSituation', () => {
  it('limited overs chase: runs needed and balls left from the revised target', () => {
    expect(matchSituation('t20', [inn('a', 180, 120), inn('b', 150, 100, [181, 120])], 120)).toEqual({
      kind: 'need',
      team: 'b',
      runs: 31,
      balls: 20,
    });
    // DLS: 16-over target overrides the 20-over limit.
    expect(matchSituation('t20', [inn('a', 180, 120), inn('b', 50, 60, [150, 96])], 120)).toEqual({
      kind: 'need',
      team: 'b',
      runs: 100,
      balls: 36,
    });
  });

  it('first innings of a limited-overs match has no situation line', () => {
    expect(matchSituation('oneday', [inn('a', 120, 150)], 300)).toBeNull();
  });

  it('Test: the first innings has no lead or trail: the other side has not batted', () => {
    expect(matchSituation('test', [inn('a', 15)], null)).toBeNull();
  });

  it('Test: second innings trails, then leads, on aggregate', () => {
    expect(matchSituation('test', [inn('a', 400), inn('b', 250)], null)).toEqual({ kind: 'trail', team: 'b', runs: 150 });
    expect(matchSituation('test', [inn('a', 400), inn('b', 450)], null)).toEqual({ kind: 'lead', team: 'b', runs: 50 });
    expect(matchSituation('test', [inn('a', 400), inn('b', 400)], null)).toEqual({ kind: 'level', team: 'b' });
  });

  it('Test: follow-on order (b bats twice in a row) counts both innings of b', () => {
    expect(matchSituation('test', [inn('a', 500), inn('b', 200), inn('b', 150)], null)).toEqual({
      kind: 'trail',
      team: 'b',
      runs: 150,
    });
  });

  it('Test fourth innings: runs needed to win', () => {
    expect(matchSituation('test', [inn('a', 300), inn('b', 250), inn('a', 200), inn('b', 100)], null)).toEqual({
      kind: 'need',
      team: 'b',
      runs: 151,
      balls: null,
    });
  });
});
