// The scorecard of one innings, kept ball by ball: totals, batting and bowling figures, fall of
// wickets and partnerships. One fold (InningsTally) serves every source: an imported innings is
// folded whole, a live innings one ball at a time from its saved state, and commentary reads the
// same figures after each ball, so the scorecard and the commentary cannot disagree.
import { fallOfWicketOvers, isLegalDelivery } from './overs.ts';
import type {
  BallPosition,
  BattingEntry,
  BowlingEntry,
  Delivery,
  DismissalKind,
  Extras,
  FallOfWicket,
  InningsInput,
  InningsSummary,
  Partnership,
  PlayerId,
} from './types.ts';

const NOT_TEAM_WICKETS: ReadonlySet<DismissalKind> = new Set(['retired hurt', 'retired not out']);

const CREDITED_TO_BOWLER: ReadonlySet<DismissalKind> = new Set([
  'bowled',
  'caught',
  'caught and bowled',
  'lbw',
  'stumped',
  'hit wicket',
]);

/** Every dismissal is a team wicket except a retirement the batter may come back from. */
export function isTeamWicket(kind: DismissalKind): boolean {
  return !NOT_TEAM_WICKETS.has(kind);
}

/** The dismissals that go into the bowler's wickets column. */
export function isCreditedToBowler(kind: DismissalKind): boolean {
  return CREDITED_TO_BOWLER.has(kind);
}

/** Runs charged to the bowler: off the bat, wides and no-balls; never byes, leg byes or penalties. */
export function bowlerRuns(delivery: Delivery): number {
  return delivery.runsBatter + delivery.extras.wides + delivery.extras.noballs;
}

/** A four or six off the bat; runs all run when the ball crossed the rope are not a boundary. */
export function isBoundary(delivery: Delivery, runs: 4 | 6): boolean {
  return delivery.runsBatter === runs && !delivery.nonBoundary;
}

/** Extras of a delivery added up (Cricsheet's runs.extras). */
export function extrasTotal(extras: Extras): number {
  return extras.wides + extras.noballs + extras.byes + extras.legbyes + extras.penalty;
}

/** Ten wickets, less batters absent hurt: the side has no pair left to bat. */
export function isAllOut(wickets: number, absentBatters = 0): boolean {
  return wickets >= 10 - absentBatters;
}

/** The over being bowled: what it takes to decide its maiden and how it counts in the overs. */
interface OverInProgress {
  /** Cricsheet's over index (0 for the first over). */
  index: number;
  legalBalls: number;
  /** Legal balls by each bowler who bowled in it (two when one was injured mid-over). */
  ballsBy: Record<PlayerId, number>;
  /** Runs charged to the bowler(s) in the over. */
  charged: number;
  /** The umpire called the over: the next over began, or the source says it ended short. */
  called: boolean;
}

/** Everything the tally needs to go on: plain data, so an innings in progress can be saved and resumed. */
export interface InningsTallyState {
  ballsPerOver: number;
  /** Over indexes the source says the umpires ended short (Cricsheet `miscounted_overs`). */
  calledOvers: number[];
  runs: number;
  legalBalls: number;
  /** Balls of the overs already over, as called: a complete over counts as ballsPerOver balls. */
  closedOverBalls: number;
  extras: Extras;
  batting: BattingEntry[];
  bowling: BowlingEntry[];
  /** Per bowler, balls as called and maidens of the overs already over. */
  closedBowling: Record<PlayerId, { calledBalls: number; maidens: number }>;
  fallOfWickets: FallOfWicket[];
  partnerships: Partnership[];
  over: OverInProgress | null;
}

/** What a delivery did, with the figures as they stand after it (commentary and live views read these). */
export interface BallFacts {
  position: BallPosition;
  legal: boolean;
  /** Team runs and wickets after the ball. */
  runs: number;
  wickets: number;
  /** Innings overs as called after the ball, in legal balls. */
  calledBalls: number;
  /** Falls of wicket on this ball (retirements that are not team wickets are not among them). */
  falls: FallOfWicket[];
}

function emptyBatting(player: PlayerId): BattingEntry {
  return { player, runs: 0, balls: 0, fours: 0, sixes: 0, dismissal: null };
}

function emptyBowling(player: PlayerId): BowlingEntry {
  return {
    player,
    legalBalls: 0,
    calledBalls: 0,
    maidens: 0,
    runs: 0,
    wickets: 0,
    wides: 0,
    noballs: 0,
    dots: 0,
    fours: 0,
    sixes: 0,
  };
}

/**
 * Folds the deliveries of one innings into its scorecard.
 *
 * - runs: every delivery's runs plus penalty runs awarded before the first ball; fall-of-wicket
 *   scores include those, as the scoreboard did at the time (penalties after the last ball are
 *   added by summary()).
 * - Overs as called (Law 17.5): an over the umpire ended short (a miscounted five-ball over) or
 *   long (seven legal balls) counts as one full over, in the innings total, the bowler's figures
 *   and net run rate alike; balls faced and partnership balls stay the legal balls really bowled.
 *   An over is over when it holds ballsPerOver legal balls, when the next over begins, when the
 *   source lists it as ended short, or when closeOver() says so (a scorer's "end of over").
 * - A maiden is one bowler's complete over with no run charged to him (byes and leg byes allowed; a
 *   wide or no-ball always carries a charged run). An over shared by two bowlers is a maiden for
 *   neither, and counts each bowler's legal balls rather than a full over.
 * - Ball numbers: a delivery is numbered by the legal balls bowled in its over before it, plus one,
 *   so after `. . 4 . 2wd` the next legal ball is the fifth (x.5), and so is the wide.
 * - Bowling: wides and noballs count deliveries (a wide that ran away for 5 is one wide; its 5 runs
 *   are in the bowler's runs). A dot is a legal ball with no run charged to the bowler.
 * - Partnerships: a stand lasts while the same pair is at the crease. It ends with a wicket or a
 *   retirement, and also when the pair changes with no dismissal recorded. A stand that began
 *   without a new team wicket keeps the previous stand's wicket number. Stands add up to the
 *   innings runs minus the penalty runs outside deliveries.
 */
export class InningsTally {
  private readonly state: InningsTallyState;
  /** Index of each player's entry, rebuilt from the state (entries keep batting / bowling order). */
  private readonly battingIndex = new Map<PlayerId, number>();
  private readonly bowlingIndex = new Map<PlayerId, number>();
  /** The over closeOver() last called in this tally's life (not saved: nothing reads it after a resume). */
  private lastCalled: OverInProgress | null = null;

  constructor(state: InningsTallyState) {
    this.state = state;
    state.batting.forEach((entry, index) => this.battingIndex.set(entry.player, index));
    state.bowling.forEach((entry, index) => this.bowlingIndex.set(entry.player, index));
  }

  /** A new innings. */
  static start(options: { ballsPerOver: number; penaltyRunsPre?: number; calledOvers?: readonly number[] }): InningsTally {
    const penaltyRunsPre = options.penaltyRunsPre ?? 0;
    return new InningsTally({
      ballsPerOver: options.ballsPerOver,
      calledOvers: [...(options.calledOvers ?? [])],
      runs: penaltyRunsPre,
      legalBalls: 0,
      closedOverBalls: 0,
      extras: { wides: 0, noballs: 0, byes: 0, legbyes: 0, penalty: penaltyRunsPre },
      batting: [],
      bowling: [],
      closedBowling: {},
      fallOfWickets: [],
      partnerships: [],
      over: null,
    });
  }

  /** The state to save for an innings still being played; resume with `new InningsTally(state)`. */
  save(): InningsTallyState {
    return structuredClone(this.state);
  }

  get ballsPerOver(): number {
    return this.state.ballsPerOver;
  }

  /** Adds one delivery; returns where it was bowled and the score after it. */
  add(delivery: Delivery): BallFacts {
    const state = this.state;
    if (state.over !== null && state.over.index !== delivery.over) this.closeOver();
    const over = (state.over ??= {
      index: delivery.over,
      legalBalls: 0,
      ballsBy: {},
      charged: 0,
      called: state.calledOvers.includes(delivery.over),
    });
    const position: BallPosition = { over: delivery.over, ball: over.legalBalls + 1 };

    const legal = isLegalDelivery(delivery);
    const faced = delivery.extras.wides === 0;
    const charged = bowlerRuns(delivery);

    const striker = this.batter(delivery.batter);
    const nonStriker = this.batter(delivery.nonStriker);
    // A retired batter back at the crease is not out (yet): the retirement no longer stands.
    for (const entry of [striker, nonStriker]) {
      if (entry.dismissal && !isTeamWicket(entry.dismissal.kind)) entry.dismissal = null;
    }

    let stand = state.partnerships.at(-1);
    if (stand === undefined || !isPair(stand, delivery.batter, delivery.nonStriker)) {
      // The stand before ended, whether by a wicket or by a retirement.
      if (stand) stand.unbroken = false;
      stand = newStand(state.fallOfWickets.length + 1, delivery, this.battingIndex);
      state.partnerships.push(stand);
    }

    state.runs += delivery.runsTotal;
    if (legal) state.legalBalls += 1;
    state.extras.wides += delivery.extras.wides;
    state.extras.noballs += delivery.extras.noballs;
    state.extras.byes += delivery.extras.byes;
    state.extras.legbyes += delivery.extras.legbyes;
    state.extras.penalty += delivery.extras.penalty;

    striker.runs += delivery.runsBatter;
    if (faced) striker.balls += 1;
    if (isBoundary(delivery, 4)) striker.fours += 1;
    if (isBoundary(delivery, 6)) striker.sixes += 1;

    const bowler = this.bowler(delivery.bowler);
    bowler.runs += charged;
    if (legal) bowler.legalBalls += 1;
    // Only a legal ball can be charged nothing: a wide or no-ball always costs the bowler a run.
    if (charged === 0) bowler.dots += 1;
    if (delivery.extras.wides > 0) bowler.wides += 1;
    if (delivery.extras.noballs > 0) bowler.noballs += 1;
    if (isBoundary(delivery, 4)) bowler.fours += 1;
    if (isBoundary(delivery, 6)) bowler.sixes += 1;

    if (legal) over.legalBalls += 1;
    over.ballsBy[delivery.bowler] = (over.ballsBy[delivery.bowler] ?? 0) + (legal ? 1 : 0);
    over.charged += charged;

    const standStriker = stand.batterA.player === delivery.batter ? stand.batterA : stand.batterB;
    standStriker.runs += delivery.runsBatter;
    if (faced) standStriker.balls += 1;
    stand.runs += delivery.runsTotal;
    if (legal) stand.balls += 1;

    const falls: FallOfWicket[] = [];
    for (const wicket of delivery.wickets) {
      const teamWicket = isTeamWicket(wicket.kind);
      const credited = isCreditedToBowler(wicket.kind);
      if (teamWicket) {
        const fall: FallOfWicket = {
          wicketNumber: state.fallOfWickets.length + 1,
          player: wicket.playerOut,
          kind: wicket.kind,
          teamRuns: state.runs,
          legalBalls: state.legalBalls,
          position: fallOfWicketOvers(position, legal),
        };
        state.fallOfWickets.push(fall);
        falls.push(fall);
      }
      if (credited) bowler.wickets += 1;
      // Found by id rather than position: the batter out may be the non-striker, or not on this delivery at all (timed out).
      this.batter(wicket.playerOut).dismissal = {
        kind: wicket.kind,
        bowler: credited ? delivery.bowler : null,
        fielders: wicket.fielders,
        wicketNumber: teamWicket ? state.fallOfWickets.length : null,
        teamRuns: state.runs,
        legalBalls: state.legalBalls,
        position,
      };
    }
    stand.unbroken = !delivery.wickets.some((wicket) => isTeamWicket(wicket.kind));

    this.refreshOverFigures();
    return { position, legal, runs: state.runs, wickets: state.fallOfWickets.length, calledBalls: this.calledBalls(), falls };
  }

  /** The umpire calls "over": the over in progress counts as complete even if it was short. */
  closeOver(): void {
    const over = this.state.over;
    if (over === null) return;
    over.called = true;
    this.refreshOverFigures();
    const { ballsPerOver, closedBowling } = this.state;
    this.state.closedOverBalls += ballsPerOver;
    for (const [player, balls] of Object.entries(over.ballsBy)) {
      const closed = (closedBowling[player] ??= { calledBalls: 0, maidens: 0 });
      closed.calledBalls += isSoleBowler(over) ? ballsPerOver : balls;
      if (isMaiden(over, ballsPerOver)) closed.maidens += 1;
    }
    this.lastCalled = over;
    this.state.over = null;
  }

  /** Whether the over being bowled, or else the one last called, is a maiden as it stands (commentary's over notes). */
  overIsMaiden(): boolean {
    const over = this.state.over ?? this.lastCalled;
    return over !== null && isMaiden(over, this.state.ballsPerOver);
  }

  /** The innings' overs as called, in legal balls. */
  calledBalls(): number {
    const { over, closedOverBalls, ballsPerOver } = this.state;
    if (over === null) return closedOverBalls;
    return closedOverBalls + (isComplete(over, ballsPerOver) ? ballsPerOver : over.legalBalls);
  }

  /** The scorecard as it stands; penaltyRunsPost adds the penalty runs awarded after the last ball. */
  summary(penaltyRunsPost = 0): InningsSummary {
    const state = this.state;
    return {
      runs: state.runs + penaltyRunsPost,
      wickets: state.fallOfWickets.length,
      legalBalls: state.legalBalls,
      calledBalls: this.calledBalls(),
      extras: { ...state.extras, penalty: state.extras.penalty + penaltyRunsPost },
      batting: state.batting,
      bowling: state.bowling,
      fallOfWickets: state.fallOfWickets,
      partnerships: state.partnerships,
    };
  }

  /** Bowlers of the over being bowled (none between overs). */
  overBowlers(): PlayerId[] {
    return Object.keys(this.state.over?.ballsBy ?? {});
  }

  /** A batter's entry as it stands (null before the batter came in). */
  battingEntry(player: PlayerId): BattingEntry | null {
    const index = this.battingIndex.get(player);
    return index === undefined ? null : this.state.batting[index]!;
  }

  /** A bowler's entry as it stands (null before the bowler bowled). */
  bowlingEntry(player: PlayerId): BowlingEntry | null {
    const index = this.bowlingIndex.get(player);
    return index === undefined ? null : this.state.bowling[index]!;
  }

  /** Bowlers' called balls and maidens: the closed overs plus the over being bowled, as it stands. */
  private refreshOverFigures(): void {
    const { over, ballsPerOver, closedBowling } = this.state;
    if (over === null) return;
    const full = isComplete(over, ballsPerOver) && isSoleBowler(over);
    for (const player of Object.keys(over.ballsBy)) {
      const entry = this.bowlingEntry(player)!;
      const closed = closedBowling[player] ?? { calledBalls: 0, maidens: 0 };
      entry.calledBalls = closed.calledBalls + (full ? ballsPerOver : over.ballsBy[player]!);
      entry.maidens = closed.maidens + (isMaiden(over, ballsPerOver) ? 1 : 0);
    }
  }

  private batter(player: PlayerId): BattingEntry {
    const index = this.battingIndex.get(player);
    if (index !== undefined) return this.state.batting[index]!;
    const entry = emptyBatting(player);
    this.battingIndex.set(player, this.state.batting.length);
    this.state.batting.push(entry);
    return entry;
  }

  private bowler(player: PlayerId): BowlingEntry {
    const index = this.bowlingIndex.get(player);
    if (index !== undefined) return this.state.bowling[index]!;
    const entry = emptyBowling(player);
    this.bowlingIndex.set(player, this.state.bowling.length);
    this.state.bowling.push(entry);
    return entry;
  }
}

function isComplete(over: OverInProgress, ballsPerOver: number): boolean {
  return over.called || over.legalBalls >= ballsPerOver;
}

/** One bowler bowled the whole over (none came on mid-over). */
function isSoleBowler(over: OverInProgress): boolean {
  return Object.keys(over.ballsBy).length === 1;
}

/** The maiden rule (InningsTally's comment): one bowler's complete over, a short one the umpire called too, with no run charged to him. */
function isMaiden(over: OverInProgress, ballsPerOver: number): boolean {
  return isComplete(over, ballsPerOver) && isSoleBowler(over) && over.charged === 0;
}

/** The scorecard of a whole innings: the tally of its deliveries in order. */
export function summariseInnings(input: InningsInput): InningsSummary {
  const tally = InningsTally.start(input);
  for (const delivery of input.deliveries) tally.add(delivery);
  return tally.summary(input.penaltyRunsPost);
}

/** A stand between the two batters of its first delivery; batterA is the one higher in the batting order. */
function newStand(forWicket: number, delivery: Delivery, battingOrder: ReadonlyMap<PlayerId, number>): Partnership {
  const strikerFirst = (battingOrder.get(delivery.batter) ?? 0) < (battingOrder.get(delivery.nonStriker) ?? 0);
  const [first, second] = strikerFirst ? [delivery.batter, delivery.nonStriker] : [delivery.nonStriker, delivery.batter];
  return {
    forWicket,
    batterA: { player: first, runs: 0, balls: 0 },
    batterB: { player: second, runs: 0, balls: 0 },
    runs: 0,
    balls: 0,
    unbroken: true,
  };
}

function isPair(stand: Partnership, batter: PlayerId, nonStriker: PlayerId): boolean {
  const pair = [stand.batterA.player, stand.batterB.player];
  return pair.includes(batter) && pair.includes(nonStriker);
}
