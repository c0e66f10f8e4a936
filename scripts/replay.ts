// npm run replay -- --match <match_key> [--speed <balls per minute>]   Plays a stored match
// again as a live match (labelled 'Replay'), through the live engine, at the given speed
// (default LIVE_REPLAY_SPEED; 0 as fast as it writes). Prints the replay's key, then one line a ball.
// Beside servers on PostgreSQL: they see every ball through the change feed; with REDIS_URL the
// events reach their fans' sockets too (this process emits into the rooms through Redis).
// Exit status: 0 done, 1 bad arguments or unknown match, 3 the embedded database is in use by
// another process (a running server: use its LIVE_REPLAYS instead).
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../src/server/config.ts';
import { runCommand } from './command.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { openChangeFeed } from '../src/server/feed/open-feed.ts';
import { createServices } from '../src/server/services/index.ts';
import { attachRealtime } from '../src/server/realtime/index.ts';
import { SocketBroadcaster } from '../src/server/realtime/match-broadcaster.ts';
import { createLive } from '../src/server/realtime/fan-out.ts';
import { createReplay, playReplay } from '../src/server/jobs/replay.ts';
import { loggerOptions } from '../src/server/logging.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  const { values } = parseArgs({ options: { match: { type: 'string' }, speed: { type: 'string' } } });
  const speed = values.speed === undefined ? config.LIVE_REPLAY_SPEED : Number(values.speed);
  if (!values.match || !Number.isFinite(speed) || speed < 0) {
    console.error('Usage: npm run replay -- --match <match_key> [--speed <balls per minute, 0 = no pause>]');
    return 1;
  }
  const logger = pino(loggerOptions(config.LOG_LEVEL));
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const feed = await openChangeFeed({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL, logger });
  // Socket.IO without a listening server: with Redis its emits reach the servers' rooms.
  const realtime = config.REDIS_URL ? await attachRealtime(createServer(), logger, { redisUrl: config.REDIS_URL }) : null;
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  try {
    await migrateToLatest(db);
    const services = createServices(db, feed);
    const broadcaster = new SocketBroadcaster();
    if (realtime) broadcaster.attach(realtime.io);
    const engine = createLive({ db, services, broadcaster, logger });
    const known = await services.matchCentre.detail(values.match, 'en');
    if (!known) {
      console.error(`No match ${values.match}.`);
      return 1;
    }
    const replayKey = await createReplay(db, engine, values.match);
    console.log(`Replaying ${values.match} as ${replayKey} at ${speed} balls a minute.`);
    await playReplay(db, engine, values.match, replayKey, { ballsPerMinute: speed, signal: stop.signal, onBall: (ballKey) => console.log(ballKey) });
    console.log(stop.signal.aborted ? `Stopped; the server's replay keeper can go on with ${replayKey}.` : `Replay ${replayKey} is over.`);
    return 0;
  } finally {
    await realtime?.close();
    await feed.close();
    await db.close();
  }
}

await runCommand(main);
