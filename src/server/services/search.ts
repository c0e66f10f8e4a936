// Search over players, teams, tournaments and venues (docs/decisions/033-search-and-records.md),
// shared by GET user/v1/search and the /search page. Each query word must start a word of the
// name; a word before the last may instead begin with one of a player's initials. The trigram
// index on the terms finds the candidates. Ranked: the name exactly as asked, then every word
// matched as a word, then most matches held (a tournament: its series over every season; so
// 'ind' finds India before a player called Induwara), the latest first.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { queryWords, typoCandidates } from '../domain/search-terms.ts';
import { tags } from '../feed/tags.ts';
import type { SearchKind } from '../store/search-index.ts';
import type { TaggedCache } from './cache.ts';

export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 30;

export interface SearchHit {
  kind: SearchKind;
  /** Registry id, team key, tournament key or venue id. */
  key: string;
  name: string;
  /** A player's latest team, a venue's city. */
  detail: string | null;
  /** A team's latest tournament key, a venue's latest match key. */
  link: string | null;
  gender: 'male' | 'female' | null;
  matches: number;
  lastDate: string | null;
  /** A player's full name from his profile ('Virat Kohli' for 'V Kohli'). */
  fullName: string | null;
  /** Found by forgiving a typo ('kholi' for 'kohli'): listed after what the words found as typed. */
  typo: boolean;
}

/** Every word of the names, with the weight of the most prominent name holding it (typo candidates). */
type Vocabulary = { word: string; weight: number }[];

interface HitRow {
  kind: SearchKind;
  key: string;
  name: string;
  detail: string | null;
  link: string | null;
  gender: string | null;
  matches: number;
  last_date: string | null;
  full_name: string | null;
}

export class SearchService {
  /**
   * `cache` keeps recent answers by their words (a fan typing 'koh', 'kohl', 'kohli' asks what
   * others asked before) until a write changes what search reads: every write of whole matches
   * or of a side's players publishes tags.players.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: TaggedCache,
  ) {}

  /** The best `limit` hits for the query; none when it has no word. */
  search(query: string, limit = DEFAULT_SEARCH_LIMIT): Promise<SearchHit[]> {
    const words = queryWords(query);
    if (words.length === 0) return Promise.resolve([]);
    const rows = Math.min(Math.max(1, limit), MAX_SEARCH_LIMIT);
    return this.cache.get(`search:${rows}:${words.join(' ')}`, [tags.players], async () => {
      const found = await this.load(words, rows);
      if (found.length >= rows) return found;
      // Too few as typed: forgive a typo in the words that may hold one ('kholi', 'bumrha').
      const typos = await this.forgiving(words, rows, new Set(found.map((hit) => `${hit.kind}:${hit.key}`)));
      return [...found, ...typos].slice(0, rows);
    });
  }

  /** The names' words, loaded once per change of what search reads. */
  private vocabulary(): Promise<Vocabulary> {
    return this.cache.get('search:vocabulary', [tags.players], async () => {
      const { rows } = await sql<{ word: string; weight: number }>`
        select word, max(weight)::int as weight
        from search_entries, regexp_split_to_table(btrim(terms), ' ') as word
        where word not in ('', '|') and left(word, 1) <> '~'
        group by word`.execute(this.db);
      return rows;
    });
  }

  /** Hits where each word that found nothing as typed is read as its likeliest corrections. */
  private async forgiving(words: readonly string[], limit: number, seen: ReadonlySet<string>): Promise<SearchHit[]> {
    const vocabulary = await this.vocabulary();
    const alternatives = words.map((word) => typoCandidates(word, vocabulary));
    if (alternatives.every((list) => list.length === 0)) return [];
    const eachWord = words.map((word, at) => {
      const fixes = alternatives[at]!.map((fix) => sql`terms like ${`% ${fix} %`}`);
      return sql`(${sql.join([sql`terms like ${`% ${word}%`}`, ...fixes], sql` or `)})`;
    });
    const { rows } = await sql<HitRow>`
      select kind, key, name, detail, link, gender, matches, last_date::text as last_date, full_name
      from search_entries
      where ${sql.join(eachWord, sql` and `)}
      order by weight desc, last_date desc nulls last, name
      limit ${limit + seen.size}
    `.execute(this.db);
    return rows.filter((row) => !seen.has(`${row.kind}:${row.key}`)).map((row) => toHit(row, true));
  }

  private async load(words: readonly string[], limit: number): Promise<SearchHit[]> {
    // Query words hold letters and digits only (foldWords), so none is a LIKE wildcard.
    const asWord = (word: string): RawBuilder<unknown> => sql`terms like ${`% ${word}%`}`;
    const asInitial = (word: string): RawBuilder<unknown> => sql`(kind = 'player' and terms like ${`% ~${word[0]} %`})`;
    // The last word must start a word of the name (a surname, 'kohli'); the words before it may
    // stand for initials ('virat kohli' finds 'V Kohli').
    const last = words.length - 1;
    const eachWord = words.map((word, at) => (at < last && word.length >= 2 ? sql`(${asWord(word)} or ${asInitial(word)})` : asWord(word)));
    const allWords = sql.join(words.map(asWord), sql` and `);
    const exact = `${words.join(' ')} `;
    const { rows } = await sql<HitRow>`
      select kind, key, name, detail, link, gender, matches, last_date::text as last_date, full_name
      from search_entries
      where ${sql.join(eachWord, sql` and `)}
      order by
        case when left(terms, ${exact.length + 1}) = ${` ${exact}`} and (length(terms) = ${exact.length + 1} or substr(terms, ${exact.length + 2}, 1) in ('~', '|')) then 0
             when ${allWords} then 1 else 2 end,
        weight desc, last_date desc nulls last, name
      limit ${limit}
    `.execute(this.db);
    return rows.map((row) => toHit(row, false));
  }
}

function toHit(row: HitRow, typo: boolean): SearchHit {
  return {
    kind: row.kind,
    key: row.key,
    name: row.name,
    detail: row.detail,
    link: row.link,
    gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null,
    matches: row.matches,
    lastDate: row.last_date,
    fullName: row.full_name,
    typo,
  };
}
