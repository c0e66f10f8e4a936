// How every service selects matches and summarises them: one select (match, tournament,
// teams, venue) and one summariser (innings and awards of many matches in two queries, not
// one per match).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import { loadLiveStates } from './live-state.ts';
import { summariseMatch, type InningsRow, type MatchRow, type MatchSummary } from './match-summary.ts';

/**
 * Which matches a select reads (decision 059): 'matches', every one (a match by its key, a
 * tournament's own list); 'real_matches', no replay (lists of real cricket: a voided match
 * shows, labelled); 'counted_matches', no replay and no voided match (what any figure counts).
 */
export type MatchSet = 'matches' | 'real_matches' | 'counted_matches';

/** Matches with their tournament, teams and venue, selected as MatchRow; add where/order/limit. */
export function selectMatchRows(db: Kysely<Database>, set: MatchSet) {
  return db
    .selectFrom(`${set} as m`)
    .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
    .innerJoin('teams as ta', 'ta.id', 'm.team_a_id')
    .innerJoin('teams as tb', 'tb.id', 'm.team_b_id')
    .leftJoin('venues as v', 'v.id', 'm.venue_id')
    .select([
      'm.id',
      'm.match_key',
      'm.format',
      'm.format_type',
      'm.status',
      'm.match_type',
      'm.gender',
      'm.team_type',
      'm.start_date',
      'm.dates',
      'm.balls_per_over',
      'm.overs_limit',
      'm.event_match_number',
      'm.event_stage',
      'm.event_group',
      'm.toss_winner',
      'm.toss_decision',
      'm.winner',
      'm.result',
      'm.win_by_runs',
      'm.win_by_wickets',
      'm.win_by_innings',
      'm.method',
      'm.eliminator',
      'm.bowl_out',
      'm.team_a_name',
      'm.team_b_name',
      'm.play_status',
      'm.is_replay',
      'm.live_sequence',
      'm.start_at',
      'm.break_reason',
      'm.day_number',
      'm.revised_target_runs',
      'm.void_replayed_by',
      // A replay's source's day (the day of the match it replays); null for any other match.
      sql<string | null>`(select s.start_date::text from real_matches s where m.replay_of is not null and s.match_key = m.replay_of)`.as('replay_of_date'),
      't.tou_key',
      't.name as tou_name',
      't.short_name as tou_short_name',
      't.sides as tou_sides',
      't.type_matches as tou_type_matches',
      'ta.team_key as a_key',
      'ta.code as a_code',
      'tb.team_key as b_key',
      'tb.code as b_code',
      'v.name as venue_name',
      'v.city as venue_city',
    ]);
}

/** Innings of the given matches in match and playing order, as the match summary needs them. */
export function selectInningsRows(db: Kysely<Database>, matchIds: readonly number[]): Promise<InningsRow[]> {
  if (matchIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('innings')
    .select([
      'match_id',
      'innings_no',
      'batting_team',
      'super_over',
      'runs',
      'wickets',
      'legal_balls',
      'called_balls',
      'target_runs',
      'target_balls',
      'declared',
      'forfeited',
    ])
    .where('match_id', 'in', matchIds)
    .orderBy('match_id')
    .orderBy('innings_no')
    .execute();
}

export interface AwardRow {
  match_id: number;
  key: string;
  name: string;
}

/** Players of the match of the given matches, in the order Cricsheet lists them. */
export function selectPlayerOfMatch(db: Kysely<Database>, matchIds: readonly number[]): Promise<AwardRow[]> {
  if (matchIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('player_of_match as pom')
    .innerJoin('people as p', 'p.id', 'pom.person_id')
    .select(['pom.match_id', 'p.registry_id as key', 'p.name'])
    .where('pom.match_id', 'in', matchIds)
    .orderBy('pom.match_id')
    .orderBy('pom.position')
    .execute();
}

/** Match summaries for the rows, in the rows' order. */
export async function summariseMatches(db: Kysely<Database>, rows: readonly MatchRow[], lang: Lang): Promise<MatchSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [innings, awards, live] = await Promise.all([
    selectInningsRows(db, ids),
    selectPlayerOfMatch(db, ids),
    loadLiveStates(db, rows.filter((row) => row.status === 'started')),
  ]);
  const inningsByMatch = groupBy(innings, (inn) => inn.match_id);
  const awardsByMatch = groupBy(awards, (award) => award.match_id);
  return rows.map((row) =>
    summariseMatch(
      row,
      inningsByMatch.get(row.id) ?? [],
      (awardsByMatch.get(row.id) ?? []).map((award) => award.name),
      lang,
      live.get(row.id) ?? null,
    ),
  );
}

export function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
