// The scheduled update (src/server/ingest/updater.ts) with the real updater code against a local
// HTTP server that serves a "recently added" archive made of real Cricsheet files: the last week
// of IPL 2026 league matches, which the database does not have yet, and a revised file of a match
// it has. Two job queues stand for two server processes sharing the database: one download, one
// run; the new matches land through the write path and the cached pages follow by the change feed;
// the next run is queued for the next slot, once.
import { createServer, type Server } from 'node:http';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { scheduleCricsheetUpdates, UPDATE_JOB } from '../../src/server/ingest/updater.ts';
import { JobQueue } from '../../src/server/store/job-queue.ts';
import { createServices } from '../../src/server/services/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { queryNumber, queryRows } from '../helpers/test-db.ts';
import { writeZip } from '../helpers/zip-writer.ts';

interface RawMatch {
  info: { season: string | number; dates: string[]; event: { name: string } };
  meta: { revision: number };
}

const iplArchive = requiredArchive('ipl_json.zip', 'scheduled update tests');
const EVERY_MS = 10 * 60_000;
const TOURNAMENT = 'indian-premier-league-2026';

describe.skipIf(!iplArchive).each(await databasesUnderTest())('the scheduled Cricsheet update on %s', (_name, open) => {
  let server: Server;
  let url: string;
  let requests = 0;
  let season: { folder: string; matches: (RawMatch & { id: number })[] };
  let before: string;
  let week: number[];
  let revised: number;
  let archive: string;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    season = await extractArchive<RawMatch>(iplArchive!, (text) => text.includes('"season": "2026"') || text.includes('"season": 2026'));
    const days = season.matches.map((match) => match.info.dates[0]!).sort();
    const last = new Date(`${days.at(-1)}T00:00:00Z`);
    before = new Date(last.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
    week = season.matches.filter((match) => match.info.dates[0]! >= before).map((match) => match.id);
    revised = season.matches.find((match) => match.info.dates[0]! < before)!.id;
    expect(week.length).toBeGreaterThan(3);
    // The recently added archive: the week's files as published, and a revision of an older one.
    const entries = await Promise.all(
      week.map(async (id) => ({ name: `${id}.json`, bytes: await readFile(path.join(season.folder, `${id}.json`)) })),
    );
    const older = JSON.parse(await readFile(path.join(season.folder, `${revised}.json`), 'utf8')) as RawMatch & { info: { player_of_match?: string[] } };
    older.meta.revision += 1;
    older.info.player_of_match = [];
    entries.push({ name: `${revised}.json`, bytes: Buffer.from(JSON.stringify(older)) });
    archive = path.join(os.tmpdir(), `recently-added-${process.pid}.zip`);
    await writeZip(archive, Object.fromEntries(entries.map((entry) => [entry.name, entry.bytes])));
    const bytes = await readFile(archive);
    server = createServer((request, response) => {
      requests += 1;
      if (request.url !== '/downloads/recently_added_7_json.zip') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/zip', 'content-length': bytes.length }).end(bytes);
    });
    const port = loadConfig().E2E_PORT_BASE + 60;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}/downloads/recently_added_7_json.zip`;
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (season) await rm(season.folder, { recursive: true, force: true });
    if (archive) await rm(archive, { force: true });
  });

  it('one of two processes fetches the archive once and imports what is new or revised; pages follow', async () => {
    const db: Db = await open();
    cleanup.push(() => db.close());
    await sql`delete from jobs`.execute(db.kysely);
    // The database before the week: the season without its last seven days.
    for (const id of week) await rm(path.join(season.folder, `${id}.json`), { force: true });
    const first = await importSources(db, [season.folder]);
    expect(first.imported).toBe(season.matches.length - week.length);

    const feed = new ChangeFeed();
    const services = createServices(db, feed);
    const shown = async () => (await services.tournaments.detail(TOURNAMENT, 'en'))!.matches.length;
    expect(await shown()).toBe(season.matches.length - week.length);

    // Two server processes; the slot's time has come (a clock one interval behind).
    requests = 0;
    const published: string[] = [];
    const processes = [new JobQueue(db, { pollMs: 50 }), new JobQueue(db, { pollMs: 50 })];
    for (const jobs of processes) {
      cleanup.push(() => jobs.stop());
      await scheduleCricsheetUpdates(jobs, {
        db,
        url,
        publish: async (changed) => {
          published.push(...changed);
          await feed.publish(changed);
        },
        correctionsFile: null,
        everyMs: EVERY_MS,
        now: () => Date.now() - EVERY_MS,
      });
    }
    expect(await queryNumber(db, `select count(*) from jobs where kind = '${UPDATE_JOB}'`)).toBe(1);
    const claimed = [await processes[0]!.claimDue(), await processes[1]!.claimDue()];
    expect(claimed.sort()).toEqual([0, 1]);
    await Promise.all(processes.map((jobs) => jobs.idle()));
    expect(requests).toBe(1);

    const jobs = await queryRows<{ status: string; last_error: string | null; run_at: Date }>(
      db,
      `select status, last_error, run_at from jobs where kind = '${UPDATE_JOB}' order by id`,
    );
    expect(jobs.map((job) => [job.status, job.last_error])).toEqual([
      ['done', null],
      ['queued', null],
    ]);
    // The next run waits for the next slot.
    expect(new Date(jobs[1]!.run_at).getTime()).toBeGreaterThan(Date.now() - EVERY_MS);

    expect(await queryNumber(db, `select count(*) from matches where id = any(array[${week.join(',')}])`)).toBe(week.length);
    expect(await queryNumber(db, `select revision from matches where id = ${revised}`)).toBe(season.matches.find((m) => m.id === revised)!.meta.revision + 1);
    expect(await queryNumber(db, `select count(*) from player_of_match where match_id = ${revised}`)).toBe(0);
    expect(published).toContain(`tournament:${TOURNAMENT}`);
    expect(await shown()).toBe(season.matches.length);

    // The same archive again (a later slot): nothing new, nothing written.
    await sql`update jobs set run_at = now() where status = 'queued'`.execute(db.kysely);
    published.length = 0;
    expect(await processes[1]!.claimDue()).toBe(1);
    await processes[1]!.idle();
    expect(requests).toBe(2);
    expect(published).toEqual([]);
  });

  it('a download that fails is tried again later, and the schedule goes on', async () => {
    const db: Db = await open();
    cleanup.push(() => db.close());
    await sql`delete from jobs`.execute(db.kysely);
    const jobs = new JobQueue(db, { pollMs: 50 });
    cleanup.push(() => jobs.stop());
    await scheduleCricsheetUpdates(jobs, {
      db,
      url: url.replace('recently_added_7', 'missing'),
      publish: () => undefined,
      correctionsFile: null,
      everyMs: EVERY_MS,
      now: () => Date.now() - EVERY_MS,
    });
    expect(await jobs.claimDue()).toBe(1);
    await jobs.idle();
    const rows = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
      db,
      `select status, attempts, last_error from jobs where kind = '${UPDATE_JOB}' order by id`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(rows[0]!.last_error).toMatch(/HTTP 404/);
    expect(rows[1]).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
