import { describe, expect, it } from 'vitest';
import { ballEvents, fiveForReached, inningsOver, inQuietHours, localMinute, milestoneReached } from '../../../src/server/domain/alerts.ts';
import type { Delivery, DismissalKind, InningsInput } from '../../../src/server/domain/types.ts';

const ball = (batter: string, runs: number, more: Partial<Delivery> = {}): Delivery => ({
  over: 0,
  batter,
  nonStriker: 'ns',
  bowler: 'bw',
  runsBatter: runs,
  runsExtras: 0,
  runsTotal: runs,
  nonBoundary: false,
  extras: { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: 0 },
  wickets: [],
  ...more,
});
const out = (batter: string, kind: DismissalKind = 'bowled', bowler = 'bw') => ball(batter, 0, { bowler, wickets: [{ kind, playerOut: batter, fielders: [] }] });
const innings = (deliveries: Delivery[], battingTeam: 'a' | 'b' = 'a'): InningsInput => ({ battingTeam, superOver: false, deliveries, penaltyRunsPre: 0, penaltyRunsPost: 0, ballsPerOver: 6 });
const open = { wicketsInHand: 10, oversLimit: 20, target: null };

describe('milestones', () => {
  it('a fifty when the runs pass 50, a hundred at each hundred, never 150', () => {
    expect(milestoneReached(45, 51)).toBe(50);
    expect(milestoneReached(49, 50)).toBe(50);
    expect(milestoneReached(50, 54)).toBeNull();
    expect(milestoneReached(98, 104)).toBe(100);
    expect(milestoneReached(146, 152)).toBeNull();
    expect(milestoneReached(198, 200)).toBe(200);
    expect(milestoneReached(0, 6)).toBeNull();
  });
  it('a five-for on the fifth credited wicket only', () => {
    expect(fiveForReached(4, 5)).toBe(true);
    expect(fiveForReached(5, 6)).toBe(false);
    expect(fiveForReached(3, 4)).toBe(false);
  });
  it('an innings is over all out, with its overs bowled, or with its target reached', () => {
    expect(inningsOver({ runs: 100, wickets: 10, legalBalls: 50 }, open, 6)).toBe(true);
    expect(inningsOver({ runs: 100, wickets: 3, legalBalls: 120 }, open, 6)).toBe(true);
    expect(inningsOver({ runs: 100, wickets: 3, legalBalls: 119 }, open, 6)).toBe(false);
    expect(inningsOver({ runs: 101, wickets: 3, legalBalls: 60 }, { ...open, target: 101 }, 6)).toBe(true);
    expect(inningsOver({ runs: 500, wickets: 3, legalBalls: 900 }, { ...open, oversLimit: null }, 6)).toBe(false);
  });
});

describe('ballEvents', () => {
  it('the first ball starts the match; a wicket, a fifty and a five-for are on their ball', () => {
    const deliveries = [ball('x', 6), ...Array.from({ length: 7 }, () => ball('x', 6)), ball('x', 4)];
    // 8 sixes = 48, then a four: the fifty on the ninth ball.
    const events = ballEvents([innings(deliveries)], [open]);
    expect(events[0]).toMatchObject({ ordinal: 0, seq: 1, events: [{ kind: 'start' }] });
    expect(events.at(-1)).toMatchObject({ ordinal: 8, events: [{ kind: 'milestone', player: 'x', runs: 50 }] });
    expect(events).toHaveLength(2);

    const five = [out('a'), out('b', 'caught'), out('c', 'run out'), out('d', 'lbw'), out('e', 'stumped'), out('f', 'hit wicket')];
    const fiveEvents = ballEvents([innings(five)], [open]);
    const kinds = fiveEvents.map((b) => b.events.map((e) => e.kind));
    // The run out is no bowler's: the fifth credited wicket is the sixth ball.
    expect(kinds).toEqual([['start', 'wicket'], ['wicket'], ['wicket'], ['wicket'], ['wicket'], ['wicket', 'five_for']]);
    expect(fiveEvents[2]!.events[0]).toMatchObject({ kind: 'wicket', bowler: null, wickets: 3 });
  });

  it('retired hurt is reported but is no team wicket; all out ends the innings on the tenth', () => {
    const deliveries = [out('r', 'retired hurt'), ...Array.from({ length: 10 }, (_, i) => out(`p${i}`, 'run out'))];
    const events = ballEvents([innings(deliveries)], [open]);
    const last = events.at(-1)!;
    expect(last.events.map((e) => e.kind)).toEqual(['wicket', 'innings_end']);
    expect(last.events[1]).toMatchObject({ inningsNo: 1, wickets: 10 });
    expect(events.filter((b) => b.events.some((e) => e.kind === 'innings_end'))).toHaveLength(1);
  });

  it('an innings closed by hand is told with the next one\'s first ball; a reached target ends the chase; fromOrdinal skips what was seen', () => {
    const first = innings([ball('a', 1), ball('a', 2)]);
    const second = innings([ball('b', 2), ball('b', 2)], 'b');
    const events = ballEvents([first, second], [open, { ...open, target: 4 }]);
    expect(events.map((b) => [b.ordinal, b.events.map((e) => e.kind)])).toEqual([
      [0, ['start']],
      [2, ['innings_end']],
      [3, ['innings_end']],
    ]);
    expect(events[1]!.events[0]).toMatchObject({ inningsNo: 1, battingTeam: 'a', runs: 3, wickets: 0 });
    expect(ballEvents([first, second], [open, { ...open, target: 4 }], 3).map((b) => b.ordinal)).toEqual([3]);
    // Without its target the chase is not over yet.
    expect(ballEvents([first, second], [open, open], 3)).toEqual([]);
    // An innings over by the rules (its overs bowled) ends on its own last ball.
    const oneOver = innings(Array.from({ length: 6 }, () => ball('a', 1)));
    expect(ballEvents([oneOver, second], [{ ...open, oversLimit: 1 }, open]).map((b) => b.ordinal)).toEqual([0, 5]);
  });
});

describe('quiet hours', () => {
  it('a window within a day and one past midnight', () => {
    expect(inQuietHours(23 * 60, 22 * 60, 7 * 60)).toBe(true);
    expect(inQuietHours(6 * 60 + 59, 22 * 60, 7 * 60)).toBe(true);
    expect(inQuietHours(7 * 60, 22 * 60, 7 * 60)).toBe(false);
    expect(inQuietHours(13 * 60, 12 * 60, 14 * 60)).toBe(true);
    expect(inQuietHours(15 * 60, 12 * 60, 14 * 60)).toBe(false);
    expect(inQuietHours(15 * 60, null, null)).toBe(false);
  });
  it('the local minute in the fan\'s time zone', () => {
    const at = new Date('2026-04-01T18:00:00Z');
    expect(localMinute(at, 'Asia/Kolkata')).toBe(23 * 60 + 30);
    expect(localMinute(at, 'UTC')).toBe(18 * 60);
    expect(localMinute(at, 'Not/AZone')).toBe(18 * 60);
  });
});
