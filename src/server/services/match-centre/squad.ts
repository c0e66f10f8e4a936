// The squads (spec §3 Squad): both team sheets, each player with what he did in the match.
import { sql, type Kysely } from 'kysely';
import type { Database, TeamSide } from '../../db/schema.ts';
import { formatOvers } from '../../domain/overs.ts';
import type { Lang } from '../../domain/result.ts';
import { isTeamWicket } from '../../domain/scorecard.ts';
import { playerRoles, roleLabel } from '../../domain/player-role.ts';
import { isPlayingRole, playingRoleLabel, roleCodesOf } from '../../domain/player-styles.ts';
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
  const personIds = players.map((row) => row.person_id);
  const [person, roles, substitutions, photos] = await Promise.all([
    people(db, personIds),
    squadRoles(db, match, personIds, lang),
    impactSubstitutions(db, match),
    profilePhotos(db, personIds),
  ]);
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
      (player): SquadPlayer => {
        const ref = person(player.person_id);
        const swap = substitutions.find((entry) => entry.side === side && (entry.in === ref.name || entry.out === ref.name));
        const otherName = swap ? (swap.in === ref.name ? swap.out : swap.in) : null;
        const other = otherName === null ? undefined : (playersBySide.get(side) ?? []).map((row) => person(row.person_id)).find((p) => p.name === otherName);
        return {
          player: ref,
          roleInMatch: roleInMatch(player.person_id),
          captain: player.captain,
          keeper: player.keeper,
          role: roles.get(player.person_id) ?? null,
          substitution: swap && other ? { kind: swap.in === ref.name ? 'in' : 'out', reason: swap.reason, other } : null,
          photo: photos.get(player.person_id) ?? null,
        };
      },
    ),
  });
  return { teams: { a: sideOf('a', match.a_code, match.a_key), b: sideOf('b', match.b_code, match.b_key) } };
}

/**
 * Each player's role: his profile's when it says one, else the one his matches in this
 * tournament show (domain/player-role.ts, as the series squads derive them), marked derived.
 */
async function squadRoles(db: Kysely<Database>, match: MatchCentreRow, personIds: readonly number[], lang: Lang): Promise<Map<number, SquadPlayer['role']>> {
  const roles = new Map<number, SquadPlayer['role']>();
  if (personIds.length === 0) return roles;
  const ids = [...personIds];
  const inTournament = sql<boolean>`m.tournament_id = (select id from tournaments where tou_key = ${match.tou_key})`;
  const [profiles, appearances, batting, bowling, stumpings] = await Promise.all([
    db
      .selectFrom('people as p')
      .innerJoin('player_profiles as pp', 'pp.registry_id', 'p.registry_id')
      .select(['p.id', 'pp.playing_role'])
      .where('p.id', 'in', ids)
      .where('pp.playing_role', 'is not', null)
      .execute(),
    db
      .selectFrom('match_players as mp')
      .innerJoin('counted_matches as m', 'm.id', 'mp.match_id')
      .select(['mp.person_id', sql<number>`count(distinct mp.match_id)::int`.as('matches')])
      .where('mp.person_id', 'in', ids)
      .where(inTournament)
      .groupBy('mp.person_id')
      .execute(),
    db
      .selectFrom('batting_innings as b')
      .innerJoin('counted_matches as m', 'm.id', 'b.match_id')
      .select(['b.person_id', sql<number>`count(*)::int`.as('innings'), sql<number>`avg(b.position)::float8`.as('position')])
      .where('b.person_id', 'in', ids)
      .where(inTournament)
      .groupBy('b.person_id')
      .execute(),
    db
      .selectFrom('bowling_innings as w')
      .innerJoin('counted_matches as m', 'm.id', 'w.match_id')
      .select(['w.person_id', sql<number>`count(*)::int`.as('innings'), sql<number>`sum(w.legal_balls)::int`.as('balls')])
      .where('w.person_id', 'in', ids)
      .where(inTournament)
      .groupBy('w.person_id')
      .execute(),
    sql<{ person_id: number; stumpings: number }>`
      select f.person_id, count(*)::int as stumpings
      from batting_innings b join counted_matches m on m.id = b.match_id, unnest(b.fielder_ids) as f(person_id)
      where m.tournament_id = (select id from tournaments where tou_key = ${match.tou_key}) and b.dismissal_kind = 'stumped' and f.person_id = any(${ids}::integer[])
      group by f.person_id`.execute(db),
  ]);
  const stated = new Map(profiles.map((row) => [row.id, row.playing_role!]));
  const matches = new Map(appearances.map((row) => [row.person_id, row.matches]));
  const bat = new Map(batting.map((row) => [row.person_id, row]));
  const bowl = new Map(bowling.map((row) => [row.person_id, row]));
  const stumped = new Map(stumpings.rows.map((row) => [row.person_id, row.stumpings]));
  for (const id of ids) {
    const role = stated.get(id);
    if (role && isPlayingRole(role)) {
      roles.set(id, { codes: roleCodesOf(role), label: playingRoleLabel(role, lang), derived: false });
      continue;
    }
    const codes = playerRoles({
      matches: matches.get(id) ?? 0,
      battingInnings: bat.get(id)?.innings ?? 0,
      averageBattingPosition: bat.get(id)?.position ?? null,
      bowlingInnings: bowl.get(id)?.innings ?? 0,
      ballsBowled: bowl.get(id)?.balls ?? 0,
      stumpings: stumped.get(id) ?? 0,
    });
    roles.set(id, { codes, label: roleLabel(codes[0]!, lang), derived: true });
  }
  return roles;
}

/** Who came in for whom during the match (Cricsheet's replacements: impact players, concussion substitutes). */
async function impactSubstitutions(db: Kysely<Database>, match: MatchCentreRow): Promise<{ side: TeamSide; in: string; out: string; reason: string }[]> {
  const { rows } = await sql<{ team: string | null; player_in: string; player_out: string | null; reason: string | null }>`
    select team, player_in, player_out, reason from replacements
    where match_id = ${match.id} and kind = 'match' and player_out is not null
    order by innings_no, seq, position`.execute(db);
  return rows.flatMap((row) => {
    const side: TeamSide | null = row.team === match.team_a_name ? 'a' : row.team === match.team_b_name ? 'b' : null;
    return side === null ? [] : [{ side, in: row.player_in, out: row.player_out!, reason: row.reason ?? 'substitute' }];
  });
}

/** Photos of the players' profiles (only those whose licence allows them are stored). */
async function profilePhotos(db: Kysely<Database>, personIds: readonly number[]): Promise<Map<number, NonNullable<SquadPlayer['photo']>>> {
  if (personIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('people as p')
    .innerJoin('player_profiles as pp', 'pp.registry_id', 'p.registry_id')
    .select(['p.id', 'pp.photo_url', 'pp.photo_licence', 'pp.photo_author'])
    .where('p.id', 'in', [...personIds])
    .where('pp.photo_url', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.id, { url: row.photo_url!, licence: row.photo_licence ?? '', author: row.photo_author }]));
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
