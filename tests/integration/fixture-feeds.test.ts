// Fixtures from schedule feeds (FIXTURES_SOURCE; src/server/ingest/fixture-feeds.ts) against a
// local HTTP server serving an iCalendar feed (a VTIMEZONE of its own, an IANA TZID without one)
// and a CSV feed: fixtures added, reported bad rows skipped, nothing doubled over two fetches,
// then a moved start, a cancelled event and one gone from the feed, a match already scored left
// as it is, and a feed that 404s changing nothing. Two job queues stand for two processes: one
// fetch per slot. With the built site: the fixtures are on Fixtures and the home slider with a
// countdown, a cancelled one says so, and an empty schedule says how an operator adds one.
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { fetchFeed, FIXTURE_FEEDS_JOB, scheduleFixtureFeeds } from '../../src/server/ingest/fixture-feeds.ts';
import { JobQueue } from '../../src/server/store/job-queue.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { LiveMatchWriter } from '../../src/server/store/live-match-writer.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { queryNumber, queryRows } from '../helpers/test-db.ts';
import { databasesUnderTest } from '../helpers/test-servers.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const handler = await builtAstroHandler('fixture feed page checks');

// Sydney's zone as Outlook and Google write it: daylight time (UTC+11) from October's first Sunday.
const SYDNEY = [
  'BEGIN:VTIMEZONE',
  'TZID:AUS Eastern Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+1100',
  'TZOFFSETTO:+1000',
  'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+1000',
  'TZOFFSETTO:+1100',
  'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=10',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const event = (uid: string, summary: string, start: string, extra: string[] = []) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  `SUMMARY:${summary}`,
  `DTSTART;${start}`,
  'LOCATION:Feed Oval\\, Feedville',
  ...extra,
  'END:VEVENT',
];

const calendar = (events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Crease tests//EN', 'X-WR-CALNAME:Feed Cup 2030', ...SYDNEY, ...events.flat(), 'END:VCALENDAR'].join('\r\n');

const FIRST_ICS = calendar([
  event('m1@feed', 'Harbour Hawks v Coast Kings\\, 1st T20I', 'TZID=AUS Eastern Standard Time:20301204T191000'),
  event('m2@feed', 'Valley Vipers v Harbour Hawks\\, 2nd T20I', 'TZID=Asia/Kolkata:20301210T140000'),
  event('m3@feed', 'Coast Kings v Valley Vipers\\, 3rd T20I', 'TZID=AUS Eastern Standard Time:20300105T100000'),
  event('m4@feed', 'Team photo', 'TZID=Asia/Kolkata:20301211T100000'),
]);

const SECOND_ICS = calendar([
  // Moved a day later; cancelled; m3 gone; m5 new.
  event('m1@feed', 'Harbour Hawks v Coast Kings\\, 1st T20I', 'TZID=AUS Eastern Standard Time:20301205T191000'),
  event('m2@feed', 'Valley Vipers v Harbour Hawks\\, 2nd T20I', 'TZID=Asia/Kolkata:20301210T140000', ['STATUS:CANCELLED']),
  event('m5@feed', 'Harbour Hawks v Valley Vipers\\, 4th T20I', 'VALUE=DATE-TIME:20301220T090000Z'),
]);

const CSV = [
  'id,tournament,team_a,team_b,start_at,format,venue,city',
  'c1,Feed Shield 2030,Desert Foxes,River Otters,2030-11-20T19:30:00+05:30,oneday,Sand Park,Dunes',
  'c2,Feed Shield 2030,Desert Foxes,Desert Foxes,2030-11-21T19:30:00+05:30,oneday,,',
].join('\n');

describe.each(await databasesUnderTest())('fixture feeds on %s', (_engine, open) => {
  let db: Db;
  let server: Server;
  let base: string;
  const served: Record<string, { status: number; body: string; type: string }> = {};
  const requests: string[] = [];
  let services: Services;
  let app: FastifyInstance | null = null;
  const published: string[] = [];
  let writer: LiveMatchWriter;
  const publish = async (changed: string[]) => {
    published.push(...changed);
    await services.feed.publish(changed);
  };

  beforeAll(async () => {
    db = await open();
    services = createServices(db);
    writer = new LiveMatchWriter(db, publish);
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      const file = served[request.url ?? ''];
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
        return;
      }
      response.writeHead(file.status, { 'content-type': file.type }).end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    if (handler) app = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir: path.resolve(import.meta.dirname, '../../dist/client') });
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  const page = async (url: string) => {
    const response = await app!.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  const stored = () =>
    queryRows<{ event_key: string; match_key: string; start_at: Date; status: string; play_status: string; break_reason: string | null; start_date: string; team_a_name: string }>(
      db,
      `select f.event_key, m.match_key, m.start_at, m.status, m.play_status, m.break_reason, m.start_date::text as start_date, m.team_a_name
       from feed_fixtures f join matches m on m.id = f.match_id where f.source = '${base}/cup.ics' order by f.event_key`,
    );

  it('an empty schedule says how an operator adds one', async () => {
    if (!app) return;
    const fixtures = await page('/fixtures');
    expect(fixtures).toContain('No upcoming fixtures are scheduled.');
    expect(fixtures).toContain('FIXTURES_SOURCE');
    expect(await page('/hi/fixtures')).toContain('अभी कोई आगामी मैच तय नहीं है।');
  });

  it('adds each event once over two fetches, in its own time zone, and reports and skips the bad rows', async () => {
    served['/cup.ics'] = { status: 200, body: FIRST_ICS, type: 'text/calendar; charset=utf-8' };
    served['/shield'] = { status: 200, body: CSV, type: 'text/csv' };
    const ics = await fetchFeed(db, writer, `${base}/cup.ics`, publish);
    expect(ics.added).toHaveLength(3);
    // The bad event is named by the line of its BEGIN:VEVENT and skipped.
    const photoLine = FIRST_ICS.split('\r\n').findIndex((line) => line === 'UID:m4@feed');
    expect(ics.problems).toEqual([{ line: photoLine, message: expect.stringContaining("SUMMARY must name the teams as 'Team A v Team B'") }]);
    // A URL without an extension: CSV by its content.
    const csv = await fetchFeed(db, writer, `${base}/shield`, publish);
    expect(csv.added.map((row) => row.line)).toEqual([2]);
    expect(csv.problems).toEqual([{ line: 3, message: 'team_a and team_b must be different teams' }]);

    const rows = await stored();
    expect(rows.map((row) => [row.event_key, new Date(row.start_at).toISOString(), row.status, row.play_status])).toEqual([
      // 19:10 in Sydney in December is daylight time (UTC+11), by the feed's own VTIMEZONE.
      ['uid:m1@feed', '2030-12-04T08:10:00.000Z', 'not_started', 'scheduled'],
      // Asia/Kolkata is named, not defined in the feed: UTC+5:30 from the zone database.
      ['uid:m2@feed', '2030-12-10T08:30:00.000Z', 'not_started', 'scheduled'],
      // January in Sydney: daylight time too (it ends in April).
      ['uid:m3@feed', '2030-01-04T23:00:00.000Z', 'not_started', 'scheduled'],
    ]);
    expect(published).toContain('fixtures');

    // The same feeds again: nothing new, nothing doubled.
    const before = await queryNumber(db, 'select count(*) from matches');
    const again = await fetchFeed(db, writer, `${base}/cup.ics`, publish);
    expect(again.added).toEqual([]);
    expect(again.unchanged).toHaveLength(3);
    expect((await fetchFeed(db, writer, `${base}/shield`, publish)).added).toEqual([]);
    expect(await queryNumber(db, 'select count(*) from matches')).toBe(before);
    expect(before).toBe(4);
  });

  it('shows upcoming fixtures on Fixtures and the home slider with a countdown', async () => {
    if (!app) return;
    const home = await page('/');
    expect(home).toContain('Harbour Hawks');
    expect(home).toContain('Desert Foxes');
    expect(home).toMatch(/<astro-island[^>]*component-url="[^"]*Countdown/);
    const fixtures = await page('/fixtures');
    expect(fixtures).toContain('Coast Kings');
    expect(fixtures).not.toContain('No upcoming fixtures are scheduled.');
    // The series page lists its fixtures.
    const [cup] = await queryRows<{ tou_key: string }>(db, "select t.tou_key from tournaments t join matches m on m.tournament_id = t.id where m.team_a_name = 'Harbour Hawks' limit 1");
    const series = await page(`/series/${encodeURIComponent(cup!.tou_key)}?tab=matches`);
    expect(series).toContain('Harbour Hawks');
    expect(series).toContain('data-status="not_started"');
  });

  it('moves, cancels and adds on a later fetch, leaves a scored match as it is, and a feed that 404s changes nothing', async () => {
    const [m1, m2, m3] = await stored();
    // The scorer has started m3: a feed that drops it does not take the match away.
    await sql`update matches set status = 'started', play_status = 'in_play' where match_key = ${m3!.match_key}`.execute(db.kysely);
    served['/cup.ics'] = { status: 200, body: SECOND_ICS, type: 'text/calendar' };
    published.length = 0;
    const second = await fetchFeed(db, writer, `${base}/cup.ics`, publish);
    expect(second.moved.map((row) => [row.matchKey, row.to.toISOString()])).toEqual([[m1!.match_key, '2030-12-05T08:10:00.000Z']]);
    expect(second.cancelled.sort()).toEqual([m2!.match_key, m3!.match_key].sort());
    expect(second.added).toHaveLength(1);
    expect(second.problems).toEqual([]);
    expect(published).toEqual(expect.arrayContaining(['home', 'fixtures', `match:${m1!.match_key}`, `match:${m2!.match_key}`]));

    const rows = await stored();
    expect(rows.map((row) => [row.event_key, new Date(row.start_at).toISOString(), row.start_date, row.status, row.play_status, row.break_reason])).toEqual([
      ['uid:m1@feed', '2030-12-05T08:10:00.000Z', '2030-12-05', 'not_started', 'scheduled', null],
      ['uid:m2@feed', '2030-12-10T08:30:00.000Z', '2030-12-10', 'not_started', 'abandoned', 'cancelled'],
      ['uid:m3@feed', '2030-01-04T23:00:00.000Z', '2030-01-04', 'started', 'in_play', null],
      ['uid:m5@feed', '2030-12-20T09:00:00.000Z', '2030-12-20', 'not_started', 'scheduled', null],
    ]);
    expect(await queryNumber(db, 'select count(*) from matches')).toBe(5);

    if (app) {
      const fixtures = await page('/fixtures');
      expect(fixtures).toContain(`data-cancelled="true" data-match-key="${m2!.match_key}"`);
      expect(fixtures).not.toContain(`data-cancelled="true" data-match-key="${m1!.match_key}"`);
      expect(fixtures).toContain('Cancelled');
    }

    // The feed is down: reported, and nothing is taken as cancelled.
    served['/cup.ics'] = { status: 404, body: '', type: 'text/plain' };
    const down = await fetchFeed(db, writer, `${base}/cup.ics`, publish);
    expect(down.problems).toEqual([{ line: 0, message: 'download failed: HTTP 404 Not Found' }]);
    expect(down.cancelled).toEqual([]);
    expect((await stored()).filter((row) => row.play_status === 'abandoned')).toHaveLength(1);

    // Back with m2 on again: it is restored.
    served['/cup.ics'] = { status: 200, body: SECOND_ICS.replace('STATUS:CANCELLED\r\n', ''), type: 'text/calendar' };
    const restored = await fetchFeed(db, writer, `${base}/cup.ics`, publish);
    expect(restored.restored).toEqual([m2!.match_key]);
    expect((await stored()).find((row) => row.event_key === 'uid:m2@feed')!.play_status).toBe('scheduled');
  });

  it('is fetched by one of two processes per slot', async () => {
    await sql`delete from jobs`.execute(db.kysely);
    served['/cup.ics'] = { status: 200, body: SECOND_ICS, type: 'text/calendar' };
    requests.length = 0;
    const processes = [new JobQueue(db, { pollMs: 50 }), new JobQueue(db, { pollMs: 50 })];
    try {
      for (const jobs of processes) {
        await scheduleFixtureFeeds(jobs, { db, writer, sources: [`${base}/cup.ics`], everyMs: 10 * 60_000, publish });
      }
      expect(await queryNumber(db, `select count(*) from jobs where kind = '${FIXTURE_FEEDS_JOB}'`)).toBe(1);
      const claimed = [await processes[0]!.claimDue(), await processes[1]!.claimDue()];
      expect(claimed.sort()).toEqual([0, 1]);
      await Promise.all(processes.map((jobs) => jobs.idle()));
      expect(requests).toEqual(['/cup.ics']);
      const jobs = await queryRows<{ status: string; run_at: Date }>(db, `select status, run_at from jobs where kind = '${FIXTURE_FEEDS_JOB}' order by id`);
      expect(jobs.map((job) => job.status)).toEqual(['done', 'queued']);
      expect(new Date(jobs[1]!.run_at).getTime()).toBeGreaterThan(Date.now());
      // The cancelled event was cancelled again by that run (m2), and nothing was doubled.
      expect(await queryNumber(db, 'select count(*) from matches')).toBe(5);
    } finally {
      await Promise.all(processes.map((jobs) => jobs.stop()));
    }
  });

  it('reads a feed from a file, and reports one that is not there', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'fixture-feed-'));
    try {
      const file = path.join(tmp, 'local.csv');
      await writeFile(file, 'id,tournament,team_a,team_b,start_at,format\nf1,File Plate 2030,Hill Hares,Lake Larks,2030-10-01T10:00:00+01:00,test\n');
      const read = await fetchFeed(db, writer, file, publish);
      expect(read.problems).toEqual([]);
      expect(read.added).toHaveLength(1);
      expect(await queryNumber(db, "select count(*) from matches where team_a_name = 'Hill Hares' and start_at = '2030-10-01T09:00:00Z'")).toBe(1);
      const missing = await fetchFeed(db, writer, path.join(tmp, 'gone.ics'), publish);
      expect(missing.problems).toEqual([{ line: 0, message: 'cannot read the file: ENOENT' }]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
