// The match centre's Info tab reads each side's latest matches before a date and the
// meetings of two sides: (team, start_date) indexes answer both with an index scan
// that stops after the few rows wanted. They replace the single-column team indexes,
// whose every use the composite ones also serve.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index matches_team_a_start on matches (team_a_id, start_date desc);
    create index matches_team_b_start on matches (team_b_id, start_date desc);
    drop index matches_team_a;
    drop index matches_team_b;
  `.execute(db);
}
