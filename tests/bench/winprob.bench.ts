// npm run bench:winprob   The win probability of one match, every delivery (issue 12 §4), on a
// PGlite holding the e2e fixtures (a T20, a women's ODI, an Ashes Test), cold (no cache):
// - the model alone: winProbabilities() over deliveries already read;
// - the whole answer: buildWinProbability() (reads the match's deliveries, then the model);
// - baseline, in the same run: reading the same stored deliveries alone, and building the match's
//   commentary (what every live ball already rebuilds), as ratios.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { WIN_PROB_MODEL } from '../../src/server/domain/winprob-model.ts';
import { winProbabilities } from '../../src/server/domain/winprob.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { buildCommentary } from '../../src/server/services/match-centre/commentary.ts';
import { buildWinProbability } from '../../src/server/services/match-centre/winprob.ts';
import { selectMatchRows } from '../../src/server/services/match-rows.ts';
import { placeOfMatch, WinProbRatings } from '../../src/server/services/winprob-ratings.ts';
import { readStoredInnings } from '../../src/server/store/stored-deliveries.ts';
import { percentile } from './support/http-bench.ts';

const MATCHES = [
  ['1529312', 'IPL 2026 final (T20)'],
  ['1491710', "NZ v SA women's ODI"],
  ['1455615', 'Ashes Test, Sydney 2026'],
] as const;
const RUNS = 30;

async function timed(run: () => Promise<unknown> | unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i += 1) {
    const start = performance.now();
    await run();
    if (i >= 3) times.push(performance.now() - start); // the first three warm the JIT
  }
  return times;
}

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet/e2e');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'winprob-bench-'));
const db = await openDatabase({ dataDir });
try {
  await migrateToLatest(db);
  const imported = await importSources(db, [fixtures]);
  if (imported.failedSources.length > 0) throw new Error(`cannot read the fixtures: ${imported.failedSources[0]!.reason}`);
  console.log(`win probability per match, median of ${RUNS} (p99 in brackets), ms; ${os.cpus()[0]?.model}, ${os.cpus().length} cores, Node ${process.version}`);
  console.log('| match | deliveries | model alone | whole answer | read deliveries (baseline) | ratio | commentary (baseline) | ratio |');
  console.log('|---|---|---|---|---|---|---|---|');
  const ratings = new WinProbRatings(db.kysely);
  for (const [key, name] of MATCHES) {
    const row = await selectMatchRows(db.kysely, 'matches').select(['m.team_a_id', 'm.team_b_id']).where('m.match_key', '=', key).executeTakeFirstOrThrow();
    const stored = await readStoredInnings(db.kysely, [row.id]);
    const before = await ratings.standingBefore(placeOfMatch(row));
    const answer = await buildWinProbability(db.kysely, row, before);
    if (!answer.supported) throw new Error(`${key} is not covered by the model`);
    const input = {
      format: row.format as 't20' | 'oneday' | 'test', formatType: row.format_type, gender: row.gender as 'male' | 'female', ballsPerOver: 6,
      oversLimit: row.overs_limit, ratings: { a: null, b: null }, par: 1.3,
      innings: stored.map((inn) => ({ ...inn, targetRuns: null, targetBalls: null })),
    };
    const model = await timed(() => winProbabilities(WIN_PROB_MODEL, input));
    const whole = await timed(() => buildWinProbability(db.kysely, row, before));
    const read = await timed(() => readStoredInnings(db.kysely, [row.id]));
    const commentary = await timed(() => buildCommentary(db.kysely, row, 'en'));
    const p = (times: number[]) => `${percentile(times, 50).toFixed(2)} (${percentile(times, 99).toFixed(2)})`;
    const ratio = (base: number[]) => (percentile(whole, 50) / percentile(base, 50)).toFixed(2);
    console.log(`| ${name} | ${answer.points.length} | ${p(model)} | ${p(whole)} | ${p(read)} | ${ratio(read)} | ${p(commentary)} | ${ratio(commentary)} |`);
  }
} finally {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
