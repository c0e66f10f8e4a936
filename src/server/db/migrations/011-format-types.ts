// Formats and series as fans know them (docs/decisions/031-formats-and-series.md):
// - matches.format_type: Test, ODI, T20I, first-class, List A, T20 or The Hundred
//   (domain/format-type.ts), beside the provider's three formats; filled here for stored matches,
//   whose facts (match type, team type, balls per over, format) already say it;
// - tournaments.sides and tournaments.type_matches: the tournament's shape, which match titles
//   read (store/tournament-shapes.ts; the write path keeps it current).
// A migration is frozen: the shape count is written out here as it stood, not imported from store/.
import { sql, type Kysely } from 'kysely';
import { formatTypeOf, type BroadFormat } from '../../domain/format-type.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table matches add column format_type text;
    alter table tournaments add column sides smallint not null default 0;
    alter table tournaments add column type_matches jsonb not null default '{}'::jsonb;
  `.execute(db);

  // A handful of distinct combinations: one update each, by the domain's rule.
  const { rows: kinds } = await sql<{ match_type: string; team_type: string; balls_per_over: number; format: BroadFormat }>`
    select distinct match_type, team_type, balls_per_over, format from matches
  `.execute(db);
  for (const kind of kinds) {
    const formatType = formatTypeOf({ matchType: kind.match_type, teamType: kind.team_type, ballsPerOver: kind.balls_per_over, format: kind.format });
    await sql`
      update matches set format_type = ${formatType}
      where match_type = ${kind.match_type} and team_type = ${kind.team_type} and balls_per_over = ${kind.balls_per_over} and format = ${kind.format}
    `.execute(db);
  }

  await sql`
    alter table matches alter column format_type set not null;
    alter table matches add constraint matches_format_type check (format_type in ('test', 'odi', 't20i', 'first_class', 'list_a', 't20', 'hundred'));
    create index matches_format_type_start on matches (format_type, start_date desc);
  `.execute(db);

  await sql`
    with sides as (
      select s.tournament_id, count(distinct s.team_id)::int as sides
      from (select tournament_id, team_a_id as team_id from matches union all select tournament_id, team_b_id from matches) s
      group by s.tournament_id
    ), types as (
      select m.tournament_id, jsonb_object_agg(m.format_type, m.n) as type_matches
      from (select tournament_id, format_type, count(*)::int as n from matches group by tournament_id, format_type) m
      group by m.tournament_id
    )
    update tournaments t set sides = s.sides, type_matches = ty.type_matches
    from sides s join types ty on ty.tournament_id = s.tournament_id
    where t.id = s.tournament_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table matches drop column format_type;
    alter table tournaments drop column sides;
    alter table tournaments drop column type_matches;
  `.execute(db);
}
