// Coverage said out loud (issue 28 §5), on the shared archives: a records page says from when
// its matches are held ("Tests from Dec 2001 held here: 3."), computed from the data; Kohli's
// careers from the 2024-2026 archive (his Tests, ODIs, T20Is and IPL matches, no domestic
// first-class or List A match) show no First-class or List A row that would repeat his Test or
// ODI row, and the T20 row, which adds his IPL matches to his T20Is, says how many it adds.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import RecordsPage from '../../src/components/records/RecordsPage.astro';
import CareerSummary from '../../src/components/player/CareerSummary.astro';
import RecordsIndex from '../../src/pages/records/index.astro';
import { importRealSubset, type RealSubset } from '../helpers/real-subset.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const testArchive = requiredArchive('tests_json.zip', 'records coverage tests');
const recentArchive = requiredArchive('recent_2024_2026_json.zip', 'career coverage tests');
const KOHLI = 'ba607b88';

interface RawMatch {
  info: { dates: string[]; team_type: string; match_type: string; gender: string };
}

async function render(component: Parameters<AstroContainer['renderToString']>[0], props: Record<string, unknown>, lang: 'en' | 'hi') {
  const container = await AstroContainer.create();
  return container.renderToString(component, { props, locals: { lang }, request: new Request(`http://localhost${lang === 'hi' ? '/hi' : ''}/records/test`) });
}

describe.skipIf(!testArchive)('a records page says from when its matches are held', () => {
  let subset: RealSubset<RawMatch>;

  beforeAll(async () => {
    // The archive's first Test (England v India, Mohali, 19 December 2001) and the two of 26 December 2002.
    subset = await importRealSubset<RawMatch>(testArchive!, (text) => /"dates": \[\s*"(2001-12-19|2002-12-26)"/.test(text));
  }, 300_000);
  afterAll(async () => {
    await subset?.close();
  });

  it('Tests from Dec 2001 held here, with their count, in English and Hindi', async () => {
    expect(subset.matches).toHaveLength(3);
    const records = await subset.services.records.records({ formatType: 'test', gender: 'male' });
    expect(records).toMatchObject({ firstDate: '2001-12-19', matches: 3 });
    const props = { title: 'Test records', records, pickers: [] };
    const en = await render(RecordsPage, props, 'en');
    expect(en).toContain('Tests from Dec 2001 held here: 3. Not every match since is in the open data this site uses');
    const hi = await render(RecordsPage, props, 'hi');
    expect(hi).toContain('यहाँ दर्ज टेस्ट, दिसंबर 2001 से: 3।');
    // First-class records count the Tests, and say from when too.
    const firstClass = await subset.services.records.records({ formatType: 'first_class', gender: 'male' });
    expect(await render(RecordsPage, { ...props, records: firstClass }, 'en')).toContain('First-class matches from Dec 2001 held here: 3.');
    expect((await subset.services.players.heldSince()).male).toMatchObject({ test: '2001-12-19', first_class: '2001-12-19' });
  });

  it('the records index gives each type’s first month beside its link, outside the link’s name', async () => {
    const container = await AstroContainer.create();
    for (const [lang, since] of [['en', 'from Dec 2001'], ['hi', 'दिसंबर 2001 से']] as const) {
      const html = await container.renderToString(RecordsIndex, {
        locals: { lang, services: subset.services },
        request: new Request(`http://localhost${lang === 'hi' ? '/hi' : ''}/records`),
      });
      expect(html).toMatch(new RegExp(`<a href="${lang === 'hi' ? '/hi' : ''}/records/test"[^>]*>[^<]+</a>\\s*<span class="since"[^>]*>${since}</span>`));
      expect(html).toContain(lang === 'en' ? 'Records from the matches held here, in the open data this site uses' : 'उस खुले डेटा में मौजूद मैचों के रिकॉर्ड');
    }
  });
});

describe.skipIf(!recentArchive)('Kohli’s careers say what their umbrella rows add', () => {
  let subset: RealSubset<RawMatch>;

  beforeAll(async () => {
    subset = await importRealSubset<RawMatch>(recentArchive!, (text) => text.includes(`"${KOHLI}"`));
  }, 300_000);
  afterAll(async () => {
    await subset?.close();
  });

  it('no First-class or List A row repeating his Tests or ODIs; the T20 row counts his domestic T20 matches', async () => {
    const club = subset.matches.filter((match) => match.info.team_type === 'club');
    const kinds = new Set(subset.matches.map((match) => `${match.info.team_type} ${match.info.match_type}`));
    // What the archive holds of him: no domestic first-class or List A match.
    expect(kinds).toEqual(new Set(['international Test', 'international ODI', 'international T20', 'club T20']));
    expect(club.length).toBeGreaterThan(0);

    const overview = (await subset.services.players.overview(KOHLI))!;
    expect(overview.careers.map((career) => career.formatType)).toEqual(['test', 'odi', 't20i', 't20']);
    const t20i = overview.careers.find((career) => career.formatType === 't20i')!;
    const t20 = overview.careers.find((career) => career.formatType === 't20')!;
    expect(t20.domesticMatches).toBe(club.length);
    expect(t20.batting.matches).toBe(t20i.batting.matches + club.length);
    expect(t20i.domesticMatches).toBeNull();

    const en = await render(CareerSummary, { careers: overview.careers, lang: 'en' }, 'en');
    expect(en).not.toContain('data-type="first_class"');
    expect(en).not.toContain('data-type="list_a"');
    expect(en).toContain(`Domestic T20 matches held here: ${club.length} (the T20 row adds them to the T20Is).`);
    const hi = await render(CareerSummary, { careers: overview.careers, lang: 'hi' }, 'hi');
    expect(hi).toContain(`यहाँ दर्ज घरेलू टी20 मैच: ${club.length} (टी20 की पंक्ति इन्हें टी20 इंटरनेशनल के साथ जोड़ती है)।`);
    expect(hi).not.toContain('data-type="first_class"');
  });
});
