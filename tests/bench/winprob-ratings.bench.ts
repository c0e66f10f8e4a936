// npm run bench:winprob-ratings   What following results costs the server (issue 26, decision
// 039): the five real archives imported (PostgreSQL when TEST_DATABASE_URL is set, its data kept
// and re-imported idempotently; else a PGlite in a temporary folder), then
// - the replay at start: WinProbRatings.load() in a fresh service (every stored result since
//   training read, then followed from the standing), and the in-memory part of it alone;
// - a publication naming a match whose result did not change (what every live ball costs), and
//   what of it the match's own win probability waits for (settledFor: nothing);
// - a completed result written after the last one counted (the append path), and one taken
//   back (a correction: the whole replay in memory), each from the publication to the standing
//   updated; the row is flipped between 'started' and 'completed' outside the timing;
// - and, not timed, that the replay is the study's: the trainer's reader over the same archives
//   gives the same results after training, and every one of them the same context (rating gap,
//   par) from the server's standing before it as from trainModel's online context (followResults
//   over the trainer's matches).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { WIN_PROB_STANDING } from '../../src/server/domain/winprob-model.ts';
import { compareResults, followResults, Standing, type MatchContext } from '../../src/server/domain/winprob-ratings.ts';
import { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import { tags } from '../../src/server/feed/tags.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { WinProbRatings } from '../../src/server/services/winprob-ratings.ts';
import { readArchives } from '../../scripts/winprob/archive.ts';
import { sharedArchives, testDatabaseUrl } from '../helpers/shared-data.ts';
import { percentile } from './support/http-bench.ts';

const LOADS = 7;
const UPDATES = 50;

const dataDir = testDatabaseUrl ? null : await mkdtemp(path.join(os.tmpdir(), 'winprob-ratings-bench-'));
const db = await openDatabase(testDatabaseUrl ? { url: testDatabaseUrl, dataDir: os.tmpdir() } : { dataDir: dataDir! });
const median = (times: number[]) => percentile(times, 50).toFixed(2);
const range = (times: number[]) => `${median(times)} (p99 ${percentile(times, 99).toFixed(2)}, ${Math.min(...times).toFixed(2)}-${Math.max(...times).toFixed(2)})`;
try {
  await migrateToLatest(db);
  const archives = sharedArchives();
  const importStart = performance.now();
  const imported = await importSources(db, archives);
  if (imported.failedSources.length > 0) throw new Error(`cannot read ${imported.failedSources[0]!.source}`);
  console.log(`${db.kind}; ${archives.length} archives imported or checked in ${((performance.now() - importStart) / 1000).toFixed(1)} s`);
  console.log(`${os.cpus()[0]?.model}, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`);

  const loads: number[] = [];
  let counted = 0;
  for (let run = 0; run < LOADS; run += 1) {
    const ratings = new WinProbRatings(db.kysely);
    const start = performance.now();
    counted = await ratings.load();
    loads.push(performance.now() - start);
  }
  // The in-memory replay alone, over the same results.
  const service = new WinProbRatings(db.kysely);
  const feed = new ChangeFeed();
  service.follow(feed);
  await service.load();
  const results = await service.counted();
  const start = Standing.fromJson(WIN_PROB_STANDING);
  const replays: number[] = [];
  for (let run = 0; run < LOADS; run += 1) {
    const at = performance.now();
    followResults(start, results);
    replays.push(performance.now() - at);
  }

  const last = [...results].sort(compareResults).at(-1)!;
  const timedPublication = async (keys: string[]) => {
    const at = performance.now();
    await feed.publish(keys.map(tags.match));
    await service.settled();
    return performance.now() - at;
  };
  const unchanged: number[] = [];
  for (let run = 0; run < UPDATES; run += 1) unchanged.push(await timedPublication([last.key]));
  // What the match's own win probability waits for after its ball's publication: not the re-read.
  const ownWait: number[] = [];
  for (let run = 0; run < UPDATES; run += 1) {
    await feed.publish([tags.match(last.key)]);
    const at = performance.now();
    await service.settledFor(last.key);
    ownWait.push(performance.now() - at);
    await service.settled();
  }
  const appended: number[] = [];
  const takenBack: number[] = [];
  const setStatus = (status: 'started' | 'completed') => db.kysely.updateTable('matches').set({ status }).where('match_key', '=', last.key).execute();
  try {
    for (let run = 0; run < UPDATES; run += 1) {
      await setStatus('started');
      takenBack.push(await timedPublication([last.key]));
      await setStatus('completed');
      appended.push(await timedPublication([last.key]));
    }
  } finally {
    await setStatus('completed');
  }
  console.log(`results counted since ${WIN_PROB_STANDING.through}: ${counted}; the last ${last.key} on ${last.date}`);
  console.log('| step | median ms (p99, range) |');
  console.log('|---|---|');
  console.log(`| replay at start: load() in a fresh service, ${LOADS} runs | ${range(loads)} |`);
  console.log(`| of which in memory: following the ${counted} results from the standing | ${range(replays)} |`);
  console.log(`| a publication naming a match whose result did not change (a live ball), ${UPDATES} runs | ${range(unchanged)} |`);
  console.log(`| of which the match's own win probability waits for (settledFor), ${UPDATES} runs | ${range(ownWait)} |`);
  console.log(`| a completed result after the last counted (the append path), ${UPDATES} runs | ${range(appended)} |`);
  console.log(`| a counted result taken back (the whole replay in memory), ${UPDATES} runs | ${range(takenBack)} |`);

  const trainer = (await readArchives(path.dirname(archives[0]!), () => {})).filter((match) => match.date > WIN_PROB_STANDING.through);
  const online = new Map<number, MatchContext>();
  followResults(start, trainer, (match, context) => online.set(match.id, context));
  let same = 0;
  for (const match of trainer) {
    const { standing } = await service.standingBefore({ date: match.date, id: match.id, key: String(match.id) });
    const context = standing.contextOf(match);
    if (context.gap === online.get(match.id)!.gap && context.par === online.get(match.id)!.par) same += 1;
  }
  console.log(`the trainer's reader: ${trainer.length} results after training (the server counts ${counted}); the server's context equals the study's online context for ${same} of them`);
} finally {
  await db.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
