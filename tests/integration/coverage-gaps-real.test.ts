// Coverage said out loud (issue 28 §5), on the shared ODI archive: Cricsheet withholds every
// match of Afghanistan's men (the archive's README.txt says so), so the 2023 men's World Cup holds
// 39 of its 48 matches and India's table reads 8-0 (officially 9-0). Its page, points table and
// stats say that Afghanistan's 9 matches are not in the open data, in English and Hindi; the
// count comes from the other sides' fixtures (each of the nine held sides met every other held
// side once). The 2023 Qualifier Play-off, whose two missing matches were between held sides
// (abandoned without a ball), says only that at least 2 of its matches are not held.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SeriesView from '../../src/components/series/SeriesView.astro';
import GapNote from '../../src/components/series/GapNote.astro';
import { loadSeriesPage, loadStatsPage } from '../../src/components/series/load-series.ts';
import { routeQuery } from '../../src/server/http/page-routes.ts';
import { seriesRoute } from '../../src/pages/series/_query.ts';
import { statsRoute } from '../../src/pages/stats/_query.ts';
import type { Services } from '../../src/server/services/index.ts';
import { importRealSubset, type RealSubset } from '../helpers/real-subset.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const odiArchive = requiredArchive('odis_json.zip', 'coverage gap tests');

interface RawMatch {
  info: { teams: string[]; event: { name: string; match_number?: number } };
}

const NOTE = {
  en: "Afghanistan's 9 matches in this tournament are not in the open data this site uses; their points and the other teams' net run rates are incomplete.",
  hi: 'इस टूर्नामेंट में अफ़ग़ानिस्तान के 9 मैच उस खुले डेटा में नहीं हैं जिस पर यह साइट चलती है; इसलिए उसके अंक और बाकी टीमों के नेट रन रेट अधूरे हैं।',
};

async function render(component: Parameters<AstroContainer['renderToString']>[0], props: Record<string, unknown>, lang: 'en' | 'hi', url: string) {
  const container = await AstroContainer.create();
  return container.renderToString(component, { props, locals: { lang }, request: new Request(url) });
}

describe.skipIf(!odiArchive)('a tournament missing matches says so', () => {
  let subset: RealSubset<RawMatch>;
  let services: Services;
  let worldCup: string;
  let playOff: string;

  beforeAll(async () => {
    subset = await importRealSubset<RawMatch>(
      odiArchive!,
      (text) =>
        (text.includes('"name": "ICC Cricket World Cup"') && /"dates": \[\s*"2023-1[01]-/.test(text)) ||
        (text.includes('"name": "ICC Cricket World Cup Qualifier Play-off"') && /"dates": \[\s*"2023-/.test(text)),
    );
    services = subset.services;
    const list = await services.tournaments.list();
    worldCup = list.find((entry) => entry.name.startsWith('ICC Cricket World Cup 2023'))!.tou_key;
    playOff = list.find((entry) => entry.name.startsWith('ICC Cricket World Cup Qualifier Play-off'))!.tou_key;
  }, 300_000);
  afterAll(async () => {
    await subset?.close();
  });

  it('the archive holds 39 World Cup matches, none of Afghanistan, with 9 of the league’s numbers 1 to 45 skipped', () => {
    const cup = subset.matches.filter((match) => match.info.event.name === 'ICC Cricket World Cup');
    expect(cup).toHaveLength(39);
    expect(cup.some((match) => match.info.teams.includes('Afghanistan'))).toBe(false);
    const numbers = new Set(cup.flatMap((match) => (match.info.event.match_number ? [match.info.event.match_number] : [])));
    expect(45 - numbers.size).toBe(9);
  });

  it('the detail and the stats carry the gap: Afghanistan, 9 matches; India 8-0 in the table it qualifies', async () => {
    const detail = (await services.tournaments.detail(worldCup, 'en'))!;
    expect(detail.countedMatches).toBe(39);
    expect(detail.gap).toEqual({ side: 'Afghanistan', missing: 9, atLeast: false, others: 0 });
    const india = detail.pointsTable[0]!.groups.flatMap((group) => group.standings).find((row) => row.team.name === 'India')!;
    expect(india).toMatchObject({ played: 8, won: 8 });
    expect(await services.tournaments.gap(worldCup)).toEqual(detail.gap);
  });

  for (const lang of ['en', 'hi'] as const) {
    it(`the page, its points table and its stats say so (${lang})`, async () => {
      const prefix = lang === 'hi' ? '/hi' : '';
      for (const tab of ['overview', 'points', 'stats'] as const) {
        const url = new URL(`http://localhost${prefix}/series/${worldCup}?tab=${tab}`);
        const data = await loadSeriesPage(services, worldCup, routeQuery({ locals: {}, url }, seriesRoute), lang);
        if (data.kind !== 'found') throw new Error('the World Cup is held');
        const html = await render(SeriesView, { detail: data.detail, tab: data.tab, type: data.type, stats: data.stats, stat: data.stat }, lang, url.href);
        expect(html, tab).toContain(NOTE[lang].replaceAll("'", '&#39;'));
      }
      const statsUrl = new URL(`http://localhost${prefix}/stats/${worldCup}`);
      const stats = await loadStatsPage(services, worldCup, routeQuery({ locals: {}, url: statsUrl }, statsRoute));
      if (stats.kind !== 'found') throw new Error('the World Cup is held');
      expect(await render(GapNote, { gap: stats.gap }, lang, statsUrl.href)).toContain(NOTE[lang].replaceAll("'", '&#39;'));
    });
  }

  it('a tournament short of matches between its held sides says how many at least, naming no side', async () => {
    const detail = (await services.tournaments.detail(playOff, 'en'))!;
    expect(detail.gap).toEqual({ side: null, missing: 2, atLeast: true, others: 0 });
    const url = `http://localhost/series/${playOff}?tab=points`;
    const html = await render(GapNote, { gap: detail.gap }, 'en', url);
    expect(html).toContain('At least 2 matches of this tournament are not in the open data this site uses');
    expect(html).not.toContain('Afghanistan');
  });
});
