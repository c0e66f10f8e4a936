// One format per comparison (issue 28 §3; decision 059), on the shared recent archive: every
// men's match of England or India from 2024 to 2026 (Tests, ODIs, T20Is). The Info and History
// tabs of the 5th Test, England v India at The Oval from 31 July 2025, compare Tests only: head to
// head counts the Tests the two played before it (computed here from the raw files), each side's
// form and recent matches are Tests, though India played the Champions Trophy (ODIs) in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/server/services/index.ts';
import { importRealSubset, type RealSubset } from '../helpers/real-subset.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const recentArchive = requiredArchive('recent_2024_2026_json.zip', 'one-format comparison tests');
const SIDES = ['England', 'India'];

interface RawMatch {
  info: { match_type: string; gender: string; team_type: string; dates: string[]; teams: string[]; outcome: { winner?: string; result?: string } };
}

describe.skipIf(!recentArchive)('the 5th Test England v India 2025 compares Tests only', () => {
  let subset: RealSubset<RawMatch>;
  let services: Services;
  let matches: (RawMatch & { id: number })[];
  let fifthTest: RawMatch & { id: number };

  beforeAll(async () => {
    const teamsOf = /"teams": \[\s*"([^"]+)",\s*"([^"]+)"\s*\]/;
    subset = await importRealSubset<RawMatch>(recentArchive!, (text) => {
      const teams = teamsOf.exec(text);
      return text.includes('"gender": "male"') && text.includes('"team_type": "international"') && teams !== null && (SIDES.includes(teams[1]!) || SIDES.includes(teams[2]!));
    });
    matches = subset.matches;
    fifthTest = matches.find((match) => match.info.match_type === 'Test' && match.info.dates[0] === '2025-07-31' && SIDES.every((side) => match.info.teams.includes(side)))!;
    expect(fifthTest).toBeDefined();
    services = subset.services;
  }, 300_000);
  afterAll(async () => {
    await subset?.close();
  });

  it('counts the Tests the two played before it in head to head, and lists only Tests', async () => {
    const before = (match: RawMatch) => match.info.dates[0]! < fifthTest.info.dates[0]!;
    const meetings = matches.filter((match) => before(match) && SIDES.every((side) => match.info.teams.includes(side)));
    const tests = meetings.filter((match) => match.info.match_type === 'Test');
    // The archive holds other formats of the pair too: what the count must leave out.
    expect(meetings.length).toBeGreaterThan(tests.length);
    const info = (await services.matchCentre.info(String(fifthTest.id), 'en'))!;
    const [a, b] = fifthTest.info.teams as [string, string];
    const won = (team: string) => tests.filter((match) => match.info.outcome.winner === team).length;
    expect(info.headToHead).toMatchObject({
      played: tests.length,
      won: { a: won(a), b: won(b) },
      drawn: tests.filter((match) => match.info.outcome.result === 'draw').length,
    });
    expect(info.headToHead.last.map((match) => match.formatType)).toEqual(info.headToHead.last.map(() => 'test'));
  });

  it('gives each side its Test form and recent Tests, not the ODIs and T20Is between', async () => {
    const info = (await services.matchCentre.info(String(fifthTest.id), 'en'))!;
    const keys = [...info.form.a, ...info.form.b].map((entry) => entry.matchKey);
    expect(keys).toHaveLength(10);
    const typeOf = new Map(matches.map((match) => [String(match.id), match.info.match_type]));
    expect(keys.map((key) => typeOf.get(key))).toEqual(keys.map(() => 'Test'));
    expect(info.recent.map((match) => match.formatType)).toEqual(info.recent.map(() => 'test'));
  });
});
