// Reading one file of a source: an entry or file larger than any match file is refused, whatever
// its zip headers claim, without inflating more than the cap.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, openSource, readLocation, type SourceEntry } from '../../../src/server/ingest/sources.ts';
import { deflatedEntry, writeZip, zerosBomb } from '../../helpers/zip-writer.ts';

async function entriesOf(source: string): Promise<SourceEntry[]> {
  const opened = await openSource(source);
  const entries: SourceEntry[] = [];
  for await (const entry of opened.entries()) entries.push(entry);
  await opened.close();
  return entries;
}

describe('reading a source file', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sources-'));
  });
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('refuses a zip entry that inflates past 64 MB, whether its headers admit it or lie, and reads the others', async () => {
    const archive = await writeZip(path.join(tmp, 'mixed.zip'), {
      'honest.json': zerosBomb(80),
      'liar.json': zerosBomb(80, 1234),
      'ok.json': deflatedEntry('{"a":1}'),
    });
    const results = (await entriesOf(archive)).map(({ name, location }) => {
      try {
        return readLocation(name, location).toString();
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(results).toEqual([
      'entry honest.json of mixed.zip is larger than 64 MB, more than any match file holds',
      'entry liar.json of mixed.zip is larger than 64 MB, more than any match file holds',
      '{"a":1}',
    ]);
  });

  it('reads an entry right at the cap, and refuses a folder file one byte over it', async () => {
    const folder = path.join(tmp, 'folder');
    const archive = await writeZip(path.join(tmp, 'edge.zip'), { 'edge.json': zerosBomb(MAX_FILE_BYTES / (1024 * 1024)) });
    const [edge] = await entriesOf(archive);
    expect(readLocation(edge!.name, edge!.location).length).toBe(MAX_FILE_BYTES);
    await mkdir(folder);
    await writeFile(path.join(folder, 'big.json'), Buffer.alloc(MAX_FILE_BYTES + 1));
    const [big] = await entriesOf(folder);
    expect(() => readLocation(big!.name, big!.location)).toThrow('file big.json is larger than 64 MB');
  });
});
