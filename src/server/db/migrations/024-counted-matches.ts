// Only real cricket counts (issue 28; docs/decisions/059-matches-that-count.md): the one place
// that says which matches a list or a figure may hold.
// - real_matches: every match but the replays (a stored match played again as a demo);
// - counted_matches: the real matches less those declared void and replayed in full (the
//   corrections file): what every aggregate (careers, form, head to head, records, tables'
//   stats, search, counts) reads.
// Plain views over matches, inlined by the planner (its indexes serve them). A view keeps the
// columns matches had when it was made: a migration that adds a column an aggregate reads
// recreates both (drop and create, as here).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create view real_matches as select * from matches where not is_replay;
    create view counted_matches as select * from real_matches where void_replayed_by is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop view counted_matches;
    drop view real_matches;
  `.execute(db);
}
