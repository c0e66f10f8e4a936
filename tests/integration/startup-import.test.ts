// The start-up import runs on an empty database, and again after a run that was cut short.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStartupImport, startupImportNeeded } from '../../src/server/ingest/startup-import.ts';
import { freshDatabase, queryNumber } from '../helpers/test-db.ts';

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
      expect(partial).toBeLessThan(8);
      expect(await startupImportNeeded(db)).toBe(true);

      const resumed = await runStartupImport(db, [fixtures], {});
      expect(resumed.aborted).toBe(false);
      expect(resumed.unchanged).toBe(partial);
      expect(await queryNumber(db, 'select count(*) from matches')).toBe(8);
      expect(await startupImportNeeded(db)).toBe(false);
    } finally {
      await db.close();
    }
  });
});
