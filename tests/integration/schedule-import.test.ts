// Schedule files into the store: each good row a not-started fixture with its start time (the
// fixtures list and home read it), bad rows reported by line, a second import creating nothing;
// and the command's exit status and messages.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { importSchedule } from '../../src/server/ingest/schedule-import.ts';
import { LiveMatchWriter } from '../../src/server/store/live-match-writer.ts';
import { migratedDataFolder, queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';

const CSV = [
  'tournament,team_a,team_b,start_at,format,venue,city',
  'Schedule Trophy 2026,Harbour Hawks,Valley Vipers,2026-12-01T14:00:00+05:30,t20,Oval Maidan,Mumbai',
  'Schedule Trophy 2026,Valley Vipers,Valley Vipers,2026-12-02T14:00:00+05:30,t20,,',
  'Schedule Trophy 2026,Coast Kings,Harbour Hawks,2026-12-03T09:30:00Z,oneday,,',
].join('\n');

const ICS = [
  'BEGIN:VCALENDAR',
  'X-WR-CALNAME:Schedule Series 2027',
  'BEGIN:VEVENT',
  'SUMMARY:Harbour Hawks v Coast Kings\\, 1st Test',
  'DTSTART;TZID=Asia/Kolkata:20270105T093000',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe.each(await databasesUnderTest())('schedule import on %s', (_engine, open) => {
  let db: Db;
  const published: string[][] = [];
  let writer: LiveMatchWriter;
  beforeAll(async () => {
    db = await open();
    writer = new LiveMatchWriter(db, (tags) => void published.push(tags));
  });
  afterAll(() => db.close());

  it('creates a not-started fixture per good row, reports the bad one, and does not repeat itself', async () => {
    const first = await importSchedule(db, writer, 'fixtures.csv', CSV);
    expect(first.created.map((row) => row.line)).toEqual([2, 4]);
    expect(first.problems).toEqual([{ line: 3, message: 'team_a and team_b must be different teams' }]);
    const calendar = await importSchedule(db, writer, 'series.ics', ICS);
    expect(calendar.created.map((row) => row.line)).toEqual([3]);
    const rows = await queryRows<{ match_key: string; team_a_name: string; status: string; play_status: string; start_at: Date; format: string; overs_limit: number | null; source: string }>(
      db,
      'select match_key, team_a_name, status, play_status, start_at, format, overs_limit, source from matches order by start_at',
    );
    expect(rows.map((row) => [row.team_a_name, row.status, row.play_status, new Date(row.start_at).toISOString(), row.format, row.overs_limit, row.source])).toEqual([
      ['Harbour Hawks', 'not_started', 'scheduled', '2026-12-01T08:30:00.000Z', 't20', 20, 'scorer'],
      ['Coast Kings', 'not_started', 'scheduled', '2026-12-03T09:30:00.000Z', 'oneday', 50, 'scorer'],
      ['Harbour Hawks', 'not_started', 'scheduled', '2027-01-05T04:00:00.000Z', 'test', null, 'scorer'],
    ]);
    expect(published.flat(), 'the fixtures list hears of them').toContain('fixtures');
    const again = await importSchedule(db, writer, 'fixtures.csv', CSV);
    expect(again.created).toEqual([]);
    expect(again.existing).toEqual([2, 4]);
    expect(await queryRows(db, 'select 1 from matches')).toHaveLength(3);
  });
});

describe('npm run schedule:import', () => {
  const repoRoot = path.resolve(import.meta.dirname, '../..');
  const run = promisify(execFile);
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'schedule-cli-'));
    await migratedDataFolder(path.join(tmp, 'data'));
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  const command = async (args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/schedule-import.ts', ...args], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '', REDIS_URL: '', CRICSHEET_SOURCE: '' },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  };

  it('exits 1 with each skipped row named by file and line, 0 when all is well, 2 for an unreadable file', async () => {
    const file = path.join(tmp, 'fixtures.csv');
    await writeFile(file, CSV);
    const mixed = await command([file]);
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain(`${file}:3: skipped: team_a and team_b must be different teams`);
    expect(mixed.stdout).toContain('2 fixture(s) created, 0 already scheduled, 1 skipped.');
    const good = path.join(tmp, 'series.ics');
    await writeFile(good, ICS);
    expect((await command([good])).code).toBe(0);
    expect((await command([path.join(tmp, 'missing.csv')])).code).toBe(2);
  });
});
