// Live play (spec §3 Live score, §4 Match status): the live state of an innings in progress,
// when an innings is over, how play_status moves, and the result from the innings' totals.
// Pure: the store and the live engine call these with what they read and write.
import { currentStand, lastWicket, type StandInProgress } from './live-centre.ts';
import { isLegalDelivery } from './overs.ts';
import { isAllOut, type InningsTallyState } from './scorecard.ts';
import type { Situation } from './situation.ts';
import type { BallPosition, Delivery, DismissalKind, PlayerId } from './types.ts';

type Side = 'a' | 'b';

export interface LivePlayer {
  key: string;
  name: string;
}

export interface LiveBatter {
  player: LivePlayer;
  runs: number;
  balls: number;
  fours: number;
  sixes: number;
}

export interface LiveBowler {
  player: LivePlayer;
  wickets: number;
  /** Balls as the umpires called the overs. */
  calledBalls: number;
  runs: number;
  /** Maiden overs: his complete overs with no run charged to him (scorecard.ts). */
  maidens: number;
}

/** The innings' latest wicket as the live centre shows it (live-centre.ts lastWicket, with names). */
export interface LiveWicket {
  batter: LivePlayer;
  runs: number;
  balls: number;
  kind: DismissalKind;
  bowler: LivePlayer | null;
  fielders: { name: string | null; substitute: boolean }[];
  wicketNumber: number;
  teamRuns: number;
  /** The overs when it fell, as the fall of wickets prints them. */
  position: BallPosition;
}

/** One delivery of a recent over: what the scoreboard's symbol ('4', 'wd', '1W') is made from. */
export interface LiveBall extends Pick<Delivery, 'runsBatter' | 'extras' | 'wickets'> {
  /** Unique within the match, as the commentary keys its balls (ballKey()). */
  key: string;
  position: BallPosition;
}

export interface LiveOver {
  /** 1-based over number in the innings. */
  number: number;
  balls: LiveBall[];
}

export interface RecentPlayers {
  /** The batter on strike for the next ball; null when the batter there was out and the next is not in yet. */
  striker: LiveBatter | null;
  nonStriker: LiveBatter | null;
  /** The bowler of the latest ball. */
  bowler: LiveBowler | null;
  /** The bowler of the over before the latest ball's over. */
  previousOverBowler: LiveBowler | null;
}

export interface LiveState {
  battingSide: Side;
  /** The batting side's first or second innings. */
  inningsNumber: 1 | 2;
  score: { runs: number; wickets: number; legalBalls: number; calledBalls: number; ballsPerOver: number };
  /** What the chasing side needs: runs, and balls left (null in a Test's fourth innings); null when no chase is on. */
  required: { runs: number; balls: number | null } | null;
  /** Runs the batting side is ahead on the match's totals (negative: behind); null when no lead counts (limited overs). */
  lead: number | null;
  /** A BreakReason ('drinks', 'lunch', 'tea', 'stumps', 'innings', ...) while play is halted; null in play. */
  breakReason: string | null;
  recentPlayers: RecentPlayers;
  /** Oldest first; the last ball of the last over is the latest ball. */
  recentOvers: LiveOver[];
  lastBall: LiveBall | null;
  /** The stand at the crease (null before the first ball and when all out). */
  stand: StandInProgress | null;
  lastWicket: LiveWicket | null;
  /** The innings' limit in legal balls (its overs, a chase's revised ones, a super over's one); null in a Test. */
  limitBalls: number | null;
}

/** The line the live panel shows: the chase's need, else the lead or trail. */
export function liveSituation(live: LiveState): Situation | null {
  const team = live.battingSide;
  if (live.required) return { kind: 'need', team, runs: live.required.runs, balls: live.required.balls };
  if (live.lead === null) return null;
  if (live.lead === 0) return { kind: 'level', team };
  return live.lead > 0 ? { kind: 'lead', team, runs: live.lead } : { kind: 'trail', team, runs: -live.lead };
}

/**
 * A ball's key, unique in the match and stable: innings, over index, ball number and the
 * ball's sequence in the whole match (1-based), as the commentary keys its balls.
 */
export function ballKey(inningsNo: number, position: BallPosition, matchSequence: number): string {
  return `${inningsNo}.${position.over}.${position.ball}.${matchSequence}`;
}

/** The innings, over and place in the match a ball key says (ballKey()); null for a key not made so. */
export function ballPlaceOfKey(key: string): { inningsNo: number; over: number; matchSequence: number } | null {
  const parts = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(key);
  return parts ? { inningsNo: Number(parts[1]), over: Number(parts[2]), matchSequence: Number(parts[4]) } : null;
}

/**
 * Where each of an innings' deliveries was bowled (its over, and the legal balls of the over
 * before it plus one): what its ballKey is made of, with its place in the match.
 */
export function ballPositions(deliveries: readonly Delivery[]): BallPosition[] {
  let over = -1;
  let legal = 0;
  return deliveries.map((delivery) => {
    if (delivery.over !== over) [over, legal] = [delivery.over, 0];
    const position = { over, ball: legal + 1 };
    if (isLegalDelivery(delivery)) legal += 1;
    return position;
  });
}

/** A stored ball of the innings with its 1-based seq in the innings. */
export interface SequencedDelivery {
  seq: number;
  delivery: Delivery;
}

/** Recent overs the live state carries: the over in progress and the one before it. */
export const RECENT_OVERS = 2;
/** Deliveries read back to find the recent overs: two overs of six with a dozen extras between them. */
export const RECENT_BALLS_READ = 24;

/**
 * The batters' ends for the next ball: they swap when they ran an odd number of runs (the bat's
 * runs, byes, leg byes and wides beyond the first; boundaries are even) and again at the end of
 * the over. A batter out leaves his end empty until the next batter faces or stands there.
 */
export function endsAfter(delivery: Delivery, overComplete: boolean): { striker: PlayerId | null; nonStriker: PlayerId | null } {
  const ran = delivery.runsBatter + delivery.extras.byes + delivery.extras.legbyes + Math.max(0, delivery.extras.wides - 1);
  let striker: PlayerId | null = delivery.batter;
  let nonStriker: PlayerId | null = delivery.nonStriker;
  const out = new Set(delivery.wickets.map((wicket) => wicket.playerOut));
  if (out.has(striker)) striker = null;
  if (out.has(nonStriker)) nonStriker = null;
  if (ran % 2 === 1) [striker, nonStriker] = [nonStriker, striker];
  if (overComplete) [striker, nonStriker] = [nonStriker, striker];
  return { striker, nonStriker };
}

/**
 * Deliveries as balls of the scoreboard, grouped by over (numbered from 1), oldest first. A ball's
 * number counts the legal balls before it in its over, so the window must start at an over's
 * start to number the first over right: when it may not, that over is left out.
 */
function oversOf(recent: readonly SequencedDelivery[], keyOf: (seq: number, position: BallPosition) => string): LiveOver[] {
  const overs: LiveOver[] = [];
  let legalInOver = 0;
  for (const { seq, delivery } of recent) {
    let over = overs.at(-1);
    if (over === undefined || over.number !== delivery.over + 1) {
      over = { number: delivery.over + 1, balls: [] };
      overs.push(over);
      legalInOver = 0;
    }
    const position = { over: delivery.over, ball: legalInOver + 1 };
    over.balls.push({ key: keyOf(seq, position), position, runsBatter: delivery.runsBatter, extras: delivery.extras, wickets: delivery.wickets });
    if (isLegalDelivery(delivery)) legalInOver += 1;
  }
  if (recent[0] !== undefined && recent[0].seq !== 1 && overs.length > 1) overs.shift();
  return overs;
}

export interface LiveInningsInput {
  battingSide: Side;
  inningsNumber: 1 | 2;
  /** The innings' tally after its latest ball (its saved state, or every delivery folded). */
  tally: InningsTallyState;
  /** The innings' latest deliveries, oldest first: at least the last RECENT_OVERS overs, or all of them. */
  recent: readonly SequencedDelivery[];
  /** A chase: the target and the legal balls it may take (null: a Test's fourth innings); null when not chasing. */
  target: { runs: number; balls: number | null } | null;
  /** The batting side's total minus the other's over the match (Tests); null in limited overs. */
  lead: number | null;
  breakReason: string | null;
  /** The innings' limit in legal balls; null in a Test. */
  limitBalls?: number | null;
  player: (id: PlayerId) => LivePlayer;
  /** The key of the innings' ball at a seq (ballKey() with the match's sequence). */
  ballKey: (seq: number, position: BallPosition) => string;
}

/**
 * The live state of an innings from its tally and its latest balls: nothing older than the
 * recent overs is read, so it costs the same at the first ball and the three-hundredth.
 */
export function liveStateOf(input: LiveInningsInput): LiveState {
  const { tally, recent } = input;
  const ballsPerOver = tally.ballsPerOver;
  const last = recent.at(-1);
  const overComplete = tally.over === null || tally.over.called || tally.over.legalBalls >= ballsPerOver;
  const ends = last ? endsAfter(last.delivery, overComplete) : { striker: null, nonStriker: null };
  const batter = (id: PlayerId | null): LiveBatter | null => {
    const entry = id === null ? undefined : tally.batting.find((candidate) => candidate.player === id);
    return entry ? { player: input.player(entry.player), runs: entry.runs, balls: entry.balls, fours: entry.fours, sixes: entry.sixes } : null;
  };
  const bowler = (id: PlayerId | undefined): LiveBowler | null => {
    const entry = id === undefined ? undefined : tally.bowling.find((candidate) => candidate.player === id);
    return entry
      ? { player: input.player(entry.player), wickets: entry.wickets, calledBalls: entry.calledBalls, runs: entry.runs, maidens: entry.maidens }
      : null;
  };
  const fallen = lastWicket(tally);
  const overs = oversOf(recent, input.ballKey);
  const previousOver = last && [...recent].reverse().find((ball) => ball.delivery.over !== last.delivery.over);
  const calledBalls = tally.over === null ? tally.closedOverBalls : tally.closedOverBalls + (overComplete ? ballsPerOver : tally.over.legalBalls);
  return {
    battingSide: input.battingSide,
    inningsNumber: input.inningsNumber,
    score: { runs: tally.runs, wickets: tally.fallOfWickets.length, legalBalls: tally.legalBalls, calledBalls, ballsPerOver },
    required: input.target && chase(input.target, tally),
    lead: input.lead,
    breakReason: input.breakReason,
    recentPlayers: {
      striker: batter(ends.striker),
      nonStriker: batter(ends.nonStriker),
      bowler: bowler(last?.delivery.bowler),
      previousOverBowler: bowler(previousOver?.delivery.bowler),
    },
    recentOvers: overs.slice(-RECENT_OVERS),
    lastBall: overs.at(-1)?.balls.at(-1) ?? null,
    stand: currentStand(tally),
    lastWicket: fallen && {
      batter: input.player(fallen.player),
      runs: fallen.runs,
      balls: fallen.balls,
      kind: fallen.kind,
      bowler: fallen.bowler === null ? null : input.player(fallen.bowler),
      // A fielder's name as recorded with the wicket; one recorded by id alone takes the register's.
      fielders: fallen.fielders.map((fielder) => ({
        name: fielder.name ?? (fielder.id === null ? null : input.player(fielder.id).name),
        substitute: fielder.substitute,
      })),
      wicketNumber: fallen.wicketNumber,
      teamRuns: fallen.teamRuns,
      position: fallen.position,
    },
    limitBalls: input.limitBalls ?? null,
  };
}

function chase(target: { runs: number; balls: number | null }, tally: InningsTallyState): { runs: number; balls: number | null } {
  return { runs: Math.max(0, target.runs - tally.runs), balls: target.balls === null ? null : Math.max(0, target.balls - tally.legalBalls) };
}

// ---------- innings end ----------

export interface InningsProgress {
  runs: number;
  wickets: number;
  legalBalls: number;
  /** Batters absent hurt (or fewer than eleven in the XI): each takes one from the ten wickets. */
  absentBatters?: number;
  /** The innings' limit in legal balls (overs limit, or a revised one); null in a Test. */
  limitBalls: number | null;
  /** Runs to win, when chasing. */
  targetRuns: number | null;
  declared?: boolean;
  /** A super over: three batters, so two wickets end it. */
  superOver?: boolean;
}

export type InningsEnd = 'all out' | 'overs' | 'target' | 'declared';

/** Wickets that end a super over: a side bats three in it. */
export const SUPER_OVER_WICKETS = 2;

/** Why the innings is over, or null while it goes on. */
export function inningsEnd(progress: InningsProgress): InningsEnd | null {
  if (progress.declared) return 'declared';
  if (progress.targetRuns !== null && progress.runs >= progress.targetRuns) return 'target';
  const allOut = progress.superOver ? progress.wickets >= SUPER_OVER_WICKETS : isAllOut(progress.wickets, progress.absentBatters ?? 0);
  if (allOut) return 'all out';
  if (progress.limitBalls !== null && progress.legalBalls >= progress.limitBalls) return 'overs';
  return null;
}

export function isInningsOver(progress: InningsProgress): boolean {
  return inningsEnd(progress) !== null;
}

/** Batters who cannot bat: an XI of fewer than eleven leaves fewer pairs. */
export function absentBatters(xiSize: number, absentHurt = 0): number {
  return Math.max(0, 11 - xiSize) + absentHurt;
}

/**
 * The legal balls an innings may take: one over in a super over; else the chase's balls (a
 * revised target's overs), else the match's overs; null in a Test.
 */
export function inningsLimitBalls(innings: { superOver: boolean; targetBalls: number | null }, match: { oversLimit: number | null; ballsPerOver: number }): number | null {
  if (innings.superOver) return match.ballsPerOver;
  if (innings.targetBalls !== null) return innings.targetBalls;
  return match.oversLimit === null ? null : match.oversLimit * match.ballsPerOver;
}

// ---------- play status ----------

export const PLAY_STATUSES = [
  'scheduled',
  'pre_match',
  'in_play',
  'drinks_break',
  'innings_break',
  'stumps',
  'rain_delay',
  'bad_light',
  'lunch',
  'tea',
  'result',
  'abandoned',
] as const;
export type PlayStatus = (typeof PLAY_STATUSES)[number];

/** Halts in play: from each, play resumes (in_play) or the match ends. */
const BREAKS: ReadonlySet<PlayStatus> = new Set(['drinks_break', 'innings_break', 'stumps', 'rain_delay', 'bad_light', 'lunch', 'tea']);

export function isBreak(status: PlayStatus): boolean {
  return BREAKS.has(status);
}

/** Why play halts, as the live engine and match_break.reason name it. */
export type BreakReason = 'drinks' | 'innings' | 'stumps' | 'rain' | 'bad_light' | 'lunch' | 'tea';

const BREAK_STATUS: Record<BreakReason, PlayStatus> = {
  drinks: 'drinks_break',
  innings: 'innings_break',
  stumps: 'stumps',
  rain: 'rain_delay',
  bad_light: 'bad_light',
  lunch: 'lunch',
  tea: 'tea',
};

/** The play status of a break. */
export function playStatusOfBreak(reason: BreakReason): PlayStatus {
  return BREAK_STATUS[reason];
}

/** Breaks as the provider names them (play.live.match_break.reason): the end of a day is 'day'. */
export const PROVIDER_BREAK_REASONS = ['day', 'lunch', 'tea', 'drinks', 'innings', 'rain', 'bad_light'] as const;
export type ProviderBreakReason = (typeof PROVIDER_BREAK_REASONS)[number];

/** A break's reason as the provider sends it; one it has no name for is an innings break. */
export function providerBreakReason(reason: string): ProviderBreakReason {
  const named = reason === 'stumps' ? 'day' : reason;
  return (PROVIDER_BREAK_REASONS as readonly string[]).includes(named) ? (named as ProviderBreakReason) : 'innings';
}

/** The reason of a break's play status; null for a status that is not a break. */
export function breakReasonOf(status: PlayStatus): BreakReason | null {
  const found = (Object.entries(BREAK_STATUS) as [BreakReason, PlayStatus][]).find(([, breakStatus]) => breakStatus === status);
  return found ? found[0] : null;
}

/**
 * Whether play may move from one status to another: scheduled → pre_match (the toss) → in_play
 * (first ball) ⇄ breaks, a break to another (rain at tea), and the end (result, abandoned) from
 * anywhere before it. Nothing moves after the end; a status may be set again (a no-op).
 */
export function canMovePlay(from: PlayStatus, to: PlayStatus): boolean {
  if (from === to) return true;
  if (from === 'result' || from === 'abandoned') return false;
  if (to === 'result' || to === 'abandoned') return true;
  if (to === 'scheduled') return false;
  if (to === 'pre_match') return from === 'scheduled';
  if (to === 'in_play') return true;
  // Before the first ball only the weather and the light can halt play.
  if (from === 'scheduled' || from === 'pre_match') return to === 'rain_delay' || to === 'bad_light';
  return true;
}

/** The match status a play status goes with. */
export function statusOfPlay(status: PlayStatus, started: boolean): 'not_started' | 'started' | 'completed' {
  if (status === 'result' || status === 'abandoned') return 'completed';
  return started ? 'started' : 'not_started';
}

// ---------- result ----------

export interface OutcomeInnings {
  battingTeam: Side;
  superOver: boolean;
  runs: number;
  wickets: number;
  /** Runs to win set for this innings (a revised target included), when it chased. */
  targetRuns: number | null;
  declared: boolean;
  /** The innings ended with the side all out (wickets, or fewer batters). */
  allOut: boolean;
}

/** The outcome as Cricsheet records it (store columns winner, result, win_by_*, eliminator). */
export interface MatchOutcome {
  winner: Side | null;
  result: 'tie' | 'no result' | 'draw' | null;
  winByRuns: number | null;
  winByWickets: number | null;
  winByInnings: boolean;
  eliminator: Side | null;
  method: string | null;
}

const other = (side: Side): Side => (side === 'a' ? 'b' : 'a');

const NO_OUTCOME: MatchOutcome = {
  winner: null, result: null, winByRuns: null, winByWickets: null, winByInnings: false, eliminator: null, method: null,
};

/**
 * The result from the innings' totals, in playing order. Limited overs: the chase reached its
 * target (won by the wickets in hand), fell one short of it (a tie, settled by the last super
 * over pair if any), or fell short (won by the runs between); with one innings or none, no
 * result. Tests: the side with the greater total after the last innings wins by an innings (the
 * other batted twice and it once), by wickets (it batted last) or by runs (the side batting
 * last was all out); equal totals with the last side all out tie; anything else is a draw.
 * `revised`: a target the umpires set (DLS), recorded as Cricsheet's method 'D/L'.
 */
export function matchOutcome(format: 't20' | 'oneday' | 'test', innings: readonly OutcomeInnings[], revised = false): MatchOutcome {
  const regular = innings.filter((inn) => !inn.superOver);
  const method = revised ? 'D/L' : null;
  if (format !== 'test') {
    const [first, second] = regular;
    if (!first || !second) return { ...NO_OUTCOME, result: 'no result', method };
    const target = second.targetRuns ?? first.runs + 1;
    if (second.runs >= target) return { ...NO_OUTCOME, winner: second.battingTeam, winByWickets: 10 - second.wickets, method };
    if (second.runs === target - 1) return { ...NO_OUTCOME, result: 'tie', eliminator: superOverWinner(innings), method };
    return { ...NO_OUTCOME, winner: first.battingTeam, winByRuns: target - 1 - second.runs, method };
  }
  const last = regular.at(-1);
  if (!last) return { ...NO_OUTCOME, result: 'draw' };
  const totals = { a: 0, b: 0 };
  const count = { a: 0, b: 0 };
  for (const inn of regular) {
    totals[inn.battingTeam] += inn.runs;
    count[inn.battingTeam] += 1;
  }
  const side = last.battingTeam;
  const rival = other(side);
  // Won by an innings: the rival batted once, the side twice, and the side's total is still short.
  if (regular.length === 3 && count[side] === 2 && last.allOut && totals[side] < totals[rival]) {
    return { ...NO_OUTCOME, winner: rival, winByInnings: true, winByRuns: totals[rival] - totals[side] };
  }
  if (regular.length === 4 && totals[side] > totals[rival]) return { ...NO_OUTCOME, winner: side, winByWickets: 10 - last.wickets };
  if (regular.length === 4 && last.allOut) {
    if (totals[side] === totals[rival]) return { ...NO_OUTCOME, result: 'tie' };
    return { ...NO_OUTCOME, winner: rival, winByRuns: totals[rival] - totals[side] };
  }
  return { ...NO_OUTCOME, result: 'draw' };
}

/** The winner of the first super over pair that was not itself tied; null when there was none. */
function superOverWinner(innings: readonly OutcomeInnings[]): Side | null {
  const supers = innings.filter((inn) => inn.superOver);
  for (let i = 0; i + 1 < supers.length; i += 2) {
    const [first, second] = [supers[i]!, supers[i + 1]!];
    if (second.runs > first.runs) return second.battingTeam;
    if (second.runs < first.runs) return first.battingTeam;
  }
  return null;
}

// ---------- the match after an innings ----------

/** How an innings closed: by a rule of the game (inningsEnd), or by the scorer's hand (rain, time, a mistake). */
export type InningsClosure = InningsEnd | 'closed';

/** Whether an innings closed by the rules of the game alone, not by a declaration or by hand. */
export function closedByRule(closure: InningsClosure): boolean {
  return closure === 'all out' || closure === 'overs' || closure === 'target';
}

/**
 * The match's outcome once an innings has closed, when nothing left to play can change it; null
 * while more play is to come, or when only the scorer can finish it (a chase stopped by rain:
 * a revised target, or no result). `innings` are in playing order, the last the one that closed.
 * - Limited overs: the second innings (or the second of a super over pair) ended by the rules:
 *   the chase reached its target, or the side was all out or out of overs. A tie is an outcome
 *   too (Cricsheet's 'tie', with no eliminator until a super over decides it); a super over may
 *   then reopen the match (nextInnings).
 * - Tests: the third innings leaves the side that batted twice all out and still behind (won by
 *   an innings), or the fourth innings closes, however it closed (the last innings of the match).
 */
export function decidedOutcome(
  format: 't20' | 'oneday' | 'test',
  innings: readonly OutcomeInnings[],
  closure: InningsClosure,
  revised = false,
): MatchOutcome | null {
  const regular = innings.filter((inn) => !inn.superOver).length;
  const supers = innings.length - regular;
  if (format !== 'test') {
    if (regular < 2 || supers % 2 === 1 || !closedByRule(closure)) return null;
    return matchOutcome(format, innings, revised);
  }
  if (regular === 3) {
    const outcome = matchOutcome(format, innings);
    return outcome.winByInnings ? outcome : null;
  }
  return regular >= 4 ? matchOutcome(format, innings) : null;
}

/** The innings to play next: super over or not, the side batting, and what it chases. */
export interface NextInnings {
  superOver: boolean;
  battingSide: Side;
  /** Runs to win, and the legal balls to make them in (null: no limit, a Test). */
  target: { runs: number; balls: number | null } | null;
}

export interface NextInningsOptions {
  /** The side the scorer named; by default the rules' (the other side, or the first innings' from the toss). */
  battingSide?: Side;
  /** Who bats first, from the toss; null before a toss. */
  tossBatting: Side | null;
  oversLimit: number | null;
  ballsPerOver: number;
}

/**
 * The next innings after `innings` (all closed, in playing order), or why there is none.
 * - Limited overs: the chase of the first innings' total + 1 in the match's overs. After the
 *   two innings only a tie (and every super over pair since tied) allows more: a super over, the
 *   side that batted last batting first (the ICC's rule), the other chasing its runs + 1 in one over.
 * - Tests: four innings; each side bats twice at most. The third innings is the other side's
 *   unless the side batting second follows on (named); the fourth is the side that has batted
 *   once, chasing the difference + 1 with no limit of balls.
 */
export function nextInnings(format: 't20' | 'oneday' | 'test', innings: readonly OutcomeInnings[], options: NextInningsOptions): NextInnings | { refused: string } {
  const last = innings.at(-1);
  const named = options.battingSide;
  if (!last) {
    const side = named ?? options.tossBatting;
    return side ? { superOver: false, battingSide: side, target: null } : { refused: 'Name the batting side: no toss is recorded.' };
  }
  const regular = innings.filter((inn) => !inn.superOver);
  if (format !== 'test') {
    const oneOver = options.ballsPerOver;
    if (regular.length === 1) {
      const side = other(last.battingTeam);
      if (named && named !== side) return { refused: `The second innings is batted by the side that fielded in the first.` };
      const balls = options.oversLimit === null ? null : options.oversLimit * options.ballsPerOver;
      return { superOver: false, battingSide: side, target: { runs: last.runs + 1, balls } };
    }
    const outcome = matchOutcome(format, innings);
    if (outcome.result !== 'tie' || outcome.eliminator !== null) return { refused: 'The match is decided: no more innings can be played.' };
    const supers = innings.length - regular.length;
    if (supers % 2 === 0) return { superOver: true, battingSide: named ?? last.battingTeam, target: null };
    const side = other(last.battingTeam);
    if (named && named !== side) return { refused: 'The second half of a super over is batted by the side that fielded in the first.' };
    return { superOver: true, battingSide: side, target: { runs: last.runs + 1, balls: oneOver } };
  }
  if (regular.length >= 4) return { refused: 'A Test has four innings: the match is over.' };
  const battedTwice = (side: Side) => regular.filter((inn) => inn.battingTeam === side).length >= 2;
  if (regular.length === 1 || regular.length === 3) {
    const side = regular.length === 1 ? other(last.battingTeam) : battedTwice('a') ? 'b' : 'a';
    if (named && named !== side) return { refused: `Innings ${regular.length + 1} is batted by the other side.` };
    if (regular.length === 1) return { superOver: false, battingSide: side, target: null };
    const totals = { a: 0, b: 0 };
    for (const inn of regular) totals[inn.battingTeam] += inn.runs;
    return { superOver: false, battingSide: side, target: { runs: Math.max(1, totals[other(side)] - totals[side] + 1), balls: null } };
  }
  // The third innings: the side that batted first, or (named) the side that batted second following on.
  return { superOver: false, battingSide: named ?? other(last.battingTeam), target: null };
}
