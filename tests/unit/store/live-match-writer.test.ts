import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/client.ts';
import { DatabaseLockedError } from '../../../src/server/db/pglite-lock.ts';
import { RULES_VERSION } from '../../../src/server/domain/rules-version.ts';
import { importSources } from '../../../src/server/ingest/importer.ts';
import { LiveMatchWriter } from '../../../src/server/store/live-match-writer.ts';
import { rederive } from '../../../src/server/store/rederive-writer.ts';
import { readStoredInnings } from '../../../src/server/store/stored-deliveries.ts';
import { fantasyFromScorecards } from '../../../src/server/store/fantasy-rows.ts';
import { freshDatabase, queryNumber, queryRows } from '../../helpers/test-db.ts';
import { inningsFacts } from '../../helpers/innings-facts.ts';

const realMatches = fileURLToPath(new URL('../../fixtures/cricsheet/real', import.meta.url));
const fantasyMatches = fileURLToPath(new URL('../../fixtures/cricsheet/fantasy', import.meta.url));

/** Every derived row of the database, in a stable order, to compare two ways of writing them. */
async function derivedRows(db: Db, matchId?: number) {
  const where = matchId === undefined ? '' : `where match_id = ${matchId}`;
  return {
    innings: await queryRows(db, `select match_id, innings_no, runs, wickets, legal_balls, called_balls, byes, legbyes, wides, noballs, penalty from innings ${where} order by 1, 2`),
    batting: await queryRows(db, `select * from batting_innings ${where} order by match_id, innings_no, position`),
    bowling: await queryRows(db, `select * from bowling_innings ${where} order by match_id, innings_no, position`),
    falls: await queryRows(db, `select * from fall_of_wickets ${where} order by match_id, innings_no, wicket_no`),
    stands: await queryRows(db, `select * from partnerships ${where} order by match_id, innings_no, position`),
    balls: await queryRows(db, `select match_id, innings_no, people, balls, reviews from innings_balls ${where} order by 1, 2`),
    wickets: await queryRows(db, `select match_id, innings_no, seq, position, kind, player_out_id, fielder_ids from wickets ${where} order by 1, 2, 3, 4`),
    fantasy: await queryRows(db, `select match_id, person_id, team, rules, points, lines from fantasy_points ${where} order by 1, 2`),
  };
}

describe('LiveMatchWriter', () => {
  let db: Db;
  let matchIds: number[];
  beforeAll(async () => {
    db = await freshDatabase();
    const summary = await importSources(db, [realMatches, fantasyMatches]);
    expect(summary.skipped).toEqual([]);
    matchIds = (await queryRows<{ id: number }>(db, 'select id from matches order by id')).map((row) => row.id);
  }, 60_000);
  afterAll(() => db.close());

  it('appends ball by ball to the same rows as writing whole matches, touching only that match', async () => {
    const published: string[][] = [];
    const writer = new LiveMatchWriter(db, (tags) => void published.push(tags));
    for (const matchId of matchIds) {
      const [matchKey] = (await queryRows<{ match_key: string }>(db, `select match_key from matches where id = ${matchId}`)).map((r) => r.match_key);
      const whole = await derivedRows(db, matchId);
      const stored = await readStoredInnings(db.kysely, [matchId]);
      const facts = await inningsFacts(db, matchId, stored);
      await queryRows(db, `delete from innings where match_id = ${matchId}`);
      // Rebuilt as the innings close: the last closes with the ball that decides the match.
      await queryRows(db, `delete from fantasy_points where match_id = ${matchId}`);
      // Played again ball by ball, as if live (a completed match takes no new innings).
      await queryRows(db, `update matches set status = 'started' where id = ${matchId}`);
      for (const [index, inn] of stored.entries()) {
        await writer.startInnings(matchId, facts[index]!);
        published.length = 0;
        for (const [index, delivery] of inn.deliveries.entries()) {
          await writer.appendBall(matchId, inn.inningsNo, delivery, inn.reviews.get(index + 1));
        }
        // Each ball announced its own match, never another.
        const matchTags = new Set(published.flat().filter((tag) => tag.startsWith('match:')));
        expect([...matchTags]).toEqual([`match:${matchKey}`]);
        expect(published).toHaveLength(inn.deliveries.length);
      }
      expect(await derivedRows(db, matchId)).toEqual(whole);
    }
  }, 300_000);

  it('stores the fantasy points the scorecard rows give, for every listed player', async () => {
    const computed = await fantasyFromScorecards(db.kysely, matchIds);
    for (const matchId of matchIds) {
      const stored = await queryRows<{ person_id: number; points: number; lines: unknown }>(
        db, `select person_id, points, lines from fantasy_points where match_id = ${matchId} order by person_id`,
      );
      const expected = [...computed.get(matchId)!].sort((x, y) => x.player - y.player);
      expect(stored).toEqual(expected.map((score) => ({ person_id: score.player, points: score.points, lines: score.lines })));
      expect(stored.length).toBe(await queryNumber(db, `select count(*) from match_players where match_id = ${matchId}`));
    }
    // Direct hit, thrower and SR 140 (tests/unit/domain/fantasy.test.ts), through the importer and the database.
    expect(
      await queryNumber(db, `select f.points from fantasy_points f join people p on p.id = f.person_id join matches m on m.id = f.match_id
        where p.name = 'DJ Hussey' and m.match_key like '%501254'`),
    ).toBe(49);
  });

  it('rebuilds the derived rows of matches a stale rules version wrote, and only those', async () => {
    const before = await derivedRows(db);
    const [first, second] = matchIds as [number, number];
    // An older version of the rules wrote the first match (with wrong figures); the second is current.
    await queryRows(db, `update batting_innings set runs = 999 where match_id in (${first}, ${second})`);
    await queryRows(db, `update innings set called_balls = 1 where match_id = ${first}`);
    await queryRows(db, `delete from partnerships where match_id = ${first}`);
    await queryRows(db, `update fantasy_points set points = 999 where match_id = ${first}`);
    await queryRows(db, `delete from fantasy_points where match_id = ${first} and team = 'a'`);
    await queryRows(db, `update matches set rules_version = 0 where id = ${first}`);
    expect(await rederive(db, () => undefined)).toBe(1);
    expect(await queryNumber(db, `select count(*) from matches where rules_version <> ${RULES_VERSION}`)).toBe(0);
    expect(await queryNumber(db, `select count(*) from batting_innings where runs = 999 and match_id = ${first}`)).toBe(0);
    expect(await queryNumber(db, `select count(*) from fantasy_points where points = 999 and match_id = ${first}`)).toBe(0);
    expect(await queryNumber(db, `select count(*) from fantasy_points where match_id = ${first}`)).toBe(22);
    // The current match was left alone, however wrong its rows.
    expect(await queryNumber(db, `select count(*) from batting_innings where runs = 999 and match_id = ${second}`)).toBeGreaterThan(0);
    expect(await rederive(db, () => undefined, { all: true, batchSize: 2 })).toBe(matchIds.length);
    expect(await derivedRows(db)).toEqual(before);
  }, 60_000);
});

describe('the embedded database lock', () => {
  it('refuses a second process-level open of the same DATA_DIR with what to do instead', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crease-lock-'));
    try {
      const first = await openDatabase({ dataDir });
      // A lock naming a live process other than this one stands for a running server.
      const { writeFileSync } = await import('node:fs');
      await first.close();
      writeFileSync(path.join(dataDir, 'crease.lock'), `${process.ppid}\n`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(`The embedded database in ${dataDir} is in use by process ${process.ppid}`);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/stop that process first, or set DATABASE_URL/);
      // A lock left by a process that is gone is taken over.
      writeFileSync(path.join(dataDir, 'crease.lock'), '999999999\n');
      const reopened = await openDatabase({ dataDir });
      await reopened.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
