// The tournament detail and player stats in the provider's names, validated against the wire
// schemas: sides' players under bt/bo/ar/wc with null images, the points table with the net run
// rate as tables print it, the stats' rates and overs from the figures.
import { describe, expect, it } from 'vitest';
import { presentPlayerStats, presentTournamentDetail } from '../../../src/server/wire/presenters/tournaments.ts';
import { playerStatsEntry, tournamentDetail } from '../../../src/server/wire/schemas/tournaments.ts';
import type { PlayerStatsEntry, TournamentDetail } from '../../../src/server/services/tournament-types.ts';
import { seriesResult } from '../../../src/server/domain/series-result.ts';
import { matchSummary } from '../../helpers/match-summary.ts';

const detail: TournamentDetail = {
  key: 'indian-premier-league-2008',
  name: 'Indian Premier League 2008',
  shortName: 'IPL 2008',
  gap: null,
  startAt: 1208476800,
  lastMatchAt: 1212278400,
  formats: ['t20'],
  formatTypes: ['t20'],
  gender: 'male',
  bilateral: false,
  matches: [matchSummary({ key: '335982' })],
  countedMatches: 1,
  parts: [{ formatType: 't20', matchKeys: ['335982'], countedMatches: 1, result: null, teams: [] }],
  teams: [
    {
      key: 'deccan-chargers',
      name: 'Deccan Chargers',
      code: 'DC',
      players: { bt: [], bo: [], ar: [], wc: [{ player: { key: '2b6e6dec', name: 'AC Gilchrist' }, roles: ['Wicket-keeper', 'Batter'], matches: 14 }] },
    },
  ],
  pointsTable: [
    {
      name: 'League',
      multiDay: false,
      groups: [
        {
          name: 'Indian Premier League 2008',
          standings: [
            {
              team: { key: 'rajasthan-royals', code: 'RR', name: 'Rajasthan Royals' },
              played: 14,
              won: 11,
              lost: 3,
              tied: 0,
              noResult: 0,
              drawn: 0,
              points: 22,
              netRunRate: 0.63209,
              position: 1,
            },
            {
              team: { key: 'deccan-chargers', code: 'DC', name: 'Deccan Chargers' },
              played: 14,
              won: 2,
              lost: 12,
              tied: 0,
              noResult: 0,
              drawn: 0,
              points: 4,
              netRunRate: -0.4671,
              position: 8,
            },
          ],
        },
      ],
    },
  ],
};

describe('presentTournamentDetail', () => {
  it('gives the provider names, match objects, squads and the points table', () => {
    const wire = tournamentDetail.parse(presentTournamentDetail(detail));
    expect(wire).toMatchObject({
      tournamentName: 'Indian Premier League 2008',
      tournamentKey: 'indian-premier-league-2008',
      shortName: 'IPL 2008',
      startDate: 1208476800,
      lastScheduledMatchDate: 1212278400,
      formats: ['t20'],
      format_types: ['t20'],
      gender: 'male',
      bilateral: false,
      series: [{ format_type: 't20', match_keys: ['335982'], result: null }],
    });
    expect(wire.teamsDetails.matches.map((match) => match.match_key)).toEqual(['335982']);
    expect(wire.teams[0]).toEqual({
      url: 'deccan-chargers',
      name: 'Deccan Chargers',
      code: 'DC',
      players: { bt: [], bo: [], ar: [], wc: [{ player_key: '2b6e6dec', name: 'AC Gilchrist', image: null, role: ['Wicket-keeper', 'Batter'], matches: 14 }] },
    });
    const [round] = wire.tournamentPoints;
    expect(round?.tournament_round.name).toBe('League');
    expect(round?.groups[0]?.group.name).toBe('Indian Premier League 2008');
    expect(round?.multi_day).toBe(false);
    expect(round?.groups[0]?.points.map((row) => [row.team.url, row.no_result, row.drawn, row.net_run_rate, row.position])).toEqual([
      ['rajasthan-royals', 0, 0, '+0.632', 1],
      ['deccan-chargers', 0, 0, '-0.467', 8],
    ]);
  });

  it("a bilateral series: each type's result, no points table", () => {
    const india = { key: 'india', name: 'India' };
    const southAfrica = { key: 'south-africa', name: 'South Africa' };
    const result = seriesResult(
      [southAfrica, india],
      'test',
      [
        { winner: 'south-africa', result: null, matchNumber: 1, completed: true },
        { winner: 'south-africa', result: null, matchNumber: 2, completed: true },
      ],
      'en',
    );
    const wire = tournamentDetail.parse(
      presentTournamentDetail({ ...detail, bilateral: true, pointsTable: [], parts: [{ formatType: 'test', matchKeys: ['1479571', '1479572'], countedMatches: 2, result, teams: [] }] }),
    );
    expect(wire.tournamentPoints).toEqual([]);
    expect(wire.series).toEqual([
      {
        format_type: 'test',
        match_keys: ['1479571', '1479572'],
        result: {
          text: 'South Africa won the 2-match Test series 2-0',
          state: 'won',
          matches: 2,
          completed: 2,
          wins: [
            { team: { url: 'south-africa', name: 'South Africa' }, wins: 2 },
            { team: { url: 'india', name: 'India' }, wins: 0 },
          ],
          draws: 0,
          ties: 0,
          no_results: 0,
          leader: 'south-africa',
        },
      },
    ]);
  });
});

describe('presentPlayerStats', () => {
  it('ranks as the provider nests them, rates from the figures, overs as six-ball overs', () => {
    const entry: PlayerStatsEntry = {
      player: { key: 'k1', name: 'Sohail Tanvir' },
      team: { key: 'rajasthan-royals', name: 'Rajasthan Royals', code: 'RR' },
      formatType: 't20',
      batting: { innings: 4, runs: 36, balls: 30, fours: 2, sixes: 1, rank: null },
      // 233 balls: 38.5 six-ball overs; best 6/14 in 24 balls.
      bowling: { wickets: 22, runs: 266, balls: 233, maidens: 1, rank: 1, best: { wickets: 6, runs: 14, balls: 24 } },
    };
    const wire = playerStatsEntry.parse(presentPlayerStats(entry));
    expect(wire).toEqual({
      player_key: 'k1',
      player_name: 'Sohail Tanvir',
      format_type: 't20',
      nationality: { name: 'Rajasthan Royals', image: null, code: 'RR', url: 'rajasthan-royals' },
      performance: {
        batting: { most_runs: { rank: null, value: 36 }, most_fours: { value: 2 }, most_sixes: { value: 1 }, innings: 4, balls: 30, strike_rate: 120 },
        bowling: {
          most_wickets: { rank: 1, value: 22 },
          best_bowling: { runs: 14, wickets: 6, economy: 3.5 },
          most_maidens: { value: 1 },
          runs: 266,
          balls: 233,
          overs: '38.5',
          economy: 6.85,
        },
      },
    });
    const neverBowled = presentPlayerStats({ ...entry, bowling: { wickets: 0, runs: 0, balls: 0, maidens: 0, rank: null, best: null } });
    expect(neverBowled.performance.bowling).toMatchObject({ best_bowling: { runs: 0, wickets: 0, economy: 0 }, overs: '0', economy: 0 });
  });
});
