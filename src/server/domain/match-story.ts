// The story of an innings told from its deliveries: runs and wickets over by over (the worm,
// the Manhattan, run rate and required rate), the milestones as they came (fifties, hundreds,
// five-wicket hauls, hat-tricks) and the collapses (the rule is in collapses.ts). One fold of
// the same rules as the scorecard (InningsTally), so a chart never disagrees with the card
// beside it.
import { collapses, type Collapse } from './collapses.ts';
import { RATE_BALLS } from './overs.ts';
import { InningsTally, isCreditedToBowler } from './scorecard.ts';
import type { BallPosition, Delivery, FallOfWicket, InningsInput, PlayerId } from './types.ts';

/** One over of an innings as it ended. */
export interface OverPoint {
  /** 1-based over number. */
  over: number;
  /** Every run of the over, extras included. */
  runs: number;
  /** Team wickets that fell in it. */
  wickets: number;
  /** Team runs and wickets after it. */
  total: number;
  totalWickets: number;
  /** Legal balls bowled in the innings after it. */
  legalBalls: number;
}

export type MilestoneKind = 'batting' | 'bowling' | 'hat-trick';

/** A landmark reached during the innings, on the ball it came up. */
export interface Milestone {
  kind: MilestoneKind;
  player: PlayerId;
  /** Runs reached (50, 100, 150...) or wickets (4 in limited overs, 5, 10); 3 for a hat-trick. */
  value: number;
  /** Balls the batter had faced, or legal balls the bowler had bowled, when it came up. */
  balls: number;
  position: BallPosition;
}

export interface InningsStory {
  overs: OverPoint[];
  falls: FallOfWicket[];
  milestones: Milestone[];
  collapses: Collapse[];
}

/** Batting milestones: every fifty (50, 100, 150, 200...). */
export const BATTING_MILESTONE_STEP = 50;

/**
 * Bowling milestones: five wickets in an innings everywhere, and four in an innings of at most
 * 20 overs, where four is as rare (T20 record books count both).
 */
export function bowlingMilestones(oversLimit: number | null): number[] {
  return oversLimit !== null && oversLimit <= 20 ? [4, 5, 10] : [5, 10];
}

/** The over-by-over series, milestones and collapses of one innings. */
export function inningsStory(input: InningsInput, options: { oversLimit?: number | null } = {}): InningsStory {
  const tally = InningsTally.start(input);
  const overs: OverPoint[] = [];
  const milestones: Milestone[] = [];
  const bowlingSteps = bowlingMilestones(options.oversLimit ?? null);
  const hatTricks = new HatTrickWatch();
  let current: OverPoint | null = null;
  let runsBefore = input.penaltyRunsPre;
  let wicketsBefore = 0;
  let legalBalls = 0;

  for (const delivery of input.deliveries) {
    if (current !== null && current.over !== delivery.over + 1) {
      overs.push(current);
      current = null;
    }
    const batterBefore = tally.battingEntry(delivery.batter)?.runs ?? 0;
    const bowlerBefore = tally.bowlingEntry(delivery.bowler)?.wickets ?? 0;
    const facts = tally.add(delivery);
    current ??= { over: delivery.over + 1, runs: 0, wickets: 0, total: runsBefore, totalWickets: wicketsBefore, legalBalls };
    current.runs += facts.runs - runsBefore;
    current.wickets += facts.wickets - wicketsBefore;
    current.total = facts.runs;
    current.totalWickets = facts.wickets;
    if (facts.legal) legalBalls += 1;
    current.legalBalls = legalBalls;
    runsBefore = facts.runs;
    wicketsBefore = facts.wickets;

    const batter = tally.battingEntry(delivery.batter)!;
    for (let step = nextMultiple(batterBefore); step <= batter.runs; step += BATTING_MILESTONE_STEP) {
      milestones.push({ kind: 'batting', player: delivery.batter, value: step, balls: batter.balls, position: facts.position });
    }
    const bowler = tally.bowlingEntry(delivery.bowler)!;
    for (const step of bowlingSteps) {
      if (bowlerBefore < step && bowler.wickets >= step) {
        milestones.push({ kind: 'bowling', player: delivery.bowler, value: step, balls: bowler.legalBalls, position: facts.position });
      }
    }
    if (hatTricks.add(delivery)) {
      milestones.push({ kind: 'hat-trick', player: delivery.bowler, value: 3, balls: bowler.legalBalls, position: facts.position });
    }
  }
  if (current !== null) overs.push(current);
  // The innings total, as the scorecard gives it (penalty runs awarded after it included).
  const { fallOfWickets: falls, runs } = tally.summary(input.penaltyRunsPost);
  return { overs, falls, milestones, collapses: collapses(falls, runs) };
}

function nextMultiple(runs: number): number {
  return (Math.floor(runs / BATTING_MILESTONE_STEP) + 1) * BATTING_MILESTONE_STEP;
}

/**
 * Three wickets credited to one bowler with his consecutive deliveries. A wide or no-ball in
 * between that takes no wicket does not break the run (it is not one of his balls that counts);
 * any other ball of his does, and other bowlers' overs in between do not.
 */
class HatTrickWatch {
  private readonly run = new Map<PlayerId, number>();

  /** True when this delivery completes a hat-trick (a fourth in a row is a new one only at six). */
  add(delivery: Delivery): boolean {
    const credited = delivery.wickets.some((wicket) => isCreditedToBowler(wicket.kind));
    const legal = delivery.extras.wides === 0 && delivery.extras.noballs === 0;
    if (!credited) {
      if (legal) this.run.set(delivery.bowler, 0);
      return false;
    }
    const run = (this.run.get(delivery.bowler) ?? 0) + 1;
    this.run.set(delivery.bowler, run);
    return run % 3 === 0;
  }
}

/** Runs per six balls after each over, and for a chase the rate still required (null once won or with no balls left). */
export interface RatePoint {
  over: number;
  runRate: number;
  requiredRate: number | null;
}

export function rateSeries(overs: readonly OverPoint[], target: { runs: number; balls: number } | null): RatePoint[] {
  return overs.map((point) => {
    const runRate = point.legalBalls === 0 ? 0 : (point.total * RATE_BALLS) / point.legalBalls;
    let requiredRate: number | null = null;
    if (target) {
      const need = target.runs - point.total;
      const left = target.balls - point.legalBalls;
      requiredRate = need > 0 && left > 0 ? (need * RATE_BALLS) / left : null;
    }
    return { over: point.over, runRate, requiredRate };
  });
}

/** Runs in blocks of `size` overs (a Test's long innings drawn in readable bars): block n covers overs (n-1)·size+1 to n·size. */
export function oversInBlocks(overs: readonly OverPoint[], size: number): OverPoint[] {
  if (size <= 1) return [...overs];
  const blocks = new Map<number, OverPoint>();
  for (const point of overs) {
    const block = Math.ceil(point.over / size);
    const entry = blocks.get(block);
    if (entry) {
      entry.runs += point.runs;
      entry.wickets += point.wickets;
      entry.total = point.total;
      entry.totalWickets = point.totalWickets;
      entry.legalBalls = point.legalBalls;
    } else blocks.set(block, { ...point, over: block });
  }
  return [...blocks.values()];
}

/** The best few by a comparison, the order of equals kept (stable sort). */
export function best<T>(items: readonly T[], count: number, compare: (x: T, y: T) => number): T[] {
  return [...items].sort(compare).slice(0, count);
}

/** Batters by runs, then fewer balls. */
export function byBatting(x: { runs: number; balls: number }, y: { runs: number; balls: number }): number {
  return y.runs - x.runs || x.balls - y.balls;
}

/** Bowlers by wickets, then fewer runs, then more balls. */
export function byBowling(
  x: { wickets: number; runs: number; calledBalls: number },
  y: { wickets: number; runs: number; calledBalls: number },
): number {
  return y.wickets - x.wickets || x.runs - y.runs || y.calledBalls - x.calledBalls;
}
