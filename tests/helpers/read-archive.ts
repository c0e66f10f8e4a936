// Reads the match files of a Cricsheet zip with yauzl and JSON.parse, independently of the
// importer, so tests can compare what the product computes with the raw files.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';

/** Calls `each` with every .json entry's name and bytes, in archive order. */
function eachEntry(file: string, each: (name: string, bytes: Buffer) => Promise<void> | void): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject).on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('.json')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject);
          stream.on('end', () => {
            Promise.resolve(each(entry.fileName, Buffer.concat(chunks))).then(() => zip.readEntry(), reject);
          });
        });
      });
      zip.readEntry();
    });
  });
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
