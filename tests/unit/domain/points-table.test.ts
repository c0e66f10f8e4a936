import { describe, it, expect } from 'vitest';
import {
  formatNetRunRate,
  knockoutStage,
  leagueTable,
  netRunRate,
  pointsRounds,
  type LeagueInnings,
  type LeagueMatch,
  type LeagueTeam,
} from '../../../src/server/domain/points-table.ts';
import { prepareMatch } from '../../../src/server/ingest/normalise.ts';
import { openSource, UnreadableFileError } from '../../../src/server/ingest/sources.ts';
import { requiredArchive } from '../../helpers/shared-data.ts';

const team = (name: string): LeagueTeam => ({
  name,
  key: name.toLowerCase().replace(/\s+/g, '-'),
  code: name.slice(0, 3).toUpperCase(),
});
const A = team('Alpha');
const B = team('Bravo');
const C = team('Charlie');
const D = team('Delta');

/** An innings: `inn('a', 150, 6, 120)` is side a making 150/6 off 20 overs (as called). */
function inn(
  battingTeam: 'a' | 'b',
  runs: number,
  wickets: number,
  calledBalls: number,
  extra: Partial<LeagueInnings> = {},
): LeagueInnings {
  return { battingTeam, superOver: false, runs, wickets, calledBalls, targetRuns: null, targetBalls: null, ...extra };
}

/** A chase set first-innings runs + 1 off the full 20 overs. */
function chase(runs: number, wickets: number, legalBalls: number, target: number, targetBalls = 120): LeagueInnings {
  return inn('b', runs, wickets, legalBalls, { targetRuns: target, targetBalls });
}

let nextId = 1;
function t20(teams: [LeagueTeam, LeagueTeam], innings: LeagueInnings[], outcome: Partial<LeagueMatch> = {}): LeagueMatch {
  return {
    matchId: nextId++,
    teams,
    winner: null,
    result: null,
    eliminator: null,
    stage: null,
    group: null,
    innings,
    ballsPerOver: 6,
    oversLimitBalls: 120,
    format: 't20',
    ...outcome,
  };
}

const rowOf = (rows: ReturnType<typeof leagueTable>, name: string) => {
  const row = rows.find((entry) => entry.team.name === name);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('formatNetRunRate', () => {
  it('signs and gives three decimals', () => {
    expect(formatNetRunRate(0.8089)).toBe('+0.809');
    expect(formatNetRunRate(-1.0124)).toBe('-1.012');
    expect(formatNetRunRate(2)).toBe('+2.000');
    expect(formatNetRunRate(12.3456)).toBe('+12.346');
  });

  it('shows zero, and anything that rounds to zero, as +0.000', () => {
    expect(formatNetRunRate(0)).toBe('+0.000');
    expect(formatNetRunRate(-0)).toBe('+0.000');
    expect(formatNetRunRate(-0.0004)).toBe('+0.000');
    expect(formatNetRunRate(0.00049)).toBe('+0.000');
  });

  it('rounds halves away from zero, whatever the binary noise', () => {
    expect(formatNetRunRate(0.0005)).toBe('+0.001');
    expect(formatNetRunRate(-0.0005)).toBe('-0.001');
    expect(formatNetRunRate(1.0005)).toBe('+1.001');
    expect(formatNetRunRate(-2.0125)).toBe('-2.013');
    // 0.0125 computed as a difference of rates comes out as 0.012499999…
    expect(formatNetRunRate(8.0125 - 8)).toBe('+0.013');
    expect(formatNetRunRate(0.00149999)).toBe('+0.001');
  });
});

describe('netRunRate', () => {
  it('is runs per over scored minus runs per over conceded, with overs counted in balls', () => {
    // 160 off 19.4 overs (118 balls) is 8.1356 an over, not 160 / 19.4.
    expect(netRunRate({ runsScored: 160, ballsFaced: 118, runsConceded: 150, ballsBowled: 120 })).toBeCloseTo(
      160 / (118 / 6) - 7.5,
      10,
    );
  });

  it('is 0 for a side with no balls faced or bowled', () => {
    expect(netRunRate({ runsScored: 0, ballsFaced: 0, runsConceded: 0, ballsBowled: 0 })).toBe(0);
  });

  it('is per six balls whatever the length of the overs', () => {
    // 100 off 80 balls is 7.5 per six balls; 80 off 80 is 6.
    expect(netRunRate({ runsScored: 100, ballsFaced: 80, runsConceded: 80, ballsBowled: 80 })).toBe(1.5);
  });
});

describe('leagueTable: points', () => {
  it('gives 2 for a win, 0 for a loss, and orders by points', () => {
    const rows = leagueTable([
      t20([A, B], [inn('a', 150, 5, 120), chase(140, 8, 120, 151)], { winner: 'a' }),
      t20([B, C], [inn('a', 170, 5, 120), chase(120, 9, 120, 171)], { winner: 'a' }),
      t20([C, A], [inn('a', 130, 5, 120), chase(131, 2, 100, 131)], { winner: 'b' }),
    ]);
    expect(rows.map((row) => [row.position, row.team.name, row.played, row.won, row.lost, row.points])).toEqual([
      [1, 'Alpha', 2, 2, 0, 4],
      [2, 'Bravo', 2, 1, 1, 2],
      [3, 'Charlie', 2, 0, 2, 0],
    ]);
    expect(rows[0]?.team).toEqual(A);
  });

  it('gives 1 each for a no result and leaves it out of net run rate', () => {
    const rows = leagueTable([
      t20([A, B], [inn('a', 150, 5, 120), chase(120, 10, 105, 151)], { winner: 'a' }),
      // Rain after 5 overs of the first innings: 60 runs that count for nothing.
      t20([A, B], [inn('a', 60, 0, 30)], { result: 'no result' }),
    ]);
    const alpha = rowOf(rows, 'Alpha');
    expect([alpha.played, alpha.won, alpha.lost, alpha.tied, alpha.noResult, alpha.points]).toEqual([2, 1, 0, 0, 1, 3]);
    expect(rowOf(rows, 'Bravo').points).toBe(1);
    // 150/20 − 120/20 (bowled out: charged 20 overs) = 1.5
    expect(formatNetRunRate(alpha.netRunRate!)).toBe('+1.500');
    expect(formatNetRunRate(rowOf(rows, 'Bravo').netRunRate!)).toBe('-1.500');
  });

  it('shows +0.000 for a side whose only matches were no results', () => {
    const rows = leagueTable([t20([A, B], [], { result: 'no result' })]);
    expect(rows.map((row) => [row.team.name, row.played, row.noResult, row.points, formatNetRunRate(row.netRunRate!)])).toEqual([
      ['Alpha', 1, 1, 1, '+0.000'],
      ['Bravo', 1, 1, 1, '+0.000'],
    ]);
  });

  it('counts a tie without a super over as tied, 1 point each, in net run rate', () => {
    const rows = leagueTable([t20([A, B], [inn('a', 150, 5, 120), chase(150, 7, 120, 151)], { result: 'tie' })]);
    for (const row of rows) {
      expect([row.played, row.won, row.lost, row.tied, row.noResult, row.points, formatNetRunRate(row.netRunRate!)]).toEqual([
        1,
        0,
        0,
        1,
        0,
        1,
        '+0.000',
      ]);
    }
  });

  it('makes a tie settled by a super over a win and a loss, leaving the super over out of net run rate', () => {
    const rows = leagueTable([
      t20(
        [A, B],
        [
          inn('a', 150, 5, 120),
          chase(150, 10, 114, 151),
          inn('b', 11, 1, 6, { superOver: true }),
          inn('a', 12, 0, 4, { superOver: true, targetRuns: 12, targetBalls: 6 }),
        ],
        { result: 'tie', eliminator: 'a' },
      ),
    ]);
    const alpha = rowOf(rows, 'Alpha');
    const bravo = rowOf(rows, 'Bravo');
    expect([alpha.won, alpha.lost, alpha.tied, alpha.points]).toEqual([1, 0, 0, 2]);
    expect([bravo.won, bravo.lost, bravo.tied, bravo.points]).toEqual([0, 1, 0, 0]);
    // Bravo were bowled out in 19 overs, so charged 20: 150/20 each way.
    expect(formatNetRunRate(alpha.netRunRate!)).toBe('+0.000');
    expect(formatNetRunRate(bravo.netRunRate!)).toBe('+0.000');
  });

  it('a multi-day league counts draws as draws, never no results, with no points or net run rate', () => {
    const firstClass = (teams: [LeagueTeam, LeagueTeam], innings: LeagueInnings[], outcome: Partial<LeagueMatch>) =>
      t20(teams, innings, { oversLimitBalls: null, format: 'test', ...outcome });
    const rows = leagueTable([
      firstClass([A, B], [inn('a', 400, 10, 600), inn('b', 300, 10, 540), inn('a', 200, 4, 300, {}), inn('b', 150, 5, 360)], {
        result: 'draw',
      }),
      firstClass([C, A], [inn('a', 250, 10, 480), inn('b', 251, 3, 420)], { winner: 'b' }),
      firstClass([C, B], [inn('a', 300, 10, 480), inn('b', 200, 10, 420), inn('a', 100, 10, 300), inn('b', 150, 10, 360)], { winner: 'a' }),
    ]);
    // Ordered by wins, then fewer losses, then draws: Alpha 1-0-1, Charlie 1-1-0, Bravo 0-1-1.
    expect(rows.map((row) => [row.team.name, row.played, row.won, row.lost, row.drawn, row.noResult, row.points, row.netRunRate])).toEqual([
      ['Alpha', 2, 1, 0, 1, 0, null, null],
      ['Charlie', 2, 1, 1, 0, 0, null, null],
      ['Bravo', 2, 0, 1, 1, 0, null, null],
    ]);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
  });

  it('leaves out matches with no outcome yet', () => {
    const rows = leagueTable([
      t20([A, B], [inn('a', 80, 2, 60)]),
      t20([A, C], [inn('a', 150, 5, 120), chase(100, 10, 90, 151)], { winner: 'a' }),
    ]);
    expect(rows.map((row) => [row.team.name, row.played])).toEqual([
      ['Alpha', 1],
      ['Charlie', 1],
    ]);
  });
});

describe('leagueTable: net run rate by the ICC playing conditions', () => {
  it('charges a side bowled out in 17.3 overs the full 20 overs', () => {
    const rows = leagueTable([t20([A, B], [inn('a', 180, 4, 120), chase(140, 10, 105, 181)], { winner: 'a' })]);
    // Bravo: 140/20 − 180/20 = −2.0 (not 140 / 17.5 = 8.0 an over).
    expect(formatNetRunRate(rowOf(rows, 'Bravo').netRunRate!)).toBe('-2.000');
    expect(formatNetRunRate(rowOf(rows, 'Alpha').netRunRate!)).toBe('+2.000');
  });

  it('charges the side batting first its full quota when bowled out', () => {
    const rows = leagueTable([t20([A, B], [inn('a', 99, 10, 90), chase(100, 1, 60, 100)], { winner: 'b' })]);
    // Alpha: 99/20 − 100/10 = 4.95 − 10 = −5.05
    expect(formatNetRunRate(rowOf(rows, 'Alpha').netRunRate!)).toBe('-5.050');
    expect(formatNetRunRate(rowOf(rows, 'Bravo').netRunRate!)).toBe('+5.050');
  });

  it('counts an innings with batters absent hurt as all out when the rest are out', () => {
    const rows = leagueTable([t20([A, B], [inn('a', 180, 4, 120), chase(120, 9, 96, 181, 120)], { winner: 'a' })]);
    expect(formatNetRunRate(rowOf(rows, 'Bravo').netRunRate!)).toBe(formatNetRunRate(120 / 16 - 180 / 20));
    const absent = leagueTable(
      [t20([A, B], [inn('a', 180, 4, 120), chase(120, 9, 96, 181, 120)], { winner: 'a' })].map((match) => ({
        ...match,
        innings: match.innings.map((entry) => (entry.battingTeam === 'b' ? { ...entry, absentBatters: 1 } : entry)),
      })),
    );
    expect(formatNetRunRate(rowOf(absent, 'Bravo').netRunRate!)).toBe('-3.000');
  });

  it('credits a DLS chase with what it scored and the side batting first with revised target − 1 off the revised overs', () => {
    // Alpha 180/6 in 20 overs; rain revises Bravo's target to 120 off 12 overs; Bravo 121/4 in 11.2.
    const rows = leagueTable([t20([A, B], [inn('a', 180, 6, 120), chase(121, 4, 68, 120, 72)], { winner: 'b' })]);
    // Bravo: 121 off 68 balls − 119 off 72 balls.
    expect(formatNetRunRate(rowOf(rows, 'Bravo').netRunRate!)).toBe(formatNetRunRate((121 * 6) / 68 - (119 * 6) / 72));
    expect(formatNetRunRate(rowOf(rows, 'Bravo').netRunRate!)).toBe('+0.760');
    expect(formatNetRunRate(rowOf(rows, 'Alpha').netRunRate!)).toBe('-0.760');
  });

  it('charges a DLS chase bowled out its revised overs, not the scheduled 20', () => {
    const rows = leagueTable([t20([A, B], [inn('a', 180, 6, 120), chase(90, 10, 60, 120, 72)], { winner: 'a' })]);
    // Bravo: 90/12 − 119/12 = −29/12
    expect(formatNetRunRate(rowOf(rows, 'Bravo').netRunRate!)).toBe('-2.417');
  });

  it('uses the reduced overs of a match shortened before the start', () => {
    // Both innings cut to 16 overs: Alpha bowled out for 110 in 15 overs is charged 16, not 20.
    const rows = leagueTable([t20([A, B], [inn('a', 110, 10, 90), chase(111, 3, 84, 111, 96)], { winner: 'b' })]);
    // Alpha: 110/16 − 111/14
    expect(formatNetRunRate(rowOf(rows, 'Alpha').netRunRate!)).toBe(formatNetRunRate(110 / 16 - 111 / 14));
  });

  it('sums runs and balls over the season rather than averaging match rates', () => {
    const rows = leagueTable([
      t20([A, B], [inn('a', 200, 3, 120), chase(100, 10, 60, 201)], { winner: 'a' }),
      t20([A, C], [inn('a', 100, 10, 80), chase(101, 0, 30, 101)], { winner: 'b' }),
    ]);
    // Alpha: (200 + 100) / 40 − (100 + 101) / (20 + 5) = 7.5 − 8.04
    expect(formatNetRunRate(rowOf(rows, 'Alpha').netRunRate!)).toBe('-0.540');
  });

  it('counts overs as the umpires called them', () => {
    // Alpha's 20 overs held a five-ball over (119 legal balls), Bravo's a seven-ball one (121):
    // both stand as 20 overs (120 balls as called).
    const rows = leagueTable([t20([A, B], [inn('a', 150, 5, 120), chase(140, 5, 120, 151, 120)], { winner: 'a' })]);
    expect(formatNetRunRate(rowOf(rows, 'Alpha').netRunRate!)).toBe('+0.500');
  });

  it('handles overs other than six balls', () => {
    const eightBall = leagueTable([
      {
        ...t20([A, B], [inn('a', 160, 10, 120), chase(161, 2, 96, 161, 160)], { winner: 'b' }),
        ballsPerOver: 8,
        oversLimitBalls: 160,
      },
    ]);
    // 8-ball overs, 20 of them: Alpha bowled out is charged the full 160 balls; Bravo made 161 off 96.
    // Rates are per six balls, as everywhere (overs.ts RATE_BALLS).
    expect(formatNetRunRate(rowOf(eightBall, 'Bravo').netRunRate!)).toBe(formatNetRunRate((161 * 6) / 96 - (160 * 6) / 160));
  });
});

describe('leagueTable: ordering', () => {
  it('orders equal points and wins by net run rate, then name', () => {
    const rows = leagueTable([
      // Alpha and Bravo both win one and lose one; Alpha by more.
      t20([A, B], [inn('a', 200, 3, 120), chase(100, 9, 120, 201)], { winner: 'a' }),
      t20([B, A], [inn('a', 150, 3, 120), chase(149, 9, 120, 151)], { winner: 'a' }),
      // Charlie and Delta: a tie (1 point each, equal run rate); then names decide.
      t20([D, C], [inn('a', 150, 5, 120), chase(150, 5, 120, 151)], { result: 'tie' }),
    ]);
    expect(rows.map((row) => [row.position, row.team.name, row.points])).toEqual([
      [1, 'Alpha', 2],
      [2, 'Bravo', 2],
      [3, 'Charlie', 1],
      [4, 'Delta', 1],
    ]);
  });

  it('puts more wins above a better net run rate on equal points (a no result is a point without a win)', () => {
    const rows = leagueTable([
      // Alpha: a narrow win and a heavy loss (2 points, 1 win, run rate below par). Bravo: a no
      // result and a tie (2 points, no win, run rate exactly par).
      t20([A, C], [inn('a', 121, 9, 120), chase(120, 9, 120, 122)], { winner: 'a' }),
      t20([D, A], [inn('a', 200, 2, 120), chase(100, 10, 120, 201)], { winner: 'a' }),
      t20([B, D], [inn('a', 60, 0, 30)], { result: 'no result' }),
      t20([B, C], [inn('a', 220, 2, 120), chase(220, 2, 120, 221)], { result: 'tie' }),
    ]);
    const alpha = rowOf(rows, 'Alpha');
    const bravo = rowOf(rows, 'Bravo');
    expect([alpha.points, alpha.won, bravo.points, bravo.won]).toEqual([2, 1, 2, 0]);
    expect(bravo.netRunRate!).toBeGreaterThan(alpha.netRunRate!);
    expect(alpha.position).toBeLessThan(bravo.position);
  });

  it('puts more wins first when points and net run rate are equal', () => {
    const rows = leagueTable([
      // Zulu and Charlie: a win and a loss each by the same margin (2 points, NRR 0, one win);
      // Bravo and Delta: two ties each (2 points, NRR 0, no win).
      t20([team('Zulu'), C], [inn('a', 150, 5, 120), chase(140, 5, 120, 151)], { winner: 'a' }),
      t20([C, team('Zulu')], [inn('a', 150, 5, 120), chase(140, 5, 120, 151)], { winner: 'a' }),
      t20([B, D], [inn('a', 150, 5, 120), chase(150, 5, 120, 151)], { result: 'tie' }),
      t20([D, B], [inn('a', 150, 5, 120), chase(150, 5, 120, 151)], { result: 'tie' }),
    ]);
    expect(rows.map((row) => [row.position, row.team.name, row.won, row.points, formatNetRunRate(row.netRunRate!)])).toEqual([
      [1, 'Charlie', 1, 2, '+0.000'],
      [2, 'Zulu', 1, 2, '+0.000'],
      [3, 'Bravo', 0, 2, '+0.000'],
      [4, 'Delta', 0, 2, '+0.000'],
    ]);
  });
});

describe('pointsRounds', () => {
  const win = (teams: [LeagueTeam, LeagueTeam], outcome: Partial<LeagueMatch> = {}) =>
    t20(teams, [inn('a', 160, 6, 120), chase(150, 8, 120, 161)], { winner: 'a', ...outcome });

  it('keeps knockout matches out of the league and orders rounds Final, Qualifiers, Eliminator', () => {
    const rounds = pointsRounds(
      [
        win([A, B]),
        win([C, D]),
        win([A, C]),
        win([B, D]),
        win([A, B], { stage: 'Qualifier 1' }),
        win([C, D], { stage: 'Eliminator' }),
        win([B, C], { stage: 'Qualifier 2' }),
        win([A, B], { stage: 'Final' }),
      ],
      'Indian Premier League',
    );
    expect(rounds.map((round) => [round.name, round.groups.map((group) => group.name)])).toEqual([
      ['League', ['Indian Premier League']],
      ['Final', ['Final']],
      ['Qualifiers', ['Qualifier 1', 'Qualifier 2']],
      ['Eliminator', ['Eliminator']],
    ]);
    const league = rounds[0]?.groups[0]?.standings ?? [];
    expect(league.map((row) => [row.team.name, row.played, row.points])).toEqual([
      ['Alpha', 2, 4],
      ['Bravo', 2, 2],
      ['Charlie', 2, 2],
      ['Delta', 2, 0],
    ]);
    const final = rounds[1]?.groups[0]?.standings ?? [];
    expect(final.map((row) => [row.position, row.team.name, row.played, row.won, row.lost, row.points])).toEqual([
      [1, 'Alpha', 1, 1, 0, 2],
      [2, 'Bravo', 1, 0, 1, 0],
    ]);
    const qualifierTwo = rounds[2]?.groups[1]?.standings ?? [];
    expect(qualifierTwo.map((row) => row.team.name)).toEqual(['Bravo', 'Charlie']);
  });

  it('groups the league by Cricsheet group, and gives league phases rounds of their own', () => {
    const rounds = pointsRounds(
      [
        win([A, B], { group: 'A' }),
        win([C, D], { group: 'B' }),
        win([A, C], { stage: 'Super Eight', group: '1' }),
        win([B, D], { stage: 'Super Eight', group: '2' }),
        win([A, D], { stage: 'Semi-final' }),
        win([C, B], { stage: 'Semi Final' }),
        win([A, C], { stage: '3rd Place Play-Off' }),
        win([D, B], { stage: 'Quarter Final' }),
        win([A, B], { stage: 'Final' }),
      ],
      'World Twenty20',
    );
    expect(rounds.map((round) => [round.name, round.groups.map((group) => group.name)])).toEqual([
      ['Group Stage', ['Group A', 'Group B']],
      ['Super Eight', ['Group 1', 'Group 2']],
      ['Final', ['Final']],
      ['Qualifiers', ['Semi Final', 'Quarter Final']],
      ['Place Play-Offs', ['3rd Place Play-Off']],
    ]);
    // Both semi-finals, however spelt, are one group of four teams.
    expect(rounds[3]?.groups[0]?.standings.map((row) => row.team.name)).toEqual(['Alpha', 'Charlie', 'Bravo', 'Delta']);
  });

  it('lists lettered groups in order, then numbered ones, however the files came (T20 World Cup 2026: A, C, B, D, 2, 1)', () => {
    const rounds = pointsRounds(
      [
        win([A, B], { group: 'A' }),
        win([C, D], { group: 'C' }),
        win([B, C], { group: 'B' }),
        win([D, A], { group: 'D' }),
        win([A, C], { stage: 'Super Eight', group: '2' }),
        win([B, D], { stage: 'Super Eight', group: '1' }),
      ],
      'ICC Men\'s T20 World Cup',
    );
    expect(rounds.map((round) => [round.name, round.groups.map((group) => group.name)])).toEqual([
      ['Group Stage', ['Group A', 'Group B', 'Group C', 'Group D']],
      ['Super Eight', ['Group 1', 'Group 2']],
    ]);
  });

  it('has no table for a bilateral series, whatever its stages', () => {
    // A 5-match Test series drawn 2-2: two sides, a result, no table.
    const test = (outcome: Partial<LeagueMatch>) => t20([A, B], [], { oversLimitBalls: null, format: 'test', ...outcome });
    expect(pointsRounds([test({ winner: 'b' }), test({ winner: 'a' }), test({ winner: 'b' }), test({ result: 'draw' }), test({ winner: 'a' })], 'Alpha tour of Bravo')).toEqual([]);
    expect(pointsRounds([win([A, B]), win([B, A]), win([A, B], { stage: 'Final' })], 'Two-team Cup')).toEqual([]);
  });

  it('a tri-series with a final is a league: its table, then the final', () => {
    const rounds = pointsRounds(
      [win([A, B]), win([B, C]), win([C, A]), win([A, B]), win([B, C]), win([C, A]), win([A, B], { stage: 'Final' })],
      'Tri-Series',
    );
    expect(rounds.map((round) => [round.name, round.multiDay, round.groups[0]?.standings.length])).toEqual([
      ['League', false, 3],
      ['Final', false, 2],
    ]);
  });

  it('has no table for knockout matches alone', () => {
    expect(pointsRounds([win([A, B], { stage: 'Semi Final' }), win([C, D], { stage: 'Semi Final' }), win([A, C], { stage: 'Final' })], 'Cup')).toEqual([]);
  });

  it('names ungrouped phase matches after the phase and returns nothing without played matches', () => {
    const rounds = pointsRounds([win([A, B], { stage: 'Super Three' }), win([A, C], { stage: 'Super Three' }), win([B, C], { stage: 'Super Three' })], 'Cup');
    expect(rounds.map((round) => [round.name, round.groups.map((group) => group.name)])).toEqual([
      ['Super Three', ['Super Three']],
    ]);
    expect(pointsRounds([t20([A, B], []), t20([A, C], [])], 'Cup')).toEqual([]);
  });
});

describe('knockoutStage', () => {
  it('recognises knockout stages however they are spelt', () => {
    expect(knockoutStage('Semi-Final')).toMatchObject({ round: 'Qualifiers', group: 'Semi Final' });
    expect(knockoutStage('Elimination Final')).toMatchObject({ round: 'Eliminator' });
    expect(knockoutStage('Challenger')).toMatchObject({ round: 'Eliminator' });
    expect(knockoutStage('Preliminary Quarter Final')).toMatchObject({ round: 'Qualifiers' });
    expect(knockoutStage('5th Place Play-Off')).toMatchObject({ round: 'Place Play-Offs', group: '5th Place Play-Off' });
    expect(knockoutStage('Super Eight')).toBeNull();
    expect(knockoutStage('Qualifying Group')).toBeNull();
    expect(knockoutStage(null)).toBeNull();
  });

  it('orders place play-offs by place', () => {
    const third = knockoutStage('3rd Place Play-Off');
    const seventh = knockoutStage('7th Place Play-Off');
    expect(third && seventh && third.order < seventh.order).toBe(true);
  });
});

/** The league matches of IPL 2008 (season '2007/08') from the shared archive, as the importer reads them. */
async function ipl2008(archive: string): Promise<LeagueMatch[]> {
  const source = await openSource(archive);
  const matches: Array<{ date: string; match: LeagueMatch }> = [];
  try {
    for await (const file of source.files()) {
      if (file instanceof UnreadableFileError) continue;
      const { write, match } = prepareMatch(file.name, file.bytes, '');
      const { info } = match;
      if (info.season !== '2007/08' || !info.event?.name.startsWith('Indian Premier League')) continue;
      const [nameA] = info.teams;
      const side = (name: string | undefined) => (name === undefined ? null : name === nameA ? 'a' : 'b');
      const teams = write.teams.map((ref) => ({ name: ref.usedName, key: ref.key, code: ref.code })) as [
        LeagueTeam,
        LeagueTeam,
      ];
      matches.push({
        date: info.dates[0] ?? '',
        match: {
          matchId: write.id,
          teams,
          winner: side(info.outcome.winner),
          result: info.outcome.result ?? null,
          eliminator: side(info.outcome.eliminator ?? info.outcome.bowl_out),
          stage: info.event.stage ?? null,
          group: info.event.group === undefined ? null : String(info.event.group),
          innings: write.innings.map(({ facts, derived }) => ({
            battingTeam: facts.battingTeam,
            superOver: facts.superOver,
            runs: derived.runs,
            wickets: derived.wickets,
            calledBalls: derived.calledBalls,
            targetRuns: facts.targetRuns,
            targetBalls: facts.targetBalls,
            absentBatters: facts.absentHurt?.length ?? 0,
          })),
          ballsPerOver: info.balls_per_over,
          oversLimitBalls: info.overs === undefined ? null : info.overs * info.balls_per_over,
          format: 't20',
        },
      });
    }
  } finally {
    await source.close();
  }
  return matches.sort((x, y) => x.date.localeCompare(y.date)).map((entry) => entry.match);
}

describe('IPL 2008, from the Cricsheet archive', () => {
  // Skipped with a message without the shared data; in CI its absence fails the run.
  const archive = requiredArchive('ipl_json.zip', 'IPL 2008 standings check');

  it.skipIf(archive === null)('gives the final league standings, net run rates as published', async () => {
    const matches = await ipl2008(archive!);
    // 56 league matches, 2 semi-finals and the final; Cricsheet has no file for the league match
    // abandoned without a ball (Delhi v Kolkata, 22 May 2008), so 55 league matches are here.
    expect(matches).toHaveLength(58);
    const rounds = pointsRounds(matches, 'Indian Premier League');
    expect(rounds.map((round) => [round.name, round.groups.map((group) => group.name)])).toEqual([
      ['League', ['Indian Premier League']],
      ['Final', ['Final']],
      ['Qualifiers', ['Semi Final']],
    ]);
    // The published table (Cricinfo, howstat): every net run rate agrees to the third decimal.
    // Three things needed care:
    // - Three overs were miscounted (Kings XI's 8th over v Rajasthan had 5 balls, Deccan's 11th v
    //   Mumbai 7, Rajasthan's 15th v Delhi 5); counted as the umpires called them, as the law and
    //   the official scorecards do. On raw legal balls Kings XI would show +0.515, Delhi +0.336,
    //   Mumbai +0.575 and Deccan −0.472 (howstat's For/Against figures confirm the ball counts).
    // - Both D/L matches credit the side batting first with the par score off the overs the chasing
    //   side faced (Delhi 88 off 8 overs v Kings XI; Kolkata 52 off 8 v Chennai).
    // - The Delhi v Kolkata no result has no Cricsheet file: they show 13 played and one point less
    //   than the published 15 and 13 (7-6-1 and 6-7-1), which puts Mumbai (+0.570) above Delhi on net
    //   run rate here. A no result does not touch net run rate, so theirs still match.
    // Royal Challengers' −1.1595 rounds to −1.160 (howstat); Wikipedia prints −1.161.
    const league = rounds[0]?.groups[0]?.standings ?? [];
    expect(
      league.map((row) => [
        row.position,
        row.team.name,
        row.played,
        row.won,
        row.lost,
        row.tied,
        row.noResult,
        row.points,
        formatNetRunRate(row.netRunRate!),
      ]),
    ).toEqual([
      [1, 'Rajasthan Royals', 14, 11, 3, 0, 0, 22, '+0.632'],
      [2, 'Kings XI Punjab', 14, 10, 4, 0, 0, 20, '+0.509'],
      [3, 'Chennai Super Kings', 14, 8, 6, 0, 0, 16, '-0.192'],
      [4, 'Mumbai Indians', 14, 7, 7, 0, 0, 14, '+0.570'],
      [5, 'Delhi Daredevils', 13, 7, 6, 0, 0, 14, '+0.342'],
      [6, 'Kolkata Knight Riders', 13, 6, 7, 0, 0, 12, '-0.147'],
      [7, 'Royal Challengers Bangalore', 14, 4, 10, 0, 0, 8, '-1.160'],
      [8, 'Deccan Chargers', 14, 2, 12, 0, 0, 4, '-0.467'],
    ]);
    // With the missing no result added back, the published points and order follow.
    const withAbandoned =
      pointsRounds(
        [
          ...matches,
          {
            ...matches[0]!,
            matchId: 'abandoned',
            teams: [league[4]!.team, league[5]!.team],
            winner: null,
            result: 'no result',
            innings: [],
          },
        ],
        'Indian Premier League',
      )[0]?.groups[0]?.standings ?? [];
    expect(withAbandoned.map((row) => [row.team.name, row.played, row.points, formatNetRunRate(row.netRunRate!)])).toEqual([
      ['Rajasthan Royals', 14, 22, '+0.632'],
      ['Kings XI Punjab', 14, 20, '+0.509'],
      ['Chennai Super Kings', 14, 16, '-0.192'],
      ['Delhi Daredevils', 14, 15, '+0.342'],
      ['Mumbai Indians', 14, 14, '+0.570'],
      ['Kolkata Knight Riders', 14, 13, '-0.147'],
      ['Royal Challengers Bangalore', 14, 8, '-1.160'],
      ['Deccan Chargers', 14, 4, '-0.467'],
    ]);
  });
});
