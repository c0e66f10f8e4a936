// A tournament's shape, kept on its row by the write path: how many sides play in it (two make
// a bilateral series) and how many matches of each type it holds. Match titles read it ('2nd
// Test' in a tour, 'Match 23' in a league, 'Only Test'; domain/match-title.ts), and so does every
// listing, without counting a tournament's matches per row.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { anyInteger } from '../db/any-of.ts';
import { isTitleShapeChange, type TournamentShape } from '../domain/match-title.ts';

interface ShapeChange {
  id: number;
  tou_key: string;
  old_sides: number;
  old_type_matches: Record<string, number>;
  sides: number;
  type_matches: Record<string, number>;
}

/**
 * Recounts the shape of the given tournaments (all of them when `tournamentIds` is null) from
 * their matches. Returns the keys of tournaments that existed with another shape and whose
 * matches' titles change with it, and the keys of those matches (their pages show the titles).
 */
export async function refreshTournamentShapes(
  reader: Kysely<Database>,
  tournamentIds: readonly number[] | null,
): Promise<{ tournaments: string[]; matches: string[] }> {
  const db = reader;
  const ids = sql`${tournamentIds === null ? null : [...tournamentIds]}::integer[]`;
  // One statement: CTEs feeding an update that returns the old row beside the new (the builders cannot say `from ..., tournaments old`).
  const { rows: changes } = await sql<ShapeChange>`with chosen as (
       select id from tournaments where ${ids} is null or id = any(${ids})
     ), played as materialized (
       -- Their matches read once, by the tournament index (a join with chosen scanned every match, three times).
       select m.tournament_id, m.team_a_id, m.team_b_id, m.format_type from matches m
       where ${ids} is null or m.tournament_id = any(${ids})
     ), sides as (
       select s.tournament_id, count(distinct s.team_id)::int as sides
       from (
         select tournament_id, team_a_id as team_id from played
         union all
         select tournament_id, team_b_id from played
       ) s group by s.tournament_id
     ), types as (
       select m.tournament_id, jsonb_object_agg(m.format_type, m.n) as type_matches
       from (
         select tournament_id, format_type, count(*)::int as n from played group by tournament_id, format_type
       ) m group by m.tournament_id
     ), shapes as (
       select c.id, coalesce(s.sides, 0) as sides, coalesce(t.type_matches, '{}'::jsonb) as type_matches
       from chosen c left join sides s on s.tournament_id = c.id left join types t on t.tournament_id = c.id
     )
     update tournaments t set sides = sh.sides, type_matches = sh.type_matches
     from shapes sh, tournaments old
     where t.id = sh.id and old.id = t.id and (t.sides, t.type_matches) is distinct from (sh.sides, sh.type_matches)
     returning t.id, t.tou_key, old.sides as old_sides, old.type_matches as old_type_matches, t.sides, t.type_matches`.execute(db);
  const retitled = changes.filter(
    (change) =>
      // A tournament with no matches before had no pages to refresh.
      change.old_sides > 0 &&
      isTitleShapeChange(shapeOf(change.old_sides, change.old_type_matches), shapeOf(change.sides, change.type_matches)),
  );
  if (retitled.length === 0) return { tournaments: [], matches: [] };
  const matches = await db
    .selectFrom('matches')
    .select('match_key')
    .where('tournament_id', '=', anyInteger(retitled.map((change) => change.id)))
    .execute();
  return { tournaments: retitled.map((change) => change.tou_key), matches: matches.map((row) => row.match_key) };
}

function shapeOf(sides: number, typeMatches: Record<string, number>): TournamentShape {
  return { sides, typeMatches };
}
