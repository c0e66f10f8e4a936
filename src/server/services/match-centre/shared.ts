// What the match centre's resources share: the match row they are built for, the people its
// rows refer to, the team sheets and names.
import type { Kysely } from 'kysely';
import { anyInteger } from '../../db/any-of.ts';
import type { Database, TeamSide } from '../../db/schema.ts';
import type { PlayerRef } from '../match-centre-types.ts';
import { displayTeamName, type MatchRow } from '../match-summary.ts';

/** The match a resource is built for: the listings' row plus the team ids. */
export type MatchCentreRow = MatchRow & { team_a_id: number; team_b_id: number };

/** Both team sheets (an impact player makes twelve) in team sheet order. */
export function matchPlayers(db: Kysely<Database>, matchId: number) {
  return db
    .selectFrom('match_players')
    .select(['team', 'person_id', 'captain', 'keeper'])
    .where('match_id', '=', matchId)
    .orderBy('team')
    .orderBy('position')
    .execute();
}

/**
 * Key and name of the people a match's rows refer to, in one query by primary key, which
 * stays an index lookup whatever the planner knows about the tables (a join may not).
 */
export async function people(db: Kysely<Database>, ids: readonly number[]): Promise<(id: number) => PlayerRef> {
  const unique = [...new Set(ids)];
  const rows = unique.length === 0 ? [] : await db.selectFrom('people').select(['id', 'registry_id', 'name']).where('id', '=', anyInteger(unique)).execute();
  const byId = new Map(rows.map((row) => [row.id, { key: row.registry_id, name: row.name }]));
  // Every id comes from the match's own rows; the fallback only keeps a page up if one did not.
  return (id) => byId.get(id) ?? { key: String(id), name: '?' };
}

export function teamNamesOf(match: MatchRow): Record<TeamSide, string> {
  return { a: displayTeamName(match.team_a_name, match.gender), b: displayTeamName(match.team_b_name, match.gender) };
}
