// The start-up import runs on an empty database, and again after a run that was cut short; the
// start-up rebuild brings rows an older version of the rules wrote up to date while pages answer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { RULES_VERSION } from '../../src/server/domain/rules-version.ts';
import { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import { tags } from '../../src/server/feed/tags.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { runStartupImport, startupImportNeeded } from '../../src/server/ingest/startup-import.ts';
import { runStartUpWork } from '../../src/server/jobs/start-up.ts';
import { createServices } from '../../src/server/services/index.ts';
import type { ScorecardObject as Scorecard } from '../../src/server/wire/presenters/match-centre.ts';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { freshDatabase, queryNumber, queryRows } from '../helpers/test-db.ts';
import { testPostgresUrl } from '../helpers/test-servers.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');

describe('start-up import', () => {
  it('is needed on an empty database, resumes after an interrupted run, and is not repeated once done', async () => {
    const db = await freshDatabase();
    try {
      expect(await startupImportNeeded(db)).toBe(true);

      // The server stops after the first batch has committed.
      const stop = new AbortController();
      const interrupted = await runStartupImport(db, [fixtures], {
        batchSize: 2,
        signal: stop.signal,
        publish: () => stop.abort(),
      });
      expect(interrupted.aborted).toBe(true);
      const partial = await queryNumber(db, 'select count(*) from matches');
      expect(partial).toBeGreaterThan(0);
      expect(partial).toBeLessThan(9);
      expect(await startupImportNeeded(db)).toBe(true);

      const resumed = await runStartupImport(db, [fixtures], {});
      expect(resumed.aborted).toBe(false);
      expect(resumed.unchanged).toBe(partial);
      expect(await queryNumber(db, 'select count(*) from matches')).toBe(9);
      expect(await startupImportNeeded(db)).toBe(false);
    } finally {
      await db.close();
    }
  });
});

describe('start-up rebuild of derived rows', () => {
  it('rebuilds what an older rules version wrote while the API answers, then serves the new figures', async () => {
    const db = await freshDatabase();
    const feed = new ChangeFeed();
    const services = createServices(db, feed);
    const app = await buildApp({ services, logger: pino({ level: 'silent' }) });
    try {
      await runStartupImport(db, [fixtures], {});
      const [{ match_key: key }] = (await queryRows<{ match_key: string }>(db, 'select match_key from matches order by id limit 1')) as [
        { match_key: string },
      ];
      const runsShown = async () => {
        const response = await app.inject({ method: 'GET', url: `/user/v1/scorecard/?match_key=${key}` });
        expect(response.statusCode).toBe(200);
        return response.json<{ data: Scorecard }>().data.teamA!.batsman[0]!.score['0']!.batting.score.runs;
      };
      const right = await runsShown();
      // Rows an older version of the rules wrote, wrong, and cached by the API.
      await queryRows(db, 'update batting_innings set runs = runs + 100');
      await queryRows(db, 'update matches set rules_version = 0');
      await feed.publish([tags.all]);
      expect(await runsShown()).toBe(right + 100);

      const stop = new AbortController();
      const work = runStartUpWork({ db, publish: (changed) => feed.publish(changed), importSources: [fixtures], correctionsFile: null, signal: stop.signal });
      // The server answers while it rebuilds (the import is not due: the database holds every match).
      const during = await app.inject({ method: 'GET', url: '/user/v1/get/all/matches' });
      expect(during.statusCode).toBe(200);
      expect(await work).toBe(9);
      expect(await queryNumber(db, `select count(*) from matches where rules_version <> ${RULES_VERSION}`)).toBe(0);
      // The rebuild published its matches: the cached scorecard was dropped and shows the rules' figures.
      expect(await runsShown()).toBe(right);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('applies the shipped corrections at start-up when the file changed, and goes on past a bad file', async () => {
    const db = await freshDatabase();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'startup-corrections-'));
    try {
      const file = path.join(folder, 'cricsheet.json');
      const logged: string[] = [];
      const start = () => runStartUpWork({ db, publish: () => undefined, importSources: null, correctionsFile: file, signal: new AbortController().signal, log: (line) => logged.push(line) });
      await writeFile(file, '{"cases": [{"key": "Bad Key"}]}');
      await start();
      expect(logged.join('\n')).toMatch(/corrections not applied: .*cricsheet.json has bad cases/);
      expect(await queryNumber(db, 'select count(*) from corrections')).toBe(0);
      const name = { key: 'a-name', kind: 'person_name', source: 'a test', person: 'ba607b88', name: 'M S Dhoni' };
      await writeFile(file, JSON.stringify({ cases: [name] }));
      await start();
      expect(await queryRows(db, 'select case_key, origin from corrections')).toEqual([{ case_key: 'a-name', origin: 'file' }]);
      const applied = await queryRows<{ fingerprint: string }>(db, 'select fingerprint from correction_files');
      // Unchanged: not copied again.
      await db.kysely.updateTable('corrections').set({ source_note: 'edited in the database' }).execute();
      await start();
      expect(await queryRows(db, 'select source_note from corrections')).toEqual([{ source_note: 'edited in the database' }]);
      expect(await queryRows(db, 'select fingerprint from correction_files')).toEqual(applied);
    } finally {
      await db.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});

const postgresUrl = await testPostgresUrl();

describe.skipIf(postgresUrl === null)('start-up import of two processes on one PostgreSQL database', () => {
  it('runs once: one process imports, the other waits for it and then has nothing to import', async () => {
    const dbs = [await openDatabase({ url: postgresUrl!, dataDir: '' }), await openDatabase({ url: postgresUrl!, dataDir: '' })];
    try {
      await migrateToLatest(dbs[0]!);
      await sql`truncate matches, people, teams, team_names, venues, tournaments, import_runs restart identity cascade`.execute(dbs[0]!.kysely);
      const started: number[] = [];
      const waited: number[] = [];
      const runs = dbs.map((db, index) =>
        runStartUpWork({
          db,
          publish: () => undefined,
          importSources: [fixtures],
          correctionsFile: null,
          signal: new AbortController().signal,
          databaseUrl: postgresUrl!,
          lockPollMs: 50,
          onImportStart: () => started.push(index),
          log: (message) => {
            if (message.includes('waiting')) waited.push(index);
          },
        }),
      );
      await Promise.all(runs);
      expect(started).toHaveLength(1);
      expect(waited).toEqual([1 - started[0]!]);
      expect(await queryNumber(dbs[0]!, 'select count(*) from import_runs')).toBe(1);
      expect(await queryNumber(dbs[0]!, 'select count(*) from matches')).toBe(9);
      expect(await startupImportNeeded(dbs[1]!)).toBe(false);
    } finally {
      for (const db of dbs) await db.close();
    }
  });
});
