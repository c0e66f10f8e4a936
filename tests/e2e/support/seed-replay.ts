// Adds a live replay to the live end-to-end database before its server starts: the IPL match
// 1529312 played again through the live engine, its first innings and about 4 overs of the chase
// bowled, then left in play (the server runs no replays of its own: LIVE_REPLAYS=0). Its key
// goes to REPLAY_SEED_FILE for the Summary tab's tests.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { createLive } from '../../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../../src/server/realtime/match-broadcaster.ts';
import { createReplay, playReplay } from '../../../src/server/jobs/replay.ts';
import { REPLAY_SEED_FILE } from './seed-replay-key.ts';

/** The source's first innings (20 overs and its extras) and about 4 overs of the chase. */
const REPLAY_BALLS = 150;

const config = loadConfig();
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const services = createServices(db);
  const engine = createLive({ db, services, broadcaster: new SocketBroadcaster() });
  const replayKey = await createReplay(db, engine, '1529312');
  const stop = new AbortController();
  let balls = 0;
  await playReplay(db, engine, '1529312', replayKey, {
    ballsPerMinute: 0,
    signal: stop.signal,
    onBall: () => {
      if ((balls += 1) >= REPLAY_BALLS) stop.abort();
    },
  });
  await mkdir(path.dirname(REPLAY_SEED_FILE), { recursive: true });
  await writeFile(REPLAY_SEED_FILE, JSON.stringify({ replayKey }));
} finally {
  await db.close();
}
