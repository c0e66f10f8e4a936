import { describe, it, expect } from 'vitest';
import {
  bestBowling,
  compareBowlingFigures,
  mostFours,
  mostRuns,
  mostSixes,
  mostWickets,
  rankBy,
  leaderRanks,
  statsLists,
  type BattingTally,
  type PlayerTallies,
} from '../../../src/server/domain/leaderboard.ts';
import { economy, strikeRate } from '../../../src/server/domain/rates.ts';

const ranks = <T extends { name: string }>(ranked: Array<{ entry: T; rank: number }>) =>
  ranked.map(({ entry, rank }) => [rank, entry.name]);

describe('rankBy', () => {
  it('gives equal values the same rank and skips the ranks they take (1, 2, 2, 4)', () => {
    const entries = [
      { name: 'a', value: 10 },
      { name: 'b', value: 30 },
      { name: 'c', value: 20 },
      { name: 'd', value: 20 },
      { name: 'e', value: 5 },
    ];
    expect(ranks(rankBy(entries, (entry) => entry.value))).toEqual([
      [1, 'b'],
      [2, 'c'],
      [2, 'd'],
      [4, 'a'],
      [5, 'e'],
    ]);
  });

  it('shares ranks across longer runs of equal values', () => {
    const entries = [7, 7, 7, 3, 3, 1].map((value, index) => ({ name: String(index), value }));
    expect(rankBy(entries, (entry) => entry.value).map(({ rank }) => rank)).toEqual([1, 1, 1, 4, 4, 6]);
  });

  it('leaves out missing, zero and negative values', () => {
    const entries = [
      { name: 'a', value: 0 },
      { name: 'b', value: null },
      { name: 'c', value: undefined },
      { name: 'd', value: -2 },
      { name: 'e', value: 1 },
    ];
    expect(ranks(rankBy(entries, (entry) => entry.value))).toEqual([[1, 'e']]);
    expect(rankBy([], () => 1)).toEqual([]);
  });

  it('orders a shared rank by the list order given, keeping input order otherwise', () => {
    const entries = [
      { name: 'z', value: 4 },
      { name: 'y', value: 4 },
    ];
    expect(ranks(rankBy(entries, (entry) => entry.value))).toEqual([
      [1, 'z'],
      [1, 'y'],
    ]);
    expect(
      ranks(
        rankBy(
          entries,
          (entry) => entry.value,
          (a, b) => a.name.localeCompare(b.name),
        ),
      ),
    ).toEqual([
      [1, 'y'],
      [1, 'z'],
    ]);
  });
});

describe('batting lists', () => {
  const batters: BattingTally[] = [
    { name: 'Gambhir', innings: 1, runs: 534, balls: 379, fours: 68, sixes: 8 },
    { name: 'Marsh', innings: 1, runs: 616, balls: 441, fours: 59, sixes: 26 },
    { name: 'Jayasuriya', innings: 1, runs: 514, balls: 309, fours: 58, sixes: 31 },
    { name: 'Sehwag', innings: 1, runs: 534, balls: 283, fours: 57, sixes: 19 },
    { name: 'Tail', innings: 1, runs: 0, balls: 3, fours: 0, sixes: 0 },
    { name: 'Unknown', innings: 1, runs: 12, balls: 10, fours: null, sixes: null },
  ];

  it('ranks most runs by runs alone, listing a shared rank by fewer balls', () => {
    expect(ranks(mostRuns(batters))).toEqual([
      [1, 'Marsh'],
      [2, 'Sehwag'],
      [2, 'Gambhir'],
      [4, 'Jayasuriya'],
      [5, 'Unknown'],
      [6, 'Tail'],
    ]);
  });

  it('ranks a batter who made a duck (JJ Bumrah, IPL 2025) but not one who never batted', () => {
    const ranked = mostRuns([
      { name: 'JJ Bumrah', innings: 2, runs: 0, balls: 3 },
      { name: 'Did not bat', innings: 0, runs: 0, balls: 0 },
      { name: 'Opener', innings: 1, runs: 40, balls: 30 },
    ]);
    expect(ranks(ranked)).toEqual([
      [1, 'Opener'],
      [2, 'JJ Bumrah'],
    ]);
  });

  it('lists equal runs off equal balls by name', () => {
    const ranked = mostRuns([
      { name: 'b', innings: 1, runs: 10, balls: 8 },
      { name: 'a', innings: 1, runs: 10, balls: 8 },
    ]);
    expect(ranks(ranked)).toEqual([
      [1, 'a'],
      [1, 'b'],
    ]);
  });

  it('sorts fours and sixes by the count, leaving out none and missing', () => {
    expect(ranks(mostFours(batters))).toEqual([
      [1, 'Gambhir'],
      [2, 'Marsh'],
      [3, 'Jayasuriya'],
      [4, 'Sehwag'],
    ]);
    expect(ranks(mostSixes(batters))).toEqual([
      [1, 'Jayasuriya'],
      [2, 'Marsh'],
      [3, 'Sehwag'],
      [4, 'Gambhir'],
    ]);
    expect(
      ranks(
        mostSixes([
          { name: 'b', innings: 1, runs: 1, balls: 1, sixes: 2 },
          { name: 'a', innings: 1, runs: 1, balls: 1, sixes: 2 },
        ]),
      ),
    ).toEqual([
      [1, 'a'],
      [1, 'b'],
    ]);
  });
});

describe('bowling', () => {
  it('ranks most wickets by wickets alone, listing a shared rank by fewer runs conceded, then name', () => {
    const ranked = mostWickets([
      { name: 'Pathan', balls: 24, wickets: 15, runs: 403 },
      { name: 'Tanvir', balls: 24, wickets: 22, runs: 266 },
      { name: 'Warne', balls: 24, wickets: 19, runs: 374 },
      { name: 'Sreesanth', balls: 24, wickets: 19, runs: 442 },
      { name: 'Ahmed', balls: 24, wickets: 15, runs: 403 },
      { name: 'Part-timer', balls: 24, wickets: 0, runs: 30 },
    ]);
    expect(ranks(ranked)).toEqual([
      [1, 'Tanvir'],
      [2, 'Warne'],
      [2, 'Sreesanth'],
      [4, 'Ahmed'],
      [4, 'Pathan'],
      [6, 'Part-timer'],
    ]);
  });

  it('compares bowling figures by more wickets, then fewer runs', () => {
    const figures = [
      { wickets: 4, runs: 10 },
      { wickets: 5, runs: 24 },
      { wickets: 5, runs: 20 },
      { wickets: 0, runs: 2 },
    ];
    expect([...figures].sort(compareBowlingFigures)).toEqual([
      { wickets: 5, runs: 20 },
      { wickets: 5, runs: 24 },
      { wickets: 4, runs: 10 },
      { wickets: 0, runs: 2 },
    ]);
    expect(compareBowlingFigures({ wickets: 3, runs: 20 }, { wickets: 3, runs: 20 })).toBe(0);
    expect(bestBowling(figures)).toEqual({ wickets: 5, runs: 20 });
    expect(bestBowling([])).toBeNull();
    // A bowler without a wicket has no best figures ('–'), not 0/0.
    expect(bestBowling([{ wickets: 0, runs: 0 }, { wickets: 0, runs: 14 }])).toBeNull();
  });

  it('gives economy per over from legal balls, to two decimals', () => {
    // 266 off 46 overs
    expect(economy(266, 276)).toBe(5.78);
    // 30 off 3.2 overs (20 balls) is 9.00, not 30 / 3.2
    expect(economy(30, 20)).toBe(9);
    expect(economy(10, 0)).toBeNull();
  });

  it('gives strike rate per hundred balls, to two decimals, 0 before a ball is faced', () => {
    // V Kohli's 82* off 53 (Melbourne, 2022).
    expect(strikeRate(82, 53)).toBe(154.72);
    expect(strikeRate(0, 1)).toBe(0);
    expect(strikeRate(0, 0)).toBe(0);
    expect(strikeRate(100, 100)).toBe(100);
  });
});

/** A player who batted once (facing `balls`) and bowled `balls` when he took or conceded anything. */
function player(
  name: string,
  batting: { runs: number; balls: number; fours?: number; sixes?: number },
  bowling: { wickets: number; runs: number; balls?: number },
): PlayerTallies & { name: string } {
  return {
    name,
    batting: { name, innings: 1, runs: batting.runs, balls: batting.balls, fours: batting.fours ?? 0, sixes: batting.sixes ?? 0 },
    bowling: { name, wickets: bowling.wickets, runs: bowling.runs, balls: bowling.balls ?? (bowling.wickets > 0 ? 24 : 0) },
  };
}

describe('leaderRanks and statsLists', () => {
  const players = [
    player('Bowler', { runs: 0, balls: 2 }, { wickets: 5, runs: 80 }),
    player('Opener', { runs: 300, balls: 200, fours: 30, sixes: 10 }, { wickets: 0, runs: 0 }),
    player('Keeper', { runs: 150, balls: 120, fours: 12 }, { wickets: 0, runs: 0 }),
    player('Allrounder', { runs: 150, balls: 100, fours: 12, sixes: 10 }, { wickets: 5, runs: 60 }),
    player('Seamer', { runs: 5, balls: 9, sixes: 1 }, { wickets: 8, runs: 120 }),
  ];
  const ranks = leaderRanks(players, (entry) => entry);
  const withRanks = (entry: (typeof players)[number]) => ({ ...entry, ranks: ranks.get(entry) ?? { runs: null, wickets: null } });

  it('gives most-runs and most-wickets ranks, null for players off the list', () => {
    expect(players.map((entry) => [entry.name, ranks.get(entry)?.runs, ranks.get(entry)?.wickets])).toEqual([
      // Batted for a duck: on the runs list, last.
      ['Bowler', 5, 2],
      ['Opener', 1, null],
      ['Keeper', 2, null],
      ['Allrounder', 2, 2],
      ['Seamer', 4, 1],
    ]);
  });

  it('leaves a player who never batted or bowled off those lists', () => {
    const benched = { name: 'Benched', batting: { name: 'Benched', innings: 0, runs: 0, balls: 0 }, bowling: { name: 'Benched', balls: 0, wickets: 0, runs: 0 } };
    expect(leaderRanks([benched], (entry) => entry).get(benched)).toEqual({ runs: null, wickets: null });
  });

  it('builds the four tabs as the Stats page lists them', () => {
    const lists = statsLists(players, withRanks);
    const names = (list: Array<{ entry: { name: string }; rank: number }>) => list.map(({ entry, rank }) => `${rank} ${entry.name}`);
    // Keeper and Allrounder share 2nd on 150: the one who needed fewer balls is listed first.
    expect(names(lists.runs)).toEqual(['1 Opener', '2 Allrounder', '2 Keeper', '4 Seamer', '5 Bowler']);
    expect(names(lists.wickets)).toEqual(['1 Seamer', '2 Allrounder', '2 Bowler']);
    expect(names(lists.fours)).toEqual(['1 Opener', '2 Allrounder', '2 Keeper']);
    expect(names(lists.sixes)).toEqual(['1 Allrounder', '1 Opener', '3 Seamer']);
  });

  it('leaves players without a rank out of every list', () => {
    const lists = statsLists(players, (entry) => ({ ...entry, ranks: { runs: null, wickets: null } }));
    expect([lists.runs, lists.wickets, lists.fours, lists.sixes].map((list) => list.length)).toEqual([0, 0, 0, 0]);
  });
});
