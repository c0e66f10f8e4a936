// The search index (docs/decisions/033-search-and-records.md): one row per player, team,
// tournament and venue, with its name's searchable terms (domain/search-terms.ts) and what ranks
// it (matches held, the latest of them). The write path refreshes the rows of what a commit
// touched, in the same transaction; migration 012 fills it for stored data.
import { searchTerms } from '../domain/search-terms.ts';
import type { QueryRunner } from './tournament-shapes.ts';

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
}

// Each query reads the entities in scope ($1 null: all) that have at least one match.
const ENTITY_QUERIES: Record<SearchKind, string> = {
  player: `
    select p.id, p.registry_id as key, p.name, null::text[] as aliases,
      (array_agg(case mp.team when 'a' then m.team_a_name else m.team_b_name end order by m.start_date desc, m.id desc))[1] as detail,
      null::text as link, (array_agg(m.gender order by m.start_date desc))[1] as gender,
      count(distinct m.id)::int as matches, count(distinct m.id)::int as weight, max(m.start_date)::text as last_date
    from people p join match_players mp on mp.person_id = p.id join matches m on m.id = mp.match_id
    where $1::integer[] is null or p.id = any($1::integer[])
    group by p.id`,
  team: `
    select t.id, t.team_key as key, t.name,
      (select array_agg(tn.name) from team_names tn where tn.team_id = t.id and tn.name <> t.name) as aliases,
      null::text as detail, (array_agg(tu.tou_key order by m.start_date desc, m.id desc))[1] as link, t.gender,
      count(*)::int as matches, count(*)::int as weight, max(m.start_date)::text as last_date
    from teams t
    join (select id, team_a_id as team_id, start_date, tournament_id from matches union all
          select id, team_b_id, start_date, tournament_id from matches) m on m.team_id = t.id
    join tournaments tu on tu.id = m.tournament_id
    where $1::integer[] is null or t.id = any($1::integer[])
    group by t.id`,
  // Every season of a series shares its weight ('ashes' finds the series most played first), so
  // a change to one season refreshes them all.
  tournament: `
    with chosen as (
      select id from tournaments where $1::integer[] is null or (event_name, gender) in (
        select event_name, gender from tournaments where id = any($1::integer[]))
    ), own as (
      select tu.id, tu.event_name, tu.gender, count(*)::int as matches, max(m.start_date)::text as last_date
      from tournaments tu join chosen c on c.id = tu.id join matches m on m.tournament_id = tu.id
      group by tu.id
    ), series as (
      select t.event_name, t.gender, count(*)::int as weight
      from tournaments t join matches m on m.tournament_id = t.id
      where (t.event_name, t.gender) in (select event_name, gender from own)
      group by t.event_name, t.gender
    )
    select tu.id, tu.tou_key as key, tu.name, array_remove(array[tu.event_abbreviation], null) as aliases,
      null::text as detail, null::text as link, tu.gender, own.matches, series.weight, own.last_date
    from own join tournaments tu on tu.id = own.id join series on series.event_name = own.event_name and series.gender = own.gender`,
  venue: `
    select v.id, v.id::text as key, v.name, array[v.city] as aliases, nullif(v.city, '') as detail,
      (array_agg(m.match_key order by m.start_date desc, m.id desc))[1] as link, null::text as gender,
      count(*)::int as matches, count(*)::int as weight, max(m.start_date)::text as last_date
    from venues v join matches m on m.venue_id = v.id
    where $1::integer[] is null or v.id = any($1::integer[])
    group by v.id`,
};

const SCOPE_FIELD: Record<SearchKind, keyof SearchScope> = { player: 'people', team: 'teams', tournament: 'tournaments', venue: 'venues' };

/** Rewrites the search rows of the entities in scope: those with matches get a fresh row, the others none. */
export async function refreshSearchIndex(query: QueryRunner, scope: SearchScope | null): Promise<void> {
  for (const kind of Object.keys(ENTITY_QUERIES) as SearchKind[]) {
    const ids = scope === null ? null : [...new Set(scope[SCOPE_FIELD[kind]])];
    if (ids !== null && ids.length === 0) continue;
    const rows = await query<EntityRow>(ENTITY_QUERIES[kind], [ids]);
    // The rows read may go beyond the ids asked for (a tournament's other seasons).
    const dropped = ids === null ? null : [...new Set([...ids, ...rows.map((row) => row.id)])];
    await query('delete from search_entries where kind = $1 and ($2::integer[] is null or entity_id = any($2::integer[]))', [kind, dropped]);
    if (rows.length === 0) continue;
    await query(
      `insert into search_entries (kind, entity_id, key, name, terms, detail, link, gender, matches, weight, last_date)
       select $1, * from unnest($2::integer[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::integer[], $10::integer[], $11::date[])`,
      [
        kind,
        rows.map((row) => row.id),
        rows.map((row) => row.key),
        rows.map((row) => row.name),
        rows.map((row) => searchTerms(row.name, kind, row.aliases ?? [])),
        rows.map((row) => row.detail),
        rows.map((row) => row.link),
        rows.map((row) => row.gender),
        rows.map((row) => row.matches),
        rows.map((row) => row.weight),
        rows.map((row) => row.last_date),
      ],
    );
  }
}
