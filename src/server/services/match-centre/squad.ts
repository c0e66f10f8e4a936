// The squads (spec §3 Squad): both team sheets, each player with what he did in the match.
import type { Kysely } from 'kysely';
import type { Database, TeamSide } from '../../db/schema.ts';
import { formatOvers } from '../../domain/overs.ts';
import type { Lang } from '../../domain/result.ts';
import { isTeamWicket } from '../../domain/scorecard.ts';
import type { DismissalKind } from '../../domain/types.ts';
import type { Squad, SquadPlayer, SquadTeam } from '../match-centre-types.ts';
import { groupBy } from '../match-rows.ts';
import { matchPlayers, people, teamNamesOf, type MatchCentreRow } from './shared.ts';

export async function buildSquad(db: Kysely<Database>, match: MatchCentreRow, lang: Lang): Promise<Squad> {
  const matchId = match.id;
  const [players, innings, allBatting, allBowling] = await Promise.all([
    matchPlayers(db, matchId),
    db.selectFrom('innings').select(['innings_no', 'super_over']).where('match_id', '=', matchId).execute(),
    db
      .selectFrom('batting_innings')
      .select(['innings_no', 'person_id', 'position', 'runs', 'balls', 'dismissal_kind'])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .execute(),
    db
      .selectFrom('bowling_innings')
      .select(['innings_no', 'person_id', 'legal_balls', 'maidens', 'runs', 'wickets'])
      .where('match_id', '=', matchId)
      .orderBy('innings_no')
      .execute(),
  ]);
  // Super overs are left out of what a player did: 'Batted at 3' means the match proper.
  const superOvers = new Set(innings.filter((inn) => inn.super_over).map((inn) => inn.innings_no));
  const batting = allBatting.filter((row) => !superOvers.has(row.innings_no));
  const bowling = allBowling.filter((row) => !superOvers.has(row.innings_no));
  const person = await people(db, players.map((row) => row.person_id));
  const battingByPerson = groupBy(batting, (row) => row.person_id);
  const bowlingByPerson = groupBy(bowling, (row) => row.person_id);
  const words = SQUAD_WORDS[lang];
  const ballsPerOver = match.balls_per_over;
  const roleInMatch = (personId: number): string => {
    const knocks = battingByPerson.get(personId) ?? [];
    const spells = bowlingByPerson.get(personId) ?? [];
    const parts: string[] = [];
    const [first] = knocks;
    if (first) {
      // A not-out star for a batter not dismissed, or retired and able to come back.
      const scores = knocks.map(
        (row) => `${row.runs}${row.dismissal_kind === null || !isTeamWicket(row.dismissal_kind as DismissalKind) ? '*' : ''} (${row.balls})`,
      );
      parts.push(words.battedAt(first.position, scores.join(' & ')));
    } else {
      parts.push(words.didNotBat);
    }
    if (spells.length > 0) {
      const figures = spells.map((row) => `${formatOvers(row.legal_balls, ballsPerOver)}-${row.maidens}-${row.runs}-${row.wickets}`);
      parts.push(words.bowled(figures.join(' & ')));
    }
    return parts.join(' · ');
  };
  const teamNames = teamNamesOf(match);
  const playersBySide = groupBy(players, (row) => row.team);
  const sideOf = (side: TeamSide, code: string, key: string): SquadTeam => ({
    key,
    code,
    name: teamNames[side],
    players: (playersBySide.get(side) ?? []).map(
      (player): SquadPlayer => ({ player: person(player.person_id), roleInMatch: roleInMatch(player.person_id) }),
    ),
  });
  return { teams: { a: sideOf('a', match.a_code, match.a_key), b: sideOf('b', match.b_code, match.b_key) } };
}

const SQUAD_WORDS: Record<Lang, { battedAt(position: number, scores: string): string; bowled(figures: string): string; didNotBat: string }> = {
  en: {
    battedAt: (position, scores) => `Batted at ${position} · ${scores}`,
    bowled: (figures) => `Bowled ${figures}`,
    didNotBat: 'Did not bat',
  },
  hi: {
    battedAt: (position, scores) => `${position} नंबर पर बल्लेबाज़ी · ${scores}`,
    bowled: (figures) => `गेंदबाज़ी ${figures}`,
    didNotBat: 'बल्लेबाज़ी नहीं की',
  },
};
