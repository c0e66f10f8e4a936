// Tournament leaderboards: most runs, most wickets, fours, sixes, best bowling and economy.
//
// Ranking is competition ranking ("1224"): equal values share a rank and the next rank skips
// (1, 2, 2, 4). Only the value ranks; the tie-breaks below order the list within a shared rank:
// - most runs: equal runs share the rank; listed by fewer balls faced, then name;
// - most wickets: equal wickets share the rank; listed by fewer runs conceded, then name;
// - fours and sixes: by the count, highest first, leaving out players with none; equal counts
//   share the rank and are listed by name.
// Everyone who batted is on the most-runs list, a duck included (ranked last, with the other
// noughts); everyone who bowled is on the most-wickets list. A player who never batted (or never
// bowled) has no rank there.
// Best bowling compares innings figures: more wickets, then fewer runs (5/20 beats 5/24 beats 4/10).

export interface Ranked<T> {
  entry: T;
  /** 1-based competition rank. */
  rank: number;
}

/**
 * Entries ranked by value, highest first, with shared ranks for equal values (1, 2, 2, 4).
 * Only entries `onList` keeps are ranked (by default those with a value above zero). `listOrder`
 * orders entries within a shared rank (default: as given).
 */
export function rankBy<T>(
  entries: readonly T[],
  value: (entry: T) => number | null | undefined,
  listOrder: (a: T, b: T) => number = () => 0,
  onList: (entry: T, value: number) => boolean = (_entry, entryValue) => entryValue > 0,
): Ranked<T>[] {
  const valued = entries
    .map((entry) => ({ entry, value: value(entry) ?? 0 }))
    .filter((item) => onList(item.entry, item.value))
    .sort((x, y) => y.value - x.value || listOrder(x.entry, y.entry));
  let rank = 0;
  return valued.map((item, index) => {
    // A new value starts a new rank at its 1-based place; an equal value keeps the rank before it.
    if (index === 0 || item.value !== valued[index - 1]?.value) rank = index + 1;
    return { entry: item.entry, rank };
  });
}

const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name, 'en');

export interface BattingTally {
  name: string;
  /** Innings batted: a player who batted is on the runs list even with no runs. */
  innings: number;
  runs: number;
  /** Balls faced. */
  balls: number;
  fours?: number | null;
  sixes?: number | null;
}

export interface BowlingTally {
  name: string;
  /** Legal balls bowled: a player who bowled is on the wickets list even without a wicket. */
  balls: number;
  wickets: number;
  /** Runs conceded. */
  runs: number;
}

const runsListOrder = (a: BattingTally, b: BattingTally): number => a.balls - b.balls || byName(a, b);
const wicketsListOrder = (a: BowlingTally, b: BowlingTally): number => a.runs - b.runs || byName(a, b);

/** Most runs: everyone who batted, ranked by runs alone; a shared rank is listed by fewer balls, then name. */
export function mostRuns<T extends BattingTally>(entries: readonly T[]): Ranked<T>[] {
  return rankBy(entries, (entry) => entry.runs, runsListOrder, (entry) => entry.innings > 0);
}

/** Most wickets: everyone who bowled, ranked by wickets alone; a shared rank is listed by fewer runs conceded, then name. */
export function mostWickets<T extends BowlingTally>(entries: readonly T[]): Ranked<T>[] {
  return rankBy(entries, (entry) => entry.wickets, wicketsListOrder, (entry) => entry.balls > 0);
}

/** Most fours, leaving out players with none or no count. */
export function mostFours<T extends BattingTally>(entries: readonly T[]): Ranked<T>[] {
  return rankBy(entries, (entry) => entry.fours, byName);
}

/** Most sixes, leaving out players with none or no count. */
export function mostSixes<T extends BattingTally>(entries: readonly T[]): Ranked<T>[] {
  return rankBy(entries, (entry) => entry.sixes, byName);
}

export interface BowlingFigures {
  wickets: number;
  runs: number;
}

/** Sort comparator for bowling figures, best first: more wickets, then fewer runs. */
export function compareBowlingFigures(a: BowlingFigures, b: BowlingFigures): number {
  return b.wickets - a.wickets || a.runs - b.runs;
}

/**
 * The best of a player's innings figures; null when he never took a wicket (pages show '–', not
 * 'Best 0/0': best figures are a wicket-taking innings').
 */
export function bestBowling<T extends BowlingFigures>(figures: readonly T[]): T | null {
  const best = [...figures].sort(compareBowlingFigures)[0];
  return best && best.wickets > 0 ? best : null;
}

/** What one player did in a tournament, as the lists rank it. */
export interface PlayerTallies {
  batting: BattingTally;
  bowling: BowlingTally;
}

/** A player's most-runs and most-wickets ranks; null when he is not on that list. */
export interface LeaderRanks {
  runs: number | null;
  wickets: number | null;
}

/** Each player's most-runs and most-wickets ranks, over all the players given. */
export function leaderRanks<T>(players: readonly T[], talliesOf: (player: T) => PlayerTallies): Map<T, LeaderRanks> {
  const tallied = players.map((player) => ({ player, ...talliesOf(player) }));
  const runsRank = new Map(
    mostRuns(tallied.map((entry) => ({ ...entry.batting, player: entry.player }))).map(({ entry, rank }) => [entry.player, rank]),
  );
  const wicketsRank = new Map(
    mostWickets(tallied.map((entry) => ({ ...entry.bowling, player: entry.player }))).map(({ entry, rank }) => [entry.player, rank]),
  );
  return new Map(players.map((player) => [player, { runs: runsRank.get(player) ?? null, wickets: wicketsRank.get(player) ?? null }]));
}

export type StatsTab = 'runs' | 'wickets' | 'fours' | 'sixes';

/**
 * The Stats tabs (spec, Stats page), from players whose ranks are known (leaderRanks): Runs is the
 * batting list (players with a most-runs rank) by rank; Wickets the bowling list (a most-wickets
 * rank) by rank; 4's and 6's the batting list by count, highest first, leaving out players
 * without any. Within a shared rank or count the tie-breaks above order the list.
 */
export function statsLists<T>(
  players: readonly T[],
  talliesOf: (player: T) => PlayerTallies & { ranks: LeaderRanks },
): Record<StatsTab, Ranked<T>[]> {
  const tallied = players.map((player) => ({ player, ...talliesOf(player) }));
  const batting = tallied
    .filter((entry) => entry.ranks.runs !== null)
    .map((entry) => ({ ...entry.batting, player: entry.player, rank: entry.ranks.runs ?? 0 }));
  const bowling = tallied
    .filter((entry) => entry.ranks.wickets !== null)
    .map((entry) => ({ ...entry.bowling, player: entry.player, rank: entry.ranks.wickets ?? 0 }));
  const ofPlayers = (ranked: ReadonlyArray<{ entry: { player: T }; rank: number }>): Ranked<T>[] =>
    ranked.map(({ entry, rank }) => ({ entry: entry.player, rank }));
  return {
    runs: ofPlayers(batting.sort((a, b) => a.rank - b.rank || runsListOrder(a, b)).map((entry) => ({ entry, rank: entry.rank }))),
    wickets: ofPlayers(bowling.sort((a, b) => a.rank - b.rank || wicketsListOrder(a, b)).map((entry) => ({ entry, rank: entry.rank }))),
    fours: ofPlayers(mostFours(batting)),
    sixes: ofPlayers(mostSixes(batting)),
  };
}
