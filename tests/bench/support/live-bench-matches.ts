// The matches npm run bench:live scores through the ingest API: a PostgreSQL database emptied and
// migrated, the players of a real T20 (tests/fixtures/cricsheet/335982.json, KKR v RCB, IPL 2008)
// imported, a scorer with an API token, and one fixture per run with its toss made and first
// innings started. Each run sends that match's real first-innings deliveries, players by key.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../../src/server/db/client.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { importSources } from '../../../src/server/ingest/importer.ts';
import { SocketBroadcaster } from '../../../src/server/realtime/match-broadcaster.ts';
import type { CricsheetBall } from '../../../src/server/live/cricsheet-ball.ts';
import { createLive } from '../../../src/server/realtime/fan-out.ts';
import { ScorerTokens } from '../../../src/server/live/scorer-tokens.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { createUser } from '../../helpers/accounts.ts';
import { t20Fixture } from '../../helpers/live-fixture.ts';

const source = path.resolve(import.meta.dirname, '../../fixtures/cricsheet/335982.json');

interface CricsheetDelivery {
  batter: string;
  non_striker: string;
  bowler: string;
  runs: { batter: number; extras: number; total: number };
  extras?: CricsheetBall['extras'];
  wickets?: { player_out: string; kind: string; fielders?: { name: string }[] }[];
}
interface CricsheetFile {
  info: { registry: { people: Record<string, string> }; players: Record<string, string[]> };
  innings: { overs: { deliveries: CricsheetDelivery[] }[] }[];
}

export interface BenchMatch {
  key: string;
  /** The deliveries to send, in order (ingest sequence = index + 1). */
  balls: CricsheetBall[];
}

export async function prepareBenchMatches(databaseUrl: string, count: number): Promise<{ token: string; matches: BenchMatch[] }> {
  const file = JSON.parse(readFileSync(source, 'utf8')) as CricsheetFile;
  const keyOf = (name: string) => file.info.registry.people[name]!;
  const balls = file.innings[0]!.overs.flatMap((over) =>
    over.deliveries.map(
      (delivery): CricsheetBall => ({
        batter: keyOf(delivery.batter),
        non_striker: keyOf(delivery.non_striker),
        bowler: keyOf(delivery.bowler),
        runs: delivery.runs,
        ...(delivery.extras ? { extras: delivery.extras } : {}),
        ...(delivery.wickets
          ? {
              wickets: delivery.wickets.map((wicket) => ({
                player_out: keyOf(wicket.player_out),
                kind: wicket.kind as NonNullable<CricsheetBall['wickets']>[number]['kind'],
                ...(wicket.fielders ? { fielders: wicket.fielders.map((fielder) => ({ key: keyOf(fielder.name) })) } : {}),
              })),
            }
          : {}),
      }),
    ),
  );
  const [home, away] = Object.entries(file.info.players) as [[string, string[]], [string, string[]]];

  const db = await openDatabase({ url: databaseUrl, dataDir: '' });
  const folder = await mkdtemp(path.join(os.tmpdir(), 'live-bench-'));
  try {
    await sql`drop schema public cascade; create schema public`.execute(db.kysely);
    await migrateToLatest(db);
    await copyFile(source, path.join(folder, path.basename(source)));
    await importSources(db, [folder]);
    const scorer = await createUser(db, '9000000001', 'bench1', 'scorer');
    const { token } = (await new ScorerTokens(db).create(scorer, 'bench:live'))!;
    // Set up before any server runs: the broadcaster reaches no socket.
    const engine = createLive({ db, services: createServices(db), broadcaster: new SocketBroadcaster() });
    const matches: BenchMatch[] = [];
    for (let index = 0; index < count; index += 1) {
      const { matchKey } = await engine.createFixture(t20Fixture({
        tournament: { name: 'Bench Live Cup' },
        teams: [{ name: home[0] }, { name: away[0] }],
        venue: { name: 'Eden Gardens', city: 'Kolkata' },
        squads: { a: home[1].map((name) => ({ key: keyOf(name) })), b: away[1].map((name) => ({ key: keyOf(name) })) },
      }));
      await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
      await engine.startInnings(matchKey, { battingSide: 'a' });
      matches.push({ key: matchKey, balls });
    }
    return { token, matches };
  } finally {
    await db.close();
    await rm(folder, { recursive: true, force: true });
  }
}
