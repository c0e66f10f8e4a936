// Void means void (issue 28 §2; decision 059), on IPL 2025 from the shared IPL archive with the
// shipped corrections: Punjab Kings v Delhi Capitals of 8 May 2025 (Cricsheet 1473495) was
// stopped at 10.1 overs, declared void and replayed in full on 24 May (1485779). Cricsheet keeps
// the stopped match as a file of its own; counted, it gave Prabhsimran Singh 599 runs and
// Priyansh Arya 545 (each an innings more than Punjab Kings played) and the season 75 matches.
// The official figures: 549 and 475, 74 matches (the wash-outs count as matches). The void match
// keeps its page and its place in the Matches tab, labelled.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { keepCorrected } from '../../src/server/corrections/file.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const SHIPPED = path.resolve(import.meta.dirname, '../../corrections/cricsheet.json');
const iplArchive = requiredArchive('ipl_json.zip', 'void match tests');
const SEASON = 'indian-premier-league-2025';
const VOID = '1473495';
const PRABHSIMRAN = '9418198b';
const PRIYANSH = 'b5797845';

describe.skipIf(!iplArchive)('IPL 2025 with its void match left out of every figure', () => {
  let db: Db;
  let services: Services;
  let folder: string;

  beforeAll(async () => {
    const season = await extractArchive(iplArchive!, (text) => text.includes('"season": "2025"') && text.includes('"name": "Indian Premier League"'));
    folder = season.folder;
    db = await freshDatabase();
    expect((await importSources(db, [folder])).failedSources).toEqual([]);
    expect(await keepCorrected(db, { file: SHIPPED, publish: () => undefined, imported: true })).toMatchObject({ voided: 1 });
    services = createServices(db);
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('gives the official runs in the season stats: Prabhsimran Singh 549, Priyansh Arya 475', async () => {
    const stats = (await services.tournaments.playerStats(SEASON))!;
    const runsOf = (key: string) => stats.find((entry) => entry.player.key === key)!.batting;
    expect(runsOf(PRABHSIMRAN)).toMatchObject({ runs: 549, innings: 17 });
    expect(runsOf(PRIYANSH)).toMatchObject({ runs: 475, innings: 17 });
  });

  it('counts 74 matches, and still lists the void one, labelled, with its page', async () => {
    const detail = (await services.tournaments.detail(SEASON, 'en'))!;
    expect(detail.countedMatches).toBe(74);
    expect(detail.parts.map((part) => part.countedMatches)).toEqual([74]);
    expect(detail.matches).toHaveLength(75);
    expect(detail.matches.find((match) => match.key === VOID)!.result?.text).toBe('Match void (replayed in full later)');
    expect((await services.tournaments.list()).find((item) => item.tou_key === SEASON)).toMatchObject({ matches: 74 });
    const page = await services.matchCentre.detail(VOID, 'en');
    expect(page?.result?.text).toBe('Match void (replayed in full later)');
  });

  it('counts the wash-out of 17 May (no ball bowled) in no form or head to head', async () => {
    const detail = (await services.tournaments.detail(SEASON, 'en'))!;
    const washout = detail.matches.find((match) => match.dates[0] === '2025-05-17')!;
    const later = detail.matches.filter((match) => match.dates[0]! > '2025-05-17' && [match.teams.a.name, match.teams.b.name].includes('Royal Challengers Bengaluru'));
    expect(later.length).toBeGreaterThan(0);
    const info = (await services.matchCentre.info(later[0]!.key, 'en'))!;
    expect([...info.form.a, ...info.form.b].map((entry) => entry.matchKey)).not.toContain(washout.key);
    expect(info.recent.map((match) => match.key)).not.toContain(washout.key);
  });

  it('leaves it out of careers, the Matches tab, records and search', async () => {
    const overview = (await services.players.overview(PRABHSIMRAN))!;
    expect(overview.careers.find((career) => career.formatType === 't20')!.batting).toMatchObject({ runs: 549, matches: 17, innings: 17 });
    const info = (await services.players.info(PRABHSIMRAN))!;
    expect(info.tournaments.flatMap((tournament) => tournament.matches.map((match) => match.key))).not.toContain(VOID);
    const records = await services.records.records({ formatType: 't20', gender: 'male', eventName: 'Indian Premier League' });
    expect(records.matches).toBe(74);
    expect(records.mostRuns.find((row) => row.player.key === PRABHSIMRAN)).toMatchObject({ runs: 549, innings: 17 });
    expect(records.highestTotals.map((row) => row.matchKey)).not.toContain(VOID);
    const [hit] = await services.search.search('Priyansh Arya');
    expect(hit).toMatchObject({ key: PRIYANSH, matches: 17 });
  });
});
