// Match listings shared by the pages and the provider API.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import type { MatchSummary } from './match-summary.ts';
import { summariseMatches, selectMatchRows } from './match-rows.ts';

export const HOME_MATCH_LIMIT = 20;

/** How current the imported data is: the last day of play Cricsheet's files cover. */
export interface DataCurrency {
  /** ISO date of the last day with ball-by-ball data; null before any import. */
  ballByBallTo: string | null;
  /** Matches imported from Cricsheet. */
  matches: number;
}

export class MatchService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
  ) {}

  /** The last day of play of the imported Cricsheet matches, and how many there are. */
  dataCurrency(): Promise<DataCurrency> {
    return this.cache.get('data-currency', [tags.dataCurrency], async () => {
      const row = await this.db
        .selectFrom('matches as m')
        .where('m.source', '=', 'cricsheet')
        .select([sql<string | null>`max(m.dates[cardinality(m.dates)])::text`.as('last_day'), sql<number>`count(*)::int`.as('matches')])
        .executeTakeFirstOrThrow();
      return { ballByBallTo: row.last_day, matches: row.matches };
    });
  }

  /** Live first, then not started (soonest first), then completed (latest first). */
  listForHome(lang: Lang, limit = HOME_MATCH_LIMIT): Promise<MatchSummary[]> {
    return this.cache.get(`home:${lang}:${limit}`, [tags.home], async () => {
      const rows = await selectMatchRows(this.db)
        .orderBy(sql`case m.status when 'started' then 0 when 'not_started' then 1 else 2 end`)
        .orderBy(sql`case when m.status = 'not_started' then coalesce(m.start_at, m.start_date::timestamptz) end asc`)
        .orderBy('m.start_date', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .execute();
      return summariseMatches(this.db, rows, lang);
    });
  }
}
