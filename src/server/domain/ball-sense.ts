// Whether a live ball makes cricket sense (issue 24; docs/decisions/058): the checks every ball
// the scorer console, the ingest API and replays send passes before it is written. A ball that
// fails one is refused with the rule it breaks and nothing is stored. Two kinds:
// - the ball itself (ballItselfRefusal): who bowled and who batted, who can be out, its extras;
// - the ball in its match (ballInPlayRefusal): the sides on the team sheets, the innings' overs.
// Pure functions: players are the domain's ids, sides 'a' and 'b'.
import type { Delivery, DismissalKind, PlayerId } from './types.ts';

type Side = 'a' | 'b';

export type BallRule =
  | 'bowler-is-batter'
  | 'out-not-batting'
  | 'two-dismissals'
  | 'wide-with-byes'
  | 'wide-and-no-ball'
  | 'bowler-on-batting-side'
  | 'batter-on-fielding-side'
  | 'fielder-on-batting-side'
  | 'player-not-in-match'
  | 'over-beyond-limit'
  | 'over-backwards';

export interface BallRefusal {
  rule: BallRule;
  message: string;
}

/**
 * Outs that are not the ball's doing, which Cricsheet records on the ball they came next to: a
 * retirement (of a batter who may not be on that ball) and timed out (the incoming batter, Law
 * 40). They may fall on the same ball as a dismissal (Mathews, timed out on the ball Samarawickrama
 * was caught, Cricsheet 1384429) and name a player who is neither batter of the ball.
 */
const OFF_THE_BALL: ReadonlySet<DismissalKind> = new Set(['retired hurt', 'retired not out', 'retired out', 'timed out']);

const refusal = (rule: BallRule, message: string): BallRefusal => ({ rule, message });

/** What is wrong with the ball whatever the match: null when nothing is. */
export function ballItselfRefusal(ball: Pick<Delivery, 'batter' | 'nonStriker' | 'bowler' | 'extras' | 'wickets'>): BallRefusal | null {
  if (ball.bowler === ball.batter || ball.bowler === ball.nonStriker) {
    return refusal('bowler-is-batter', 'The bowler cannot be one of the batters.');
  }
  const onTheBall = ball.wickets.filter((wicket) => !OFF_THE_BALL.has(wicket.kind));
  for (const wicket of onTheBall) {
    if (wicket.playerOut !== ball.batter && wicket.playerOut !== ball.nonStriker) {
      return refusal('out-not-batting', `Only a batter on this ball can be out ${wicket.kind}: the player out is neither the batter nor the non-striker.`);
    }
  }
  if (new Set(ball.wickets.map((wicket) => wicket.playerOut)).size < ball.wickets.length) {
    return refusal('two-dismissals', 'A player cannot be out twice on one ball.');
  }
  if (onTheBall.length > 1) return refusal('two-dismissals', 'Only one batter can be dismissed by a ball (the other may retire).');
  if (ball.extras.wides > 0 && (ball.extras.byes > 0 || ball.extras.legbyes > 0)) {
    return refusal('wide-with-byes', 'Runs off a wide are all wides: a wide has no byes or leg byes.');
  }
  if (ball.extras.wides > 0 && ball.extras.noballs > 0) {
    return refusal('wide-and-no-ball', 'A ball is a wide or a no-ball, not both.');
  }
  return null;
}

/** The match around a ball: who is on which side, and where the innings is. */
export interface BallSituation {
  battingSide: Side;
  /** The side of each player on the match's team sheets (squads or playing XIs). */
  sides: ReadonlyMap<PlayerId, Side>;
  /** The sides whose team sheet is known: a player missing from a known sheet is not playing for that side. */
  sheets: ReadonlySet<Side>;
  /** Overs the innings may have (the format's; 1 for a super over); null when unlimited (a Test). */
  oversLimit: number | null;
  /** The over (0-based) of the innings' latest ball; null before its first. */
  lastOver: number | null;
}

/** What is wrong with the ball in its match: null when nothing is. */
export function ballInPlayRefusal(ball: Pick<Delivery, 'over' | 'batter' | 'nonStriker' | 'bowler' | 'wickets'>, situation: BallSituation): BallRefusal | null {
  const batting = situation.battingSide;
  const fielding: Side = batting === 'a' ? 'b' : 'a';
  /** Where a player said to play for `side` is not: on the other side, or on neither known sheet. */
  const misplaced = (player: PlayerId, side: Side): 'other side' | 'absent' | null => {
    const on = situation.sides.get(player);
    if (on !== undefined) return on === side ? null : 'other side';
    return situation.sheets.has(side) ? 'absent' : null;
  };
  for (const batter of [ball.batter, ball.nonStriker]) {
    const where = misplaced(batter, batting);
    if (where === 'other side') return refusal('batter-on-fielding-side', 'A batter is on the fielding side.');
    if (where === 'absent') return refusal('player-not-in-match', "A batter is not on the batting side's team sheet.");
  }
  const bowler = misplaced(ball.bowler, fielding);
  if (bowler === 'other side') return refusal('bowler-on-batting-side', 'The bowler is on the batting side.');
  if (bowler === 'absent') return refusal('player-not-in-match', "The bowler is not on the fielding side's team sheet.");
  for (const wicket of ball.wickets) {
    for (const fielder of wicket.fielders) {
      // A substitute may be anyone the umpires allowed; a named fielder of the side is on its sheet.
      if (fielder.id === null || fielder.substitute) continue;
      const where = misplaced(fielder.id, fielding);
      if (where === 'other side') return refusal('fielder-on-batting-side', 'A fielder is on the batting side (name a substitute as one).');
      if (where === 'absent') return refusal('player-not-in-match', "A fielder is not on the fielding side's team sheet (name a substitute as one).");
    }
  }
  if (situation.oversLimit !== null && ball.over >= situation.oversLimit) {
    return refusal('over-beyond-limit', `Over ${ball.over + 1} is beyond this innings' ${situation.oversLimit} overs.`);
  }
  if (situation.lastOver !== null && ball.over < situation.lastOver) {
    return refusal('over-backwards', `Over ${ball.over + 1} comes before over ${situation.lastOver + 1}, which is being bowled.`);
  }
  return null;
}
