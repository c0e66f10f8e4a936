import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client.ts';
import { importSources } from '../../../src/server/ingest/importer.ts';
import { RULES_VERSION } from '../../../src/server/domain/rules-version.ts';
import { BALL_BYTES } from '../../../src/server/store/ball-codec.ts';
import { readStoredInnings } from '../../../src/server/store/stored-deliveries.ts';
import { cricsheetMatch, innings, squad, writeMatchFolder } from '../../helpers/cricsheet-builder.ts';
import { emptyDatabase, freshDatabase, queryNumber, queryRows } from '../../helpers/test-db.ts';
import { writeZip } from '../../helpers/zip-writer.ts';

let tmp: string;
let db: Db;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'ingest-test-'));
  db = await freshDatabase();
});
afterAll(async () => {
  await db.close();
  await rm(tmp, { recursive: true, force: true });
});
beforeEach(() => emptyDatabase(db));

let folderCount = 0;
const folder = (files: Parameters<typeof writeMatchFolder>[1]) =>
  writeMatchFolder(path.join(tmp, `source-${++folderCount}`), files);
const json = (value: unknown) => JSON.stringify(value, null, 2);

describe('importSources', () => {
  it('imports a folder into every table, numbering deliveries within innings and overs', async () => {
    const source = await folder({ '1001.json': cricsheetMatch() });
    const summary = await importSources(db, [source]);

    expect(summary).toMatchObject({ imported: 1, replaced: 0, unchanged: 0, skipped: [], deliveries: 25 });
    const [match] = await queryRows(
      db,
      `select m.match_key, m.format, m.status, m.winner, m.win_by_runs, m.toss_winner, m.team_a_name,
         v.name as venue, v.city, t.name as tournament
       from matches m join venues v on v.id = m.venue_id join tournaments t on t.id = m.tournament_id`,
    );
    expect(match).toEqual({
      match_key: '1001', format: 't20', status: 'completed', winner: 'a', win_by_runs: 5, toss_winner: 'a',
      team_a_name: 'Alpha Strikers', venue: 'Test Ground', city: 'Testville', tournament: 'Test Premier League 2024',
    });
    // Deliveries in innings order: over 0 holds six legal balls; over 1 opens with a wide.
    const [stored] = await readStoredInnings(db.kysely, [1001]);
    expect(stored!.deliveries.slice(5, 8).map((d) => [d.over, d.extras.wides, d.runsBatter])).toEqual([
      [0, 0, 2],
      [1, 1, 0],
      [1, 0, 1],
    ]);
    expect(await queryNumber(db, `select sum(length(balls)) / ${BALL_BYTES} from innings_balls`)).toBe(25);
    expect(await queryNumber(db, `select count(*) from matches where rules_version = ${RULES_VERSION}`)).toBe(1);
    expect(await queryRows(db, 'select innings_no, batting_team, runs, wickets, legal_balls, wides, legbyes from innings order by 1')).toEqual([
      { innings_no: 1, batting_team: 'a', runs: 19, wickets: 1, legal_balls: 12, wides: 1, legbyes: 1 },
      { innings_no: 2, batting_team: 'b', runs: 10, wickets: 1, legal_balls: 12, wides: 0, legbyes: 0 },
    ]);
    const counts = await queryRows(
      db,
      `select (select count(*)::int from match_players) as players, (select count(*)::int from match_officials) as officials,
         (select count(*)::int from player_of_match) as pom, (select count(*)::int from wickets) as wickets,
         (select count(*)::int from fall_of_wickets) as falls, (select count(*)::int from batting_innings where innings_no = 1) as batters,
         (select count(*)::int from bowling_innings) as bowlers, (select count(*)::int from partnerships) as stands,
         (select count(*)::int from people) as people, (select count(*)::int from teams) as teams`,
    );
    expect(counts[0]).toEqual({ players: 22, officials: 3, pom: 1, wickets: 2, falls: 2, batters: 3, bowlers: 4, stands: 4, people: 25, teams: 2 });
    const [caught] = await queryRows(
      db,
      `select b.dismissal_kind, p.name as fielder, b.fielder_names, b.wicket_no
       from batting_innings b join people p on p.id = b.fielder_ids[1] where b.innings_no = 2`,
    );
    expect(caught).toEqual({ dismissal_kind: 'caught', fielder: 'Alpha Strikers 4', fielder_names: ['Alpha Strikers 4'], wicket_no: 1 });
  });

  it.each(['1.0.0', '1.1.0', '1.2.0'] as const)('imports data version %s', async (version) => {
    const source = await folder({ '2001.json': cricsheetMatch({ version }) });
    expect((await importSources(db, [source])).imported).toBe(1);
    expect(await queryRows(db, 'select data_version from matches')).toEqual([{ data_version: version }]);
  });

  it('skips malformed files with a reason and imports the rest', async () => {
    const good = json(cricsheetMatch());
    const wrongTeam = cricsheetMatch();
    (wrongTeam.innings as { team: string }[])[1]!.team = 'Gamma Giants';
    const noRuns = cricsheetMatch();
    delete (noRuns.info as Record<string, unknown>).outcome;
    const source = await folder({
      '3001.json': good,
      '3002.json': '{"meta": {"data_version": "1.1.0"',
      '3003.json': good.slice(0, good.length / 2),
      '3004.json': json(noRuns),
      '3005.json': json(wrongTeam),
      'notes.json': good,
      'README.txt': 'not a match',
    });
    const summary = await importSources(db, [source]);

    expect(summary.imported).toBe(1);
    const reasons = Object.fromEntries(summary.skipped.map((skipped) => [skipped.file, skipped.reason]));
    expect(Object.keys(reasons).sort()).toEqual(['3002.json', '3003.json', '3004.json', '3005.json', 'notes.json']);
    expect(reasons['3002.json']).toMatch(/^invalid JSON/);
    expect(reasons['3003.json']).toMatch(/^invalid JSON/);
    expect(reasons['3004.json']).toMatch(/info\.outcome/);
    expect(reasons['3005.json']).toMatch(/innings 2 names 'Gamma Giants', which is not one of info.teams/);
    expect(reasons['notes.json']).toMatch(/not a Cricsheet match id/);
    expect(summary.skipped.every((skipped) => skipped.source === source)).toBe(true);
    expect(await queryNumber(db, 'select count(*) from matches')).toBe(1);
  });

  it('keeps one copy of a match found twice in one source and across sources', async () => {
    const bytes = json(cricsheetMatch());
    const zip = await writeZip(path.join(tmp, 'dupes.zip'), {
      'README.txt': 'Cricsheet archive',
      'a/4001.json': bytes,
      'b/4001.json': bytes,
      '4002.json': json(cricsheetMatch({ dates: ['2024-05-02'] })),
    });
    const sameFolder = await folder({ '4001.json': bytes });

    const first = await importSources(db, [zip, sameFolder]);
    expect(first).toMatchObject({ imported: 2, unchanged: 2, skipped: [], failedSources: [] });
    const again = await importSources(db, [zip, sameFolder]);
    expect(again).toMatchObject({ imported: 0, replaced: 0, unchanged: 4, deliveries: 0 });
    expect(await queryNumber(db, 'select count(*) from matches')).toBe(2);
    expect(await queryNumber(db, `select sum(length(balls)) / ${BALL_BYTES} from innings_balls`)).toBe(50);
  });

  it('replaces a match with a newer revision and keeps a newer stored one over an older file', async () => {
    const revised = cricsheetMatch({ revision: 2, outcome: { winner: 'Alpha Strikers', by: { runs: 9 } } });
    await importSources(db, [await folder({ '5001.json': cricsheetMatch({ revision: 1 }) })]);

    const replaced = await importSources(db, [await folder({ '5001.json': revised })]);
    expect(replaced).toMatchObject({ imported: 0, replaced: 1 });
    expect(await queryRows(db, 'select revision, win_by_runs from matches')).toEqual([{ revision: 2, win_by_runs: 9 }]);
    expect(await queryNumber(db, `select sum(length(balls)) / ${BALL_BYTES} from innings_balls`)).toBe(25);

    const older = await importSources(db, [await folder({ '5001.json': cricsheetMatch({ revision: 1, dates: ['2024-05-03'] }) })]);
    expect(older).toMatchObject({ replaced: 0, olderKept: 1 });
    expect(await queryRows(db, 'select revision from matches')).toEqual([{ revision: 2 }]);
  });

  it('imports a tie decided by a super over', async () => {
    const [a, b] = [squad('Alpha Strikers'), squad('Beta Kings')];
    const regular = ['1', '1', '1', '1', '1', '1'];
    const match = cricsheetMatch({
      outcome: { result: 'tie', eliminator: 'Beta Kings' },
      innings: [
        innings({ team: 'Alpha Strikers', batters: a, bowlers: [b[10]!], balls: regular }),
        innings({ team: 'Beta Kings', batters: b, bowlers: [a[10]!], balls: regular }),
        innings({ team: 'Beta Kings', batters: b, bowlers: [a[9]!], balls: ['6', '4', '1', '0', '1', '2'], extra: { super_over: true } }),
        innings({ team: 'Alpha Strikers', batters: a, bowlers: [b[9]!], balls: ['1', 'W', '0', '4', '1', '0'], extra: { super_over: true } }),
      ],
    });
    await importSources(db, [await folder({ '6001.json': match })]);
    expect(await queryRows(db, 'select result, winner, eliminator from matches')).toEqual([{ result: 'tie', winner: null, eliminator: 'b' }]);
    expect(await queryRows(db, 'select innings_no, batting_team, super_over, runs from innings order by 1')).toEqual([
      { innings_no: 1, batting_team: 'a', super_over: false, runs: 6 },
      { innings_no: 2, batting_team: 'b', super_over: false, runs: 6 },
      { innings_no: 3, batting_team: 'b', super_over: true, runs: 14 },
      { innings_no: 4, batting_team: 'a', super_over: true, runs: 6 },
    ]);
  });

  it('stores a revised (DLS) target in balls and the method', async () => {
    const [a, b] = [squad('Alpha Strikers'), squad('Beta Kings')];
    const match = cricsheetMatch({
      matchType: 'ODI', teamType: 'international', teams: ['Alpha Strikers', 'Beta Kings'],
      outcome: { winner: 'Beta Kings', by: { wickets: 10 }, method: 'D/L' },
      innings: [
        innings({ team: 'Alpha Strikers', batters: a, bowlers: [b[10]!], balls: ['4', '4'] }),
        innings({ team: 'Beta Kings', batters: b, bowlers: [a[10]!], balls: ['6', '6'], extra: { target: { runs: 9, overs: 33.3 } } }),
      ],
    });
    await importSources(db, [await folder({ '7001.json': match })]);
    expect(await queryRows(db, 'select format, method, winner, win_by_wickets from matches')).toEqual([
      { format: 'oneday', method: 'D/L', winner: 'b', win_by_wickets: 10 },
    ]);
    expect(await queryRows(db, 'select target_runs, target_balls from innings where innings_no = 2')).toEqual([
      { target_runs: 9, target_balls: 201 },
    ]);
  });

  it('imports a forfeited innings, which has no overs', async () => {
    const [a, b] = [squad('Alpha Strikers'), squad('Beta Kings')];
    const match = cricsheetMatch({
      matchType: 'MDM',
      outcome: { winner: 'Alpha Strikers', by: { runs: 3 } },
      innings: [
        innings({ team: 'Alpha Strikers', batters: a, bowlers: [b[10]!], balls: ['1', '2'], extra: { declared: true } }),
        { team: 'Beta Kings', forfeited: true },
        innings({ team: 'Alpha Strikers', batters: a, bowlers: [b[10]!], balls: ['0'] }),
      ],
    });
    await importSources(db, [await folder({ '8001.json': match })]);
    expect(await queryRows(db, 'select innings_no, declared, forfeited, runs, legal_balls from innings order by 1')).toEqual([
      { innings_no: 1, declared: true, forfeited: false, runs: 3, legal_balls: 2 },
      { innings_no: 2, declared: false, forfeited: true, runs: 0, legal_balls: 0 },
      { innings_no: 3, declared: false, forfeited: false, runs: 0, legal_balls: 1 },
    ]);
    expect(await queryRows(db, 'select format from matches')).toEqual([{ format: 'test' }]);
  });

  it('keeps a renamed franchise as one team under its newest name', async () => {
    const ipl = (season: string, date: string, team: string) =>
      cricsheetMatch({ teams: [team, 'Mumbai Indians'], season, dates: [date], event: { name: 'Indian Premier League' } });
    const source = await folder({
      '9001.json': ipl('2018', '2018-04-10', 'Delhi Daredevils'),
      '9002.json': ipl('2019', '2019-04-10', 'Delhi Capitals'),
    });
    await importSources(db, [source]);
    expect(await queryRows(db, "select team_key, name, code from teams where name like 'Delhi%'")).toEqual([
      { team_key: 'delhi-capitals', name: 'Delhi Capitals', code: 'DC' },
    ]);
    expect(await queryRows(db, 'select team_a_name, team_a_id = (select id from teams where name = $$Delhi Capitals$$) as same from matches order by id')).toEqual([
      { team_a_name: 'Delhi Daredevils', same: true },
      { team_a_name: 'Delhi Capitals', same: true },
    ]);
    expect(await queryRows(db, "select name from team_names where team_id = (select id from teams where name = 'Delhi Capitals') order by name")).toEqual([
      { name: 'Delhi Capitals' },
      { name: 'Delhi Daredevils' },
    ]);
  });

  it('names tournaments by the calendar years their matches were played in', async () => {
    const source = await folder({
      '10001.json': cricsheetMatch({ event: { name: 'Indian Premier League' }, season: '2007/08', dates: ['2008-04-18'] }),
      '10002.json': cricsheetMatch({ event: { name: 'Indian Premier League' }, season: '2007/08', dates: ['2008-06-01'] }),
      '10003.json': cricsheetMatch({ event: { name: 'Big Bash League' }, season: '2024/25', dates: ['2024-12-15'] }),
      '10004.json': cricsheetMatch({ event: { name: 'Big Bash League' }, season: '2024/25', dates: ['2025-01-27'] }),
      '10005.json': cricsheetMatch({ event: { name: 'Big Bash League' }, season: '2024/25', gender: 'female', dates: ['2024-11-01'] }),
      '10006.json': cricsheetMatch({ event: null, season: 2024, dates: ['2024-07-01'], teamType: 'international' }),
    });
    await importSources(db, [source]);
    const tournaments = await queryRows(db, 'select tou_key, name, short_name, start_date::text, end_date::text from tournaments order by tou_key');
    expect(tournaments).toEqual([
      { tou_key: 'alpha-strikers-v-beta-kings-2024', name: 'Alpha Strikers v Beta Kings 2024', short_name: 'Alpha Strikers v Beta Kings 2024', start_date: '2024-07-01', end_date: '2024-07-01' },
      { tou_key: 'big-bash-league-2024-25', name: 'Big Bash League 2024/25', short_name: 'BBL 2024/25', start_date: '2024-12-15', end_date: '2025-01-27' },
      { tou_key: 'big-bash-league-2024-25-women', name: 'Big Bash League 2024', short_name: 'BBL 2024', start_date: '2024-11-01', end_date: '2024-11-01' },
      { tou_key: 'indian-premier-league-2007-08', name: 'Indian Premier League 2008', short_name: 'IPL 2008', start_date: '2008-04-18', end_date: '2008-06-01' },
    ]);
  });

  it('reports unreadable sources and still imports the others', async () => {
    const notZip = path.join(tmp, 'broken.zip');
    await writeFile(notZip, 'this is not a zip archive');
    const good = await folder({ '11001.json': cricsheetMatch() });
    const summary = await importSources(db, [path.join(tmp, 'missing.zip'), notZip, good]);
    expect(summary.imported).toBe(1);
    expect(summary.failedSources).toEqual([
      { source: path.join(tmp, 'missing.zip'), reason: 'no such file or folder' },
      { source: notZip, reason: expect.stringMatching(/^not a readable zip archive/) },
    ]);
  });

  describe('from a URL', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      const zip = await writeZip(path.join(tmp, 'served.zip'), { '12001.json': json(cricsheetMatch()) });
      const body = await readFile(zip);
      server = createServer((request, response) => {
        if (request.url === '/archive.zip') response.end(body);
        else response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('downloads the archive, imports it and reports a failed download', async () => {
      const summary = await importSources(db, [`${base}/archive.zip`, `${base}/gone.zip`]);
      expect(summary.imported).toBe(1);
      expect(summary.failedSources).toEqual([{ source: `${base}/gone.zip`, reason: 'download failed: HTTP 404 Not Found' }]);
    });
  });

  it('reports progress with the total of a zip archive', async () => {
    const zip = await writeZip(path.join(tmp, 'progress.zip'), {
      '13001.json': json(cricsheetMatch()),
      '13002.json': json(cricsheetMatch()),
      'README.txt': 'readme',
    });
    const seen: [number, number | null][] = [];
    await importSources(db, [zip], { onProgress: ({ done, total }) => seen.push([done, total]) });
    expect(seen.at(-1)).toEqual([2, 2]);
  });

  it('skips an unreadable zip entry and imports the others', async () => {
    const first = json(cricsheetMatch());
    const zip = await writeZip(path.join(tmp, 'damaged.zip'), {
      '14001.json': first,
      '14002.json': json(cricsheetMatch({ dates: ['2024-05-02'] })),
      '14003.json': json(cricsheetMatch({ dates: ['2024-05-03'] })),
    });
    // Break the local header signature of the second entry.
    const bytes = await readFile(zip);
    bytes.writeUInt32LE(0, 30 + '14001.json'.length + Buffer.byteLength(first));
    await writeFile(zip, bytes);

    const summary = await importSources(db, [zip]);
    expect(summary.imported).toBe(2);
    expect(summary.skipped).toEqual([{ source: zip, file: '14002.json', reason: expect.stringMatching(/^cannot read file/) }]);
  });

  it('stops after the batch in progress when aborted, reporting each committed batch', async () => {
    const source = await folder({
      '15001.json': cricsheetMatch(),
      '15002.json': cricsheetMatch({ dates: ['2024-05-02'] }),
      '15003.json': cricsheetMatch({ dates: ['2024-05-03'] }),
    });
    const controller = new AbortController();
    let batches = 0;
    const summary = await importSources(db, [source], {
      batchSize: 1,
      signal: controller.signal,
      publish: (changed) => {
        // The tournaments' final names and dates are a commit of their own, without matches.
        if (changed.some((tag) => tag.startsWith('match:'))) batches += 1;
        controller.abort();
      },
    });
    expect(summary).toMatchObject({ imported: 1, aborted: true });
    expect(batches).toBe(1);
    expect(await queryNumber(db, 'select count(*) from matches')).toBe(1);
    expect(await queryRows(db, 'select name from tournaments')).toEqual([{ name: 'Test Premier League 2024' }]);
  });
});
