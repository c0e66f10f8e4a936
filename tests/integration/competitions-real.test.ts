// One competition under its names (issue 28 §4): Cricsheet files the men's ODI World Cup as
// 'ICC World Cup' (2003, 2007), 'World Cup' (2019) and 'ICC Cricket World Cup' (2011, 2015,
// 2023). On every such match of the shared ODI archive, the records list it once, as the ICC
// Cricket World Cup, over all its seasons (counted here from the raw files), and each edition
// keeps the name it had.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/server/services/index.ts';
import { importRealSubset, type RealSubset } from '../helpers/real-subset.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const odiArchive = requiredArchive('odis_json.zip', 'renamed competition tests');
const NAMES = ['ICC World Cup', 'World Cup', 'ICC Cricket World Cup'];

interface RawMatch {
  info: { season: string | number; gender: string; dates: string[]; event: { name: string } };
}

describe.skipIf(!odiArchive)('the men’s World Cup is one competition in the records', () => {
  let subset: RealSubset<RawMatch>;
  let services: Services;
  let matches: (RawMatch & { id: number })[];

  beforeAll(async () => {
    const named = new RegExp(`"name": "(${NAMES.join('|')})"[,\\s]`);
    subset = await importRealSubset<RawMatch>(odiArchive!, (text) => named.test(text) && text.includes('"gender": "male"'));
    matches = subset.matches;
    services = subset.services;
  }, 300_000);
  afterAll(async () => {
    await subset?.close();
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
