import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client.ts';
import { migrateTo, migrateToLatest } from '../../../src/server/db/migrate.ts';
import { RULES_VERSION } from '../../../src/server/domain/rules-version.ts';
import { importSources } from '../../../src/server/ingest/importer.ts';
import { rederive } from '../../../src/server/store/rederive-writer.ts';
import { freshDatabase, queryNumber } from '../../helpers/test-db.ts';

// A database of the version before migration 015 (its matches derived by rules version 1) gets
// the fantasy_points table, and rederive fills it for every stored match.
describe('migration 015 (fantasy points) on data of the previous version', () => {
  let db: Db;
  let folder: string;
  beforeAll(async () => {
    db = await freshDatabase();
    folder = await mkdtemp(path.join(os.tmpdir(), 'crease-fantasy-'));
    await copyFile(path.resolve(import.meta.dirname, '../../fixtures/cricsheet/fantasy/501254.json'), path.join(folder, '501254.json'));
    expect((await importSources(db, [folder])).imported).toBe(1);
    // Back to the previous version: no table, matches derived by rules version 1.
    await migrateTo(db, '011-format-types');
    await sql`update matches set rules_version = 1`.execute(db.kysely);
    await migrateToLatest(db);
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('creates the table empty, and rederive fills it with the current rules', async () => {
    expect(await queryNumber(db, 'select count(*) from fantasy_points')).toBe(0);
    expect(await queryNumber(db, `select count(*) from matches where rules_version <> ${RULES_VERSION}`)).toBe(1);
    expect(await rederive(db, () => undefined)).toBe(1);
    expect(await queryNumber(db, 'select count(*) from fantasy_points')).toBe(22);
    // DJ Hussey's 49 (tests/unit/domain/fantasy.test.ts).
    expect(
      await queryNumber(db, "select f.points from fantasy_points f join people p on p.id = f.person_id where p.name = 'DJ Hussey'"),
    ).toBe(49);
  });
});
