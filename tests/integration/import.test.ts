// Imports the real IPL archive and checks the database against counts and facts read
// independently from the archive's JSON. Runs on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { migratedDataFolder, queryNumber, queryRows } from '../helpers/test-db.ts';
import { readArchive } from '../helpers/read-archive.ts';
import { BALL_BYTES } from '../../src/server/store/ball-codec.ts';
import { readStoredInnings } from '../../src/server/store/stored-deliveries.ts';
import { sharedArchive, testDatabaseUrl } from '../helpers/shared-data.ts';

const archive = sharedArchive('ipl_json.zip');
const archiveMissing = !existsSync(archive);
if (archiveMissing) console.warn(`Skipping the IPL import test: no archive at ${archive} (set CRICSHEET_SOURCE).`);

interface RawMatch {
  id: number;
  info: { season: string | number; dates: string[]; teams: string[]; outcome: { winner?: string } };
  innings: { overs?: { deliveries: { runs: { total: number } }[] }[] }[];
}


const deliveriesOf = (match: RawMatch) => match.innings.flatMap((innings) => (innings.overs ?? []).flatMap((over) => over.deliveries));

interface Target {
  name: string;
  open: () => Promise<{ db: Db; dispose: () => Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'PGlite',
    open: async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'import-it-'));
      // A migrated data folder on disk: the import under test, not initdb.
      await migratedDataFolder(dir);
      const db = await openDatabase({ dataDir: dir });
      return { db, dispose: async () => {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      } };
    },
  },
];
if (testDatabaseUrl) {
  const url = testDatabaseUrl;
  targets.push({
    name: 'PostgreSQL',
    open: async () => {
      const db = await openDatabase({ url, dataDir: '' });
      // A test database: start from an empty schema.
      await sql`drop schema public cascade; create schema public`.execute(db.kysely);
      return { db, dispose: () => db.close() };
    },
  });
}

describe.skipIf(archiveMissing)('importing the IPL archive', () => {
  let raw: RawMatch[];
  beforeAll(async () => {
    raw = await readArchive<RawMatch>(archive);
  });

  describe.each(targets)('into $name', (target) => {
    let db: Db;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await target.open());
      await migrateToLatest(db);
    });
    afterAll(() => dispose());

    it('stores every match, innings and delivery of the archive', async () => {
      const summary = await importSources(db, [archive]);
      const deliveries = raw.reduce((sum, match) => sum + deliveriesOf(match).length, 0);
      expect(summary).toMatchObject({ imported: raw.length, replaced: 0, unchanged: 0, skipped: [], failedSources: [], deliveries });
      expect(await queryNumber(db, 'select count(*) from matches')).toBe(raw.length);
      expect(await queryNumber(db, 'select count(*) from innings')).toBe(raw.reduce((sum, match) => sum + match.innings.length, 0));
      expect(await queryNumber(db, `select sum(length(balls)) / ${BALL_BYTES} from innings_balls`)).toBe(deliveries);
    });

    it('changes nothing when the archive is imported again', async () => {
      const summary = await importSources(db, [archive]);
      expect(summary).toMatchObject({ imported: 0, replaced: 0, unchanged: raw.length, skipped: [], deliveries: 0 });
      expect(await queryNumber(db, 'select count(*) from matches')).toBe(raw.length);
      expect(await queryNumber(db, `select sum(length(balls)) / ${BALL_BYTES} from innings_balls`)).toBe(raw.reduce((sum, match) => sum + deliveriesOf(match).length, 0));
    });

    it('names the first season by the year it was played and records its final', async () => {
      const season = raw.filter((match) => String(match.info.season) === '2007/08');
      const final = season.reduce((latest, match) => (match.info.dates[0]! > latest.info.dates[0]! ? match : latest));
      const [tournament] = await queryRows(
        db,
        `select t.name, t.short_name, count(m.id)::int as matches from tournaments t join matches m on m.tournament_id = t.id
         where t.tou_key = 'indian-premier-league-2007-08' group by t.id`,
      );
      expect(tournament).toEqual({ name: 'Indian Premier League 2008', short_name: 'IPL 2008', matches: season.length });
      expect(season.length).toBe(58);
      const [winner] = await queryRows(
        db,
        `select case m.winner when 'a' then m.team_a_name else m.team_b_name end as name from matches m where m.id = ${final.id}`,
      );
      expect(winner).toEqual({ name: final.info.outcome.winner });
    });

    it('keeps Delhi Daredevils and Delhi Capitals as one team', async () => {
      const rows = await queryRows(
        db,
        `select distinct t.name from matches m join teams t on t.id in (m.team_a_id, m.team_b_id)
         where m.team_a_name in ('Delhi Daredevils', 'Delhi Capitals') or m.team_b_name in ('Delhi Daredevils', 'Delhi Capitals')`,
      );
      expect(rows.map((row) => row.name)).toContain('Delhi Capitals');
      expect(rows.map((row) => row.name)).not.toContain('Delhi Daredevils');
      expect(await queryNumber(db, "select count(distinct team_id) from team_names where name in ('Delhi Daredevils', 'Delhi Capitals')")).toBe(1);
    });

    it('totals a match’s runs as the JSON does', async () => {
      const match = raw.find((candidate) => candidate.innings.length === 2)!;
      const runs = deliveriesOf(match).reduce((sum, delivery) => sum + delivery.runs.total, 0);
      expect(await queryNumber(db, `select sum(runs) from innings where match_id = ${match.id}`)).toBe(runs);
      // Runs of a delivery: off the bat plus every extra (runs.total is derivable, so not stored).
      const [stored] = [
        (await readStoredInnings(db.kysely, [match.id]))
          .flatMap((inn) => inn.deliveries)
          .reduce((sum, delivery) => sum + delivery.runsTotal, 0),
      ];
      expect(stored).toBe(runs);
    });
  });
});
