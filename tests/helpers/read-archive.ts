// Reads the match files of a Cricsheet zip and parses them with JSON.parse, apart from the
// importer's parsing and writing, so tests can compare what the product computes with the raw
// files. The bytes come from the importer's zip reader (src/server/ingest/sources.ts), which
// checks each entry's size and CRC and has tests of its own: inflating each entry in one call, it
// read the 2024-2026 archive (700 MB of JSON) in 3.6 s of CPU where yauzl's stream took 10.7 s,
// and the *-real tests read whole archives.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openSource, UnreadableFileError } from '../../src/server/ingest/sources.ts';

/** Calls `each` with every .json entry's name and bytes, in archive order; an entry that cannot be read fails the call. */
async function eachEntry(file: string, each: (name: string, bytes: Buffer) => Promise<void> | void): Promise<void> {
  const source = await openSource(file);
  try {
    for await (const read of source.files()) {
      if (read instanceof UnreadableFileError) throw new Error(`${read.fileName}: ${read.message}`);
      await each(read.name, read.bytes);
    }
  } finally {
    await source.close();
  }
}

const idOf = (fileName: string) => Number(path.basename(fileName, '.json'));

/** Each match file of the archive, parsed, with its Cricsheet id (the file name). */
export async function readArchive<T extends object>(file: string): Promise<(T & { id: number })[]> {
  const matches: (T & { id: number })[] = [];
  await eachEntry(file, (name, bytes) => {
    matches.push({ ...(JSON.parse(bytes.toString('utf8')) as T), id: idOf(name) });
  });
  return matches;
}

/**
 * The archive's match files whose text `select` keeps (a registry id, an event name: a cheap test
 * before any parsing), parsed, and copied unchanged into a new temporary folder, so that a test
 * imports only the matches it needs (the importer takes a folder of JSON files).
 */
export async function extractArchive<T extends object>(
  file: string,
  select: (text: string) => boolean,
): Promise<{ folder: string; matches: (T & { id: number })[] }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crease-archive-'));
  const matches: (T & { id: number })[] = [];
  await eachEntry(file, async (name, bytes) => {
    const text = bytes.toString('utf8');
    if (!select(text)) return;
    matches.push({ ...(JSON.parse(text) as T), id: idOf(name) });
    await writeFile(path.join(folder, path.basename(name)), bytes);
  });
  return { folder, matches };
}
