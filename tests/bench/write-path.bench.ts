// npm run bench:write-path   A live innings written ball by ball through the write path, on a
// PGlite holding the IPL archive, with the services' caches warm:
// - write-to-invalidation: from appendBall() being called to the change feed dropping the
//   match's cache entries (commit included), p50 / p99 / max over every ball of a real match;
// - that only the tagged entries drop: another match's cached scorecard, commentary and detail
//   are the same objects after every ball, and the live match's scorecard is re-read and right;
// - baseline, in the same run: rebuilding the whole match per ball (what a write path without
//   incremental updates would do), as a ratio.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { ChangeFeed } from '../../src/server/feed/change-feed.ts';
import { tags } from '../../src/server/feed/tags.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices } from '../../src/server/services/index.ts';
import { LiveMatchWriter } from '../../src/server/store/live-match-writer.ts';
import { rederive } from '../../src/server/store/rederive-writer.ts';
import { readStoredInnings } from '../../src/server/store/stored-deliveries.ts';
import { sharedArchive } from '../helpers/shared-data.ts';
import { percentile } from './support/http-bench.ts';

const LIVE_MATCH = '1473511'; // IPL 2025 final, RCB v PBKS
const OTHER_MATCH = '1473510'; // IPL 2025 qualifier 2, PBKS v MI

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'write-path-bench-'));
const db = await openDatabase({ dataDir });
try {
  await migrateToLatest(db);
  const imported = await importSources(db, [sharedArchive('ipl_json.zip')]);
  if (imported.failedSources.length > 0) throw new Error(`cannot read the IPL archive: ${imported.failedSources[0]!.reason}`);
  const feed = new ChangeFeed();
  const services = createServices(db, feed);
  const writer = new LiveMatchWriter(db, (changed) => feed.publish(changed));
  const [live] = await db.kysely.selectFrom('matches').select(['id']).where('match_key', '=', LIVE_MATCH).execute();
  if (!live) throw new Error(`match ${LIVE_MATCH} is not in the archive`);

  // The other match's cached answers, to check they survive every ball.
  const other = {
    scorecard: await services.matchCentre.scorecard(OTHER_MATCH, 'en'),
    commentary: await services.matchCentre.commentary(OTHER_MATCH, 'en'),
    detail: await services.matchCentre.detail(OTHER_MATCH, 'en'),
  };

  // The live match, replayed: its stored deliveries appended one by one to fresh innings.
  const innings = await readStoredInnings(db.kysely, [live.id]);
  const facts = await db.kysely.selectFrom('innings').selectAll().where('match_id', '=', live.id).orderBy('innings_no').execute();
  await db.kysely.deleteFrom('innings').where('match_id', '=', live.id).execute();
  // In play again, without its result: a completed match takes no new innings (startInnings).
  await db.kysely
    .updateTable('matches')
    .set({ status: 'started', play_status: 'in_play', winner: null, result: null, win_by_runs: null, win_by_wickets: null, method: null })
    .where('id', '=', live.id)
    .execute();

  let invalidatedAt = 0;
  feed.subscribe((changed) => {
    if (changed.includes(tags.match(LIVE_MATCH))) invalidatedAt = performance.now();
  });
  const writeToInvalidation: number[] = [];
  let otherKept = 0;
  let balls = 0;
  for (const [index, inn] of innings.entries()) {
    const row = facts[index]!;
    await writer.startInnings(live.id, {
      inningsNo: inn.inningsNo,
      battingTeam: inn.battingTeam,
      superOver: inn.superOver,
      declared: row.declared,
      forfeited: row.forfeited,
      targetRuns: row.target_runs,
      targetBalls: row.target_balls,
      penaltyRunsPre: inn.penaltyRunsPre,
      penaltyRunsPost: inn.penaltyRunsPost,
      absentHurt: row.absent_hurt,
      calledOvers: inn.calledOvers && inn.calledOvers.length > 0 ? [...inn.calledOvers] : null,
      powerplays: [],
    });
    let runs = inn.penaltyRunsPre;
    for (const delivery of inn.deliveries) {
      // The live match's scorecard is in the cache before each ball, as it would be with fans watching.
      await services.matchCentre.scorecard(LIVE_MATCH, 'en');
      const started = performance.now();
      await writer.appendBall(live.id, inn.inningsNo, delivery);
      writeToInvalidation.push(invalidatedAt - started);
      balls += 1;
      runs += delivery.runsTotal;
      const card = await services.matchCentre.scorecard(LIVE_MATCH, 'en');
      const shown = card!.innings.find((side) => side.inningsNo === inn.inningsNo)!;
      if (shown.runs !== runs) throw new Error(`after ball ${balls} the scorecard shows ${shown.runs}, not ${runs}`);
      const kept =
        (await services.matchCentre.scorecard(OTHER_MATCH, 'en')) === other.scorecard &&
        (await services.matchCentre.commentary(OTHER_MATCH, 'en')) === other.commentary &&
        (await services.matchCentre.detail(OTHER_MATCH, 'en')) === other.detail;
      if (kept) otherKept += 1;
    }
  }

  // Baseline: the whole match rebuilt from its deliveries, as often as there were balls (sampled).
  const rebuild: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    await db.kysely.updateTable('matches').set({ rules_version: 0 }).where('id', '=', live.id).execute();
    const started = performance.now();
    await rederive(db, (changed) => feed.publish(changed));
    rebuild.push(performance.now() - started);
  }

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const p99 = percentile(writeToInvalidation, 99);
  console.log(
    [
      `Balls appended: ${balls} (match ${LIVE_MATCH}, both innings), on PGlite with ${imported.imported} IPL matches`,
      `Write-to-invalidation: p50 ${ms(percentile(writeToInvalidation, 50))}, p99 ${ms(p99)}, max ${ms(Math.max(...writeToInvalidation))}`,
      `Match ${OTHER_MATCH}'s cached scorecard, commentary and detail kept after ${otherKept} of ${balls} balls`,
      `Baseline, the whole match rebuilt per ball: p50 ${ms(percentile(rebuild, 50))}, p99 ${ms(percentile(rebuild, 99))}`,
      `Ratio (p99 append / p99 whole-match rebuild): ${(p99 / percentile(rebuild, 99)).toFixed(2)}`,
    ].join('\n'),
  );
  if (otherKept !== balls) process.exitCode = 1;
} finally {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
