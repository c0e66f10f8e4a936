// npm run bench:match-centre   Serves the built app on a PGlite holding both shared
// archives and measures, on loopback with autocannon for 20 s each, the scorecard API and
// the match page (scoreboard tab) of the largest Test in the data.
//   cold: first requests after a fresh start, one per Test match (nothing cached yet);
//   warm: 20 s of load on the largest Test, 10 connections; the page also once with a new
//   unknown parameter per request (?n=<counter>), which gets a 301 to the canonical URL.
// Targets (issue 3): warm p99 under 50 ms and at least 1,000 scorecard requests/s.
import { sql } from 'kysely';
import { describeLoad, load, ms, percentile, reportTargets, requireBuild, startServer, timeOne, withBenchDatabase } from './support/http-bench.ts';

const TARGET_P99_MS = 50;
const TARGET_SCORECARD_RPS = 1000;

requireBuild();
const tests = await withBenchDatabase(async (db) => {
  const { rows } = await sql<{ key: string; deliveries: number }>`
    select m.match_key as key, count(*)::int as deliveries
    from matches m join deliveries d on d.match_id = m.id
    where m.format = 'test'
    group by m.match_key
    order by deliveries desc
    limit 21`.execute(db);
  return rows;
});
const [largest, ...others] = tests;
if (!largest) throw new Error('no Test match in the data');

const server = await startServer(4390);
const scorecardUrl = (key: string) => `${server.base}/user/v1/scorecard/?match_key=${key}`;
const pageUrl = (key: string) => `${server.base}/getMatchList/${key}?tab=scoreboard`;
try {
  // Cold: every request is the first for its match, so nothing comes from the cache.
  const coldScorecard: number[] = [];
  const coldPage: number[] = [];
  for (const { key } of [largest, ...others.slice(0, 10)]) coldScorecard.push(await timeOne(scorecardUrl(key)));
  for (const { key } of others.slice(10, 20)) coldPage.push(await timeOne(pageUrl(key)));

  const warmScorecard = await load(scorecardUrl(largest.key));
  const warmPage = await load(pageUrl(largest.key));
  const randomQuery = await load(pageUrl(largest.key), { uniquePaths: true });

  console.log(`Largest Test: ${largest.key} (${largest.deliveries} deliveries)`);
  console.log(`Cold scorecard API, first request per match (${coldScorecard.length} Tests): p50 ${ms(percentile(coldScorecard, 50))}, max ${ms(Math.max(...coldScorecard))}, largest Test ${ms(coldScorecard[0] ?? NaN)}`);
  console.log(`Cold match page, first request per match (${coldPage.length} Tests): p50 ${ms(percentile(coldPage, 50))}, max ${ms(Math.max(...coldPage))}`);
  console.log(describeLoad('scorecard API', warmScorecard));
  console.log(describeLoad('match page', warmPage));
  // Not a target: before decision 013 every such request rendered the page.
  console.log(describeLoad('match page with a new unknown parameter on every request (301 to the canonical URL)', randomQuery));
  reportTargets(
    [
      [`warm scorecard p99 < ${TARGET_P99_MS} ms`, warmScorecard.p99 < TARGET_P99_MS, warmScorecard.p99 / TARGET_P99_MS],
      [`warm match page p99 < ${TARGET_P99_MS} ms`, warmPage.p99 < TARGET_P99_MS, warmPage.p99 / TARGET_P99_MS],
      [`scorecard >= ${TARGET_SCORECARD_RPS} req/s`, warmScorecard.rps >= TARGET_SCORECARD_RPS, warmScorecard.rps / TARGET_SCORECARD_RPS],
    ],
    warmScorecard.errors + warmPage.errors + randomQuery.errors,
  );
} finally {
  server.stop();
}
