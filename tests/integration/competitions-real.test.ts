// One competition under its names (issue 28 §4): Cricsheet files the men's ODI World Cup as
// 'ICC World Cup' (2003, 2007), 'World Cup' (2019) and 'ICC Cricket World Cup' (2011, 2015,
// 2023). On every such match of the shared ODI archive, the records list it once, as the ICC
// Cricket World Cup, over all its seasons (counted here from the raw files), and each edition
// keeps the name it had.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const odiArchive = requiredArchive('odis_json.zip', 'renamed competition tests');
const NAMES = ['ICC World Cup', 'World Cup', 'ICC Cricket World Cup'];

interface RawMatch {
  info: { season: string | number; gender: string; dates: string[]; event: { name: string } };
}

describe.skipIf(!odiArchive)('the men’s World Cup is one competition in the records', () => {
  let db: Db;
  let services: Services;
  let folder: string;
  let matches: (RawMatch & { id: number })[];

  beforeAll(async () => {
    const named = new RegExp(`"name": "(${NAMES.join('|')})"[,\\s]`);
    const extracted = await extractArchive<RawMatch>(odiArchive!, (text) => named.test(text) && text.includes('"gender": "male"'));
    folder = extracted.folder;
    matches = extracted.matches;
    db = await freshDatabase();
    expect((await importSources(db, [folder])).failedSources).toEqual([]);
    services = createServices(db);
  }, 300_000);
  afterAll(async () => {
    await db?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('lists one series, the ICC Cricket World Cup, over every season of its three names', async () => {
    // The archive holds editions under each name.
    expect(new Set(matches.map((match) => match.info.event.name))).toEqual(new Set(NAMES));
    const series = await services.records.series();
    expect(series.map((entry) => entry.eventName)).toEqual(['ICC Cricket World Cup']);
    expect(series[0]).toMatchObject({
      key: 'icc-cricket-world-cup',
      gender: 'male',
      seasons: new Set(matches.map((match) => String(match.info.season))).size,
      matches: matches.length,
      types: ['odi'],
    });
  });

  it('counts every edition in its records, whichever name it is asked by, and keeps each edition’s name', async () => {
    const first = matches.map((match) => match.info.dates[0]!).sort()[0];
    for (const name of NAMES) {
      const records = await services.records.records({ formatType: 'odi', gender: 'male', eventName: name });
      expect(records, name).toMatchObject({ matches: matches.length, firstDate: first });
    }
    const editions = await services.tournaments.list();
    expect(new Set(editions.map((edition) => edition.name.replace(/ \d{4}(\/\d{2})?$/, '')))).toEqual(new Set(NAMES));
  });
});
