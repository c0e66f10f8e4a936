// All-time records (issue 10 §4) on real Cricsheet matches: the lists the records service reads
// from the derived rows equal what this test computes from the raw JSON itself, and the records
// pages render them (with a build).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/http/app.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import type { Db } from '../../src/server/db/client.ts';
import { freshDatabase } from '../helpers/test-db.ts';
import { builtAstroHandler } from '../helpers/built-site.ts';
import { PAGE_ROUTES } from '../../src/pages/_routes.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const folders = [path.join(fixtures, 'e2e'), path.join(fixtures, 'real')];
const dist = path.resolve(import.meta.dirname, '../../dist');
// Locally skipped without a build; in CI a missing build fails (tests/helpers/built-site.ts).
const handler = await builtAstroHandler('records page tests');

interface RawDelivery {
  batter: string;
  runs: { batter: number; total: number };
  extras?: { wides?: number; noballs?: number };
}
interface RawMatch {
  info: {
    match_type: string;
    team_type: string;
    balls_per_over?: number;
    gender: string;
    dates: string[];
    teams: [string, string];
    event?: { name: string };
    outcome: { winner?: string; by?: { runs?: number; innings?: number } };
  };
  innings: { team: string; super_over?: boolean; overs?: { deliveries: RawDelivery[] }[]; penalty_runs?: { pre?: number; post?: number } }[];
}

const matches: RawMatch[] = folders.flatMap((folder) =>
  readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as RawMatch),
);
// T20 records count T20 internationals too, as the record books (and careers here) do.
const clubT20 = matches.filter((match) => ['T20', 'IT20'].includes(match.info.match_type) && match.info.gender === 'male' && match.info.balls_per_over !== 5);
const deliveries = (innings: RawMatch['innings'][number]) => (innings.overs ?? []).flatMap((over) => over.deliveries);

/** Runs per batter over the matches' innings (super overs left out), most first. */
function runsByBatter(of: readonly RawMatch[]): [string, number][] {
  const runs = new Map<string, number>();
  for (const match of of) {
    for (const innings of match.innings.filter((inn) => !inn.super_over)) {
      for (const delivery of deliveries(innings)) runs.set(delivery.batter, (runs.get(delivery.batter) ?? 0) + delivery.runs.batter);
    }
  }
  return [...runs].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

describe('records on real matches', () => {
  let db: Db;
  let services: Services;

  beforeAll(async () => {
    db = await freshDatabase();
    expect((await importSources(db, folders)).skipped).toEqual([]);
    services = createServices(db);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('most runs and the highest score in T20 (T20Is included) equal the sums of the raw deliveries', async () => {
    const records = await services.records.records({ formatType: 't20', gender: 'male' });
    expect(records.matches).toBe(clubT20.length);
    const expected = runsByBatter(clubT20).slice(0, 5);
    // Ties are broken by name on both sides; compare the top figures and names.
    expect(records.mostRuns.slice(0, 5).map((row) => [row.player.name, row.runs])).toEqual(expected);
    const best = Math.max(
      ...clubT20.flatMap((match) =>
        match.innings
          .filter((inn) => !inn.super_over)
          .flatMap((inn) => [...new Set(deliveries(inn).map((d) => d.batter))].map((batter) => deliveries(inn).filter((d) => d.batter === batter).reduce((sum, d) => sum + d.runs.batter, 0))),
      ),
    );
    expect(records.highestScores[0]!.runs).toBe(best);
  });

  it('the highest team total and the biggest innings win in Tests equal the raw files', async () => {
    const tests = matches.filter((match) => match.info.match_type === 'Test' && match.info.gender === 'male');
    const records = await services.records.records({ formatType: 'test', gender: 'male' });
    const totals = tests.flatMap((match) =>
      match.innings.map((inn) => ({
        team: inn.team,
        runs: deliveries(inn).reduce((sum, d) => sum + d.runs.total, 0) + (inn.penalty_runs?.pre ?? 0) + (inn.penalty_runs?.post ?? 0),
      })),
    );
    const top = totals.sort((a, b) => b.runs - a.runs)[0]!;
    expect(records.highestTotals[0]).toMatchObject({ team: top.team, runs: top.runs });
    // England beat Zimbabwe by an innings and 45 runs at Trent Bridge, 2025.
    const innings = tests.filter((match) => match.info.outcome.by?.innings === 1);
    expect(records.biggestWinsByInnings.map((win) => [win.team, win.runs])).toEqual(innings.map((match) => [match.info.outcome.winner, match.info.outcome.by!.runs]));
    expect(records.biggestWinsByInnings[0]).toMatchObject({ team: 'England', against: 'Zimbabwe', runs: 45, byInnings: true });
  });

  it('a series across seasons counts only its own matches, and lists only series of two seasons or more', async () => {
    const series = await services.records.series();
    const ipl = series.find((entry) => entry.key === 'indian-premier-league');
    const iplMatches = clubT20.filter((match) => match.info.team_type === 'club').filter((match) => match.info.event?.name === 'Indian Premier League');
    const seasons = new Set(iplMatches.map((match) => match.info.dates[0]!.slice(0, 4)));
    expect(ipl).toMatchObject({ eventName: 'Indian Premier League', gender: 'male', matches: iplMatches.length, types: ['t20'] });
    expect(ipl!.seasons).toBe(seasons.size);
    expect(series.every((entry) => entry.seasons >= 2)).toBe(true);
    const records = await services.records.records({ formatType: 't20', gender: 'male', eventName: 'Indian Premier League' });
    expect(records.matches).toBe(iplMatches.length);
    expect(records.mostRuns.slice(0, 3).map((row) => [row.player.name, row.runs])).toEqual(runsByBatter(iplMatches).slice(0, 3));
  });

  it.skipIf(handler === null)('the records pages render the lists, link players, and 404 what does not exist', async () => {
    const site = await buildApp({ services, logger: pino({ level: 'silent' }), pageRoutes: PAGE_ROUTES, astroHandler: handler!, clientDir: path.join(dist, 'client') });
    try {
      const page = (url: string) => site.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const index = await page('/records');
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('href="/records/test"');
      expect(index.body).toContain('href="/records/t20i?gender=female"');
      expect(index.body).toContain('href="/records/series/indian-premier-league"');

      const t20 = await page('/records/t20');
      expect(t20.statusCode).toBe(200);
      const [leader] = runsByBatter(clubT20);
      expect(t20.body).toMatch(new RegExp(`<a href="/getMatchList/playerInformation\\?player_key=[0-9a-f]{8}"[^>]*>${leader![0]}</a>\\s*</th>\\s*<td class="strong"[^>]*>${leader![1]}</td>`));
      expect(t20.body).toContain('Most runs');
      expect(t20.body).toContain('Highest team totals');
      // The Hundred counts in T20 records as in T20 careers (decision 031).
      expect(t20.body).toContain('T20 records include T20I and The Hundred matches, as the record books keep them.');

      const hindi = await page('/hi/records/test');
      expect(hindi.statusCode).toBe(200);
      expect(hindi.body).toContain('सबसे ज़्यादा रन');
      expect(hindi.body).toContain('पारी से सबसे बड़ी जीत');

      expect((await page('/records/series/indian-premier-league')).body).toContain('Indian Premier League: records across seasons');
      expect((await page('/records/odi')).body).toContain('No matches of this kind are held here.');
      expect((await page('/records/series/no-such-series')).statusCode).toBe(404);
      expect((await page('/records/hockey')).statusCode).toBe(404);
    } finally {
      await site.close();
    }
  });
});
