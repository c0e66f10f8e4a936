// A minimal zip writer for tests: stored (uncompressed) entries, enough for yauzl to read, and
// deflated entries whose directory may claim any size (zip bombs, lying headers).
import { writeFile } from 'node:fs/promises';
import zlib from 'node:zlib';

/** An entry already deflated (raw deflate), with the size and CRC its headers are to claim. */
export interface DeflatedEntry {
  deflated: Buffer;
  size: number;
  crc: number;
}

export async function writeZip(file: string, entries: Record<string, string | Buffer | DeflatedEntry>): Promise<string> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const stored = typeof content === 'string' ? Buffer.from(content) : Buffer.isBuffer(content) ? content : null;
    const deflated = stored === null ? (content as DeflatedEntry) : null;
    const data = stored ?? deflated!.deflated;
    const method = stored ? 0 : 8;
    const size = stored ? stored.length : deflated!.size;
    const crc = stored ? zlib.crc32(stored) : deflated!.crc;
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  await writeFile(file, Buffer.concat([...locals, ...centrals, end]));
  return file;
}

/** An honestly deflated entry. */
export function deflatedEntry(content: string | Buffer): DeflatedEntry {
  const data = typeof content === 'string' ? Buffer.from(content) : content;
  return { deflated: zlib.deflateRawSync(data), size: data.length, crc: zlib.crc32(data) };
}

/**
 * A zip bomb's entry: `mebibytes` MiB of zeros in a few KB per MiB, built without ever holding the
 * zeros (one deflated MiB, flushed to a byte boundary, repeated, then an empty final block).
 * `claimedSize` is what its headers say (the true size when not given, 4 GiB - 1 at most).
 */
export function zerosBomb(mebibytes: number, claimedSize?: number): DeflatedEntry {
  const mebibyte = Buffer.alloc(1024 * 1024);
  const block = zlib.deflateRawSync(mebibyte, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  let crc = 0;
  for (let index = 0; index < mebibytes; index++) crc = zlib.crc32(mebibyte, crc);
  const deflated = Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
  return { deflated, size: claimedSize ?? Math.min(mebibytes * 1024 * 1024, 0xffff_ffff), crc };
}
