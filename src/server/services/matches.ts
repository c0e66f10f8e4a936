// Match listings shared by the pages and the provider API.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Lang } from '../domain/result.ts';
import { tags } from '../feed/tags.ts';
import type { TaggedCache } from './cache.ts';
import type { MatchSummary } from './match-summary.ts';
import { readDataCurrency, type DataCurrency } from '../store/data-currency.ts';
import { summariseMatches, selectMatchRows } from './match-rows.ts';

export const HOME_MATCH_LIMIT = 20;

export type { DataCurrency } from '../store/data-currency.ts';

export class MatchService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
  ) {}

  /** The last day of play of the imported Cricsheet matches, and how many there are. */
  /** The last day of play imported, for every page's footer: the importer publishes its tag only when it moves. */
  lastDayOfPlay(): Promise<string | null> {
    return this.cache.get('data-currency:last-day', [tags.dataCurrency], async () => (await readDataCurrency(this.db)).ballByBallTo);
  }

  /** The API's answer: the last day and the count of matches, which follows every import (home). */
  dataCurrency(): Promise<DataCurrency> {
    return this.cache.get('data-currency', [tags.dataCurrency, tags.home], () => readDataCurrency(this.db));
  }

  /**
   * Live first, then not started (soonest first), then completed (latest first). A replay is
   * listed only while it is being played (labelled); once over it is out (decision 059).
   */
  listForHome(lang: Lang, limit = HOME_MATCH_LIMIT): Promise<MatchSummary[]> {
    return this.cache.get(`home:${lang}:${limit}`, [tags.home], async () => {
      // uncounted: the home slider lists a replay while it is played.
      const rows = await selectMatchRows(this.db, 'matches')
        .where(sql<boolean>`not (m.is_replay and m.status = 'completed')`)
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
