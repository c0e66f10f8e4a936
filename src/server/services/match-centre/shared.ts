// What the match centre's resources share: the match row they are built for, the people its
// rows refer to, the team sheets and names.
import type { Kysely } from 'kysely';
import type { Database, TeamSide } from '../../db/schema.ts';
import type { PlayerRef } from '../match-centre-types.ts';
import { displayTeamName, type MatchRow } from '../match-summary.ts';
import { queryRows, type QueryRows } from '../../store/stored-deliveries.ts';

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
 * stays an index lookup whatever the planner knows about the tables (a join may not). `db` may
 * be a transaction's query (the live engine's ball, built inside its write).
 */
export async function people(db: Kysely<Database> | QueryRows, ids: readonly number[]): Promise<(id: number) => PlayerRef> {
  const unique = [...new Set(ids)];
  const query = typeof db === 'function' ? db : queryRows(db);
  const rows =
    unique.length === 0
      ? []
      : await query<{ id: number; registry_id: string; name: string }>('select id, registry_id, name from people where id = any($1::integer[])', [unique]);
  const byId = new Map(rows.map((row) => [row.id, { key: row.registry_id, name: row.name }]));
  // Every id comes from the match's own rows; the fallback only keeps a page up if one did not.
  return (id) => byId.get(id) ?? { key: String(id), name: '?' };
}

export function teamNamesOf(match: MatchRow): Record<TeamSide, string> {
  return { a: displayTeamName(match.team_a_name, match.gender), b: displayTeamName(match.team_b_name, match.gender) };
}
