// npm run bench:fantasy   Fantasy points per match (issue 12 §4), on the IPL archive (1,239 T20s):
// - domain: the points of a match from its scorecard figures, against deriving those figures
//   from the deliveries (summariseInnings, which the write path does for every match anyway), per
//   match, best of five passes; the ratio is what fantasy adds to the derivation;
// - write path: on a PGlite holding the archive, `rederive --all` (scorecards, and the points from
//   the same figures in memory), and refreshing every match's stored points from its stored
//   scorecard rows (what a live match does when an innings closes), against it;
// - read path: the Fantasy tab's data (from the scorecard rows) for 100 matches, first request
//   each, against the scorecard's for 100 others.
// The issue sets no target: the figures are recorded in docs/benchmarks.md.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { fantasyInnings } from '../../src/server/domain/fantasy.ts';
import { summariseInnings } from '../../src/server/domain/scorecard.ts';
import { cricsheetMatchSchema } from '../../src/server/ingest/cricsheet-schema.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { inningsInput } from '../../src/server/ingest/normalise.ts';
import { createServices } from '../../src/server/services/index.ts';
import { matchFantasy, refreshFantasyRows } from '../../src/server/store/fantasy-rows.ts';
import { rederive } from '../../src/server/store/rederive-writer.ts';
import type { InningsInput } from '../../src/server/domain/types.ts';
import { readArchive } from '../helpers/read-archive.ts';
import { sharedArchive } from '../helpers/shared-data.ts';
import { percentile } from './support/http-bench.ts';

const PASSES = 5;
const READS = 100;
const archive = sharedArchive('ipl_json.zip');

// ---------- domain ----------
const matches = (await readArchive<object>(archive)).map((raw) => {
  const match = cricsheetMatchSchema.parse(raw);
  const [a, b] = match.info.teams;
  const players = [
    ...(match.info.players?.[a!] ?? []).map((player) => ({ player, team: 'a' as const })),
    ...(match.info.players?.[b!] ?? []).map((player) => ({ player, team: 'b' as const })),
  ];
  const innings: InningsInput[] = match.innings.map((inn) =>
    inningsInput(inn, inn.team === a ? 'a' : 'b', match.info.balls_per_over, (name) => name),
  );
  return { players, innings };
});
const summaries = matches.map((match) => match.innings.map((inn) => summariseInnings(inn)));
let bestSummarise = Infinity;
let bestFantasy = Infinity;
let checksum = 0;
for (let pass = 0; pass < PASSES; pass += 1) {
  let started = performance.now();
  for (const match of matches) for (const inn of match.innings) checksum += summariseInnings(inn).runs;
  bestSummarise = Math.min(bestSummarise, performance.now() - started);
  started = performance.now();
  matches.forEach((match, index) => {
    const innings = summaries[index]!.map((summary, i) => fantasyInnings(summary, match.innings[i]!.superOver));
    checksum += matchFantasy('t20', match.players, innings).length;
  });
  bestFantasy = Math.min(bestFantasy, performance.now() - started);
}
const perMatch = (total: number) => (total * 1000) / matches.length;
console.log(`Domain, ${matches.length} IPL matches, best of ${PASSES} passes (checksum ${checksum}):`);
console.log(`  scorecard from the deliveries (baseline): ${perMatch(bestSummarise).toFixed(1)} µs a match`);
console.log(`  fantasy points from the scorecard: ${perMatch(bestFantasy).toFixed(1)} µs a match, ratio ${(bestFantasy / bestSummarise).toFixed(3)}`);

// ---------- database ----------
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fantasy-bench-'));
const db = await openDatabase({ dataDir });
try {
  await migrateToLatest(db);
  const imported = await importSources(db, [archive]);
  if (imported.failedSources.length > 0) throw new Error(`cannot read the IPL archive: ${imported.failedSources[0]!.reason}`);
  const ids = (await db.kysely.selectFrom('matches').select(['id', 'match_key']).orderBy('id').execute());

  let started = performance.now();
  const rebuilt = await rederive(db, () => undefined, { all: true });
  const rederiveMs = performance.now() - started;
  started = performance.now();
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100).map((row) => row.id);
    await db.bulkTransaction((tx) => refreshFantasyRows(tx, batch));
  }
  const refreshMs = performance.now() - started;
  console.log(`Write path, PGlite, ${ids.length} matches (${rebuilt} rederived):`);
  console.log(`  rederive --all (scorecards and fantasy): ${(rederiveMs / ids.length).toFixed(2)} ms a match`);
  console.log(`  fantasy refresh from the stored scorecard rows: ${(refreshMs / ids.length).toFixed(2)} ms a match, ratio to rederive ${(refreshMs / rederiveMs).toFixed(3)}`);

  const services = createServices(db);
  const time = async (load: () => Promise<unknown>) => {
    const t0 = performance.now();
    await load();
    return performance.now() - t0;
  };
  const fantasyTimes: number[] = [];
  const scorecardTimes: number[] = [];
  for (const row of ids.slice(0, READS)) fantasyTimes.push(await time(() => services.matchCentre.fantasy(row.match_key)));
  for (const row of ids.slice(READS, 2 * READS)) scorecardTimes.push(await time(() => services.matchCentre.scorecard(row.match_key, 'en')));
  const p = (values: number[], q: number) => percentile(values, q).toFixed(1);
  console.log(`Read path, first request per match (${READS} matches each):`);
  console.log(`  scorecard (baseline): p50 ${p(scorecardTimes, 50)} ms, p99 ${p(scorecardTimes, 99)} ms`);
  console.log(
    `  fantasy: p50 ${p(fantasyTimes, 50)} ms, p99 ${p(fantasyTimes, 99)} ms, p50 ratio ${(percentile(fantasyTimes, 50) / percentile(scorecardTimes, 50)).toFixed(3)}`,
  );
} finally {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
