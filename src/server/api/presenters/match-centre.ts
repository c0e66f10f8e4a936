// The match centre's resources as the provider sends them: the match detail and the Info tab's
// meetings and recent matches carry provider match objects (presenters/match.ts).
import type { z } from 'zod';
import type { MatchDetail, MatchInfo } from '../../services/match-centre-types.ts';
import type { matchDetail, matchInfo } from '../schemas/match-centre.ts';
import { presentMatchObject } from './match.ts';

export type MatchDetailObject = z.output<typeof matchDetail>;
export type MatchInfoObject = z.output<typeof matchInfo>;

export function presentMatchDetail(detail: MatchDetail): MatchDetailObject {
  const { officials, player_of_match, toss_text, gender, match_type, notes } = detail;
  return {
    ...presentMatchObject(detail),
    officials,
    player_of_match,
    toss_text,
    dates: [...detail.dates],
    gender,
    match_type,
    notes,
  };
}

export function presentMatchInfo(info: MatchInfo): MatchInfoObject {
  return {
    ...info,
    head_to_head: { ...info.head_to_head, last: info.head_to_head.last.map(presentMatchObject) },
    recent: info.recent.map(presentMatchObject),
  };
}
