// The collapse rule (src/server/domain/collapses.ts, decision 043) on hand-made falls of wicket,
// at its edges, and on real innings: a low total all out is not one long collapse, while the
// quick wickets inside it are.
import { describe, expect, it } from 'vitest';
import { collapses } from '../../../src/server/domain/collapses.ts';
import { inningsStory } from '../../../src/server/domain/match-story.ts';
import { readMatch, realInnings } from './cricket-data.ts';

const falls = (...runs: number[]) => runs.map((teamRuns) => ({ teamRuns }));
const span = (fromRuns: number, fromWickets: number, toRuns: number, toWickets: number) => ({
  from: { runs: fromRuns, wickets: fromWickets },
  to: { runs: toRuns, wickets: toWickets },
});

describe('collapses', () => {
  it('counts from the score after the wicket before: 60/1 to 65/4 is three for five', () => {
    expect(collapses(falls(60, 62, 64, 65), 200)).toEqual([span(60, 1, 65, 4)]);
  });

  it('counts from the start, 0/0, for wickets that fall at once', () => {
    expect(collapses(falls(4, 9, 12, 120, 180), 220)).toEqual([span(0, 0, 12, 3)]);
  });

  it('takes the longest run of wickets from an anchor, at 8 runs a wicket at most', () => {
    // 100/2 to 132/6: four wickets for 32 runs (8 a wicket) is one; with 33 it starts a wicket
    // later. The innings' 250 over six wickets is 41.7 a wicket: its half does not bind.
    expect(collapses(falls(50, 100, 110, 120, 130, 132), 250)).toEqual([span(100, 2, 132, 6)]);
    expect(collapses(falls(50, 100, 110, 120, 130, 133), 250)).toEqual([span(110, 3, 133, 6)]);
  });

  it('refuses a whole low innings: 80 all out, a wicket every 8 runs, is not a collapse from 0/0 to 80/10', () => {
    expect(collapses(falls(8, 16, 24, 32, 40, 48, 56, 64, 72, 80), 80)).toEqual([]);
  });

  it('finds the collapse inside a low innings: 40/3 to 48/7 in 80 all out', () => {
    // 80 over ten wickets is 8 a wicket; a collapse is at most half that, 4 a wicket.
    expect(collapses(falls(15, 25, 40, 42, 44, 46, 48, 65, 72, 80), 80)).toEqual([span(40, 3, 48, 7)]);
  });

  it('allows exactly half the innings’ own runs a wicket, and not a run more', () => {
    // 120 all out: 12 a wicket, so at most 6: 60/3 to 78/6 is three for 18; three for 19 is not.
    expect(collapses(falls(20, 40, 60, 66, 72, 78, 90, 100, 110, 120), 120)).toEqual([span(60, 3, 78, 6)]);
    expect(collapses(falls(20, 40, 60, 66, 72, 79, 90, 100, 110, 120), 120)).toEqual([]);
  });

  it('measures the innings by the wickets that fell, not all ten: 90/3 is 30 a wicket', () => {
    expect(collapses(falls(4, 9, 12), 90)).toEqual([span(0, 0, 12, 3)]);
  });

  it('measures an innings in play by its score so far: 24/3 at 35/3 is not yet a collapse, at 175/9 it is', () => {
    // Mumbai's chase in the IPL 2026 final, as the live replay of the e2e tests stops it (4 overs).
    expect(collapses(falls(0, 18, 24), 35)).toEqual([]);
    expect(collapses(falls(0, 18, 24, 38, 101, 149, 152, 158, 167), 175)).toEqual([span(0, 0, 24, 3), span(149, 6, 167, 9)]);
  });

  it('needs three wickets: two quick ones are not a collapse', () => {
    expect(collapses(falls(40, 41, 90, 150), 150)).toEqual([]);
    expect(collapses([], 0)).toEqual([]);
  });

  it('does not overlap: the search goes on from where a collapse ended', () => {
    // 20/1 to 51/6 (five for 31) qualifies too, but begins inside 0/0 to 23/4.
    expect(collapses(falls(20, 21, 22, 23, 50, 51), 300)).toEqual([span(0, 0, 23, 4)]);
    // Two apart: 0/0 to 6/3 and 80/4 to 86/7.
    expect(collapses(falls(2, 4, 6, 80, 82, 84, 86), 300)).toEqual([span(0, 0, 6, 3), span(80, 4, 86, 7)]);
  });
});

describe('collapses of real innings', () => {
  // Nigeria Women 80 all out, Rwanda Women 71/9 (Kigali, 28 March 2026, Cricsheet 1528293): each
  // innings was listed as one collapse from 0/0 before the innings' own rate was a bound.
  const nigeria = readMatch('e2e/1528293');

  it('finds Nigeria’s seven wickets for 21 runs, 59/3 to 80 all out, not 0/0 to 80/10', () => {
    expect(inningsStory(realInnings(nigeria, 0)).collapses).toEqual([span(59, 3, 80, 10)]);
  });

  it('finds Rwanda’s three wickets for five runs, 58/6 to 63/9, not 0/0 to 63/9', () => {
    expect(inningsStory(realInnings(nigeria, 1)).collapses).toEqual([span(58, 6, 63, 9)]);
  });
});
