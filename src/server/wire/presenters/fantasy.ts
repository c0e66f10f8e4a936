// Fantasy read models in the provider's shape (schemas/fantasy.ts).
import type { z } from 'zod';
import type { MatchFantasy, TopFantasy } from '../../services/match-centre-types.ts';
import type { matchFantasy, topFantasy } from '../schemas/fantasy.ts';

export function presentMatchFantasy(fantasy: MatchFantasy): z.output<typeof matchFantasy> {
  return {
    rules: fantasy.rules,
    players: fantasy.players.map((entry) => ({ player: entry.player, team: entry.team, points: entry.points, breakdown: entry.lines })),
  };
}

export function presentTopFantasy(top: TopFantasy): z.output<typeof topFantasy> {
  return {
    rules: top.rules,
    tab: top.tab,
    squad_from: top.squadFrom,
    players: top.players.map((entry) => ({
      player: entry.player,
      team: entry.team,
      matches: entry.matches,
      total: entry.total,
      average: entry.average,
      best: entry.best,
      recent: entry.recent.map((match) => ({ match_key: match.matchKey, start_date: match.startDate, opponent: match.opponent, points: match.points })),
    })),
  };
}
