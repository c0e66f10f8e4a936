// IPL 2024 and 2025 league tables with the shipped corrections (corrections/cricsheet.json) on
// the shared IPL archive: every team played 14 league matches, and the tables are the official
// ones (points, won, lost, no result and order, as iplt20.com published them). Without the
// corrections Cricsheet's files give 2024 KKR and GT 12 matches, RR and SRH 13; 2025 PBKS and DC
// 15 (the void match of 8 May counted beside its replay), RCB and KKR 13.
// Also: re-applying changes nothing; a changed file is applied again (fingerprint); a case taken
// away is undone; a re-import of the void match keeps it void.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/http/app.ts';
import { createServices } from '../../src/server/services/index.ts';
import { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { keepCorrected } from '../../src/server/corrections/file.ts';
import { applyCorrections } from '../../src/server/store/corrections.ts';
import type { Db } from '../../src/server/db/client.ts';
import type { TournamentDetailObject as TournamentDetail } from '../../src/server/wire/presenters/tournaments.ts';
import { queryNumber } from '../helpers/test-db.ts';
import { archiveDatabase } from '../helpers/templates.ts';
import { requiredArchive } from '../helpers/shared-data.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

type PointsRow = TournamentDetail['tournamentPoints'][number]['groups'][number]['points'][number];

const SHIPPED = path.resolve(import.meta.dirname, '../../corrections/cricsheet.json');
const iplArchive = requiredArchive('ipl_json.zip', 'IPL corrections tests');
const dist = path.resolve(import.meta.dirname, '../../dist');
const handler = await builtAstroHandler('footer check of the IPL corrections tests');

// Official final league tables: team, won, lost, no result, points, in table order. (The IPL
// placed LSG above KKR in 2025 on 12 points each with more wins, though KKR's net run rate was
// better: equal points go to wins first, then net run rate.)
const OFFICIAL: Record<string, [string, number, number, number, number][]> = {
  'indian-premier-league-2024': [
    ['Kolkata Knight Riders', 9, 3, 2, 20],
    ['Sunrisers Hyderabad', 8, 5, 1, 17],
    ['Rajasthan Royals', 8, 5, 1, 17],
    ['Royal Challengers Bengaluru', 7, 7, 0, 14],
    ['Chennai Super Kings', 7, 7, 0, 14],
    ['Delhi Capitals', 7, 7, 0, 14],
    ['Lucknow Super Giants', 7, 7, 0, 14],
    ['Gujarat Titans', 5, 7, 2, 12],
    ['Punjab Kings', 5, 9, 0, 10],
    ['Mumbai Indians', 4, 10, 0, 8],
  ],
  'indian-premier-league-2025': [
    ['Punjab Kings', 9, 4, 1, 19],
    ['Royal Challengers Bengaluru', 9, 4, 1, 19],
    ['Gujarat Titans', 9, 5, 0, 18],
    ['Mumbai Indians', 8, 6, 0, 16],
    ['Delhi Capitals', 7, 6, 1, 15],
    ['Sunrisers Hyderabad', 6, 7, 1, 13],
    ['Lucknow Super Giants', 6, 8, 0, 12],
    ['Kolkata Knight Riders', 5, 7, 2, 12],
    ['Rajasthan Royals', 4, 10, 0, 8],
    ['Chennai Super Kings', 4, 10, 0, 8],
  ],
};

describe.skipIf(!iplArchive)('IPL 2024 and 2025 tables with the corrections', () => {
  let db: Db;
  let app: FastifyInstance;
  let folder: string;
  const published: string[][] = [];
  // The app's caches listen to this feed, as a server's do.
  const feed = new ChangeFeed();
  const publish = async (changed: string[]) => {
    published.push(changed);
    await feed.publish(changed);
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'corrections-'));
    // The whole IPL archive, imported once per run (tests/helpers/templates.ts).
    db = await archiveDatabase(iplArchive!);
    const report = await keepCorrected(db, { file: SHIPPED, publish, imported: true });
    expect(report).toMatchObject({ written: 4, voided: 1, waiting: [] });
    app = await buildApp({ services: createServices(db, feed), logger: pino({ level: 'silent' }) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function leagueRows(touKey: string): Promise<PointsRow[]> {
    const response = await app.inject({ method: 'GET', url: `/user/v1/get/tournament/${touKey}` });
    expect(response.statusCode).toBe(200);
    const detail = response.json<{ data: TournamentDetail }>().data;
    const league = detail.tournamentPoints.find((round) => round.tournament_round.name === 'League');
    return league!.groups[0]!.points;
  }

  it.each(Object.keys(OFFICIAL))('%s: every team played 14 league matches, and the table is the official one', async (touKey) => {
    const rows = await leagueRows(touKey);
    expect(rows.map((row) => row.played)).toEqual(rows.map(() => 14));
    expect(rows.map((row) => [row.team.name, row.won, row.lost, row.no_result, row.points])).toEqual(OFFICIAL[touKey]);
    expect(rows.map((row) => row.position)).toEqual(rows.map((_row, index) => index + 1));
  });

  it('says how current the data is, in the API and in every page footer (English and Hindi)', async () => {
    const response = await app.inject({ method: 'GET', url: '/user/v1/get/data/currency' });
    expect(response.statusCode).toBe(200);
    // The abandoned matches of the corrections are not Cricsheet's: they are not counted.
    expect(response.json()).toEqual({
      status: true,
      data: { ball_by_ball_to: '2026-05-24', matches: await queryNumber(db, "select count(*) from matches where source = 'cricsheet'"), source: 'Cricsheet (cricsheet.org), ODC-By 1.0' },
    });
    if (!handler) return;
    const site = await buildApp({ services: createServices(db, feed), logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler, clientDir: path.join(dist, 'client') });
    try {
      const english = await site.inject({ method: 'GET', url: '/about' });
      expect(english.body).toContain('<time datetime="2026-05-24">Ball-by-ball data to 24 May 2026</time>');
      const hindi = await site.inject({ method: 'GET', url: '/hi/about' });
      expect(hindi.body).toContain('<time datetime="2026-05-24">24 मई 2026 तक का गेंद-दर-गेंद डेटा</time>');
    } finally {
      await site.close();
    }
  });

  it('shows the abandoned matches as such, and the void match as void', async () => {
    const services = createServices(db);
    const season = (await services.tournaments.detail('indian-premier-league-2025', 'en'))!;
    const abandoned = season.matches.find((match) => match.dates[0] === '2025-05-17')!;
    expect(abandoned).toMatchObject({
      status: 'completed',
      playStatus: 'abandoned',
      formatType: 't20',
      teams: { a: { name: 'Royal Challengers Bengaluru' }, b: { name: 'Kolkata Knight Riders' } },
      venue: { name: 'M Chinnaswamy Stadium, Bengaluru', city: 'Bengaluru' },
      innings: [],
    });
    expect(abandoned.result?.text).toBe('Match abandoned without a ball bowled');
    const voided = season.matches.find((match) => match.key === '1473495')!;
    expect(voided.result?.text).toBe('Match void (replayed in full later)');
    const hindi = (await services.tournaments.detail('indian-premier-league-2025', 'hi'))!;
    expect(hindi.matches.find((match) => match.key === '1473495')!.result?.text).toBe('मैच शून्य घोषित (बाद में पूरा दोबारा खेला गया)');
    // The abandoned match is filed at the venue Cricsheet's matches use, not a copy of it.
    expect(await queryNumber(db, "select count(*) from venues where name = 'M Chinnaswamy Stadium, Bengaluru'")).toBe(1);
  });

  it('applies nothing again when nothing changed; a re-import of the void match keeps it void', async () => {
    published.length = 0;
    expect(await keepCorrected(db, { file: SHIPPED, publish, imported: false })).toBeNull();
    const again = await applyCorrections(db, publish);
    expect(again).toMatchObject({ written: 0, deleted: 0, voided: 0, unvoided: 0, renamed: 0 });
    expect(published).toEqual([]);
    // A revised file of the void match replaces its row; the corrections after the import void it again.
    await db.kysely.updateTable('matches').set({ source_sha1: 'stale' }).where('match_key', '=', '1473495').execute();
    const reimport = await importSources(db, [iplArchive!]);
    expect(reimport.replaced).toBe(1);
    expect(await queryNumber(db, "select count(*) from matches where match_key = '1473495' and void_replayed_by is null")).toBe(1);
    expect(await keepCorrected(db, { file: SHIPPED, publish, imported: true })).toMatchObject({ voided: 1 });
    expect(await queryNumber(db, "select count(*) from matches where match_key = '1473495' and void_replayed_by = '1485779'")).toBe(1);
  });

  it('applies a changed file again: a case taken away is undone, a name fix lands', async () => {
    const edited = path.join(folder, 'cricsheet.json');
    await copyFile(SHIPPED, edited);
    const contents = JSON.parse(await readFile(edited, 'utf8')) as { cases: { key: string }[] };
    contents.cases = contents.cases.filter((entry) => entry.key !== 'ipl-2025-rcb-kkr-17-may' && entry.key !== 'ipl-2025-pbks-dc-8-may-void');
    contents.cases.push({
      key: 'test-team-name',
      kind: 'team_name',
      source: 'a test',
      team: 'punjab-kings',
      from: 'Punjab Kings',
      name: 'Punjab Kings XI',
    } as never);
    await writeFile(edited, JSON.stringify(contents));
    published.length = 0;
    const report = await keepCorrected(db, { file: edited, publish, imported: false });
    expect(report).toMatchObject({ written: 0, deleted: 1, unvoided: 1 });
    expect(report!.renamed).toBeGreaterThan(10);
    expect(published.flat()).toEqual(expect.arrayContaining(['tournament:indian-premier-league-2025', 'all']));
    const rows = await leagueRows('indian-premier-league-2025');
    // Back to Cricsheet's files alone: the void match counts, the washed-out one is gone.
    expect(Object.fromEntries(rows.map((row) => [row.team.name, row.played]))).toMatchObject({
      'Punjab Kings XI': 15,
      'Delhi Capitals': 15,
      'Royal Challengers Bengaluru': 13,
      'Kolkata Knight Riders': 13,
    });
    // The 2024 cases are untouched.
    expect((await leagueRows('indian-premier-league-2024')).map((row) => row.played)).toEqual(Array(10).fill(14));
  });
});
