// Collapses: wickets that fell for few runs (docs/decisions/043-match-summary-and-charts.md).
// One rule, told by the Summary tab (match-story.ts) and the match report (match-report.ts), so
// a fan never reads two definitions of the same thing.

/** Wickets that fell for few runs: from `from` (the score after a wicket, or the start, 0/0) to `to`. */
export interface Collapse {
  from: { runs: number; wickets: number };
  to: { runs: number; wickets: number };
}

/** A collapse is at least this many wickets ... */
export const COLLAPSE_MIN_WICKETS = 3;
/** ... lost for at most this many runs a wicket ... */
export const COLLAPSE_RUNS_PER_WICKET = 8;
/**
 * ... and for at most the innings' own runs a wicket (its total over the wickets that fell, at
 * least one) divided by this. Without it an innings of 80 all out (8 a wicket) was one long
 * collapse from 0/0 to 80/10: a poor innings, not a collapse inside it.
 */
export const COLLAPSE_INNINGS_RATE_DIVISOR = 2;

/**
 * The collapses of an innings from the team's runs at the fall of each wicket (in order) and
 * its total. Counted from the score after the wicket before, or from the start: '60/1 to 65/4'
 * is three wickets for five runs. From each anchor the longest run that qualifies is taken, and
 * the search goes on from where it ended, so collapses do not overlap.
 */
export function collapses(falls: readonly { teamRuns: number }[], inningsRuns: number): Collapse[] {
  // Anchor k is the score after wicket k (k = 0: the start, no runs).
  const runsAt = (k: number) => (k === 0 ? 0 : falls[k - 1]!.teamRuns);
  const fallen = Math.max(1, falls.length);
  const qualifies = (k: number, m: number) => {
    const runs = runsAt(m) - runsAt(k);
    const wickets = m - k;
    // runs / wickets <= inningsRuns / fallen / divisor, multiplied out: whole numbers, so the
    // edge (exactly half the innings' rate) is not lost to rounding.
    return runs <= COLLAPSE_RUNS_PER_WICKET * wickets && runs * fallen * COLLAPSE_INNINGS_RATE_DIVISOR <= inningsRuns * wickets;
  };
  const found: Collapse[] = [];
  let k = 0;
  while (k + COLLAPSE_MIN_WICKETS <= falls.length) {
    let end = -1;
    for (let m = falls.length; m >= k + COLLAPSE_MIN_WICKETS; m -= 1) {
      if (qualifies(k, m)) {
        end = m;
        break;
      }
    }
    if (end < 0) {
      k += 1;
      continue;
    }
    found.push({ from: { runs: runsAt(k), wickets: k }, to: { runs: runsAt(end), wickets: end } });
    k = end;
  }
  return found;
}
