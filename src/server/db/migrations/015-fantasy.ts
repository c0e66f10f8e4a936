// Fantasy points per player per match (docs/decisions/038-fantasy-points.md): rows the write
// path derives from the scorecard figures with the rules version named in `rules`. Matches
// stored before this migration get theirs from rederive (RULES_VERSION 2).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table fantasy_points (
      match_id integer not null references matches (id) on delete cascade,
      person_id integer not null references people (id),
      team text not null check (team in ('a', 'b')),
      rules text not null,
      points double precision not null,
      lines jsonb not null,
      primary key (match_id, person_id)
    )`.execute(db);
  await sql`create index fantasy_points_person on fantasy_points (person_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table fantasy_points`.execute(db);
}
