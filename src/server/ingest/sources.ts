// Where Cricsheet match files come from: a zip archive (read entry by entry, never
// whole), a folder of JSON files, or an http(s) URL of an archive (downloaded to a
// temporary file first, because a zip's central directory sits at its end).
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import yauzl from 'yauzl';

/** One file of a source: its name (for reports and the match id) and its bytes. */
export interface SourceFile {
  name: string;
  bytes: Buffer;
}

/** A problem with one file that does not stop reading the rest of the source. */
export class UnreadableFileError extends Error {
  constructor(
    readonly fileName: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** A source that cannot be read at all (missing path, not a zip, download failed). */
export class UnreadableSourceError extends Error {}

export interface OpenedSource {
  /** Number of match files when the source knows it up front; may shrink as non-JSON entries are met. */
  readonly total: number | null;
  /** Yields files in source order; yields UnreadableFileError for a file that cannot be read. */
  files(): AsyncGenerator<SourceFile | UnreadableFileError>;
  close(): Promise<void>;
}

const isJsonName = (name: string) => name.toLowerCase().endsWith('.json');

export async function openSource(source: string): Promise<OpenedSource> {
  if (/^https?:\/\//i.test(source)) return openUrl(source);
  const info = await stat(source).catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableSourceError(error.code === 'ENOENT' ? 'no such file or folder' : error.message);
  });
  return info.isDirectory() ? openFolder(source) : openZip(source);
}

async function openFolder(folder: string): Promise<OpenedSource> {
  const names = (await readdir(folder)).filter(isJsonName).sort();
  return {
    total: names.length,
    async *files() {
      for (const name of names) {
        try {
          yield { name, bytes: await readFile(path.join(folder, name)) };
        } catch (error) {
          yield new UnreadableFileError(name, (error as Error).message);
        }
      }
    },
    close: async () => undefined,
  };
}

function openZipFile(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zipfile) => {
      if (error) reject(new UnreadableSourceError(`not a readable zip archive: ${error.message}`));
      else resolve(zipfile);
    });
  });
}

function readEntry(zipfile: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zipfile.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

async function openZip(file: string, cleanup?: () => Promise<void>): Promise<OpenedSource> {
  let zipfile: yauzl.ZipFile;
  try {
    zipfile = await openZipFile(file);
  } catch (error) {
    await cleanup?.();
    throw error;
  }
  const source = {
    total: zipfile.entryCount as number | null,
    async *files(): AsyncGenerator<SourceFile | UnreadableFileError> {
      // Entries are listed one at a time (lazyEntries), never the whole archive at once.
      const nextEntry = () =>
        new Promise<yauzl.Entry | null>((resolve, reject) => {
          const onEntry = (entry: yauzl.Entry) => finish(() => resolve(entry));
          const onEnd = () => finish(() => resolve(null));
          const onError = (error: Error) =>
            finish(() => reject(new UnreadableSourceError(`zip archive is damaged: ${error.message}`)));
          const finish = (then: () => void) => {
            zipfile.off('entry', onEntry).off('end', onEnd).off('error', onError);
            then();
          };
          zipfile.on('entry', onEntry).on('end', onEnd).on('error', onError);
          zipfile.readEntry();
        });
      const read = (entry: yauzl.Entry, name: string) =>
        readEntry(zipfile, entry).then(
          (bytes): SourceFile => ({ name, bytes }),
          (error: Error) => new UnreadableFileError(name, error.message),
        );
      // Read one entry ahead: it inflates in the thread pool while the previous one is processed.
      let ahead: Promise<SourceFile | UnreadableFileError> | null = null;
      try {
        for (let entry = await nextEntry(); entry; entry = await nextEntry()) {
          if (!isJsonName(entry.fileName) || entry.fileName.endsWith('/')) {
            if (source.total !== null) source.total -= 1;
            continue;
          }
          const current = read(entry, path.posix.basename(entry.fileName));
          if (ahead) yield await ahead;
          ahead = current;
        }
      } catch (error) {
        // The archive is damaged further on, but the entry read ahead is good.
        if (ahead) yield await ahead;
        throw error;
      }
      if (ahead) yield await ahead;
    },
    close: async () => {
      zipfile.close();
      await cleanup?.();
    },
  };
  return source;
}

async function openUrl(url: string): Promise<OpenedSource> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cricsheet-'));
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  const file = path.join(folder, 'archive.zip');
  try {
    const response = await fetch(url);
    if (!response.ok || !response.body) {
      throw new UnreadableSourceError(`download failed: HTTP ${response.status} ${response.statusText}`);
    }
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(file),
    );
  } catch (error) {
    await removeFolder();
    if (error instanceof UnreadableSourceError) throw error;
    throw new UnreadableSourceError(`download failed: ${(error as Error).message}`);
  }
  return openZip(file, removeFolder);
}
