// Fantasy points rules as data: versioned tables of a widely played fantasy game (Dream11), one
// per broad format (T20, one-day, Test). Source, versions and every reading of an ambiguous line
// are in docs/decisions/038-fantasy-points.md. A new version of the game's rules is a new entry
// here; FANTASY_RULES_VERSION names the one the site stores and shows. Changing a table changes
// stored figures: bump RULES_VERSION (rules-version.ts) with it.
import type { BroadFormat } from './format-type.ts';

/**
 * A band of a rate and its points. Bounds are inclusive (`from`, `to`) or strict (`above`,
 * `below`); a band without a bound is open on that side. The first band that holds wins.
 */
export interface RateBand {
  points: number;
  above?: number;
  from?: number;
  below?: number;
  to?: number;
}

export interface RateRule {
  /** Legal balls (faced, or bowled as the overs were called) before the rate counts. */
  minBalls: number;
  bands: RateBand[];
}

/** One step of a ladder of bonuses: only the highest reached counts (a century takes only the century bonus). */
export interface LadderStep {
  at: number;
  points: number;
}

export interface FantasyTable {
  /** In the match's playing XI (the players Cricsheet lists for the side). */
  playingXI: number;
  run: number;
  /** Bonus for each four. */
  four: number;
  /** Bonus for each six. */
  six: number;
  /** Batting milestones in an innings (30, 50, 100 runs): the highest reached only. */
  milestones: LadderStep[];
  /** Out for nought (not for bowlers, see fantasy.ts). */
  duck: number;
  /** Each wicket credited to the bowler (not run out). */
  wicket: number;
  /** Bonus for each batter bowled or lbw. */
  bowledOrLbw: number;
  /** Wickets in an innings (3, 4, 5): the highest reached only. */
  hauls: LadderStep[];
  maiden: number;
  /** Each catch, caught and bowled included (the bowler takes it). */
  catch: number;
  /** Once, for this many catches or more in the match. */
  catchBonus: LadderStep | null;
  stumping: number;
  /** A run out with one fielder named: a direct hit, as far as Cricsheet can tell. */
  runOutDirect: number;
  /** A run out with two or more fielders named: the last two (the thrower and who broke the wicket). */
  runOutThrower: number;
  runOutCatcher: number;
  /** Runs conceded per six balls; null where the table has none (Tests). */
  economy: RateRule | null;
  /** Runs per hundred balls faced, bowlers exempt; null where the table has none. */
  strikeRate: RateRule | null;
}

export interface FantasyRules {
  /** Stored with every row: 'dream11-2023'. */
  id: string;
  /** Year the game published the version. */
  published: number;
  tables: Record<BroadFormat, FantasyTable>;
}

const CURRENT_FIELDING = { catch: 8, stumping: 12, runOutDirect: 12, runOutThrower: 6, runOutCatcher: 6 };
const CURRENT_BATTING = { playingXI: 4, run: 1, four: 1, six: 2 };

/**
 * The tables Dream11 published in 2023 (the T20 table is the one issue 12 quotes), checked line by
 * line against copies of its page; the newer tables (dot balls, 25-run steps) are not recorded.
 */
const DREAM11_2023: FantasyRules = {
  id: 'dream11-2023',
  published: 2023,
  tables: {
    t20: {
      ...CURRENT_BATTING,
      ...CURRENT_FIELDING,
      milestones: [{ at: 30, points: 4 }, { at: 50, points: 8 }, { at: 100, points: 16 }],
      duck: -2,
      wicket: 25,
      bowledOrLbw: 8,
      hauls: [{ at: 3, points: 4 }, { at: 4, points: 8 }, { at: 5, points: 16 }],
      maiden: 12,
      catchBonus: { at: 3, points: 4 },
      economy: {
        minBalls: 12,
        bands: [
          { below: 5, points: 6 },
          { from: 5, below: 6, points: 4 },
          { from: 6, to: 7, points: 2 },
          { from: 10, to: 11, points: -2 },
          { above: 11, to: 12, points: -4 },
          { above: 12, points: -6 },
        ],
      },
      strikeRate: {
        minBalls: 10,
        bands: [
          { above: 170, points: 6 },
          { above: 150, to: 170, points: 4 },
          { from: 130, to: 150, points: 2 },
          { from: 60, to: 70, points: -2 },
          { from: 50, below: 60, points: -4 },
          { below: 50, points: -6 },
        ],
      },
    },
    oneday: {
      ...CURRENT_BATTING,
      ...CURRENT_FIELDING,
      milestones: [{ at: 50, points: 4 }, { at: 100, points: 8 }],
      duck: -3,
      wicket: 25,
      bowledOrLbw: 8,
      hauls: [{ at: 4, points: 4 }, { at: 5, points: 8 }],
      maiden: 4,
      catchBonus: { at: 3, points: 4 },
      economy: {
        minBalls: 30,
        bands: [
          { below: 2.5, points: 6 },
          { from: 2.5, below: 3.5, points: 4 },
          { from: 3.5, to: 4.5, points: 2 },
          { from: 7, to: 8, points: -2 },
          { above: 8, to: 9, points: -4 },
          { above: 9, points: -6 },
        ],
      },
      strikeRate: {
        minBalls: 20,
        bands: [
          { above: 140, points: 6 },
          { above: 120, to: 140, points: 4 },
          { from: 100, to: 120, points: 2 },
          { from: 40, to: 50, points: -2 },
          { from: 30, below: 40, points: -4 },
          { below: 30, points: -6 },
        ],
      },
    },
    test: {
      ...CURRENT_BATTING,
      ...CURRENT_FIELDING,
      milestones: [{ at: 50, points: 4 }, { at: 100, points: 8 }],
      duck: -4,
      wicket: 16,
      bowledOrLbw: 8,
      hauls: [{ at: 4, points: 4 }, { at: 5, points: 8 }],
      maiden: 0,
      catchBonus: null,
      economy: null,
      strikeRate: null,
    },
  },
};

const OLD_FIELDING = { playingXI: 2, run: 0.5, four: 0.5, six: 1, catch: 4, stumping: 6, runOutDirect: 6, runOutThrower: 4, runOutCatcher: 2 };

/** The 2017 tables: half a point a run, 10 a wicket in a T20. */
const DREAM11_2017: FantasyRules = {
  id: 'dream11-2017',
  published: 2017,
  tables: {
    t20: {
      ...OLD_FIELDING,
      milestones: [{ at: 50, points: 4 }, { at: 100, points: 8 }],
      duck: -2,
      wicket: 10,
      bowledOrLbw: 0,
      hauls: [{ at: 4, points: 4 }, { at: 5, points: 8 }],
      maiden: 4,
      catchBonus: null,
      economy: {
        minBalls: 12,
        bands: [
          { below: 4, points: 3 },
          { from: 4, below: 5, points: 2 },
          { from: 5, to: 6, points: 1 },
          { from: 9, to: 10, points: -1 },
          { above: 10, to: 11, points: -2 },
          { above: 11, points: -3 },
        ],
      },
      strikeRate: {
        minBalls: 10,
        bands: [
          { from: 60, to: 70, points: -1 },
          { from: 50, below: 60, points: -2 },
          { below: 50, points: -3 },
        ],
      },
    },
    oneday: {
      ...OLD_FIELDING,
      milestones: [{ at: 50, points: 2 }, { at: 100, points: 4 }],
      duck: -3,
      wicket: 12,
      bowledOrLbw: 0,
      hauls: [{ at: 4, points: 2 }, { at: 5, points: 4 }],
      maiden: 2,
      catchBonus: null,
      economy: {
        minBalls: 30,
        bands: [
          { below: 2.5, points: 3 },
          { from: 2.5, below: 3.5, points: 2 },
          { from: 3.5, to: 4.5, points: 1 },
          { from: 7, to: 8, points: -1 },
          { above: 8, to: 9, points: -2 },
          { above: 9, points: -3 },
        ],
      },
      strikeRate: {
        minBalls: 20,
        bands: [
          { from: 50, to: 60, points: -1 },
          { from: 40, below: 50, points: -2 },
          { below: 40, points: -3 },
        ],
      },
    },
    test: {
      ...OLD_FIELDING,
      milestones: [{ at: 50, points: 2 }, { at: 100, points: 4 }],
      duck: -4,
      wicket: 8,
      bowledOrLbw: 0,
      hauls: [{ at: 4, points: 2 }, { at: 5, points: 4 }],
      maiden: 0,
      catchBonus: null,
      economy: null,
      strikeRate: null,
    },
  },
};

export const FANTASY_RULES: Record<string, FantasyRules> = {
  [DREAM11_2023.id]: DREAM11_2023,
  [DREAM11_2017.id]: DREAM11_2017,
};

/** The version the site stores and shows. */
export const FANTASY_RULES_VERSION = DREAM11_2023.id;

/** The points of the first band holding `rate`; 0 when none does. */
export function bandPoints(rate: number, bands: readonly RateBand[]): number {
  const band = bands.find(
    (b) =>
      (b.above === undefined || rate > b.above) &&
      (b.from === undefined || rate >= b.from) &&
      (b.below === undefined || rate < b.below) &&
      (b.to === undefined || rate <= b.to),
  );
  return band?.points ?? 0;
}

/** The highest step reached by `value`, or null. */
export function ladderStep(value: number, ladder: readonly LadderStep[]): LadderStep | null {
  let reached: LadderStep | null = null;
  for (const step of ladder) if (value >= step.at && (reached === null || step.at > reached.at)) reached = step;
  return reached;
}
