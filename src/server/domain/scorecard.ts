// The scorecard of one innings, derived from its deliveries: totals, batting and bowling
// figures, fall of wickets and partnerships.
import { isLegalDelivery } from './overs.ts';
import type {
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

function emptyBatting(player: PlayerId): BattingEntry {
  return { player, runs: 0, balls: 0, fours: 0, sixes: 0, dismissal: null };
}

function emptyBowling(player: PlayerId): BowlingEntry {
  return { player, legalBalls: 0, maidens: 0, runs: 0, wickets: 0, wides: 0, noballs: 0, dots: 0, fours: 0, sixes: 0 };
}

/** The entry of a player, created on first sight: a Map keeps insertion order, which is the batting / bowling order. */
function entryOf<T>(entries: Map<PlayerId, T>, player: PlayerId, create: (player: PlayerId) => T): T {
  let entry = entries.get(player);
  if (entry === undefined) {
    entry = create(player);
    entries.set(player, entry);
  }
  return entry;
}

/** Consecutive deliveries sharing an over index (Cricsheet's 'over'). */
function overs(deliveries: readonly Delivery[]): Delivery[][] {
  const grouped: Delivery[][] = [];
  for (const delivery of deliveries) {
    const current = grouped.at(-1);
    if (current?.[0]?.over === delivery.over) current.push(delivery);
    else grouped.push([delivery]);
  }
  return grouped;
}

/**
 * The bowler of each maiden over. A maiden is one bowler's complete over with no run charged to him
 * (byes and leg byes allowed; a wide or no-ball always carries a charged run, so it breaks the maiden).
 * An over is complete when it holds ballsPerOver legal balls, or when another over followed it: the
 * umpire ended it, which covers the miscounted five-ball overs Cricsheet records. An over shared by
 * two bowlers (one injured mid-over) is a maiden for neither.
 */
function maidenBowlers(deliveries: readonly Delivery[], ballsPerOver: number): PlayerId[] {
  const all = overs(deliveries);
  return all.flatMap((over, index) => {
    const bowlers = new Set(over.map((d) => d.bowler));
    const complete = index < all.length - 1 || over.filter(isLegalDelivery).length >= ballsPerOver;
    const maiden = bowlers.size === 1 && complete && over.every((d) => bowlerRuns(d) === 0);
    return maiden ? [...bowlers] : [];
  });
}

/**
 * Summarises one innings.
 *
 * - runs: every delivery's runsTotal plus penalty runs awarded before and after the deliveries.
 *   Fall-of-wicket scores include the pre-innings penalty runs, as the scoreboard did at the time.
 * - Bowling: wides and noballs count deliveries (a wide that ran away for 5 is one wide; its 5 runs
 *   are in the bowler's runs). A dot is a legal ball with no run charged to the bowler, so a leg bye
 *   or a bye is a dot for the bowler.
 * - Partnerships: a stand lasts while the same pair is at the crease. It ends with a wicket or a
 *   retirement, and also when the pair changes with no dismissal recorded (an unrecorded retirement
 *   in the data). A stand that began without a new team wicket keeps the previous stand's wicket number.
 *   Stands add up to the innings runs minus the penalty runs outside deliveries.
 */
export function summariseInnings(input: InningsInput): InningsSummary {
  const batting = new Map<PlayerId, BattingEntry>();
  const bowling = new Map<PlayerId, BowlingEntry>();
  const extras: Extras = {
    wides: 0,
    noballs: 0,
    byes: 0,
    legbyes: 0,
    penalty: input.penaltyRunsPre + input.penaltyRunsPost,
  };
  const fallOfWickets: FallOfWicket[] = [];
  const partnerships: Partnership[] = [];
  let runs = input.penaltyRunsPre;
  let legalBalls = 0;

  for (const delivery of input.deliveries) {
    const legal = isLegalDelivery(delivery);
    const faced = delivery.extras.wides === 0;
    const charged = bowlerRuns(delivery);

    const striker = entryOf(batting, delivery.batter, emptyBatting);
    const nonStriker = entryOf(batting, delivery.nonStriker, emptyBatting);
    // A retired batter back at the crease is not out (yet): the retirement no longer stands.
    for (const entry of [striker, nonStriker]) {
      if (entry.dismissal && !isTeamWicket(entry.dismissal.kind)) entry.dismissal = null;
    }

    let stand = partnerships.at(-1);
    if (stand === undefined || !isPair(stand, delivery.batter, delivery.nonStriker)) {
      stand = newStand(fallOfWickets.length + 1, delivery, [...batting.keys()]);
      partnerships.push(stand);
    }

    runs += delivery.runsTotal;
    if (legal) legalBalls += 1;
    extras.wides += delivery.extras.wides;
    extras.noballs += delivery.extras.noballs;
    extras.byes += delivery.extras.byes;
    extras.legbyes += delivery.extras.legbyes;
    extras.penalty += delivery.extras.penalty;

    striker.runs += delivery.runsBatter;
    if (faced) striker.balls += 1;
    if (isBoundary(delivery, 4)) striker.fours += 1;
    if (isBoundary(delivery, 6)) striker.sixes += 1;

    const bowler = entryOf(bowling, delivery.bowler, emptyBowling);
    bowler.runs += charged;
    if (legal) bowler.legalBalls += 1;
    // Only a legal ball can be charged nothing: a wide or no-ball always costs the bowler a run.
    if (charged === 0) bowler.dots += 1;
    if (delivery.extras.wides > 0) bowler.wides += 1;
    if (delivery.extras.noballs > 0) bowler.noballs += 1;
    if (isBoundary(delivery, 4)) bowler.fours += 1;
    if (isBoundary(delivery, 6)) bowler.sixes += 1;

    const standStriker = stand.batterA.player === delivery.batter ? stand.batterA : stand.batterB;
    standStriker.runs += delivery.runsBatter;
    if (faced) standStriker.balls += 1;
    stand.runs += delivery.runsTotal;
    if (legal) stand.balls += 1;

    for (const wicket of delivery.wickets) {
      const teamWicket = isTeamWicket(wicket.kind);
      const credited = isCreditedToBowler(wicket.kind);
      if (teamWicket) {
        fallOfWickets.push({
          wicketNumber: fallOfWickets.length + 1,
          player: wicket.playerOut,
          kind: wicket.kind,
          teamRuns: runs,
          legalBalls,
        });
      }
      if (credited) bowler.wickets += 1;
      // Found by id rather than position: the batter out may be the non-striker, or not on this delivery at all (timed out).
      entryOf(batting, wicket.playerOut, emptyBatting).dismissal = {
        kind: wicket.kind,
        bowler: credited ? delivery.bowler : null,
        fielders: wicket.fielders,
        wicketNumber: teamWicket ? fallOfWickets.length : null,
        teamRuns: runs,
        legalBalls,
      };
    }
  }

  const lastStand = partnerships.at(-1);
  const lastDelivery = input.deliveries.at(-1);
  if (lastStand && lastDelivery) lastStand.unbroken = !lastDelivery.wickets.some((w) => isTeamWicket(w.kind));

  for (const player of maidenBowlers(input.deliveries, input.ballsPerOver)) {
    bowling.get(player)!.maidens += 1;
  }

  return {
    runs: runs + input.penaltyRunsPost,
    wickets: fallOfWickets.length,
    legalBalls,
    extras,
    batting: [...batting.values()],
    bowling: [...bowling.values()],
    fallOfWickets,
    partnerships,
  };
}

/** A stand between the two batters of its first delivery; batterA is the one higher in the batting order. */
function newStand(forWicket: number, delivery: Delivery, battingOrder: readonly PlayerId[]): Partnership {
  const strikerFirst = battingOrder.indexOf(delivery.batter) < battingOrder.indexOf(delivery.nonStriker);
  const [first, second] = strikerFirst ? [delivery.batter, delivery.nonStriker] : [delivery.nonStriker, delivery.batter];
  return {
    forWicket,
    batterA: { player: first, runs: 0, balls: 0 },
    batterB: { player: second, runs: 0, balls: 0 },
    runs: 0,
    balls: 0,
    unbroken: false,
  };
}

function isPair(stand: Partnership, batter: PlayerId, nonStriker: PlayerId): boolean {
  const pair = [stand.batterA.player, stand.batterB.player];
  return pair.includes(batter) && pair.includes(nonStriker);
}
