// Adds a live match to the end-to-end database before the server starts (PGlite is one
// process's): a fixture between the two IPL sides already imported, through the live engine
// (toss, playing XIs, first innings under way, no ball yet), and a scorer with an API token
// for the ingest API; and a second fixture with only its toss made, still upcoming. The keys and
// the token go to LIVE_SEED_FILE for the fan tests.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { createLive } from '../../../src/server/realtime/fan-out.ts';
import { SocketBroadcaster } from '../../../src/server/realtime/match-broadcaster.ts';
import { ScorerTokens } from '../../../src/server/live/scorer-tokens.ts';
import { createUser } from '../../helpers/accounts.ts';
import { LIVE_SEED_FILE, type LiveSeed } from './seed-live-key.ts';
import { t20Fixture } from '../../helpers/live-fixture.ts';

const config = loadConfig();
const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const services = createServices(db);
  // No socket yet: the events are logged, and a fan catches up from the log.
  const engine = createLive({ db, services, broadcaster: new SocketBroadcaster() });
  const squad = await services.matchCentre.squad('1529312', 'en');
  if (!squad) throw new Error('seed-live: the IPL match 1529312 is not imported');
  const keys = (side: 'a' | 'b') => squad.teams[side].players.slice(0, 11).map((entry) => entry.player.key);
  const [a, b] = [keys('a'), keys('b')];
  const fixture = () => engine.createFixture(t20Fixture({
    tournament: { name: 'Crease Live Cup' },
    teams: [{ name: squad.teams.a.name }, { name: squad.teams.b.name }],
    squads: { a: a.map((key) => ({ key })), b: b.map((key) => ({ key })) },
  }));
  const { matchKey } = await fixture();
  await engine.setToss(matchKey, { winner: 'b', decision: 'field' });
  await engine.startInnings(matchKey, { battingSide: 'a' });
  const { matchKey: upcomingKey } = await fixture();
  await engine.setToss(upcomingKey, { winner: 'a', decision: 'bat' });
  const [phone, password] = ['9000000042', 'live42'];
  const scorer = await createUser(db, phone, password, 'scorer');
  const made = await new ScorerTokens(db).create(scorer, 'e2e fan tests');
  if (!made) throw new Error('seed-live: no token');
  const seed: LiveSeed = { matchKey, upcomingKey, token: made.token, phone, password, striker: a[0]!, nonStriker: a[1]!, bowler: b[10]!, next: a[2]! };
  await mkdir(path.dirname(LIVE_SEED_FILE), { recursive: true });
  await writeFile(LIVE_SEED_FILE, JSON.stringify(seed));
} finally {
  await db.close();
}
