// Where Cricsheet match files come from: a zip archive, a folder of JSON files, or an
// http(s) URL of an archive (downloaded to a temporary file first, because a zip's central
// directory sits at its end). A source lists where each file is (entries()); the file itself
// is read by readLocation(), synchronously, on the import's worker threads: inflating on the
// writer's thread cost it as much as writing.
import { closeSync, createWriteStream, fstatSync, openSync, readSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { crc32, inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

/** Where one file's bytes are: a zip entry (local header offset and sizes) or a file of a folder. */
export type FileLocation =
  | { kind: 'zip'; archive: string; name: string; offset: number; method: number; compressedSize: number; size: number; crc32: number }
  | { kind: 'file'; path: string };

/** One file of a source, not read yet: its name (for reports and the match id) and where it is. */
export interface SourceEntry {
  name: string;
  location: FileLocation;
}

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
  /** Lists the match files in source order, without reading them. */
  entries(): AsyncGenerator<SourceEntry>;
  /** Reads the files in source order; yields UnreadableFileError for a file that cannot be read. */
  files(): AsyncGenerator<SourceFile | UnreadableFileError>;
  close(): Promise<void>;
}

/**
 * The most a match file may hold. The largest real one (a five-day Test) is under 2 MB; a zip entry
 * that inflates past this is a zip bomb or not a match, and is skipped without being held in
 * memory. The bound is enforced while inflating: the sizes a zip's headers claim are not believed.
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_FILE_MB = MAX_FILE_BYTES / (1024 * 1024);

/** The bytes of one file; throws UnreadableFileError when they cannot be had intact. */
export function readLocation(name: string, location: FileLocation): Buffer {
  try {
    if (location.kind === 'file') return readFileUpTo(location.path);
    return readZipEntry(location);
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(name, (error as Error).message);
  }
}

const LOCAL_HEADER = 0x04034b50;

/** The reason a file is skipped for its size (readLocation names the file it belongs to). */
function tooLarge(what: string): Error {
  return new Error(`${what} is larger than ${MAX_FILE_MB} MB, more than any match file holds`);
}

/** A file of a folder, when it is no larger than a match file can be. */
function readFileUpTo(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_FILE_BYTES) throw tooLarge(`file ${path.basename(file)}`);
    const bytes = Buffer.alloc(size);
    if (readSync(fd, bytes, 0, size, 0) !== size) throw new Error('file changed while it was read');
    return bytes;
  } finally {
    closeSync(fd);
  }
}

function readZipEntry(entry: Extract<FileLocation, { kind: 'zip' }>): Buffer {
  const described = `entry ${entry.name} of ${path.basename(entry.archive)}`;
  const fd = openSync(entry.archive, 'r');
  try {
    const header = Buffer.alloc(30);
    if (readSync(fd, header, 0, 30, entry.offset) !== 30 || header.readUInt32LE(0) !== LOCAL_HEADER) {
      throw new Error('no local file header where the zip directory says the entry is');
    }
    const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (entry.method !== 0 && entry.method !== 8) throw new Error(`unsupported compression method ${entry.method}`);
    // Refused unread when the directory admits it is too large (stored data is as large as its
    // content); an entry whose sizes lie is stopped while inflating (inflateUpTo).
    if (entry.compressedSize > MAX_FILE_BYTES || entry.size > MAX_FILE_BYTES) throw tooLarge(described);
    const compressed = Buffer.alloc(entry.compressedSize);
    if (readSync(fd, compressed, 0, entry.compressedSize, start) !== entry.compressedSize) throw new Error('entry is cut short');
    const bytes = entry.method === 8 ? inflateUpTo(compressed, described) : compressed;
    if (bytes.length !== entry.size || crc32(bytes) !== entry.crc32) throw new Error('entry is damaged (size or CRC mismatch)');
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** Inflates, stopping (and failing) as soon as the output passes MAX_FILE_BYTES, whatever the header said. */
function inflateUpTo(compressed: Buffer, described: string): Buffer {
  try {
    return inflateRawSync(compressed, { maxOutputLength: MAX_FILE_BYTES });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(described);
    throw error;
  }
}

/** files() on top of entries(): each entry read as it is listed. */
async function* readEntries(entries: AsyncGenerator<SourceEntry>): AsyncGenerator<SourceFile | UnreadableFileError> {
  for await (const { name, location } of entries) {
    try {
      yield { name, bytes: readLocation(name, location) };
    } catch (error) {
      if (!(error instanceof UnreadableFileError)) throw error;
      yield error;
    }
  }
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
  async function* entries(): AsyncGenerator<SourceEntry> {
    for (const name of names) yield { name, location: { kind: 'file', path: path.join(folder, name) } };
  }
  return { total: names.length, entries, files: () => readEntries(entries()), close: async () => undefined };
}

function openZipFile(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zipfile) => {
      if (error) reject(new UnreadableSourceError(`not a readable zip archive: ${error.message}`));
      else resolve(zipfile);
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
  const source: OpenedSource & { total: number | null } = {
    total: zipfile.entryCount as number | null,
    async *entries(): AsyncGenerator<SourceEntry> {
      // Entries are listed one at a time (lazyEntries), never the whole directory at once.
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
      for (let entry = await nextEntry(); entry; entry = await nextEntry()) {
        if (!isJsonName(entry.fileName) || entry.fileName.endsWith('/')) {
          if (source.total !== null) source.total -= 1;
          continue;
        }
        yield {
          name: path.posix.basename(entry.fileName),
          location: {
            kind: 'zip',
            archive: file,
            name: entry.fileName,
            offset: entry.relativeOffsetOfLocalHeader,
            method: entry.compressionMethod,
            compressedSize: entry.compressedSize,
            size: entry.uncompressedSize,
            crc32: entry.crc32,
          },
        };
      }
    },
    files: () => readEntries(source.entries()),
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
    // fetch says only 'fetch failed': the cause names it (ECONNREFUSED, ENOTFOUND, a reset).
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message;
    throw new UnreadableSourceError(`download failed: ${(error as Error).message}${detail ? ` (${detail})` : ''}`);
  }
  return openZip(file, removeFolder);
}
