import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/client.ts';
import { migrateTo, migrateToLatest } from '../../../src/server/db/migrate.ts';
import { rederive } from '../../../src/server/store/rederive-writer.ts';
import { readStoredInnings } from '../../../src/server/store/stored-deliveries.ts';
import { queryNumber, queryRows } from '../../helpers/test-db.ts';

// A database written by the previous version (rows per delivery, migration 004) is carried over
// by migration 005 without losing a ball: the deliveries read back the same, and the derived rows
// are rebuilt with the current rules.
describe('migration 005 (write path) on data of the previous version', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrateTo(db, '004-tournament-indexes');
    await sql`
      insert into people (id, registry_id, name) values (1, 'aaaa0001', 'Opener'), (2, 'aaaa0002', 'Partner'), (3, 'aaaa0003', 'Bowler'),
        (4, 'aaaa0004', 'Keeper');
      insert into teams (id, team_key, name, code, gender, team_type) values (1, 'alpha', 'Alpha', 'ALP', 'male', 'club'), (2, 'bravo', 'Bravo', 'BRA', 'male', 'club');
      insert into tournaments (id, tou_key, event_name, season, name, short_name, gender, team_type)
        values (1, 'cup-2024', 'Cup', '2024', 'Cup 2024', 'Cup 2024', 'male', 'club');
      insert into matches (id, match_key, tournament_id, source_sha1, data_version, revision, created, match_type, format, gender,
          team_type, balls_per_over, overs_limit, start_date, dates, team_a_id, team_b_id, team_a_name, team_b_name)
        values (9001, '9001', 1, 'x', '1.1.0', 1, '2024-05-01', 'T20', 't20', 'male', 'club', 6, 20, '2024-05-01', '{2024-05-01}', 1, 2, 'Alpha', 'Bravo');
      insert into innings (match_id, innings_no, batting_team, runs, wickets, legal_balls, byes, legbyes, wides, noballs, penalty, miscounted_overs)
        values (9001, 1, 'a', 0, 0, 0, 0, 0, 0, 0, 0, '{"0": {"balls": 5, "umpire": "X"}}');
      insert into deliveries (match_id, innings_no, seq, over_no, ball_in_over, legal_ball_no, batter_id, non_striker_id, bowler_id,
          runs_batter, runs_extras, runs_total, non_boundary, wides, noballs, byes, legbyes, penalty, review) values
        (9001, 1, 1, 0, 1, 1, 1, 2, 3, 4, 0, 4, false, 0, 0, 0, 0, 0, null),
        (9001, 1, 2, 0, 2, 1, 1, 2, 3, 0, 2, 2, false, 2, 0, 0, 0, 0, null),
        (9001, 1, 3, 0, 3, 2, 1, 2, 3, 0, 0, 0, false, 0, 0, 0, 0, 0, '{"by": "Bravo", "decision": "upheld"}'),
        (9001, 1, 4, 0, 4, 3, 1, 2, 3, 6, 1, 7, true, 0, 1, 0, 0, 0, null),
        (9001, 1, 5, 0, 5, 4, 1, 2, 3, 0, 0, 0, false, 0, 0, 0, 0, 0, null),
        (9001, 1, 6, 0, 6, 5, 2, 1, 3, 0, 0, 0, false, 0, 0, 0, 0, 0, null);
      insert into wickets (match_id, innings_no, seq, position, kind, player_out_id, fielders)
        values (9001, 1, 5, 1, 'caught', 1, '[{"name": "Keeper"}]');
      insert into batting_innings (match_id, innings_no, position, person_id, runs, balls, fours, sixes, dismissal_kind, bowler_id, fielder_ids)
        values (9001, 1, 1, 1, 10, 4, 1, 0, 'caught', 3, '{4}');
    `.execute(db.kysely);
    await migrateToLatest(db);
  });
  afterAll(() => db.close());

  it('keeps every delivery, review and fielder', async () => {
    const [inn] = await readStoredInnings(db.kysely, [9001]);
    expect(inn!.deliveries.map((d) => [d.over, d.batter, d.nonStriker, d.bowler, d.runsBatter, d.extras.wides, d.extras.noballs, d.nonBoundary])).toEqual([
      [0, '1', '2', '3', 4, 0, 0, false],
      [0, '1', '2', '3', 0, 2, 0, false],
      [0, '1', '2', '3', 0, 0, 0, false],
      [0, '1', '2', '3', 6, 0, 1, true],
      [0, '1', '2', '3', 0, 0, 0, false],
      [0, '2', '1', '3', 0, 0, 0, false],
    ]);
    expect(inn!.deliveries[4]!.wickets).toEqual([{ kind: 'caught', playerOut: '1', fielders: [{ id: '4', name: 'Keeper', substitute: false }] }]);
    expect([...inn!.reviews]).toEqual([[3, { by: 'Bravo', decision: 'upheld' }]]);
    // Cricsheet's miscounted_overs object becomes the list of over indexes the rules read.
    expect(inn!.calledOvers).toEqual([0]);
    expect(await queryNumber(db, 'select rules_version from matches where id = 9001')).toBe(0);
  });

  it('rebuilds the derived rows with the current rules: the five-ball over called a full over', async () => {
    expect(await rederive(db, () => undefined)).toBe(1);
    expect(await queryRows(db, 'select runs, wickets, legal_balls, called_balls, wides, noballs from innings where match_id = 9001')).toEqual([
      { runs: 13, wickets: 1, legal_balls: 4, called_balls: 6, wides: 2, noballs: 1 },
    ]);
    expect(await queryRows(db, 'select wicket_no, over_no, ball_no from fall_of_wickets where match_id = 9001')).toEqual([
      { wicket_no: 1, over_no: 0, ball_no: 3 },
    ]);
  });
});
