// The scorer console's arithmetic, on the device (it must go on offline): a ball as the scorer
// entered it turned into Cricsheet's delivery fields, and who is on strike and bowling after it.
// Only what the console needs to suggest the next ball; the server's tally is the record, and the
// scorer can always swap the strike or change the bowler by hand.

import type { DismissalKind } from '../server/domain/types.ts';
import type { ScorerBall } from '../server/services/scorer.ts';

export type ExtraKind = 'wide' | 'noball' | 'bye' | 'legbye';

/** Dismissals with a fielder to name. */
export const WITH_FIELDER: ReadonlySet<DismissalKind> = new Set(['caught', 'run out', 'stumped']);
/** Dismissals after which the batter may come back in. */
export const MAY_RETURN: ReadonlySet<DismissalKind> = new Set(['retired hurt', 'retired not out']);

export interface FielderPick {
  key?: string;
  name?: string;
  substitute?: boolean;
}

export interface EnteredBall {
  /** Runs run or hit: off the bat, or the byes / leg byes, or the wides beyond the first. */
  runs: number;
  /** Wide or no-ball, and whether the runs were byes or leg byes. */
  extras: ReadonlySet<ExtraKind>;
  /** Five penalty runs awarded on this ball. */
  penalty?: boolean;
  /** A four or six hit but all run (no boundary): rare, typed by hand. */
  nonBoundary?: boolean;
  wicket?: { kind: DismissalKind; playerOut: string; fielders: FielderPick[] } | null;
}

export interface Crease {
  striker: string;
  nonStriker: string;
  bowler: string;
}

/** Cricsheet's delivery fields with player keys (the live engine's CricsheetBall). */
export interface BallFields {
  batter: string;
  non_striker: string;
  bowler: string;
  runs: { batter: number; extras: number; total: number; non_boundary?: boolean };
  extras?: { wides?: number; noballs?: number; byes?: number; legbyes?: number; penalty?: number };
  wickets?: { player_out: string; kind: DismissalKind; fielders?: FielderPick[] }[];
}

/** Which extras may go together: a no-ball with byes or leg byes; a wide alone (its runs are wides). */
export function toggleExtra(current: ReadonlySet<ExtraKind>, kind: ExtraKind): Set<ExtraKind> {
  const next = new Set(current);
  if (next.has(kind)) {
    next.delete(kind);
    return next;
  }
  if (kind === 'wide') return new Set(['wide']);
  next.delete('wide');
  if (kind === 'bye') next.delete('legbye');
  if (kind === 'legbye') next.delete('bye');
  next.add(kind);
  return next;
}

export function ballFields(entered: EnteredBall, crease: Crease): BallFields {
  const { runs, extras } = entered;
  const counts: NonNullable<BallFields['extras']> = {};
  let batter = 0;
  if (extras.has('wide')) counts.wides = 1 + runs;
  else if (extras.has('bye')) counts.byes = runs;
  else if (extras.has('legbye')) counts.legbyes = runs;
  else batter = runs;
  if (extras.has('noball')) counts.noballs = 1;
  if (entered.penalty) counts.penalty = 5;
  for (const key of Object.keys(counts) as (keyof typeof counts)[]) if (counts[key] === 0) delete counts[key];
  const extrasTotal = Object.values(counts).reduce((sum, value) => sum + (value ?? 0), 0);
  const wicket = entered.wicket;
  return {
    batter: crease.striker,
    non_striker: crease.nonStriker,
    bowler: crease.bowler,
    runs: { batter, extras: extrasTotal, total: batter + extrasTotal, ...(entered.nonBoundary ? { non_boundary: true } : {}) },
    ...(extrasTotal > 0 ? { extras: counts } : {}),
    ...(wicket
      ? { wickets: [{ player_out: wicket.playerOut, kind: wicket.kind, ...(wicket.fielders.length > 0 ? { fielders: wicket.fielders } : {}) }] }
      : {}),
  };
}

export function isLegal(entered: Pick<EnteredBall, 'extras'>): boolean {
  return !entered.extras.has('wide') && !entered.extras.has('noball');
}

export interface CreaseAfter {
  /** Striker and non-striker for the next ball; the place of a batter out is null until the new one is picked. */
  striker: string | null;
  nonStriker: string | null;
  /** Legal balls of the over after this ball; 0 when it ended the over. */
  ballsInOver: number;
  overEnded: boolean;
}

/**
 * The crease after a ball: the batters cross for an odd number of runs run (a boundary is not
 * run), change ends when the over ends, and a batter out leaves an empty place.
 */
export function creaseAfter(entered: EnteredBall, crease: Crease, ballsInOver: number, ballsPerOver: number): CreaseAfter {
  const boundary = (entered.runs === 4 || entered.runs === 6) && !entered.nonBoundary;
  let striker: string | null = crease.striker;
  let nonStriker: string | null = crease.nonStriker;
  if (!boundary && entered.runs % 2 === 1) [striker, nonStriker] = [nonStriker, striker];
  const out = entered.wicket?.playerOut;
  if (out !== undefined) {
    if (striker === out) striker = null;
    if (nonStriker === out) nonStriker = null;
  }
  const legalBalls = ballsInOver + (isLegal(entered) ? 1 : 0);
  const overEnded = legalBalls >= ballsPerOver;
  if (overEnded) [striker, nonStriker] = [nonStriker, striker];
  return { striker, nonStriker, ballsInOver: overEnded ? 0 : legalBalls, overEnded };
}

/**
 * The scoreboard symbol of a ball as the server writes it (domain/commentary.ts ballSymbol, which
 * the console shows once a ball is stored): '.', '4', 'wd', '3wd', '1nb', 'lb', '2b', 'W', '1W'.
 */
export function ballSymbol(entered: EnteredBall): string {
  const { runs, extras } = entered;
  const counted = (n: number, suffix: string) => (n === 1 ? suffix : `${n}${suffix}`);
  let symbol: string;
  if (extras.has('wide')) symbol = counted(runs + 1, 'wd');
  else if (extras.has('noball')) symbol = runs === 0 ? 'nb' : `${runs}nb`;
  else if (extras.has('legbye') && runs > 0) symbol = counted(runs, 'lb');
  else if (extras.has('bye') && runs > 0) symbol = counted(runs, 'b');
  else symbol = runs === 0 ? '.' : String(runs);
  if (entered.penalty) symbol += '+5p';
  if (entered.wicket && !MAY_RETURN.has(entered.wicket.kind)) symbol = symbol === '.' ? 'W' : `${symbol}W`;
  return symbol;
}

/** Dismissals where the scorer says who is out: either batter may be (the others are the striker's). */
export const EITHER_BATTER: ReadonlySet<DismissalKind> = new Set(['run out', 'obstructing the field', 'retired hurt', 'retired not out', 'retired out']);

/** A stored ball as the console's answer lists it (the API's ScorerBall; a type alone reaches the browser). */
export type ListedBall = ScorerBall;

/** The over on the console's screen: its index (0 for the first), its balls' symbols, and whether it is over. */
export interface OverOnScreen {
  index: number;
  symbols: string[];
  done: boolean;
}

/**
 * The over the server's balls show: the latest over bowled into, finished once its last ball
 * was legal and no legal ball of the next over is counted (`ballsInOver` 0). Before the
 * innings' first ball, the first over, empty.
 */
export function overOfBalls(balls: readonly ListedBall[], ballsInOver: number): OverOnScreen {
  const last = balls.at(-1);
  if (!last) return { index: 0, symbols: [], done: false };
  return { index: last.over, symbols: balls.filter((ball) => ball.over === last.over).map((ball) => ball.symbol), done: last.legal && ballsInOver === 0 };
}

/** The over on screen after a ball entered on this device: a finished over gives way to the next. */
export function overAfter(over: OverOnScreen, symbol: string, overEnded: boolean): OverOnScreen {
  const symbols = over.done ? [symbol] : [...over.symbols, symbol];
  return { index: over.done ? over.index + 1 : over.index, symbols, done: overEnded };
}

/** The bowler of the last ball before over `index`: he may not bowl that over. */
export function bowlerBefore(balls: readonly ListedBall[], index: number): string | null {
  return balls.findLast((ball) => ball.over < index)?.bowler ?? null;
}

/** A ball's place as a scorebook writes it: '3.2' for the second ball of the fourth over. */
export const ballLabel = (ball: Pick<ListedBall, 'over' | 'ball'>): string => `${ball.over}.${ball.ball}`;
