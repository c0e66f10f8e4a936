// The search index (docs/decisions/033-search-and-records.md): one row per player, team,
// tournament and venue, with its name's searchable terms (domain/search-terms.ts) and what ranks
// it (matches held, the latest of them). The write path refreshes the rows of what a commit
// touched, in the same transaction; migration 012 fills it for stored data.
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { anyInteger } from '../db/any-of.ts';
import type { Database } from '../db/schema.ts';
import { searchTerms } from '../domain/search-terms.ts';
import { bookOf, lookupName, SHIPPED_NAME_ROWS, venueIdentity, venuePlaces } from '../../i18n/names.ts';

export type SearchKind = 'player' | 'team' | 'tournament' | 'venue';

/** Ids of the entities whose rows to refresh; null refreshes every row of every kind. */
export interface SearchScope {
  people: readonly number[];
  teams: readonly number[];
  tournaments: readonly number[];
  venues: readonly number[];
}

interface EntityRow {
  id: number;
  key: string;
  name: string;
  /** Other names it is known by (a team's former names, a tournament's abbreviation, a venue's city). */
  aliases: string[] | null;
  detail: string | null;
  link: string | null;
  gender: string | null;
  matches: number;
  /** What ranks it among names matched alike: its matches; a tournament's series' matches over every season. */
  weight: number;
  last_date: string | null;
  /** A player's full name from his profile. */
  full_name: string | null;
}

// A player's other names: his profile's full and known-as names and Hindi name, and every name
// Cricsheet's register has him under (names.csv). Shared by the recount and the new-match count.
const PLAYER_ALIASES = sql.raw<string[]>(`
  array_remove(array[pp.full_name, pp.known_as, pp.name_hi], null)
    || coalesce((select array_agg(rn.name) from register_names rn where rn.registry_id = p.registry_id and rn.name <> p.name), '{}')`);

// Each query reads the entities in scope (`ids` null: all) that have at least one counted match
// (no replay, no voided match: decision 059), and counts only those. SQL through the `sql` tag:
// aggregates over string concatenations, unions and row comparisons the builders do not type.
const ENTITY_QUERIES: Record<SearchKind, (ids: RawBuilder<number[] | null>) => RawBuilder<EntityRow>> = {
  // The latest match's side and gender by max() over 'date|id|value' (no sort per player).
  player: (ids) => sql<EntityRow>`
    -- Weight: prominence, each match once and an international (a cap) twice.
    select p.id, p.registry_id as key, p.name, ${PLAYER_ALIASES} as aliases,
      substr(max(m.start_date::text || to_char(m.id, 'FM0000000000') || case mp.team when 'a' then m.team_a_name else m.team_b_name end), 21) as detail,
      null::text as link, substr(max(m.start_date::text || m.gender), 11) as gender,
      count(*)::int as matches, (count(*) + count(*) filter (where m.format_type in ('test', 'odi', 't20i')))::int as weight,
      max(m.start_date)::text as last_date, pp.full_name
    from people p join match_players mp on mp.person_id = p.id join counted_matches m on m.id = mp.match_id
    left join player_profiles pp on pp.registry_id = p.registry_id
    where ${ids} is null or p.id = any(${ids})
    group by p.id, pp.registry_id`,
  team: (ids) => sql<EntityRow>`
    select t.id, t.team_key as key, t.name,
      (select array_agg(tn.name) from team_names tn where tn.team_id = t.id and tn.name <> t.name) as aliases,
      null::text as detail, substr(max(m.start_date::text || to_char(m.id, 'FM0000000000') || tu.tou_key), 21) as link, t.gender,
      count(*)::int as matches, count(*)::int as weight, max(m.start_date)::text as last_date, null::text as full_name
    from teams t
    -- Each side's matches by its own index (a join on 'a or b' read every match for every team).
    join (
      select team_a_id as team_id, id, start_date, tournament_id from counted_matches
      union all
      select team_b_id, id, start_date, tournament_id from counted_matches where team_b_id <> team_a_id
    ) m on m.team_id = t.id
    join tournaments tu on tu.id = m.tournament_id
    where ${ids} is null or t.id = any(${ids})
    group by t.id`,
  // Every season of a series shares its weight ('ashes' finds the series most played first), so
  // a change to one season refreshes them all.
  tournament: (ids) => sql<EntityRow>`
    with chosen as (
      select id from tournaments where ${ids} is null or (event_name, gender) in (
        select event_name, gender from tournaments where id = any(${ids}))
    ), own as (
      select tu.id, tu.event_name, tu.gender, count(*)::int as matches, max(m.start_date)::text as last_date
      from tournaments tu join chosen c on c.id = tu.id join counted_matches m on m.tournament_id = tu.id
      group by tu.id
    ), series as (
      select t.event_name, t.gender, count(*)::int as weight
      from tournaments t join counted_matches m on m.tournament_id = t.id
      where (t.event_name, t.gender) in (select event_name, gender from own)
      group by t.event_name, t.gender
    )
    select tu.id, tu.tou_key as key, tu.name, array_remove(array[tu.event_abbreviation], null) as aliases,
      null::text as detail, null::text as link, tu.gender, own.matches, series.weight, own.last_date, null::text as full_name
    from own join tournaments tu on tu.id = own.id join series on series.event_name = own.event_name and series.gender = own.gender`,
  // One row per stored venue; variants of one ground are joined into one entry (groundEntries).
  venue: (ids) => sql<EntityRow>`
    select v.id, v.id::text as key, v.name, array[v.city] as aliases, nullif(v.city, '') as detail,
      substr(max(m.start_date::text || to_char(m.id, 'FM0000000000') || m.match_key), 21) as link,
      null::text as gender, count(*)::int as matches, count(*)::int as weight, max(m.start_date)::text as last_date, null::text as full_name
    from venues v join counted_matches m on m.venue_id = v.id
    where ${ids} is null or v.id = any(${ids})
    group by v.id`,
};

/** Hindi names shipped with the code, searched beside the Latin ones ('भारत', 'मुंबई इंडियंस'). */
const shippedNames = bookOf(SHIPPED_NAME_ROWS);

/**
 * What the stored rows were built with: the terms rule's version and the shipped Hindi names.
 * A server whose version differs rebuilds them in the background (PeopleWriter.rebuildStaleSearch).
 */
export const SEARCH_ROWS_VERSION = `terms-2:${createHash('sha1')
  .update(JSON.stringify(SHIPPED_NAME_ROWS.map((row) => [row.kind, row.key, row.hi])))
  .digest('hex')
  .slice(0, 16)}`;

function termsOf(kind: SearchKind, row: EntityRow): string {
  const hindi = kind === 'tournament' ? null : lookupName(shippedNames, kind, row.name, kind === 'player' ? row.key : null);
  return searchTerms(row.name, kind, [...(row.aliases ?? []), ...(hindi ? [hindi.name] : [])]);
}

/**
 * Every venue's id and the ground it is: rows whose names are one ground's name (names.ts
 * venueIdentity) and that share a place ('Kensington Oval, Bridgetown' in Barbados and 'Kensington
 * Oval, Bridgetown, Barbados' in Bridgetown) are one ground; 'County Ground' in Taunton and in
 * Worcester are two.
 */
async function groundsOf(db: Kysely<Database>): Promise<Map<number, string>> {
  const venues = await db.selectFrom('venues').select(['id', 'name', 'city']).orderBy('id').execute();
  const parent = new Map<number, number>(venues.map((venue) => [venue.id, venue.id]));
  const root = (id: number): number => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at)!;
    return at;
  };
  const byName = new Map<string, { id: number; places: string[] }[]>();
  for (const venue of venues) {
    const identity = venueIdentity(venue.name);
    const places = venuePlaces(venue.name, venue.city);
    const same = byName.get(identity) ?? [];
    for (const other of same) {
      // No place on either side (a name alone) counts as the same ground.
      const shared = places.length === 0 || other.places.length === 0 || places.some((place) => other.places.includes(place));
      if (shared) parent.set(root(venue.id), root(other.id));
    }
    byName.set(identity, [...same, { id: venue.id, places }]);
  }
  return new Map(venues.map((venue) => [venue.id, String(root(venue.id))]));
}

/**
 * One entry per ground: 'Wankhede Stadium' and 'Wankhede Stadium, Mumbai' are one venue to a fan.
 * The entry takes the id of the ground's oldest row, the name used for most matches (without the
 * city Cricsheet later appended), every variant's name as an alias, and the matches of all.
 */
function groundEntries(rows: readonly EntityRow[], grounds: ReadonlyMap<number, string>): EntityRow[] {
  const byGround = new Map<string, EntityRow[]>();
  for (const row of rows) {
    const ground = grounds.get(row.id) ?? String(row.id);
    byGround.set(ground, [...(byGround.get(ground) ?? []), row]);
  }
  return [...byGround.values()].map((variants) => {
    const mostUsed = variants.reduce((best, row) => (row.matches > best.matches ? row : best));
    const latest = variants.reduce((best, row) => ((row.last_date ?? '') > (best.last_date ?? '') ? row : best));
    const first = variants.reduce((best, row) => (row.id < best.id ? row : best));
    const city = mostUsed.detail ?? variants.find((row) => row.detail)?.detail ?? null;
    const comma = mostUsed.name.lastIndexOf(',');
    const name = comma > 0 && city !== null && mostUsed.name.slice(comma + 1).trim() === city ? mostUsed.name.slice(0, comma) : mostUsed.name;
    const matches = variants.reduce((sum, row) => sum + row.matches, 0);
    return {
      ...first,
      key: String(first.id),
      name,
      aliases: [...new Set(variants.flatMap((row) => [row.name, ...(row.aliases ?? [])]))],
      detail: city,
      link: latest.link,
      matches,
      weight: matches,
      last_date: latest.last_date,
    };
  });
}

const SCOPE_FIELD: Record<SearchKind, keyof SearchScope> = { player: 'people', team: 'teams', tournament: 'tournaments', venue: 'venues' };

/** Rewrites the search rows of the entities in scope: those with matches get a fresh row, the others none. */
export async function refreshSearchIndex(reader: Kysely<Database>, scope: SearchScope | null): Promise<void> {
  const db = reader;
  for (const kind of Object.keys(ENTITY_QUERIES) as SearchKind[]) {
    let ids = scope === null ? null : [...new Set(scope[SCOPE_FIELD[kind]])];
    if (ids !== null && ids.length === 0) continue;
    const grounds = kind === 'venue' ? await groundsOf(db) : null;
    if (grounds && ids !== null) {
      // A ground's every variant is recounted with any one of them.
      const touched = new Set(ids.map((id) => grounds.get(id)));
      ids = [...grounds].filter(([, ground]) => touched.has(ground)).map(([id]) => id);
    }
    const { rows: read } = await ENTITY_QUERIES[kind](sql`${ids}::integer[]`).execute(db);
    const rows = grounds ? groundEntries(read, grounds) : read;
    // Rows in scope that have no match any more go. The rows read may go beyond the ids asked
    // for (a tournament's other seasons), never fewer.
    await db
      .deleteFrom('search_entries')
      .where('kind', '=', kind)
      .$if(ids !== null, (query) => query.where('entity_id', '=', anyInteger(ids!)))
      // Every id but these, one parameter.
      .where('entity_id', '<>', sql<number>`all(${rows.map((row) => row.id)}::integer[])`)
      .execute();
    if (rows.length === 0) continue;
    // Only rows that changed are written; an update that keeps the terms is a HOT update
    // (fillfactor 70) and leaves the trigram index alone: most rows of a batch only count a match more.
    // The rows as unnest() of one array a column (one statement whatever the batch), and a guarded upsert: plain SQL.
    await sql`insert into search_entries (kind, entity_id, key, name, terms, detail, link, gender, matches, weight, last_date, full_name)
       select ${kind}, * from unnest(${unnestColumn(rows.map((row) => row.id), 'integer')}, ${unnestColumn(rows.map((row) => row.key), 'text')},
         ${unnestColumn(rows.map((row) => row.name), 'text')}, ${unnestColumn(rows.map((row) => termsOf(kind, row)), 'text')},
         ${unnestColumn(rows.map((row) => row.detail), 'text')}, ${unnestColumn(rows.map((row) => row.link), 'text')}, ${unnestColumn(rows.map((row) => row.gender), 'text')},
         ${unnestColumn(rows.map((row) => row.matches), 'integer')}, ${unnestColumn(rows.map((row) => row.weight), 'integer')},
         ${unnestColumn(rows.map((row) => row.last_date), 'date')}, ${unnestColumn(rows.map((row) => row.full_name), 'text')})
       on conflict (kind, entity_id) do update set key = excluded.key, name = excluded.name, terms = excluded.terms, detail = excluded.detail,
         link = excluded.link, gender = excluded.gender, matches = excluded.matches, weight = excluded.weight, last_date = excluded.last_date,
         full_name = excluded.full_name
       where (search_entries.key, search_entries.name, search_entries.terms, search_entries.detail, search_entries.link, search_entries.gender,
              search_entries.matches, search_entries.weight, search_entries.last_date, search_entries.full_name)
         is distinct from (excluded.key, excluded.name, excluded.terms, excluded.detail, excluded.link, excluded.gender,
              excluded.matches, excluded.weight, excluded.last_date, excluded.full_name)`.execute(db);
  }
}

/** A player's appearance in a match new to the database (not a replaced version). */
export interface NewAppearance {
  personId: number;
  matchId: number;
  date: string;
  /** The side's name as played in the match. */
  team: string;
  gender: string;
  /** A Test, ODI or T20I: a cap, which counts twice in the player's weight. */
  international: boolean;
}

/**
 * Counts matches new to the database into their players' rows, without recounting each player's
 * whole career: one more match each, the latest day, team and gender moved on when the match is
 * the latest. The same figures refreshSearchIndex would read (but for two matches of one player
 * on the same day, where the later write's team wins); matches that replace a stored version go
 * through refreshSearchIndex instead.
 */
export async function countNewAppearances(reader: Kysely<Database>, appearances: readonly NewAppearance[]): Promise<void> {
  if (appearances.length === 0) return;
  const byPerson = new Map<number, { matches: number; weight: number; latest: NewAppearance }>();
  for (const appearance of appearances) {
    const seen = byPerson.get(appearance.personId);
    const weight = appearance.international ? 2 : 1;
    if (!seen) byPerson.set(appearance.personId, { matches: 1, weight, latest: appearance });
    else {
      seen.matches += 1;
      seen.weight += weight;
      const later = appearance.date > seen.latest.date || (appearance.date === seen.latest.date && appearance.matchId > seen.latest.matchId);
      if (later) seen.latest = appearance;
    }
  }
  const ids = [...byPerson.keys()];
  const db = reader;
  const people = await db
    .selectFrom('people as p')
    .leftJoin('player_profiles as pp', 'pp.registry_id', 'p.registry_id')
    .select(['p.id', 'p.registry_id as key', 'p.name', PLAYER_ALIASES.as('aliases'), 'pp.full_name'])
    .where('p.id', '=', anyInteger(ids))
    .execute();
  const counted = people.map((person) => ({ person, ...byPerson.get(person.id)! }));
  const terms = counted.map((entry) => termsOf('player', { ...entry.person, detail: null, link: null, gender: null, matches: 0, weight: 0, last_date: null }));
  // unnest() of one array a column, and an upsert that adds to the row: plain SQL.
  await sql`insert into search_entries (kind, entity_id, key, name, terms, detail, link, gender, matches, weight, last_date, full_name)
     select 'player', id, key, name, terms, detail, null, gender, matches, weight, last_date, full_name
     from unnest(${unnestColumn(counted.map((entry) => entry.person.id), 'integer')}, ${unnestColumn(counted.map((entry) => entry.person.key), 'text')},
       ${unnestColumn(counted.map((entry) => entry.person.name), 'text')}, ${unnestColumn(terms, 'text')},
       ${unnestColumn(counted.map((entry) => entry.latest.team), 'text')}, ${unnestColumn(counted.map((entry) => entry.latest.gender), 'text')},
       ${unnestColumn(counted.map((entry) => entry.matches), 'integer')}, ${unnestColumn(counted.map((entry) => entry.latest.date), 'date')},
       ${unnestColumn(counted.map((entry) => entry.weight), 'integer')}, ${unnestColumn(counted.map((entry) => entry.person.full_name), 'text')})
       as fresh(id, key, name, terms, detail, gender, matches, last_date, weight, full_name)
     on conflict (kind, entity_id) do update set
       matches = search_entries.matches + excluded.matches,
       weight = search_entries.weight + excluded.weight,
       detail = case when excluded.last_date >= search_entries.last_date then excluded.detail else search_entries.detail end,
       gender = case when excluded.last_date >= search_entries.last_date then excluded.gender else search_entries.gender end,
       last_date = greatest(search_entries.last_date, excluded.last_date)`.execute(db);
}

/** A column of unnest(): its values as one array parameter, cast to the column's type. */
function unnestColumn(values: readonly unknown[], type: 'integer' | 'text' | 'date'): RawBuilder<unknown> {
  return sql`${[...values]}::${sql.raw(type)}[]`;
}
