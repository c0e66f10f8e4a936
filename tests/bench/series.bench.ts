// npm run bench:series   The tournament API and the series page of the largest tournament
// (most matches) on a PGlite holding both shared archives, on loopback with autocannon.
//   cold: the first request for each of several tournaments after a fresh start;
//   warm: 20 s of load, 10 connections; the page also once with a new unknown parameter per
//   request (?n=<counter>), which gets a 301 to the canonical URL instead of a render.
// Target (issue 4): warm p99 under 50 ms.
import { sql } from 'kysely';
import { describeLoad, load, ms, percentile, reportTargets, requireBuild, startServer, timeOne, withBenchDatabase } from './support/http-bench.ts';

const TARGET_P99_MS = 50;

requireBuild();
const tournaments = await withBenchDatabase(async (db) => {
  const { rows } = await sql<{ key: string; matches: number }>`
    select t.tou_key as key, count(*)::int as matches
    from tournaments t join matches m on m.tournament_id = t.id
    group by t.tou_key
    order by matches desc
    limit 21`.execute(db);
  return rows;
});
const [largest, ...others] = tournaments;
if (!largest) throw new Error('no tournament in the data');

const server = await startServer(4392);
const apiUrl = (key: string) => `${server.base}/user/v1/get/tournament/${key}`;
const pageUrl = (key: string) => `${server.base}/series/${key}`;
try {
  const coldApi: number[] = [];
  const coldPage: number[] = [];
  for (const { key } of [largest, ...others.slice(0, 10)]) coldApi.push(await timeOne(apiUrl(key)));
  for (const { key } of others.slice(10, 20)) coldPage.push(await timeOne(pageUrl(key)));

  const warmApi = await load(apiUrl(largest.key));
  const warmPage = await load(pageUrl(largest.key));
  const randomQuery = await load(pageUrl(largest.key), { uniquePaths: true });

  console.log(`Largest tournament: ${largest.key} (${largest.matches} matches)`);
  console.log(`Cold get/tournament, first request per tournament (${coldApi.length}): p50 ${ms(percentile(coldApi, 50))}, max ${ms(Math.max(...coldApi))}, largest ${ms(coldApi[0] ?? NaN)}`);
  console.log(`Cold series page, first request per tournament (${coldPage.length}): p50 ${ms(percentile(coldPage, 50))}, max ${ms(Math.max(...coldPage))}`);
  console.log(describeLoad('get/tournament', warmApi));
  console.log(describeLoad('series page', warmPage));
  // Not a target: before decision 013 every such request rendered the page.
  console.log(describeLoad('series page with a new unknown parameter on every request (301 to the canonical URL)', randomQuery));
  reportTargets(
    [
      [`warm get/tournament p99 < ${TARGET_P99_MS} ms`, warmApi.p99 < TARGET_P99_MS, warmApi.p99 / TARGET_P99_MS],
      [`warm series page p99 < ${TARGET_P99_MS} ms`, warmPage.p99 < TARGET_P99_MS, warmPage.p99 / TARGET_P99_MS],
    ],
    warmApi.errors + warmPage.errors + randomQuery.errors,
  );
} finally {
  server.stop();
}
