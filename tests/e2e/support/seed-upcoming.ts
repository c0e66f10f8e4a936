// Adds one upcoming match to the end-to-end database. Cricsheet archives hold only played
// matches, so the upcoming states of the home card and the match page are exercised with a
// fixture between two teams already imported (Rajasthan Royals v Mumbai Indians, IPL 2026).
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/client.ts';

import { UPCOMING_MATCH_KEY } from './seed-upcoming-key.ts';

const config = loadConfig();
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const played = await db.kysely
    .selectFrom('matches')
    .select(['tournament_id', 'team_a_id', 'team_b_id', 'team_a_name', 'team_b_name', 'venue_id'])
    .where('match_key', '=', '1529312')
    .executeTakeFirstOrThrow();
  const start = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await db.kysely
    .insertInto('matches')
    .values({
      id: Number(UPCOMING_MATCH_KEY),
      match_key: UPCOMING_MATCH_KEY,
      tournament_id: played.tournament_id,
      source_sha1: 'e2e-upcoming-fixture',
      data_version: '1.1.0',
      revision: 1,
      created: start,
      match_type: 'T20',
      match_type_number: null,
      format: 't20',
      format_type: 't20',
      gender: 'male',
      team_type: 'club',
      balls_per_over: 6,
      overs_limit: 20,
      start_date: start,
      dates: [start],
      team_a_id: played.team_b_id,
      team_b_id: played.team_a_id,
      team_a_name: played.team_b_name,
      team_b_name: played.team_a_name,
      venue_id: played.venue_id,
      event_match_number: null,
      event_group: null,
      event_stage: 'Qualifier 1',
      status: 'not_started',
      toss_winner: null,
      toss_decision: null,
      winner: null,
      result: null,
      win_by_runs: null,
      win_by_wickets: null,
      win_by_innings: false,
      method: null,
      eliminator: null,
      bowl_out: null,
      missing: null,
    })
    .execute();
} finally {
  await db.close();
}
