// Reads the match files of a Cricsheet zip with yauzl and JSON.parse, independently of the
// importer, so tests can compare what the product computes with the raw files.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Calls `each` with every .json entry's name and bytes, in archive order. The compressed bytes
 * are read whole and inflated in one call: yauzl's inflating stream took three times as long
 * (10.7 against 3.4 s of CPU for the 2024-2026 archive), and the *-real tests read whole archives.
 */
function eachEntry(file: string, each: (name: string, bytes: Buffer) => Promise<void> | void): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject).on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('.json')) return zip.readEntry();
        zip.openReadStream(entry, { decompress: false }, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject);
          stream.on('end', () => {
            try {
              const bytes = inflated(entry, Buffer.concat(chunks));
              Promise.resolve(each(entry.fileName, bytes)).then(() => zip.readEntry(), reject);
            } catch (inflateError) {
              reject(inflateError as Error);
            }
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** An entry's bytes from its stored ones (method 0) or deflated ones (method 8), checked against its size and CRC. */
function inflated(entry: yauzl.Entry, stored: Buffer): Buffer {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new Error(`${entry.fileName}: compression method ${entry.compressionMethod}`);
  const bytes = entry.compressionMethod === 8 ? inflateRawSync(stored) : stored;
  if (bytes.length !== entry.uncompressedSize || crc32(bytes) !== entry.crc32) throw new Error(`${entry.fileName}: its bytes do not match its size and CRC`);
  return bytes;
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
