// Dates come out of both databases as the ISO strings the code formats ('2026-05-24'), alone and
// in arrays (matches.dates): node-postgres would otherwise make Date objects of them, and a match
// report dated from one read 'Invalid time value' on PostgreSQL only.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databasesUnderTest } from '../helpers/test-servers.ts';

describe.each(await databasesUnderTest())('date values on %s', (_name, open) => {
  it('a date and a date[] read as ISO strings', async () => {
    const db = await open();
    try {
      const { rows } = await sql<{ day: unknown; days: unknown }>`select '2026-05-24'::date as day, array['2026-05-23', '2026-05-24']::date[] as days`.execute(db.kysely);
      expect(rows[0]).toEqual({ day: '2026-05-24', days: ['2026-05-23', '2026-05-24'] });
    } finally {
      await db.close();
    }
  });
});
