// A tournament's squads find wicket-keepers by their stumpings (domain/player-role.ts): without
// an index Postgres reads every batting innings to find the few stumped ones (EXPLAIN on both
// archives: a sequential scan of ~118k rows, 38 ms). A partial index on the stumped ones only
// (about 2% of rows) lets it go from the tournament's matches straight to them (3 ms).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index batting_innings_stumped on batting_innings (match_id) where dismissal_kind = 'stumped'`.execute(db);
}
