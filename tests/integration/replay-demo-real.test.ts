// Replays are demos, not data (issue 28 §1; decision 059), on IPL 2025 from the shared IPL
// archive: Mumbai Indians' last match of the season is played again through the live engine
// (as LIVE_REPLAYS does), and then every answer meant for real cricket that could hold it (a
// career, a player's Matches tab, form, the series lists, My Matches, search, records, the data
// currency, the home list once it is over) is what it was before the replay. The replay keeps its
// own page, and its Info and History tabs read as its source's did before it was played: they
// never give away the result being replayed.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createLive } from '../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';
import { replayMatch } from '../../src/server/jobs/replay.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase, queryRows } from '../helpers/test-db.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const iplArchive = requiredArchive('ipl_json.zip', 'replay demo tests');
const BUMRAH = '462411b3';

interface RawMatch {
  info: { dates: string[]; teams: string[]; registry: { people: Record<string, string> } };
}

/** Everything a fan reads about real cricket that a replay of an MI match could leak into. */
async function realAnswers(services: Services, miKey: string, sourceKey: string) {
  const page = { limit: 200, offset: 0 };
  return {
    overview: await services.players.overview(BUMRAH),
    matchesTab: await services.players.info(BUMRAH),
    heldSince: await services.players.heldSince(),
    series: await services.tournaments.list(),
    months: await services.tournaments.months(page, {}),
    fixtures: await services.tournaments.fixtures(page, {}, 'en'),
    myMatches: await services.tournaments.fixtures(page, { teams: [miKey] }, 'en'),
    years: await services.tournaments.fixtureYears(),
    searchTeam: await services.search.search('Mumbai Indians'),
    searchPlayer: await services.search.search('Bumrah'),
    searchSeries: await services.search.search('Indian Premier League'),
    recordTypes: await services.records.types(),
    recordSeries: await services.records.series(),
    records: await services.records.records({ formatType: 't20', gender: 'male' }),
    seriesRecords: await services.records.records({ formatType: 't20', gender: 'male', eventName: 'Indian Premier League' }),
    home: await services.matches.listForHome('en'),
    currency: await services.matches.dataCurrency(),
    sourceInfo: await services.matchCentre.info(sourceKey, 'en'),
    topFantasy: await services.matchCentre.topFantasy(sourceKey, 'all'),
  };
}

describe.skipIf(!iplArchive)('a replay of an IPL 2025 match is a demo, never real cricket', () => {
  let db: Db;
  let folder: string;
  let sourceKey: string;
  let replayKey: string;
  let miKey: string;
  let before: Awaited<ReturnType<typeof realAnswers>>;

  beforeAll(async () => {
    const season = await extractArchive<RawMatch>(iplArchive!, (text) => text.includes('"season": "2025"') && text.includes('"name": "Indian Premier League"'));
    folder = season.folder;
    const mumbai = season.matches.filter((match) => match.info.teams.includes('Mumbai Indians')).sort((x, y) => x.info.dates[0]!.localeCompare(y.info.dates[0]!));
    const last = mumbai.at(-1)!;
    expect(last.info.registry.people['JJ Bumrah']).toBe(BUMRAH);
    sourceKey = String(last.id);
    db = await freshDatabase();
    expect((await importSources(db, [folder])).failedSources).toEqual([]);
    miKey = (await queryRows<{ team_key: string }>(db, "select team_key from teams where name = 'Mumbai Indians'"))[0]!.team_key;
    before = await realAnswers(createServices(db), miKey, sourceKey);

    const services = createServices(db);
    const engine = createLive({ db, services, broadcaster: new SocketBroadcaster() });
    replayKey = await replayMatch(db, engine, sourceKey, { ballsPerMinute: 0 });
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('is played to the end, as a replay of the source, with a page of its own', async () => {
    const services = createServices(db);
    const [replay, source] = await Promise.all([services.matchCentre.detail(replayKey, 'en'), services.matchCentre.detail(sourceKey, 'en')]);
    expect(replay).toMatchObject({ status: 'completed', isReplay: true });
    expect(replay!.result?.text).toBe(source!.result?.text);
  });

  it('leaves careers, form, Matches tabs, series lists, My Matches, search, records and the home list as they were', async () => {
    const after = await realAnswers(createServices(db), miKey, sourceKey);
    for (const [name, answer] of Object.entries(after)) expect(answer, name).toEqual(before[name as keyof typeof before]);
    expect(JSON.stringify(after)).not.toContain(replayKey);
  });

  it('lists it on the home page while it is being played, labelled', async () => {
    await db.kysely.updateTable('matches').set({ status: 'started' }).where('match_key', '=', replayKey).execute();
    try {
      const home = await createServices(db).matches.listForHome('en');
      expect(home[0]).toMatchObject({ key: replayKey, isReplay: true });
    } finally {
      await db.kysely.updateTable('matches').set({ status: 'completed' }).where('match_key', '=', replayKey).execute();
    }
  });

  it('keeps the result it replays out of its Info and History tabs: they read as its source did before it was played', async () => {
    const services = createServices(db);
    const [replayInfo, sourceInfo] = await Promise.all([services.matchCentre.info(replayKey, 'en'), services.matchCentre.info(sourceKey, 'en')]);
    const shown = JSON.stringify(replayInfo);
    expect(shown).not.toContain(`"${sourceKey}"`);
    expect(replayInfo!.headToHead.last.map((match) => match.key)).not.toContain(sourceKey);
    expect(replayInfo!.recent.map((match) => match.key)).not.toContain(sourceKey);
    expect({ ...replayInfo, venue: null }).toEqual({ ...sourceInfo, venue: null });
  });
});
