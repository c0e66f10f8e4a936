// What a ball's commentary says besides the ball itself (issue 26, decision 074): the facts of
// the innings so far that make a ball worth a sentence (the striker near a milestone, the stand,
// the bowler's spell and figures, a wicket in a collapse, a chase's equation, a free hit's use),
// and after an over what the over meant. Folded ball by ball from the innings so far and nothing
// later, so a ball reads the same live and after the match; commentary.ts words the notes.
import { collapses } from './collapses.ts';
import { isLegalDelivery, round2, runRate } from './overs.ts';
import { bowlerRuns, isBoundary, isTeamWicket, type InningsTally } from './scorecard.ts';
import type { Delivery, PlayerId } from './types.ts';

/** A bowler's figures over some overs. */
export interface Figures {
  overs: number;
  maidens: number;
  runs: number;
  wickets: number;
}

/** A fact about one ball, for a sentence after the ball's own. */
export type BallNote =
  /** The bowler starts a spell: with the new ball, the first of the innings later on, or back after a rest. */
  | { kind: 'intoAttack'; bowler: PlayerId; spell: 'opening' | 'first' | 'again' }
  /** The bowler who had this end is off: the figures of the spell that ended. */
  | { kind: 'spellEnded'; bowler: PlayerId; figures: Figures }
  | { kind: 'freeHitUsed'; runs: number }
  | { kind: 'freeHitMissed' }
  /** The striker's nth four or six of the innings (n of 2 or more). */
  | { kind: 'batterBoundaries'; six: boolean; count: number }
  /** The striker moved to within a few runs of a fifty, hundred...: `short` runs short of `mark`. */
  | { kind: 'nearMilestone'; mark: number; short: number }
  /** The nth boundary of the over (n of 2 or more). */
  | { kind: 'boundariesInOver'; count: number }
  /** A ball with nothing charged to the bowler right after a boundary in the same over. */
  | { kind: 'answerAfterBoundary' }
  /** Legal balls in a row with no run. */
  | { kind: 'dotStreak'; balls: number }
  /** The stand passed a multiple of 50 on this ball. */
  | { kind: 'standMark'; mark: number; balls: number }
  /** A wicket ended a stand of some substance. */
  | { kind: 'standEnded'; runs: number; balls: number }
  /** The batter out made no run; `firstBall` when it was the first ball faced. */
  | { kind: 'duck'; firstBall: boolean }
  /** This wicket is the latest of a collapse (collapses.ts): wickets fallen from one score to the next. */
  | { kind: 'collapse'; wickets: number; runs: number; from: { runs: number; wickets: number }; to: { runs: number; wickets: number } }
  /** A wicket credited to the bowler, the second or more of the innings: the figures so far. */
  | { kind: 'bowlerWickets'; bowler: PlayerId; wickets: number; runs: number }
  /** A chase: runs still needed, and from how many balls (null when unlimited, a Test). */
  | { kind: 'equation'; runs: number; balls: number | null }
  /** The target is reached on this ball. */
  | { kind: 'targetReached' };

/** What an over meant, written after its last ball. */
export type OverNote =
  | { kind: 'maiden'; bowler: PlayerId; wickets: number }
  | { kind: 'bigOver'; runs: number; mostOfInnings: boolean }
  | { kind: 'wicketsInOver'; wickets: number }
  /** A limited-overs chase: the rate needed now, and after the over before (null after the first). */
  | { kind: 'requiredRate'; rate: number; before: number | null; runs: number; balls: number }
  /** A limited-overs bowler has bowled their last over: the innings' figures. */
  | { kind: 'quotaDone'; bowler: PlayerId; figures: Figures };

export interface StoryOptions {
  ballsPerOver: number;
  /** A chase's target: runs, and legal balls (null when unlimited). */
  target: { runs: number; balls: number | null } | null;
  /** The most overs one bowler may bowl in the innings; null when there is no limit. */
  bowlerOvers: number | null;
  /** Limited-overs cricket: dot balls are news sooner, a free hit follows a no-ball. */
  limitedOvers: boolean;
}

/**
 * A Test's fourth innings chases the other side's runs over the first three innings less its
 * own, plus one (Cricsheet records no target for it); null for any other innings. `innings` are
 * the match's in playing order, `inningsNo` 1-based.
 */
export function testChaseTarget(innings: readonly { battingTeam: 'a' | 'b'; superOver: boolean; runs: number }[], inningsNo: number): { runs: number; balls: null } | null {
  const regular = innings.filter((inn) => !inn.superOver);
  const chasing = innings[inningsNo - 1];
  if (chasing === undefined || chasing.superOver || regular.length < 4 || regular[3] !== chasing) return null;
  const runsOf = (side: 'a' | 'b') => regular.slice(0, 3).reduce((sum, inn) => sum + (inn.battingTeam === side ? inn.runs : 0), 0);
  const runs = runsOf(chasing.battingTeam === 'a' ? 'b' : 'a') - runsOf(chasing.battingTeam) + 1;
  return runs > 0 ? { runs, balls: null } : null;
}

/** A stand this big is worth a sentence when it ends. */
const STAND_WORTH_NAMING = 30;
/** A batter this close to a milestone (or closer) is said to be near it. */
const NEAR_MILESTONE = 5;
/** An over of this many runs is a big over. */
const BIG_OVER = 15;

interface OverRecord {
  bowler: PlayerId;
  runs: number;
  wickets: number;
  maiden: boolean;
}

/** What an InningsStory has gathered, to go on from (deliveries are not changed by a story). */
export interface InningsStoryState {
  readonly overs: readonly Readonly<OverRecord>[];
  readonly overDeliveries: readonly Delivery[];
  readonly dots: number;
  readonly mostInOver: number;
  readonly rateBefore: number | null;
}

/**
 * The innings' story so far. Call `ball` for each delivery after the tally has added it, and
 * `overEnded` after the delivery that ends an over (before the next delivery's `ball`).
 */
export class InningsStory {
  private readonly overs: OverRecord[] = [];
  private overDeliveries: Delivery[] = [];
  private dots = 0;
  private mostInOver = 0;
  private rateBefore: number | null = null;

  /** A new innings' story, or one going on from `saved` (save()), which it does not change. */
  constructor(
    private readonly options: StoryOptions,
    saved?: InningsStoryState,
  ) {
    if (saved) {
      this.overs = saved.overs.map((over) => ({ ...over }));
      this.overDeliveries = [...saved.overDeliveries];
      this.dots = saved.dots;
      this.mostInOver = saved.mostInOver;
      this.rateBefore = saved.rateBefore;
    }
  }

  /** The story so far, to go on from later (a copy: the story may go on). */
  save(): InningsStoryState {
    return {
      overs: this.overs.map((over) => ({ ...over })),
      overDeliveries: [...this.overDeliveries],
      dots: this.dots,
      mostInOver: this.mostInOver,
      rateBefore: this.rateBefore,
    };
  }

  /**
   * The notes of a delivery the tally has just added. `before` is the striker's runs and the
   * bowler's wickets before it; `freeHit` whether it was bowled as a free hit.
   */
  ball(delivery: Delivery, tally: InningsTally, before: { batterRuns: number; bowlerWickets: number; stand: { runs: number } | null }, freeHit: boolean): BallNote[] {
    const notes: BallNote[] = [];
    const firstOfOver = this.overDeliveries.length === 0;
    if (firstOfOver) notes.push(...this.changeOfBowler(delivery));
    const previous = this.overDeliveries.at(-1);
    this.overDeliveries.push(delivery);
    const legal = isLegalDelivery(delivery);
    const wicket = delivery.wickets.find((w) => isTeamWicket(w.kind));
    const summary = tally.summary();

    if (freeHit && delivery.extras.wides === 0) {
      notes.push(delivery.runsBatter > 0 ? { kind: 'freeHitUsed', runs: delivery.runsBatter } : { kind: 'freeHitMissed' });
    }

    const four = isBoundary(delivery, 4);
    const six = isBoundary(delivery, 6);
    const striker = tally.battingEntry(delivery.batter);
    if ((four || six) && striker) {
      const count = six ? striker.sixes : striker.fours;
      if (this.boundaryCountWorthSaying(six, count)) notes.push({ kind: 'batterBoundaries', six, count });
    }
    if (striker && delivery.runsBatter > 0 && striker.dismissal === null) {
      const mark = Math.max(50, (Math.floor(striker.runs / 50) + 1) * 50);
      const reached = Math.floor(striker.runs / 50) > Math.floor(before.batterRuns / 50);
      if (!reached && mark - striker.runs <= NEAR_MILESTONE) notes.push({ kind: 'nearMilestone', mark, short: mark - striker.runs });
    }
    if (four || six) {
      const count = this.overDeliveries.filter((d) => isBoundary(d, 4) || isBoundary(d, 6)).length;
      if (count >= 2) notes.push({ kind: 'boundariesInOver', count });
    } else if (this.options.limitedOvers && legal && bowlerRuns(delivery) === 0 && wicket === undefined && previous && (isBoundary(previous, 4) || isBoundary(previous, 6))) {
      // In a Test a dot ball after a boundary is the usual thing, not an answer.
      notes.push({ kind: 'answerAfterBoundary' });
    }

    this.dots = legal && delivery.runsTotal === 0 ? this.dots + 1 : legal || delivery.runsTotal > 0 ? 0 : this.dots;
    if (wicket === undefined && this.dotStreakWorthSaying(this.dots)) notes.push({ kind: 'dotStreak', balls: this.dots });

    const stand = summary.partnerships.at(-1);
    if (wicket === undefined && stand?.unbroken && before.stand !== null) {
      const mark = Math.floor(stand.runs / 50) * 50;
      if (mark > 0 && mark > Math.floor(before.stand.runs / 50) * 50) notes.push({ kind: 'standMark', mark, balls: stand.balls });
    }

    if (wicket !== undefined) notes.push(...this.wicketNotes(delivery, wicket.playerOut, tally, before.bowlerWickets, summary));
    notes.push(...this.chaseNotes(summary, wicket !== undefined));
    return notes;
  }

  /** The notes after the last ball of an over; the next ball starts a new over. */
  overEnded(tally: InningsTally): OverNote[] {
    const deliveries = this.overDeliveries;
    this.overDeliveries = [];
    const bowler = deliveries[0]!.bowler;
    const runs = deliveries.reduce((sum, d) => sum + d.runsTotal, 0);
    const charged = deliveries.reduce((sum, d) => sum + bowlerRuns(d), 0);
    const wickets = deliveries.reduce((sum, d) => sum + d.wickets.filter((w) => isTeamWicket(w.kind) && w.kind !== 'run out').length, 0);
    const teamWickets = deliveries.reduce((sum, d) => sum + d.wickets.filter((w) => isTeamWicket(w.kind)).length, 0);
    const sameBowler = deliveries.every((d) => d.bowler === bowler);
    // The scorecard's rule: a short over the umpire called counts as it does in the bowler's figures.
    const maiden = tally.overIsMaiden();
    this.overs.push({ bowler, runs: charged, wickets, maiden });

    const notes: OverNote[] = [];
    if (maiden) notes.push({ kind: 'maiden', bowler, wickets });
    if (runs >= BIG_OVER) notes.push({ kind: 'bigOver', runs, mostOfInnings: runs > this.mostInOver && this.overs.length > 1 });
    this.mostInOver = Math.max(this.mostInOver, runs);
    if (teamWickets >= 2) notes.push({ kind: 'wicketsInOver', wickets: teamWickets });

    const summary = tally.summary();
    const { target } = this.options;
    if (target !== null && target.balls !== null) {
      const need = target.runs - summary.runs;
      const left = target.balls - summary.legalBalls;
      if (need > 0 && left > 0) {
        const rate = round2(runRate(need, left));
        notes.push({ kind: 'requiredRate', rate, before: this.rateBefore, runs: need, balls: left });
        this.rateBefore = rate;
      }
    }

    const quota = this.options.bowlerOvers;
    const entry = tally.bowlingEntry(bowler);
    if (quota !== null && sameBowler && entry && entry.calledBalls >= quota * this.options.ballsPerOver) {
      const figures = { overs: entry.calledBalls / this.options.ballsPerOver, maidens: entry.maidens, runs: entry.runs, wickets: entry.wickets };
      notes.push({ kind: 'quotaDone', bowler, figures });
    }
    return notes;
  }

  /** A batter's sixes from the second; fours from the second in limited overs, every fifth in a Test (where fours are many). */
  private boundaryCountWorthSaying(six: boolean, count: number): boolean {
    if (six || this.options.limitedOvers) return count >= 2;
    return count % 5 === 0;
  }

  /** Dot balls in a row are news at six in limited overs, at twelve in a Test, then at each three or six more. */
  private dotStreakWorthSaying(balls: number): boolean {
    return this.options.limitedOvers ? balls >= 6 && balls % 3 === 0 : balls >= 12 && balls % 6 === 0;
  }

  /** At an over's first ball: a bowler starting a spell, and the end of the spell of the bowler they replace at this end. */
  private changeOfBowler(delivery: Delivery): BallNote[] {
    const index = this.overs.length;
    const bowler = delivery.bowler;
    const atThisEnd = this.overs[index - 2];
    const lastOver = this.overs[index - 1];
    const notes: BallNote[] = [];
    // Overs alternate ends: the over before last was bowled from this end.
    if (atThisEnd !== undefined && atThisEnd.bowler !== bowler && lastOver?.bowler !== atThisEnd.bowler) {
      const spell: OverRecord[] = [];
      for (let i = index - 2; i >= 0 && this.overs[i]!.bowler === atThisEnd.bowler; i -= 2) spell.push(this.overs[i]!);
      const figures = {
        overs: spell.length,
        maidens: spell.filter((over) => over.maiden).length,
        runs: spell.reduce((sum, over) => sum + over.runs, 0),
        wickets: spell.reduce((sum, over) => sum + over.wickets, 0),
      };
      // A one-over spell is a change, not a spell worth its figures.
      if (spell.length >= 2 && !this.quotaSpent(atThisEnd.bowler)) notes.push({ kind: 'spellEnded', bowler: atThisEnd.bowler, figures });
    }
    const continuing = atThisEnd?.bowler === bowler || lastOver?.bowler === bowler;
    if (!continuing) {
      const spell = index < 2 ? 'opening' : this.overs.some((over) => over.bowler === bowler) ? 'again' : 'first';
      notes.push({ kind: 'intoAttack', bowler, spell });
    }
    return notes;
  }

  /** The bowler has bowled every over allowed: the over's own note said so. */
  private quotaSpent(bowler: PlayerId): boolean {
    const quota = this.options.bowlerOvers;
    return quota !== null && this.overs.filter((over) => over.bowler === bowler).length >= quota;
  }

  private wicketNotes(
    delivery: Delivery,
    playerOut: PlayerId,
    tally: InningsTally,
    bowlerWicketsBefore: number,
    summary: ReturnType<InningsTally['summary']>,
  ): BallNote[] {
    const notes: BallNote[] = [];
    const out = tally.battingEntry(playerOut);
    if (out && out.runs === 0) notes.push({ kind: 'duck', firstBall: out.balls === 1 && playerOut === delivery.batter });
    const stand = summary.partnerships.at(-1);
    if (stand && !stand.unbroken && stand.runs >= STAND_WORTH_NAMING) notes.push({ kind: 'standEnded', runs: stand.runs, balls: stand.balls });
    const falls = summary.fallOfWickets;
    const collapse = collapses(falls, summary.runs).at(-1);
    if (collapse && collapse.to.wickets === falls.length) {
      notes.push({ kind: 'collapse', wickets: collapse.to.wickets - collapse.from.wickets, runs: collapse.to.runs - collapse.from.runs, ...collapse });
    }
    const bowler = tally.bowlingEntry(delivery.bowler);
    if (bowler && bowler.wickets > bowlerWicketsBefore && bowler.wickets >= 2) {
      notes.push({ kind: 'bowlerWickets', bowler: delivery.bowler, wickets: bowler.wickets, runs: bowler.runs });
    }
    return notes;
  }

  /** A chase's equation: on every ball of the last over, and after a boundary or a wicket. */
  private chaseNotes(summary: ReturnType<InningsTally['summary']>, wicket: boolean): BallNote[] {
    const { target } = this.options;
    if (target === null) return [];
    const need = target.runs - summary.runs;
    if (need <= 0) return [{ kind: 'targetReached' }];
    const last = this.overDeliveries.at(-1)!;
    const boundary = isBoundary(last, 4) || isBoundary(last, 6);
    const left = target.balls === null ? null : target.balls - summary.legalBalls;
    if (left !== null && left <= 0) return [];
    // Balls of the last over (at its start the over's note gave the rate and the equation).
    const lastOver = left !== null && left < this.options.ballsPerOver;
    return lastOver || boundary || wicket ? [{ kind: 'equation', runs: need, balls: left }] : [];
  }
}
