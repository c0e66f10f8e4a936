// A match's title and its report's subhead as a sports desk writes them (issue 30 §4), on real
// tours from the shared archives: the India tour of Ireland and England 2018 (its T20Is against
// Ireland and England, ODIs and five Tests: three sides) and the India tour of England 2025 (five
// Tests). A numbered match of a tour is its ordinal within its type's series, in both languages:
// '5th Test' and 'पाँचवाँ टेस्ट', not 'Match 5' / 'मैच 5'; a competition's stays 'Match N'.
import { rm } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { writeMatchReport } from '../../src/server/domain/match-report.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { loadReportFacts } from '../../src/server/services/match-reports.ts';
import { extractArchive } from '../helpers/read-archive.ts';
import { requiredArchive } from '../helpers/shared-data.ts';
import { freshDatabase } from '../helpers/test-db.ts';

const recentArchive = requiredArchive('recent_2024_2026_json.zip', 'match titles');
const testsArchive = requiredArchive('tests_json.zip', 'match titles');
const odisArchive = requiredArchive('odis_json.zip', 'match titles');
const t20sArchive = requiredArchive('t20s_json.zip', 'match titles');

const OVAL_2025 = 1448353;
const OVAL_2018 = 1119553;

interface RawMatch {
  info: { dates: string[]; teams: string[]; match_type: string; event?: { name?: string; match_number?: number } };
}

const TOUR_2018 = '"India tour of Ireland and England"';

describe.skipIf(!recentArchive || !testsArchive || !odisArchive || !t20sArchive)('match titles and report subheads on real tours', () => {
  let db: Db;
  let services: Services;
  const folders: string[] = [];
  const raw = new Map<number, RawMatch>();
  const keys = new Map<number, string>();

  beforeAll(async () => {
    const picks = await Promise.all([
      extractArchive<RawMatch>(recentArchive!, (text) => text.includes('"India tour of England"') && text.includes('"season": "2025"')),
      extractArchive<RawMatch>(testsArchive!, (text) => text.includes(TOUR_2018)),
      extractArchive<RawMatch>(odisArchive!, (text) => text.includes(TOUR_2018)),
      extractArchive<RawMatch>(t20sArchive!, (text) => text.includes(TOUR_2018)),
    ]);
    folders.push(...picks.map((pick) => pick.folder));
    for (const match of picks.flatMap((pick) => pick.matches)) raw.set(match.id, match);
    expect(picks[0]!.matches).toHaveLength(5);
    // The 2018 tour had three sides: India played Ireland too.
    expect(new Set(picks.slice(1).flatMap((pick) => pick.matches.flatMap((match) => match.info.teams)))).toEqual(new Set(['India', 'Ireland', 'England']));
    db = await freshDatabase();
    expect((await importSources(db, folders)).failedSources).toEqual([]);
    services = createServices(db);
    const { rows } = await sql<{ match_key: string }>`select match_key from matches`.execute(db.kysely);
    for (const id of raw.keys()) keys.set(id, rows.find((row) => row.match_key.includes(String(id)))!.match_key);
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });

  const HINDI_ORDINALS = ['पहला', 'दूसरा', 'तीसरा', 'चौथा', 'पाँचवाँ'];
  const ENGLISH_ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];
  const TYPES: Record<string, { en: string; hi: string }> = {
    Test: { en: 'Test', hi: 'टेस्ट' },
    ODI: { en: 'ODI', hi: 'वनडे' },
    T20: { en: 'T20I', hi: 'टी20 इंटरनेशनल' },
  };

  it('every numbered match of both tours is its ordinal within its type, in English and Hindi', async () => {
    let checked = 0;
    for (const [id, match] of raw) {
      const number = match.info.event?.match_number;
      if (number === undefined) continue;
      const type = TYPES[match.info.match_type]!;
      const [en, hi] = await Promise.all([services.matchCentre.detail(keys.get(id)!, 'en'), services.matchCentre.detail(keys.get(id)!, 'hi')]);
      expect(en!.title, `${id}`).toBe(`${ENGLISH_ORDINALS[number - 1]} ${type.en}`);
      expect(hi!.title, `${id}`).toBe(`${HINDI_ORDINALS[number - 1]} ${type.hi}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('the Oval Tests of 2018 and 2025: the report subhead reads "5th Test" / "पाँचवाँ टेस्ट", never "Match 5" / "मैच 5"', async () => {
    for (const id of [OVAL_2018, OVAL_2025]) {
      expect(raw.get(id)!.info.event?.match_number).toBe(5);
      const facts = await loadReportFacts(db.kysely, services.matchCentre, services.records, keys.get(id)!);
      const { en, hi } = writeMatchReport(facts!).texts;
      expect(en.sub_heading, `${id}`).toMatch(/^5th Test · India tour of (Ireland and )?England 20(18|25) · /);
      expect(hi.sub_heading, `${id}`).toMatch(/^पाँचवाँ टेस्ट · भारत का (आयरलै(ं|ण्)ड और )?इंग्लै(ं|ण्)ड दौरा 20(18|25) · /);
      expect(`${en.sub_heading} ${hi.sub_heading}`).not.toMatch(/Match 5|मैच 5/);
    }
  });
});
