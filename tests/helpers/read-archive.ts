// Reads every match of a Cricsheet zip with yauzl and JSON.parse, independently of the
// importer, so tests can compare what the product computes with the raw files.
import path from 'node:path';
import yauzl from 'yauzl';

/** Each match file of the archive, parsed, with its Cricsheet id (the file name). */
export function readArchive<T extends object>(file: string): Promise<(T & { id: number })[]> {
  return new Promise((resolve, reject) => {
    const matches: (T & { id: number })[] = [];
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('error', reject).on('end', () => resolve(matches));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('.json')) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk)).on('error', reject);
          stream.on('end', () => {
            const id = Number(path.basename(entry.fileName, '.json'));
            matches.push({ ...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T), id });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
