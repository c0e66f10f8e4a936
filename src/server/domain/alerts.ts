// What a fan's match alerts say happened at each ball (issue 29 §4; docs/decisions/072-web-push.md):
// the match's first ball (it has started), a wicket, a batter reaching fifty or a hundred, a bowler
// taking a fifth wicket, an innings that is over. Pure: the deliveries in, the events of each ball
// out; the sender combines one ball's events into one notification.
import type { Delivery, DismissalKind, InningsInput, PlayerId } from './types.ts';

/** The kinds a fan switches on or off. */
export const ALERT_KINDS = ['start', 'wicket', 'milestone', 'five_for', 'innings_end', 'result'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Dismissals credited to the bowler (they count towards a five-for). */
const BOWLER_CREDITED: ReadonlySet<DismissalKind> = new Set<DismissalKind>(['bowled', 'caught', 'caught and bowled', 'lbw', 'stumped', 'hit wicket']);
/** Not dismissals for the team's wickets: a batter retired hurt or not out may bat again. */
const NOT_A_TEAM_WICKET: ReadonlySet<DismissalKind> = new Set<DismissalKind>(['retired hurt', 'retired not out']);

export type BallEvent =
  | { kind: 'start' }
  | { kind: 'wicket'; playerOut: PlayerId; dismissal: DismissalKind; bowler: PlayerId | null; runs: number; wickets: number }
  | { kind: 'milestone'; player: PlayerId; runs: 50 | 100 | number }
  | { kind: 'five_for'; player: PlayerId; wickets: number }
  | { kind: 'innings_end'; inningsNo: number; battingTeam: 'a' | 'b'; runs: number; wickets: number };

export interface BallEvents {
  /** 1-based innings and 1-based delivery within it: the ball's stable key in the match. */
  inningsNo: number;
  seq: number;
  /** The ball's place in the whole match (0 for the first delivery), what progress is counted in. */
  ordinal: number;
  events: BallEvent[];
}

/** Whether a batter who had `before` runs and now has `after` reached a milestone: 50, or a multiple of 100. */
export function milestoneReached(before: number, after: number): number | null {
  for (let mark = Math.floor(after / 50) * 50; mark > before && mark >= 50; mark -= 50) {
    if (mark === 50 || mark % 100 === 0) return mark;
  }
  return null;
}

/** Whether this ball gave a bowler with `before` credited wickets their fifth. */
export function fiveForReached(before: number, after: number): boolean {
  return before < 5 && after >= 5;
}

export function creditsBowler(kind: DismissalKind): boolean {
  return BOWLER_CREDITED.has(kind);
}

export interface InningsLimits {
  /** The side's wickets: 10 in a full XI. */
  wicketsInHand: number;
  /** Overs a side may face (null in a Test). */
  oversLimit: number | null;
  /** Runs the side batting second (or fourth) needs, when known. */
  target: number | null;
}

/**
 * Whether an innings is over by the rules after this many runs, wickets and legal balls: all out,
 * its overs bowled, or its target reached. (A declaration or a stop is a scorer's act, not a ball.)
 */
export function inningsOver(score: { runs: number; wickets: number; legalBalls: number }, limits: InningsLimits, ballsPerOver: number): boolean {
  if (score.wickets >= limits.wicketsInHand) return true;
  if (limits.oversLimit !== null && score.legalBalls >= limits.oversLimit * ballsPerOver) return true;
  return limits.target !== null && score.runs >= limits.target;
}

function isLegal(delivery: Delivery): boolean {
  return !delivery.extras.wides && !delivery.extras.noballs;
}

/**
 * The events of each ball of a match, in order, from the ball with ordinal `fromOrdinal` on
 * (earlier balls are read for the tallies, not reported). `limits` per innings (1-based index
 * - 1). An innings over by the rules ends on its last ball; one closed by hand (a declaration, a
 * stop) is known to be over only when the next begins, so its end is told with the next one's
 * first ball.
 */
export function ballEvents(innings: readonly InningsInput[], limits: readonly InningsLimits[], fromOrdinal = 0): BallEvents[] {
  const out: BallEvents[] = [];
  let ordinal = 0;
  let closedByHand: BallEvent | null = null;
  innings.forEach((inn, index) => {
    const batterRuns = new Map<PlayerId, number>();
    const bowlerWickets = new Map<PlayerId, number>();
    let runs = inn.penaltyRunsPre;
    let wickets = 0;
    let legalBalls = 0;
    const last = inn.deliveries.length - 1;
    inn.deliveries.forEach((delivery, position) => {
      const events: BallEvent[] = [];
      if (ordinal === 0) events.push({ kind: 'start' });
      if (position === 0 && closedByHand) {
        events.push(closedByHand);
        closedByHand = null;
      }
      runs += delivery.runsTotal;
      if (isLegal(delivery)) legalBalls += 1;
      const before = batterRuns.get(delivery.batter) ?? 0;
      const after = before + delivery.runsBatter;
      batterRuns.set(delivery.batter, after);
      const mark = milestoneReached(before, after);
      if (mark !== null) events.push({ kind: 'milestone', player: delivery.batter, runs: mark });
      for (const wicket of delivery.wickets) {
        if (!NOT_A_TEAM_WICKET.has(wicket.kind)) wickets += 1;
        const credited = creditsBowler(wicket.kind);
        events.push({ kind: 'wicket', playerOut: wicket.playerOut, dismissal: wicket.kind, bowler: credited ? delivery.bowler : null, runs, wickets });
        if (credited) {
          const had = bowlerWickets.get(delivery.bowler) ?? 0;
          bowlerWickets.set(delivery.bowler, had + 1);
          if (fiveForReached(had, had + 1)) events.push({ kind: 'five_for', player: delivery.bowler, wickets: had + 1 });
        }
      }
      const followed = index < innings.length - 1;
      const limit = limits[index] ?? { wicketsInHand: 10, oversLimit: null, target: null };
      if (position === last) {
        const end: BallEvent = { kind: 'innings_end', inningsNo: index + 1, battingTeam: inn.battingTeam, runs: runs + inn.penaltyRunsPost, wickets };
        if (inningsOver({ runs, wickets, legalBalls }, limit, inn.ballsPerOver)) events.push(end);
        else if (followed) closedByHand = end;
      }
      if (ordinal >= fromOrdinal && events.length > 0) out.push({ inningsNo: index + 1, seq: position + 1, ordinal, events });
      ordinal += 1;
    });
  });
  return out;
}

/** The kind a fan's switch for an event is. */
export function switchOf(event: BallEvent): AlertKind {
  return event.kind;
}

/** Whether `minute` (0..1439, the fan's local time) falls in quiet hours from `start` to `end` (which may wrap past midnight). */
export function inQuietHours(minute: number, start: number | null, end: number | null): boolean {
  if (start === null || end === null || start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The minute of the day (0..1439) at `at` in the IANA time zone `timeZone` (UTC when unknown). */
export function localMinute(at: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    return at.getUTCHours() * 60 + at.getUTCMinutes();
  }
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}
