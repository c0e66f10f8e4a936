import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/client.ts';
import { migrateTo, migrateToLatest } from '../../../src/server/db/migrate.ts';
import { queryRows } from '../../helpers/test-db.ts';

// A database of the version before migration 011 gets each stored match's type of cricket from
// the facts it already holds, and each tournament's shape (sides, matches per type), which match
// titles read.
describe('migration 011 (format types) on data of the previous version', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrateTo(db, '008-ball-digest');
    await sql`
      insert into teams (id, team_key, name, code, gender, team_type) values
        (1, 'india', 'India', 'IND', 'male', 'international'), (2, 'england', 'England', 'ENG', 'male', 'international'),
        (3, 'queensland', 'Queensland', 'QUE', 'male', 'club'), (4, 'tasmania', 'Tasmania', 'TAS', 'male', 'club'),
        (5, 'victoria', 'Victoria', 'VIC', 'male', 'club'), (6, 'oval-invincibles', 'Oval Invincibles', 'OI', 'male', 'club'),
        (7, 'london-spirit', 'London Spirit', 'LS', 'male', 'club'), (8, 'gibraltar', 'Gibraltar', 'GIB', 'male', 'international'),
        (9, 'hungary', 'Hungary', 'HUN', 'male', 'international');
      insert into tournaments (id, tou_key, event_name, season, name, short_name, gender, team_type) values
        (1, 'india-tour-of-england-2025', 'India tour of England', '2025', 'India tour of England 2025', 'India tour of England 2025', 'male', 'international'),
        (2, 'sheffield-shield-2025-26', 'Sheffield Shield', '2025/26', 'Sheffield Shield 2025/26', 'Sheffield Shield 2025/26', 'male', 'club'),
        (3, 'the-hundred-2025', 'The Hundred Men''s Competition', '2025', 'The Hundred 2025', 'The Hundred 2025', 'male', 'club'),
        (4, 'continental-cup-2024', 'Continental Cup', '2024', 'Continental Cup 2024', 'Continental Cup 2024', 'male', 'international'),
        (5, 'empty-2024', 'Empty', '2024', 'Empty 2024', 'Empty 2024', 'male', 'club');
      insert into matches (id, match_key, tournament_id, source_sha1, data_version, revision, created, match_type, format, gender,
          team_type, balls_per_over, overs_limit, start_date, dates, team_a_id, team_b_id, team_a_name, team_b_name) values
        (1, '1', 1, 'x', '1.1.0', 1, '2025-06-20', 'Test', 'test', 'male', 'international', 6, null, '2025-06-20', '{2025-06-20}', 1, 2, 'India', 'England'),
        (2, '2', 1, 'x', '1.1.0', 1, '2025-07-02', 'Test', 'test', 'male', 'international', 6, null, '2025-07-02', '{2025-07-02}', 2, 1, 'England', 'India'),
        (3, '3', 1, 'x', '1.1.0', 1, '2025-07-20', 'T20', 't20', 'male', 'international', 6, 20, '2025-07-20', '{2025-07-20}', 2, 1, 'England', 'India'),
        (4, '4', 2, 'x', '1.1.0', 1, '2025-10-01', 'MDM', 'test', 'male', 'club', 6, null, '2025-10-01', '{2025-10-01}', 3, 4, 'Queensland', 'Tasmania'),
        (5, '5', 2, 'x', '1.1.0', 1, '2025-10-10', 'MDM', 'test', 'male', 'club', 6, null, '2025-10-10', '{2025-10-10}', 4, 5, 'Tasmania', 'Victoria'),
        (6, '6', 2, 'x', '1.1.0', 1, '2025-10-20', 'ODM', 'oneday', 'male', 'club', 6, 50, '2025-10-20', '{2025-10-20}', 3, 5, 'Queensland', 'Victoria'),
        (7, '7', 3, 'x', '1.1.0', 1, '2025-08-05', 'T20', 't20', 'male', 'club', 5, 20, '2025-08-05', '{2025-08-05}', 6, 7, 'Oval Invincibles', 'London Spirit'),
        (8, '8', 4, 'x', '1.1.0', 1, '2024-05-26', 'IT20', 't20', 'male', 'international', 6, 20, '2024-05-26', '{2024-05-26}', 8, 9, 'Gibraltar', 'Hungary');
    `.execute(db.kysely);
    await migrateToLatest(db);
    // Opening PGlite and running every migration takes seconds on a busy machine.
  }, 60_000);
  afterAll(() => db.close());

  it('gives every stored match its type from its match type, team type and balls per over', async () => {
    expect(await queryRows(db, 'select id, format_type from matches order by id')).toEqual([
      { id: 1, format_type: 'test' },
      { id: 2, format_type: 'test' },
      { id: 3, format_type: 't20i' },
      { id: 4, format_type: 'first_class' },
      { id: 5, format_type: 'first_class' },
      { id: 6, format_type: 'list_a' },
      { id: 7, format_type: 'hundred' },
      { id: 8, format_type: 't20' },
    ]);
  });

  it("counts each tournament's sides and matches per type; a tournament without matches has none", async () => {
    expect(await queryRows(db, 'select tou_key, sides, type_matches from tournaments order by id')).toEqual([
      { tou_key: 'india-tour-of-england-2025', sides: 2, type_matches: { test: 2, t20i: 1 } },
      { tou_key: 'sheffield-shield-2025-26', sides: 3, type_matches: { first_class: 2, list_a: 1 } },
      { tou_key: 'the-hundred-2025', sides: 2, type_matches: { hundred: 1 } },
      { tou_key: 'continental-cup-2024', sides: 2, type_matches: { t20: 1 } },
      { tou_key: 'empty-2024', sides: 0, type_matches: {} },
    ]);
  });

  it('refuses a type that is none of the seven', async () => {
    await expect(sql`update matches set format_type = 'oneday' where id = 1`.execute(db.kysely)).rejects.toThrow(/matches_format_type/);
  });
});
