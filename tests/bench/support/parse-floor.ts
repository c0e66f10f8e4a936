// The import's floor: inflating every JSON entry of the archives with Node's own zlib and
// JSON.parse-ing it, on one thread, with nothing else. The import is measured against it.
import { openSync, readSync, closeSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

interface EntryPlace {
  offset: number;
  compressedSize: number;
  method: number;
}

function listEntries(file: string): Promise<EntryPlace[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: EntryPlace[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.toLowerCase().endsWith('.json')) {
          entries.push({ offset: entry.relativeOffsetOfLocalHeader, compressedSize: entry.compressedSize, method: entry.compressionMethod });
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Seconds to inflate and parse every JSON entry of the archives, and how many there were. */
export async function parseFloor(archives: readonly string[]): Promise<{ seconds: number; files: number }> {
  const places = await Promise.all(archives.map(listEntries));
  const started = performance.now();
  let files = 0;
  const header = Buffer.alloc(30);
  archives.forEach((archive, index) => {
    const fd = openSync(archive, 'r');
    try {
      for (const place of places[index]!) {
        readSync(fd, header, 0, 30, place.offset);
        const dataStart = place.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
        const compressed = Buffer.alloc(place.compressedSize);
        readSync(fd, compressed, 0, place.compressedSize, dataStart);
        const bytes = place.method === 0 ? compressed : inflateRawSync(compressed);
        JSON.parse(bytes.toString('utf8'));
        files += 1;
      }
    } finally {
      closeSync(fd);
    }
  });
  return { seconds: (performance.now() - started) / 1000, files };
}
