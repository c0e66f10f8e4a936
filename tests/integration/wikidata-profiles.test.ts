// npm run profiles:wikidata's builder against answers in Wikidata's and Commons' documented
// formats (tests/fixtures/wikidata), served by a local HTTP server: the real code asks a local URL,
// no test reaches out. Batched, polite (spaced requests, Retry-After honoured), cached and so
// resumable; the file it writes is the profile format, which profiles:import reads.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { importProfiles, importRegister } from '../../src/server/ingest/people-import.ts';
import { buildWikidataProfiles, profileJsonLines, profileQuery, type WikidataPerson } from '../../src/server/ingest/wikidata-profiles.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/wikidata');
const PEOPLE: WikidataPerson[] = [
  { registryId: 'ba607b88', cricinfoIds: ['253802'] },
  { registryId: '740742ef', cricinfoIds: ['34102'] },
  { registryId: '462411b3', cricinfoIds: ['625383'] },
  { registryId: '5d2eda89', cricinfoIds: ['597806'] },
  { registryId: '4a8a2e3b', cricinfoIds: ['28081'] },
  // Registered, with an ESPNcricinfo id no Wikidata item carries.
  { registryId: 'eb9082b2', cricinfoIds: ['1190585'] },
];

interface Seen {
  at: number;
  method: string;
  path: string;
  userAgent: string;
  ids: string[];
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('profiles from Wikidata (local endpoints)', () => {
  let server: Server;
  let base: string;
  let folder: string;
  const seen: Seen[] = [];
  let throttleNext = false;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'wikidata-'));
    const sparql = JSON.parse(await readFile(path.join(fixtures, 'sparql.json'), 'utf8')) as { head: unknown; results: { bindings: { cricinfo: { value: string } }[] } };
    const commons = await readFile(path.join(fixtures, 'commons.json'), 'utf8');
    server = createServer((request, response) => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://local');
        const text = request.method === 'POST' ? await body(request) : '';
        const query = new URLSearchParams(text).get('query') ?? '';
        const ids = [...query.matchAll(/"(\d+)"/g)].map((match) => match[1]!);
        seen.push({ at: Date.now(), method: request.method ?? '', path: url.pathname, userAgent: String(request.headers['user-agent']), ids });
        if (throttleNext) {
          throttleNext = false;
          response.writeHead(429, { 'retry-after': '1' }).end('slow down');
          return;
        }
        if (url.pathname === '/sparql') {
          const bindings = sparql.results.bindings.filter((row) => ids.includes(row.cricinfo.value));
          response.writeHead(200, { 'content-type': 'application/sparql-results+json' }).end(JSON.stringify({ head: sparql.head, results: { bindings } }));
        } else if (url.pathname === '/w/api.php' && url.searchParams.get('prop') === 'imageinfo') {
          response.writeHead(200, { 'content-type': 'application/json' }).end(commons);
        } else response.writeHead(404).end();
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  const options = (cacheDir: string) => ({
    sparqlUrl: `${base}/sparql`,
    commonsUrl: `${base}/w/api.php`,
    cacheDir,
    batchSize: 2,
    minIntervalMs: 150,
    userAgent: 'Crease-profiles/test',
  });

  it('asks in batches, spaced, waits when told to, and writes the profile format', async () => {
    const cacheDir = path.join(folder, 'cache');
    throttleNext = true;
    const summary = await buildWikidataProfiles(PEOPLE, options(cacheDir));
    const sparqlAsks = seen.filter((entry) => entry.path === '/sparql');
    // Six ids in batches of two: three queries, one of them asked again after the 429.
    expect(sparqlAsks.map((entry) => entry.ids.length)).toEqual([2, 2, 2, 2]);
    expect(sparqlAsks[0]!.ids).toEqual(sparqlAsks[1]!.ids);
    expect(sparqlAsks[1]!.at - sparqlAsks[0]!.at).toBeGreaterThanOrEqual(950);
    // Spaced by the client at least 150 ms apart; seen here on arrival, where a loaded machine may
    // deliver one late and the next on time: each gap keeps most of it, and all of them add up.
    for (let at = 1; at < seen.length; at++) expect(seen[at]!.at - seen[at - 1]!.at).toBeGreaterThanOrEqual(100);
    expect(seen.at(-1)!.at - seen[0]!.at).toBeGreaterThanOrEqual((seen.length - 1) * 140);
    expect(seen.every((entry) => entry.userAgent === 'Crease-profiles/test')).toBe(true);
    expect(summary.requests).toBe(seen.length);

    const byId = new Map(summary.profiles.map((profile) => [profile.registry_id, profile]));
    expect(byId.get('ba607b88')).toEqual({
      registry_id: 'ba607b88',
      cricinfo_id: '253802',
      full_name: 'Virat Kohli',
      known_as: 'Virat Kohli',
      date_of_birth: '1988-11-05',
      birthplace: 'Delhi',
      country: 'India',
      playing_role: 'batter',
      bowling_style: null,
      name_hi: 'विराट कोहली',
      photo_url: 'https://upload.wikimedia.org/wikipedia/commons/thumb/a/ab/Virat_Kohli_portrait.jpg/400px-Virat_Kohli_portrait.jpg',
      photo_licence: 'CC BY-SA 4.0',
      photo_author: 'A. Photographer',
      photo_page: 'https://commons.wikimedia.org/wiki/File:Virat_Kohli_portrait.jpg',
      source: 'Wikidata Q213854',
    });
    // A photo under a licence the site does not accept (GODL-India) is left out, the facts kept.
    expect(byId.get('740742ef')).toMatchObject({ date_of_birth: '1987-04-30', name_hi: 'रोहित शर्मा', photo_url: null, photo_licence: null });
    expect(byId.get('462411b3')).toMatchObject({ bowling_style: 'right-arm fast', photo_licence: 'CC BY 2.0', photo_author: 'Another Photographer' });
    // A year alone is no date of birth.
    expect(byId.get('5d2eda89')).toMatchObject({ date_of_birth: null, birthplace: 'Mumbai' });
    // Dhoni's id is on two items: left out rather than guessed. Nobody carries eb9082b2's id.
    expect(byId.has('4a8a2e3b')).toBe(false);
    expect(summary.ambiguous).toEqual(['28081']);
    expect(byId.has('eb9082b2')).toBe(false);
    expect(summary.photosRefused).toBe(1);
    expect(summary.profiles).toHaveLength(4);
  });

  it('resumes from its cache: a second run asks nothing already answered', async () => {
    const cacheDir = path.join(folder, 'cache');
    const before = seen.length;
    const again = await buildWikidataProfiles(PEOPLE, options(cacheDir));
    expect(seen.length).toBe(before);
    expect(again.requests).toBe(0);
    expect(again.fromCache).toBe(4);
    // A run cut short: one answer lost, only that one is asked again.
    const [first] = (await readdir(cacheDir)).sort();
    await rm(path.join(cacheDir, first!));
    const resumed = await buildWikidataProfiles(PEOPLE, options(cacheDir));
    expect(resumed.requests).toBe(1);
    expect(resumed.profiles).toEqual(again.profiles);
  });

  it('writes a file profiles:import reads: the normalised styles, the Hindi name, the credited photo', async () => {
    const summary = await buildWikidataProfiles(PEOPLE, options(path.join(folder, 'cache')));
    const file = path.join(folder, 'wikidata-profiles.jsonl');
    await writeFile(file, profileJsonLines(summary.profiles));
    const db: Db = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrateToLatest(db);
      const register = path.join(folder, 'people.csv');
      await writeFile(
        register,
        'identifier,name,unique_name,key_cricinfo\nba607b88,V Kohli,V Kohli,253802\n740742ef,RG Sharma,RG Sharma,34102\n462411b3,JJ Bumrah,JJ Bumrah,625383\n5d2eda89,S Mandhana,S Mandhana,597806\n',
      );
      await importRegister(db, { people: register }, { publish: () => undefined });
      const imported = await importProfiles(db, file, { publish: () => undefined });
      expect(imported).toMatchObject({ rows: 4, written: 4, unknown: 0, problems: [] });
      const rows = await db.kysely.selectFrom('player_profiles').selectAll().orderBy('registry_id').execute();
      expect(rows.find((row) => row.registry_id === '462411b3')).toMatchObject({ bowling_style: 'Right-arm fast', source: 'Wikidata Q16227998' });
      expect(rows.find((row) => row.registry_id === 'ba607b88')).toMatchObject({ playing_role: 'Batter', name_hi: 'विराट कोहली', photo_licence: 'CC BY-SA 4.0' });
    } finally {
      await db.close();
    }
  });

  it('asks for every fact the profile format takes, by ESPNcricinfo id (P2697)', () => {
    const query = profileQuery(['253802', '34102']);
    expect(query).toContain('VALUES ?cricinfo { "253802" "34102" }');
    for (const property of ['P2697', 'P1477', 'P569', 'P19', 'P1532', 'P18', 'P413', 'P2545']) expect(query).toContain(property);
    expect(query).toContain('wikibase:timePrecision');
  });
});
