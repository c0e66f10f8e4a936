// The player's resources in the provider's names, validated against the wire schemas: career
// overs as six-ball overs whatever the overs bowled, tournaments and their matches keyed as v5 has them.
import { describe, expect, it } from 'vitest';
import { presentPlayerInfo, presentPlayerOverview } from '../../../src/server/wire/presenters/players.ts';
import { playerInfo, playerOverview } from '../../../src/server/wire/schemas/players.ts';
import { careerBatting, careerBowling } from '../../../src/server/domain/career.ts';
import type { PlayerInfoTournament, PlayerOverview } from '../../../src/server/services/match-centre-types.ts';

const bowl = (legalBalls: number, runs: number, wickets: number, matchId = 1) => ({ matchId, legalBalls, runs, wickets, maidens: 0 });

function overview(): PlayerOverview {
  return {
    careers: [
      {
        formatType: 't20',
        format: 't20',
        domesticMatches: 40,
        firstMatch: '2018-04-16',
        lastMatch: '2025-08-30',
        batting: careerBatting([{ matchId: 1, runs: 158, balls: 73, fours: 10, sixes: 13, dismissed: false }], 2),
        // SM Curran's T20 balls include The Hundred's five-ball sets: 3,089 balls are 514.5 six-ball overs.
        bowling: careerBowling([bowl(3000, 4000, 100), bowl(89, 100, 2, 2)], 2),
      },
    ],
    player: {
      key: 'eaa76d3c',
      name: 'SM Curran',
      image: null,
      dateOfBirth: null,
      nationality: { name: 'England', code: 'ENG' },
      teams: [{ key: 'england', name: 'England' }, { key: 'punjab-kings', name: 'Punjab Kings' }],
      gender: 'male',
      profile: null,
      role: null,
    },
  };
}

describe('presentPlayerOverview', () => {
  it('careers in the provider names, overs from balls as six-ball overs', () => {
    const wire = playerOverview.parse(presentPlayerOverview(overview(), { male: { t20: '2008-04-18' }, female: {} }));
    const [t20] = wire.stats;
    expect(t20).toMatchObject({ formet: 't20', format_type: 't20', first_match: '2018-04-16', last_match: '2025-08-30', held_since: '2008-04-18' });
    expect(t20?.batting).toMatchObject({ high_score: '158*', strike_rate: 216.44, not_outs: 1, average: null, balls: 73 });
    expect(t20?.bowling).toMatchObject({ overs: '514.5', balls: 3089, best_str: '100/4000', ten_wickets: 1, three_wickets: 0, five_wickets: 1 });
    expect(wire.player).toEqual({
      player_key: 'eaa76d3c',
      player_name: 'SM Curran',
      image: null,
      date_of_birth: null,
      nationality: { name: 'England', code: 'ENG' },
      teams: [{ name: 'England', url: 'england' }, { name: 'Punjab Kings', url: 'punjab-kings' }],
      gender: 'male',
      full_name: null,
      profile: null,
      role: null,
    });
  });
});

describe('presentPlayerInfo', () => {
  it("tournaments as v5 names them, each match's innings keyed '1', '2' with overs in its own balls per over", () => {
    const tournament: PlayerInfoTournament = {
      key: 'the-hundred-2025',
      name: 'The Hundred 2025',
      formats: ['t20'],
      formatTypes: ['hundred'],
      startAt: 1754006400,
      lastMatchAt: 1756425600,
      teamsPlayedFor: ['Oval Invincibles'],
      matchesPlayed: 1,
      runs: 12,
      strikeRate: 120,
      average: 12,
      wickets: 2,
      matches: [
        {
          key: '1480000',
          name: 'Oval Invincibles v London Spirit, Match 3',
          teams: { a: 'Oval Invincibles', b: 'London Spirit' },
          title: { en: 'Match 3', hi: 'मैच 3' },
          startAt: 1754179200,
          format: 't20',
          formatType: 'hundred',
          ballsPerOver: 5,
          innings: [{ batting: { runs: 12, balls: 10, notOut: false }, bowling: { wickets: 2, runs: 18, calledBalls: 18 } }],
        },
      ],
    };
    const wire = playerInfo.parse(presentPlayerInfo({ tournaments: [tournament] }));
    expect(wire.finalData[0]).toMatchObject({
      tou_key: 'the-hundred-2025',
      tou_name: 'The Hundred 2025',
      imgURl: null,
      start_date: 1754006400,
      last_scheduled_match_date: 1756425600,
      format_types: ['hundred'],
      countries: ['Oval Invincibles'],
      totalMatch: 1,
      totalRun: 12,
      totalstrike_rate: 120,
      totalRunAvg: 12,
      wickets: 2,
    });
    expect(wire.finalData[0]?.match[0]?.score.score['1']).toEqual({
      batting: { score: { runs: 12, balls: 10, not_out: false } },
      bowling: { score: { wickets: 2, runs: 18, overs: [3, 3] } },
    });
  });
});
