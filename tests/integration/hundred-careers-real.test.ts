// The Hundred inside T20 careers (issue 28 §6; decision 031 as amended): its matches carry
// official T20 status and count in T20 records, beside a row of their own. On the shared recent
// archive, every match of Phil Salt from 2024 to 2026 (T20Is, franchise T20s, The Hundred): his
// T20 row holds all three, his Hundred row The Hundred alone, figures computed from the raw files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/server/services/index.ts';
import { importRealSubset, type RealSubset } from '../helpers/real-subset.ts';
import { requiredArchive } from '../helpers/shared-data.ts';

const recentArchive = requiredArchive('recent_2024_2026_json.zip', 'The Hundred career tests');
const SALT = '3d284ca3';

interface RawMatch {
  info: { match_type: string; balls_per_over: number; team_type: string; registry: { people: Record<string, string> } };
  innings: { super_over?: boolean; overs?: { deliveries: { batter: string; runs: { batter: number } }[] }[] }[];
}

describe.skipIf(!recentArchive)("Phil Salt's T20 career holds The Hundred, which also has its own row", () => {
  let subset: RealSubset<RawMatch>;
  let services: Services;
  let matches: (RawMatch & { id: number })[];

  beforeAll(async () => {
    subset = await importRealSubset<RawMatch>(recentArchive!, (text) => text.includes(`"${SALT}"`) && /"match_type": "(T20|IT20)"/.test(text));
    matches = subset.matches;
    services = subset.services;
  }, 300_000);
  afterAll(async () => {
    await subset?.close();
  });

  /** His matches and runs (super overs left out) in the raw files the predicate keeps. */
  function raw(keep: (match: RawMatch) => boolean) {
    const kept = matches.filter(keep);
    let runs = 0;
    for (const match of kept) {
      const name = Object.entries(match.info.registry.people).find(([, id]) => id === SALT)![0];
      for (const inn of match.innings.filter((entry) => !entry.super_over)) {
        for (const over of inn.overs ?? []) for (const delivery of over.deliveries) if (delivery.batter === name) runs += delivery.runs.batter;
      }
    }
    return { matches: kept.length, runs };
  }

  it('counts his Hundred matches in his T20 row, and in a row of their own', async () => {
    const hundred = raw((match) => match.info.balls_per_over === 5);
    const all = raw(() => true);
    expect(hundred.matches).toBeGreaterThan(0);
    expect(all.matches).toBeGreaterThan(hundred.matches);
    const overview = (await services.players.overview(SALT))!;
    const career = (type: string) => overview.careers.find((entry) => entry.formatType === type)!.batting;
    expect(career('hundred')).toMatchObject({ matches: hundred.matches, runs: hundred.runs });
    expect(career('t20')).toMatchObject({ matches: all.matches, runs: all.runs });
  });

  it('counts The Hundred in the T20 records', async () => {
    const records = await services.records.records({ formatType: 't20', gender: 'male' });
    const hundreds = matches.filter((match) => match.info.balls_per_over === 5).length;
    expect(records.matches).toBe(matches.length);
    expect(hundreds).toBeGreaterThan(0);
  });
});
