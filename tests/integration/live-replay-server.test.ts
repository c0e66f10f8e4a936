// A fresh install shows live cricket at once: the server started with LIVE_REPLAYS=1 on a
// database of real matches plays a replay, and a fan's socket hears its balls. The server is
// the real entry point (src/server/main.ts) in its own process, on an embedded database.
import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connectClient } from 'socket.io-client';
import { expect, it } from 'vitest';
import { cardEvent, commentoryEvent, type CardEvent, type CommentoryEvent } from '../../src/server/wire/schemas/realtime.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { expectToMatchSchema } from '../helpers/api-contract.ts';
import { migratedDataFolder } from '../helpers/test-db.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const opener = path.resolve(import.meta.dirname, '../fixtures/cricsheet/335982.json');

it('a server with LIVE_REPLAYS=1 plays a replay of a stored T20 and pushes its balls', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'live-replay-server-'));
  const sources = path.join(dataDir, 'sources');
  await mkdir(sources);
  await copyFile(opener, path.join(sources, '335982.json'));
  await migratedDataFolder(dataDir);
  const db = await openDatabase({ dataDir });
  await importSources(db, [sources]);
  await db.close();

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir,
      IMPORT_ON_START: 'false', LIVE_REPLAYS: '1', LIVE_REPLAY_SPEED: '300',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(() => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1], { timeout: 30_000 }).toBeDefined();
    const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
    const fan = connectClient(address, { transports: ['websocket'] });
    const cards: CardEvent[] = [];
    const balls: CommentoryEvent[] = [];
    fan.on('card', (card: CardEvent) => {
      cards.push(card);
      // The replay's card names its key: the fan opens it.
      if (cards.length === 1) fan.emit('sub', { match_key: card.match.match_key });
    });
    fan.on('commentory', (event: CommentoryEvent) => balls.push(event));
    fan.on('connect', () => fan.emit('sub_home'));
    try {
      await expect.poll(() => balls.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
      for (const card of cards) expectToMatchSchema(cardEvent, card, 'card');
      // A fan connected before the replay was made hears its fixture card first, then the live one.
      expect(cards.every((card) => card.match.is_replay)).toBe(true);
      expect(cards.map((card) => card.match.status)).toContain('started');
      for (const event of balls) expectToMatchSchema(commentoryEvent, event, 'commentory');
      // Consecutive: a ball every other event (commentory, then score).
      const sequences = balls.map((event) => event.sequence);
      expect(sequences.slice(1).map((sequence, index) => sequence - sequences[index]!)).toEqual(sequences.slice(1).map(() => 2));
    } finally {
      fan.close();
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('replay started');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
