// Match listings shared by the pages and the provider API.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import type { VersionedCache } from './cache.ts';
import { toMatchObject, type InningsRow, type MatchObject, type MatchRow } from './match-object.ts';

export const HOME_MATCH_LIMIT = 20;

export class MatchService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: VersionedCache,
  ) {}

  /** Live first, then not started (soonest first), then completed (latest first). */
  listForHome(lang: Lang, limit = HOME_MATCH_LIMIT): Promise<MatchObject[]> {
    return this.cache.get(`home:${lang}:${limit}`, async () => {
      const rows = await this.matchRows()
        .orderBy(sql`case m.status when 'started' then 0 when 'not_started' then 1 else 2 end`)
        .orderBy(sql`case when m.status = 'not_started' then m.start_date end asc`)
        .orderBy('m.start_date', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
      return this.present(rows, lang);
    });
  }

  private matchRows() {
    return this.db
      .selectFrom('matches as m')
      .innerJoin('tournaments as t', 't.id', 'm.tournament_id')
      .innerJoin('teams as ta', 'ta.id', 'm.team_a_id')
      .innerJoin('teams as tb', 'tb.id', 'm.team_b_id')
      .leftJoin('venues as v', 'v.id', 'm.venue_id')
      .select([
        'm.id',
        'm.match_key',
        'm.format',
        'm.status',
        'm.match_type',
        'm.gender',
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
        't.tou_key',
        't.name as tou_name',
        't.short_name as tou_short_name',
        'ta.team_key as a_key',
        'ta.code as a_code',
        'tb.team_key as b_key',
        'tb.code as b_code',
        'v.name as venue_name',
        'v.city as venue_city',
      ]);
  }

  private async present(rows: MatchRow[], lang: Lang): Promise<MatchObject[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [innings, awards] = await Promise.all([
      this.db
        .selectFrom('innings')
        .select([
          'match_id',
          'innings_no',
          'batting_team',
          'super_over',
          'runs',
          'wickets',
          'legal_balls',
          'target_runs',
          'target_balls',
          'declared',
          'forfeited',
        ])
        .where('match_id', 'in', ids)
        .orderBy('match_id')
        .orderBy('innings_no')
        .execute(),
      this.db
        .selectFrom('player_of_match as pom')
        .innerJoin('people as p', 'p.id', 'pom.person_id')
        .select(['pom.match_id', 'p.name'])
        .where('pom.match_id', 'in', ids)
        .orderBy('pom.match_id')
        .orderBy('pom.position')
        .execute(),
    ]);
    const inningsByMatch = groupBy<InningsRow, number>(innings, (inn) => inn.match_id);
    const awardsByMatch = groupBy(awards, (award) => award.match_id);
    return rows.map((row) =>
      toMatchObject(
        row,
        inningsByMatch.get(row.id) ?? [],
        (awardsByMatch.get(row.id) ?? []).map((award) => award.name),
        lang,
      ),
    );
  }
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
