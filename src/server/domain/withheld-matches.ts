// What the open data leaves out of a tournament, said from the data itself (issue 28 §5).
//
// Cricsheet withholds every match of some sides. Its archives say so in their own README.txt
// ("A further 149 matches have been withheld due to either featuring the Afghanistan men's team
// or being played in the Afghanistan Premier League ... see https://cricsheet.org/withheld-matches"):
// the list below is that statement, held in one place. A tournament one of those sides played in
// is then short of their matches, and nothing in its files names them; what the files do keep is
// the event's match numbers and the other sides' fixtures, from which the gap is counted.

/** A side whose matches the open data withholds, as the archives' README.txt states it. */
export interface WithheldSide {
  /** The side's name as the archives spell it. */
  name: string;
  gender: 'male' | 'female';
  teamType: 'international' | 'club';
  source: string;
}

export const WITHHELD_SIDES: readonly WithheldSide[] = [
  {
    name: 'Afghanistan',
    gender: 'male',
    teamType: 'international',
    source:
      "Cricsheet's README.txt in tests_json.zip, odis_json.zip and t20s_json.zip (../shared/data/cricsheet): matches featuring the Afghanistan men's team are withheld; https://cricsheet.org/withheld-matches",
  },
];

/** One match of the tournament as the archive holds it (a correction's abandoned match too). */
export interface HeldMatch {
  /** The event's match number (Cricsheet `event.match_number`); null when the file gives none. */
  number: number | null;
  group: string | null;
  /** Null in the league; 'Semi Final', 'Final', ... otherwise. */
  stage: string | null;
  teams: readonly [string, string];
}

export interface TournamentScope {
  gender: 'male' | 'female';
  teamType: string;
  /** Two sides play all its matches: a withheld side's tour is simply not held, nothing is short. */
  bilateral: boolean;
}

/**
 * What a tournament is missing. `side`: the withheld side whose matches they are, when the other
 * sides' fixtures show one absent side played them (null when the gap cannot be put on a side).
 * `missing`: how many, when it can be counted (null: "some matches"); with no side, only the
 * gaps between the numbers held (`atLeast`: matches after the last number held are not seen).
 * `others`: with a side, the missing matches between sides that are held (their pairs met
 * fewer times than the others: most often abandoned without a ball, which Cricsheet leaves out).
 */
export interface TournamentGap {
  side: string | null;
  missing: number | null;
  atLeast: boolean;
  others: number;
}

/** The numbers between the lowest and the highest held that no held match carries. */
function numberGaps(matches: readonly HeldMatch[]): number {
  const numbers = new Set(matches.flatMap((match) => (match.number === null ? [] : [match.number])));
  if (numbers.size < 2) return 0;
  const min = Math.min(...numbers);
  const max = Math.max(...numbers);
  return max - min + 1 - numbers.size;
}

/**
 * Per league group: its held sides, how many times the pairs of them met most (the rounds of
 * its round robin), and how many meetings between them are missing against that.
 */
function leagueGroups(matches: readonly HeldMatch[]): { sides: number; rounds: number; short: number }[] {
  const groups = new Map<string, HeldMatch[]>();
  for (const match of matches) {
    if (match.stage !== null) continue;
    const key = match.group ?? '';
    groups.set(key, [...(groups.get(key) ?? []), match]);
  }
  return [...groups.values()].map((group) => {
    const sides = [...new Set(group.flatMap((match) => match.teams))].sort();
    const met = new Map<string, number>();
    for (const match of group) {
      const pair = [...match.teams].sort().join('|');
      met.set(pair, (met.get(pair) ?? 0) + 1);
    }
    const counts: number[] = [];
    for (let i = 0; i < sides.length; i++) {
      for (let j = i + 1; j < sides.length; j++) counts.push(met.get(`${sides[i]}|${sides[j]}`) ?? 0);
    }
    const rounds = Math.max(0, ...counts);
    return { sides: sides.length, rounds, short: counts.reduce((sum, count) => sum + rounds - count, 0) };
  });
}

/**
 * Whether, and how far, a tournament's matches held here fall short of its schedule; null when
 * nothing shows a gap. The gap is seen in the event's match numbers (a number between two held
 * ones that no match carries). It is put on a withheld side when that side could have played
 * (gender, international or club, not held in it) and the gap is more than the meetings missing
 * between held sides of the league: the rest are an absent side's. In a round robin it met each
 * held side of its group once a round, so its matches number the group's sides times rounds
 * (the other sides' fixtures): the league's one group, or the one group whose count is the rest;
 * "some" when no group's count is known to be it.
 */
export function tournamentGap(matches: readonly HeldMatch[], scope: TournamentScope): TournamentGap | null {
  if (scope.bilateral) return null;
  const gaps = numberGaps(matches);
  if (gaps === 0) return null;
  const unknown: TournamentGap = { side: null, missing: gaps, atLeast: true, others: 0 };
  const held = new Set(matches.flatMap((match) => match.teams));
  const candidates = WITHHELD_SIDES.filter((side) => side.gender === scope.gender && side.teamType === scope.teamType && !held.has(side.name));
  const groups = leagueGroups(matches).filter((group) => group.sides >= 2 && group.rounds > 0);
  if (candidates.length !== 1 || groups.length === 0) return unknown;
  const side = candidates[0]!.name;
  const others = groups.reduce((sum, group) => sum + group.short, 0);
  const rest = gaps - others;
  if (rest <= 0) return unknown;
  const counts = groups.map((group) => group.sides * group.rounds);
  if (groups.length === 1) return rest <= counts[0]! ? { side, missing: counts[0]!, atLeast: false, others } : unknown;
  const exact = counts.filter((count) => count === rest);
  if (exact.length === 1) return { side, missing: rest, atLeast: false, others };
  return counts.some((count) => count >= rest) ? { side, missing: null, atLeast: false, others } : unknown;
}
