// What the open data leaves out of a tournament, said from the data itself (issue 28 §5).
//
// Cricsheet withholds every match of some sides. Its archives say so in their own README.txt
// ("A further 149 matches have been withheld due to either featuring the Afghanistan men's team
// or being played in the Afghanistan Premier League ... see https://cricsheet.org/withheld-matches"):
// the list below is that statement, held in one place. A tournament one of those sides played in
// is then short of their matches, and nothing in its files names them; what the files do keep is
// the event's match numbers and the other sides' fixtures, from which the gap is counted.
import type { FormatType } from './format-type.ts';

/** A side whose matches the open data withholds, as the archives' README.txt states it. */
export interface WithheldSide {
  /** The side's name as the archives spell it. */
  name: string;
  gender: 'male' | 'female';
  teamType: 'international' | 'club';
  /** The first day it played each type of cricket: before it, a tournament of the type is not short of it. */
  since: Partial<Record<FormatType, string>>;
  source: string;
}

export const WITHHELD_SIDES: readonly WithheldSide[] = [
  {
    name: 'Afghanistan',
    gender: 'male',
    teamType: 'international',
    // Its first ODI (v Scotland, Benoni, 19 April 2009), first T20I (v Ireland, Colombo,
    // 1 February 2010), first Test (v India, Bengaluru, 14 June 2018).
    since: { odi: '2009-04-19', t20i: '2010-02-01', t20: '2010-02-01', test: '2018-06-14' },
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
  formatType: FormatType;
  /** The tournament's last day (ISO): a withheld side had played the type by then. */
  lastDay: string;
}

/**
 * What a tournament is missing. `side`: the withheld side whose matches they are, when the other
 * sides' fixtures show one absent side played them (null when the gap cannot be put on a side).
 * `missing`: how many: with a side, its matches (the other sides' fixtures count them); with
 * none, only the gaps between the numbers held (`atLeast`: matches after the last number held,
 * and matches without a number, are not seen).
 * `others`: with a side, the missing matches between sides that are held (their pairs met
 * fewer times than the others: most often abandoned without a ball, which Cricsheet leaves out).
 */
export interface TournamentGap {
  side: string | null;
  missing: number;
  atLeast: boolean;
  others: number;
}

/**
 * The numbers between the lowest and the highest held that no held match carries. A number at
 * either end further from its neighbour than the other numbers are many (of four at least) is
 * another season's match filed under this one (a league numbered over years: League 2's 2025
 * holds its match 12 beside 61 to 83), not the bound of a gap.
 */
function numberGaps(matches: readonly HeldMatch[]): number {
  const list = matches.flatMap((match) => (match.number === null ? [] : [match.number]));
  // A number used twice: the event numbers several series apart, no one sequence to read gaps in.
  if (new Set(list).size < list.length) return 0;
  const numbers = [...list].sort((a, b) => a - b);
  const stray = (end: number, next: number) => numbers.length - 1 >= 4 && Math.abs(next - end) - 1 > numbers.length - 1;
  if (numbers.length >= 2 && stray(numbers[0]!, numbers[1]!)) numbers.shift();
  if (numbers.length >= 2 && stray(numbers[numbers.length - 1]!, numbers[numbers.length - 2]!)) numbers.pop();
  if (numbers.length < 2) return 0;
  return numbers[numbers.length - 1]! - numbers[0]! + 1 - numbers.length;
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

/** A group's fixtures are evidence of an absent side when they are a round robin of this many held sides at least. */
const LEAGUE_SIDES = 4;

/**
 * Whether, and how far, a tournament's matches held here fall short of its schedule; null when
 * nothing shows a gap. The gap is seen in the event's match numbers (a number between two held
 * ones that no match carries). It is put on a withheld side only when that side could have
 * played (gender, international or club, the type played by then, not held in it) and the
 * other sides' fixtures account for it exactly: the gap, less the meetings missing between held
 * sides, is one match against each held side of one league group (of four held sides at least)
 * per round of its round robin. Anything else says only how many matches at least are missing.
 */
export function tournamentGap(matches: readonly HeldMatch[], scope: TournamentScope): TournamentGap | null {
  if (scope.bilateral) return null;
  const gaps = numberGaps(matches);
  if (gaps === 0) return null;
  const unknown: TournamentGap = { side: null, missing: gaps, atLeast: true, others: 0 };
  const held = new Set(matches.flatMap((match) => match.teams));
  const candidates = WITHHELD_SIDES.filter((side) => {
    const since = side.since[scope.formatType];
    return side.gender === scope.gender && side.teamType === scope.teamType && since !== undefined && since <= scope.lastDay && !held.has(side.name);
  });
  const groups = leagueGroups(matches).filter((group) => group.sides >= 2 && group.rounds > 0);
  if (candidates.length !== 1 || groups.length === 0) return unknown;
  const others = groups.reduce((sum, group) => sum + group.short, 0);
  const rest = gaps - others;
  const fits = groups.filter((group) => group.sides >= LEAGUE_SIDES && group.sides * group.rounds === rest);
  return rest > 0 && fits.length === 1 ? { side: candidates[0]!.name, missing: rest, atLeast: false, others } : unknown;
}
