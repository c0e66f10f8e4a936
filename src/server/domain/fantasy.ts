// Fantasy points of a match, per player, from its scorecard figures (the rows the rules derive
// from the deliveries) and a rules table (fantasy-rules.ts). Pure: the write path stores what it
// returns, the match page shows it (docs/decisions/038-fantasy-points.md).
//
// Readings of the tables where the deliveries leave a choice:
// - Only the players Cricsheet lists for a side (the playing XI, plus any impact or concussion
//   replacement it lists) score; a substitute fielder who is not listed scores nothing.
// - Super overs do not count.
// - Batting bonuses, ducks, strike rate and wicket hauls are per innings (a Test has two).
// - A duck is out (not retired hurt or not out) for no runs. Bowlers are exempt from the duck and
//   from strike rate: Cricsheet records no roles, so a bowler here is a player who bowled in the
//   match and batted at number 8 or lower in that innings.
// - Economy is runs charged to the bowler per six balls of the overs as called; strike rate is
//   runs per hundred balls faced (no-balls count, wides do not).
// - Catches: 'caught' goes to the fielder named, 'caught and bowled' to the bowler; a stumping to
//   the fielder named. A run out with one fielder named is a direct hit; with two or more only the
//   last two named score, as the thrower and who broke the wicket (Dream11 scores the last two
//   fielders to touch the ball; Cricsheet's order, as a scorecard's, is read as the order they
//   touched it). A run out with no fielder named scores for nobody.
import type { BroadFormat } from './format-type.ts';
import { bandPoints, ladderStep, type FantasyTable } from './fantasy-rules.ts';
import type { InningsSummary, PlayerId } from './types.ts';

export type FantasyItem =
  | 'playingXI'
  | 'runs'
  | 'fours'
  | 'sixes'
  | 'milestone'
  | 'duck'
  | 'strikeRate'
  | 'wickets'
  | 'bowledOrLbw'
  | 'haul'
  | 'maidens'
  | 'economy'
  | 'catches'
  | 'catchBonus'
  | 'stumpings'
  | 'runOutDirect'
  | 'runOutThrower'
  | 'runOutCatcher';

export const FANTASY_ITEMS: readonly FantasyItem[] = [
  'playingXI', 'runs', 'fours', 'sixes', 'milestone', 'duck', 'strikeRate', 'wickets', 'bowledOrLbw', 'haul', 'maidens',
  'economy', 'catches', 'catchBonus', 'stumpings', 'runOutDirect', 'runOutThrower', 'runOutCatcher',
];

/** One line of a player's breakdown. */
export interface FantasyLine {
  item: FantasyItem;
  /** How many (runs, fours, wickets, catches...); for a rate, the rate to two decimals; for a milestone or haul, the step reached. */
  count: number;
  points: number;
}

export interface FantasyBatting<P> {
  player: P;
  runs: number;
  /** Balls faced: legal balls and no-balls, not wides. */
  balls: number;
  fours: number;
  sixes: number;
  dismissal: {
    kind: string;
    bowler: P | null;
    /** The fielders named with an identity, in Cricsheet's order. */
    fielders: readonly P[] | null;
    /** Every fielder Cricsheet names (an unnamed substitute as 'sub'), in order. */
    fielderNames: readonly string[] | null;
  } | null;
}

export interface FantasyBowling<P> {
  player: P;
  /** Legal balls as the overs were called. */
  calledBalls: number;
  runs: number;
  /** Wickets credited to the bowler. */
  wickets: number;
  maidens: number;
}

export interface FantasyInnings<P> {
  superOver: boolean;
  /** In batting order. */
  batting: readonly FantasyBatting<P>[];
  bowling: readonly FantasyBowling<P>[];
}

export interface FantasyMatch<P> {
  format: BroadFormat;
  /** The players listed for each side. */
  players: readonly { player: P; team: 'a' | 'b' }[];
  innings: readonly FantasyInnings<P>[];
}

export interface FantasyScore<P> {
  player: P;
  team: 'a' | 'b';
  points: number;
  lines: FantasyLine[];
}

/** Batting at this number or lower, a player who bowled counts as a bowler (duck and strike rate). */
const BOWLER_BATS_FROM = 8;
const NOT_OUT = new Set(['retired hurt', 'retired not out']);

function rate(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Every player's points in the match, most first (ties in the order the sides list them). */
export function fantasyPoints<P>(match: FantasyMatch<P>, table: FantasyTable): FantasyScore<P>[] {
  const scores = new Map<P, { team: 'a' | 'b'; lines: FantasyLine[] }>();
  for (const { player, team } of match.players) if (!scores.has(player)) scores.set(player, { team, lines: [] });
  const add = (player: P | null | undefined, item: FantasyItem, count: number, points: number) => {
    if (player === null || player === undefined || points === 0) return;
    scores.get(player)?.lines.push({ item, count, points });
  };
  const innings = match.innings.filter((inn) => !inn.superOver);
  const bowled = new Set(innings.flatMap((inn) => inn.bowling.filter((b) => b.calledBalls > 0).map((b) => b.player)));
  const catches = new Map<P, number>();

  for (const player of scores.keys()) add(player, 'playingXI', 1, table.playingXI);

  for (const inn of innings) {
    inn.batting.forEach((entry, index) => {
      const isBowler = bowled.has(entry.player) && index + 1 >= BOWLER_BATS_FROM;
      add(entry.player, 'runs', entry.runs, entry.runs * table.run);
      add(entry.player, 'fours', entry.fours, entry.fours * table.four);
      add(entry.player, 'sixes', entry.sixes, entry.sixes * table.six);
      const milestone = ladderStep(entry.runs, table.milestones);
      if (milestone) add(entry.player, 'milestone', milestone.at, milestone.points);
      const out = entry.dismissal !== null && !NOT_OUT.has(entry.dismissal.kind);
      if (out && entry.runs === 0 && !isBowler) add(entry.player, 'duck', 1, table.duck);
      if (table.strikeRate && !isBowler && entry.balls >= table.strikeRate.minBalls) {
        const strikeRate = (entry.runs * 100) / entry.balls;
        add(entry.player, 'strikeRate', rate(strikeRate), bandPoints(strikeRate, table.strikeRate.bands));
      }
      const dismissal = entry.dismissal;
      if (!dismissal) return;
      const named = dismissal.fielders ?? [];
      switch (dismissal.kind) {
        case 'bowled':
        case 'lbw':
          add(dismissal.bowler, 'bowledOrLbw', 1, table.bowledOrLbw);
          break;
        case 'caught':
        case 'caught and bowled': {
          const catcher = dismissal.kind === 'caught' ? named[0] : dismissal.bowler;
          if (catcher !== undefined && catcher !== null && scores.has(catcher)) catches.set(catcher, (catches.get(catcher) ?? 0) + 1);
          add(catcher, 'catches', 1, table.catch);
          break;
        }
        case 'stumped':
          add(named[0], 'stumpings', 1, table.stumping);
          break;
        case 'run out': {
          const involved = dismissal.fielderNames?.length ?? named.length;
          if (involved === 1) add(named[0], 'runOutDirect', 1, table.runOutDirect);
          else if (involved >= 2 && named.length === involved) {
            add(named[involved - 2], 'runOutThrower', 1, table.runOutThrower);
            add(named[involved - 1], 'runOutCatcher', 1, table.runOutCatcher);
          } else {
            // An unnamed substitute among them: the named fielders' places are unknown; each takes the smaller share.
            for (const fielder of named) add(fielder, 'runOutCatcher', 1, table.runOutCatcher);
          }
          break;
        }
      }
    });
    for (const entry of inn.bowling) {
      add(entry.player, 'wickets', entry.wickets, entry.wickets * table.wicket);
      const haul = ladderStep(entry.wickets, table.hauls);
      if (haul) add(entry.player, 'haul', haul.at, haul.points);
      add(entry.player, 'maidens', entry.maidens, entry.maidens * table.maiden);
      if (table.economy && entry.calledBalls >= table.economy.minBalls) {
        const economy = (entry.runs * 6) / entry.calledBalls;
        add(entry.player, 'economy', rate(economy), bandPoints(economy, table.economy.bands));
      }
    }
  }
  if (table.catchBonus) {
    for (const [player, count] of catches) if (count >= table.catchBonus.at) add(player, 'catchBonus', count, table.catchBonus.points);
  }

  const result: FantasyScore<P>[] = [];
  for (const [player, { team, lines }] of scores) {
    const merged = mergeLines(lines);
    result.push({ player, team, points: merged.reduce((sum, line) => sum + line.points, 0), lines: merged });
  }
  return result.sort((x, y) => y.points - x.points);
}

/** Counted lines of the same item added up (two innings of a Test), in the order of FANTASY_ITEMS; steps and rates stay one line each. */
function mergeLines(lines: FantasyLine[]): FantasyLine[] {
  const merged: FantasyLine[] = [];
  const counted = new Map<FantasyItem, FantasyLine>();
  for (const line of lines) {
    const apart = line.item === 'milestone' || line.item === 'haul' || line.item === 'strikeRate' || line.item === 'economy';
    const known = apart ? undefined : counted.get(line.item);
    if (known) {
      known.count += line.count;
      known.points += line.points;
      continue;
    }
    const copy = { ...line };
    merged.push(copy);
    if (!apart) counted.set(line.item, copy);
  }
  const order = (item: FantasyItem) => FANTASY_ITEMS.indexOf(item);
  return merged.sort((x, y) => order(x.item) - order(y.item));
}

/** An innings summary (scorecard.ts) as the figures fantasyPoints reads. */
export function fantasyInnings(summary: InningsSummary, superOver: boolean): FantasyInnings<PlayerId> {
  return {
    superOver,
    batting: summary.batting.map((entry) => ({
      ...entry,
      dismissal: entry.dismissal && {
        kind: entry.dismissal.kind,
        bowler: entry.dismissal.bowler,
        fielders: entry.dismissal.fielders.flatMap((fielder) => (fielder.id === null ? [] : [fielder.id])),
        fielderNames: entry.dismissal.fielders.map((fielder) => fielder.name ?? 'sub'),
      },
    })),
    bowling: summary.bowling,
  };
}
