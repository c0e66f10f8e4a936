// The match centre's resources as the provider sends them: the match detail and the Info tab's
// meetings and recent matches carry provider match objects (presenters/match.ts); the
// scorecard's innings go into the provider's teamA..teamD slots.
import type { z } from 'zod';
import type { MatchDetail, MatchInfo, Scorecard } from '../../services/match-centre-types.ts';
import type { matchDetail, matchInfo, scorecard } from '../schemas/match-centre.ts';
import { presentMatchObject } from './match.ts';

export type MatchDetailObject = z.output<typeof matchDetail>;
export type MatchInfoObject = z.output<typeof matchInfo>;
export type ScorecardObject = z.output<typeof scorecard>;

export function presentMatchDetail(detail: MatchDetail): MatchDetailObject {
  const { officials } = detail;
  return {
    ...presentMatchObject(detail),
    officials: {
      umpires: officials.umpires,
      tv_umpires: officials.tvUmpires,
      reserve_umpires: officials.reserveUmpires,
      match_referees: officials.matchReferees,
    },
    player_of_match: detail.awards,
    toss_text: detail.tossText,
    dates: [...detail.dates],
    gender: detail.gender,
    match_type: detail.matchType,
    notes: detail.notes,
  };
}

export function presentMatchInfo(info: MatchInfo): MatchInfoObject {
  return {
    ...info,
    head_to_head: { ...info.head_to_head, last: info.head_to_head.last.map(presentMatchObject) },
    recent: info.recent.map(presentMatchObject),
  };
}

/** The provider's slots: the first four innings as teamA..teamD, any later ones (super overs) in more. */
export function presentScorecard(card: Scorecard): ScorecardObject {
  const [teamA, teamB, teamC, teamD, ...more] = card.innings;
  return {
    nationality: card.innings.map((inn) => ({
      code: inn.team.code,
      name: inn.team.name,
      team: inn.batting_team,
      score: { runs: inn.total.runs, wickets: inn.total.wickets, overs: inn.total.overs },
    })),
    ...(teamA && { teamA }),
    ...(teamB && { teamB }),
    ...(teamC && { teamC }),
    ...(teamD && { teamD }),
    more,
  };
}
