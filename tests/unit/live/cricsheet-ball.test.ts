// A live ball as apps send it: what the schema refuses, the digest that tells a resend from
// another ball, and the domain delivery it becomes.
import { describe, expect, it } from 'vitest';
import { ballDigest, cricsheetBall, deliveryOf, type CricsheetBall } from '../../../src/server/live/cricsheet-ball.ts';

const ball: CricsheetBall = {
  batter: 'aaaa0001',
  non_striker: 'aaaa0002',
  bowler: 'bbbb0001',
  runs: { batter: 0, extras: 1, total: 1 },
  extras: { noballs: 1 },
  wickets: [{ player_out: 'aaaa0002', kind: 'run out', fielders: [{ key: 'bbbb0002' }, { name: 'Sub Fielder', substitute: true }] }],
};

describe('cricsheetBall', () => {
  it('accepts a well-formed ball and refuses runs that do not add up, unknown fields and unknown dismissals', () => {
    expect(cricsheetBall.safeParse(ball).success).toBe(true);
    expect(cricsheetBall.safeParse({ ...ball, runs: { batter: 1, extras: 1, total: 1 } }).success).toBe(false);
    expect(cricsheetBall.safeParse({ ...ball, extras: { wides: 1, noballs: 1 } }).success).toBe(false);
    expect(cricsheetBall.safeParse({ ...ball, colour: 'red' }).success).toBe(false);
    expect(cricsheetBall.safeParse({ ...ball, wickets: [{ player_out: 'aaaa0002', kind: 'vanished' }] }).success).toBe(false);
    expect(cricsheetBall.safeParse({ ...ball, non_striker: ball.batter }).success).toBe(false);
    expect(cricsheetBall.safeParse({ ...ball, batter: 'x'.repeat(300) }).success).toBe(false);
  });

  it('gives the same digest to the same ball whatever its key order, and another to another ball', () => {
    const reordered = JSON.parse(JSON.stringify({ runs: ball.runs, wickets: ball.wickets, extras: ball.extras, bowler: ball.bowler, non_striker: ball.non_striker, batter: ball.batter }));
    expect(ballDigest(cricsheetBall.parse(reordered)).equals(ballDigest(cricsheetBall.parse(ball)))).toBe(true);
    expect(ballDigest({ ...ball, runs: { batter: 1, extras: 1, total: 2 } }).equals(ballDigest(ball))).toBe(false);
  });

  it('becomes a delivery with people ids, fielders by key named, unnamed fields zero', () => {
    const people: Record<string, { id: string; name: string }> = {
      aaaa0001: { id: '1', name: 'A One' },
      aaaa0002: { id: '2', name: 'A Two' },
      bbbb0001: { id: '11', name: 'B One' },
      bbbb0002: { id: '12', name: 'B Two' },
    };
    const delivery = deliveryOf(ball, 3, (key) => people[key]!);
    expect(delivery).toEqual({
      over: 3,
      batter: '1',
      nonStriker: '2',
      bowler: '11',
      runsBatter: 0,
      runsExtras: 1,
      runsTotal: 1,
      nonBoundary: false,
      extras: { wides: 0, noballs: 1, byes: 0, legbyes: 0, penalty: 0 },
      wickets: [
        {
          kind: 'run out',
          playerOut: '2',
          fielders: [
            { id: '12', name: 'B Two', substitute: false },
            { id: null, name: 'Sub Fielder', substitute: true },
          ],
        },
      ],
    });
  });
});
