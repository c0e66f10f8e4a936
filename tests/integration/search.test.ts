// Search (issue 10 §4) on real Cricsheet matches: the index the write path keeps, the ranking
// and GET user/v1/search, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/app.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { refreshSearchIndex } from '../../src/server/store/search-index.ts';
import { ImportWriter } from '../../src/server/store/import-writer.ts';
import { prepareMatch } from '../../src/server/ingest/normalise.ts';
import { checkingContract } from '../helpers/api-contract.ts';
import { testDatabaseUrl } from '../helpers/shared-data.ts';
import { emptiedPostgres } from '../helpers/test-db.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/cricsheet');
const registry = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { info: { registry: { people: Record<string, string> } } }).info.registry.people;
const kohliKey = registry(path.join(fixtures, '335982.json'))['V Kohli']!;
const bumrahKey = registry(path.join(fixtures, 'real/1415708.json'))['JJ Bumrah']!;

interface Hit {
  kind: string;
  key: string;
  name: string;
  detail: string | null;
  matches: number;
  url: string;
}

const targets: { name: string; open: () => Promise<Db> }[] = [{ name: 'PGlite', open: () => openDatabase({ dataDir: 'memory://' }) }];
if (testDatabaseUrl) {
  const url = testDatabaseUrl;
  targets.push({ name: 'PostgreSQL', open: () => emptiedPostgres(url) });
}

describe.each(targets)('search on $name', ({ open }) => {
  let db: Db;
  let app: FastifyInstance;
  let services: Services;
  let folder: string;

  /** A folder holding these fixture files (the importer reads folders and archives). */
  async function folderOf(...files: string[]): Promise<string> {
    const dir = await mkdtemp(path.join(folder, 'f-'));
    for (const file of files) await copyFile(path.join(fixtures, file), path.join(dir, file));
    return dir;
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'search-it-'));
    db = await open();
    await migrateToLatest(db);
    // Everything but the 2008 opener, which comes later to show the write path keeping the index.
    const summary = await importSources(db, [path.join(fixtures, 'e2e'), path.join(fixtures, 'real'), await folderOf('336040.json')]);
    expect(summary.skipped).toEqual([]);
    services = createServices(db);
    app = checkingContract(await buildApp({ services, logger: pino({ level: 'silent' }) }));
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
    await rm(folder, { recursive: true, force: true });
  });

  async function search(q: string, extra = ''): Promise<Hit[]> {
    const response = await app.inject({ method: 'GET', url: `/user/v1/search?q=${encodeURIComponent(q)}${extra}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Hit[] }).data;
  }

  it('finds a player by surname, full name, initials and accents, the one with most matches first', async () => {
    for (const q of ['kohli', 'Kohli', 'virat kohli', 'V Kohli', 'v. kohli', 'kóhli', 'koh']) {
      const [first] = await search(q);
      expect(first, q).toMatchObject({ kind: 'player', key: kohliKey, name: 'V Kohli', url: `/getMatchList/playerInformation?player_key=${kohliKey}` });
    }
    const kohlis = await search('kohli');
    // T Kohli (Kings XI Punjab, 2008) played one of these matches; V Kohli more.
    expect(kohlis.map((hit) => hit.name)).toEqual(['V Kohli', 'T Kohli']);
    expect(kohlis[0]!.matches).toBeGreaterThan(kohlis[1]!.matches);
    for (const q of ['bumrah', 'jasprit bumrah', 'JJ Bumrah']) expect((await search(q))[0], q).toMatchObject({ key: bumrahKey, name: 'JJ Bumrah' });
  });

  it('finds teams, tournaments and venues, and links each to a page', async () => {
    expect((await search('mumbai indians'))[0]).toMatchObject({ kind: 'team', name: 'Mumbai Indians', url: '/series/indian-premier-league-2026?tab=squads&team=mumbai-indians' });
    expect((await search('ashes'))[0]).toMatchObject({ kind: 'tournament', name: 'The Ashes 2026' });
    expect((await search('ashes'))[0]!.url).toMatch(/^\/series\/the-ashes-2025-26/);
    const [venue] = await search('wankhede');
    expect(venue).toMatchObject({ kind: 'venue', detail: 'Mumbai' });
    expect(venue!.url).toMatch(/^\/getMatchList\/\d+$/);
    // Hindi pages get Hindi links.
    expect((await search('royal challengers', '&lang=hi'))[0]!.url).toMatch(/^\/hi\/series\/indian-premier-league-2026\?/);
    // Exactly the name asked for comes before names that only start with it.
    expect((await search('india'))[0]).toMatchObject({ kind: 'team', name: 'India' });
  });

  it('finds nothing for what matches no word start but a forgiven typo, and a lone letter never stands for an initial', async () => {
    // 'ohli' starts no word; one letter short of 'kohli', it finds him as a typo, after anything found as typed.
    const ohli = await search('ohli');
    expect(ohli.every((hit) => (hit as Hit & { typo: boolean }).typo)).toBe(true);
    expect(ohli.map((hit) => hit.key)).toContain(kohliKey);
    expect(await search('zzzz')).toEqual([]);
    expect(await search('virat')).toEqual([]);
    // The last word is read as a surname, never an initial.
    expect(await search('kohli virat')).toEqual([]);
    expect(await search('%')).toEqual([]);
    // A ground's name is shown without its city, which is its detail ('Eden Gardens', 'Kolkata').
    expect((await search('k', '&limit=30')).every((hit) => `${hit.name} ${hit.detail ?? ''}`.split(/[\s,.'-]+/).some((word) => word.toLowerCase().startsWith('k')))).toBe(true);
  });

  it('keeps the index as matches are written and written again', async () => {
    const before = (await search('kohli'))[0]!.matches;
    const opener = await folderOf('335982.json');
    // Imported as the server does: publishing on the services' feed, which drops cached answers.
    const publish = { publish: (changed: string[]) => services.feed.publish(changed) };
    expect((await importSources(db, [opener], publish)).imported).toBe(1);
    expect((await search('kohli'))[0]!.matches).toBe(before + 1);
    // The opener's side is now in the index: Kolkata Knight Riders' matches went up too.
    const kkr = (await search('kolkata knight riders'))[0]!;
    // RCB played it as Royal Challengers Bangalore: the former name finds the team as it is called now.
    expect((await search('royal challengers bangalore'))[0]).toMatchObject({ kind: 'team', name: 'Royal Challengers Bengaluru' });
    // A second import of the same match (a revision) does not count it twice.
    await sql`update matches set source_sha1 = 'x', revision = 0 where id = 335982`.execute(db.kysely);
    expect((await importSources(db, [opener], publish)).replaced).toBe(1);
    expect((await search('kohli'))[0]!.matches).toBe(before + 1);
    expect((await search('kolkata knight riders'))[0]!.matches).toBe(kkr.matches);

    // What the writes kept, batch by batch (new matches counted in, replaced ones recounted),
    // is what a full recount from the stored matches reads.
    const rows = () => sql`select * from search_entries order by kind, entity_id`.execute(db.kysely).then((result) => result.rows);
    const kept = await rows();
    expect(kept.length).toBeGreaterThan(300);
    await sql`truncate search_entries`.execute(db.kysely);
    await db.bulkTransaction((tx) => refreshSearchIndex(tx.kysely, null));
    expect(await rows()).toEqual(kept);
  });

  it('keeps the index for single writes (scorer, corrections) and finishes an import cut short', async () => {
    const rows = () => sql`select * from search_entries order by kind, entity_id`.execute(db.kysely).then((result) => result.rows);
    const recount = async () => {
      await sql`truncate search_entries`.execute(db.kysely);
      await db.bulkTransaction((tx) => refreshSearchIndex(tx.kysely, null));
      return rows();
    };
    const file = path.join(fixtures, 'real/1415708.json');
    const { write } = prepareMatch('1415708.json', readFileSync(file), 'single-write');
    const bumrah = () =>
      sql<{ matches: number }>`select matches from search_entries where kind = 'player' and key = ${bumrahKey}`
        .execute(db.kysely)
        .then((result) => result.rows[0]?.matches ?? 0);
    await sql`delete from matches where id = 1415708`.execute(db.kysely);
    const without = await recount();
    const matchesWithout = await bumrah();

    // A write outside a bulk import refreshes the rows of what it wrote in its own transaction.
    await new ImportWriter(db, () => undefined).writeMatches([write]);
    expect(await bumrah()).toBe(matchesWithout + 1);
    const written = await rows();
    expect(await recount()).toEqual(written);

    // A bulk import leaves them to its end: until then the rows are those before it, and a mark says so.
    await sql`delete from matches where id = 1415708`.execute(db.kysely);
    expect(await recount()).toEqual(without);
    const cutShort = new ImportWriter(db, () => undefined);
    cutShort.beginBulkImport();
    await cutShort.writeMatches([write]);
    expect(await rows()).toEqual(without);
    expect(Number((await sql<{ n: number }>`select count(*) as n from search_pending`.execute(db.kysely)).rows[0]!.n)).toBe(1);
    // The process stops there (the mark is never touched again); the next import, even one that
    // writes nothing, rebuilds every row. It keeps the mark while it may be an import running
    // elsewhere, and drops it once no batch has touched it for half an hour.
    const pending = async () => Number((await sql<{ n: number }>`select count(*) as n from search_pending`.execute(db.kysely)).rows[0]!.n);
    expect((await importSources(db, [await folderOf('336040.json')])).unchanged).toBe(1);
    expect(await rows()).toEqual(written);
    expect(await pending()).toBe(1);
    await sql`update search_pending set touched_at = now() - interval '1 hour'`.execute(db.kysely);
    expect((await importSources(db, [await folderOf('336040.json')])).unchanged).toBe(1);
    expect(await rows()).toEqual(written);
    expect(await pending()).toBe(0);
  });

  it("keeps a bulk import's list when its finish fails, and builds the rows on the next finish", async () => {
    const rows = () => sql`select * from search_entries order by kind, entity_id`.execute(db.kysely).then((result) => result.rows);
    const { write } = prepareMatch('1415708.json', readFileSync(path.join(fixtures, 'real/1415708.json')), 'flaky-finish');
    await sql`delete from matches where id = 1415708`.execute(db.kysely);
    await db.bulkTransaction((tx) => refreshSearchIndex(tx.kysely, null));
    const before = await rows();
    // The database refuses the finish's transaction once (a dropped connection, say).
    let refuse = false;
    const flaky = Object.assign(Object.create(db) as typeof db, {
      bulkTransaction: ((work) => {
        if (!refuse) return db.bulkTransaction(work);
        refuse = false;
        return Promise.reject(new Error('connection lost'));
      }) as typeof db.bulkTransaction,
    });
    const writer = new ImportWriter(flaky, () => undefined);
    writer.beginBulkImport();
    await writer.writeMatches([write]);
    refuse = true;
    await expect(writer.finishBulkImport()).rejects.toThrow('connection lost');
    expect(await rows()).toEqual(before);
    await writer.finishBulkImport();
    const after = await rows();
    expect(after).not.toEqual(before);
    await db.bulkTransaction((tx) => refreshSearchIndex(tx.kysely, null));
    expect(await rows()).toEqual(after);
  });

  it('answers bad queries with a 4xx in the error shape', async () => {
    const cases: [string, string][] = [
      ['/user/v1/search', 'q is required'],
      ['/user/v1/search?q=', 'q is required'],
      ['/user/v1/search?q=%20%20', 'q is required'],
      [`/user/v1/search?q=${'a'.repeat(81)}`, 'q must be at most 80 characters'],
      ['/user/v1/search?q=a&q=b', 'q must be a single value'],
      ['/user/v1/search?q=%00kohli', 'q must not contain control characters'],
      ['/user/v1/search?q=kohli&limit=0', 'limit must be between 1 and 30'],
      ['/user/v1/search?q=kohli&limit=31', 'limit must be between 1 and 30'],
      ['/user/v1/search?q=kohli&lang=fr', 'lang must be en or hi'],
    ];
    for (const [url, message] of cases) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ status: false, message, errMsg: message, data: null });
    }
  });
});
