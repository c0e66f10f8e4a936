// The live tests' world: the IPL 2008 opener (tests/fixtures/cricsheet/335982.json) imported, so
// its two sides and people are known, and the live engine pushing to a real Socket.IO server on a
// random loopback port, with catch-up from the engine's log.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { attachRealtime, type RealtimeOptions } from '../../src/server/realtime/index.ts';
import { createLive, type Live } from '../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../src/server/realtime/match-broadcaster.ts';

export const OPENER = path.resolve(import.meta.dirname, '../fixtures/cricsheet/335982.json');

const info = (JSON.parse(readFileSync(OPENER, 'utf8')) as { info: { registry: { people: Record<string, string> }; players: Record<string, string[]> } }).info;

/** A person of the opener by name: their registry key. */
export const openerKey = (name: string): string => info.registry.people[name]!;

/** The opener's sides by name, in batting order: Kolkata Knight Riders, Royal Challengers Bangalore. */
export const [openerKkr, openerRcb] = Object.values(info.players) as [string[], string[]];

export interface LiveServer {
  services: Services;
  engine: Live;
  /** The Socket.IO server's address. */
  url: string;
  close(): Promise<void>;
}

/** The opener imported into `db`, then the live engine behind a Socket.IO server. Closes the database too. */
export async function startLiveServer(db: Db, realtimeOptions: Pick<RealtimeOptions, 'socketsPerAddress' | 'trustProxyHops'> = {}): Promise<LiveServer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'live-server-'));
  await copyFile(OPENER, path.join(folder, path.basename(OPENER)));
  const services = createServices(db);
  await importSources(db, [folder], { publish: (tags) => services.feed.publish(tags) });
  await rm(folder, { recursive: true, force: true });
  const broadcaster = new SocketBroadcaster();
  const engine = createLive({ db, services, broadcaster });
  const server = createServer();
  const realtime = await attachRealtime(server, pino({ level: 'silent' }), { catchUp: (match, after) => engine.catchUp(match, after), ...realtimeOptions });
  broadcaster.attach(realtime.io);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    services,
    engine,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await realtime.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}
