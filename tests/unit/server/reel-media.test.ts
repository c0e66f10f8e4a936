// The container of an upload is read from its first bytes (decision 041), never its name; half
// received uploads a stopped process left are cleared at start-up.
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReelFiles } from '../../../src/server/reels/files.ts';
import { sniffContainer } from '../../../src/server/reels/media.ts';

const box = (type: string, brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(type, 'latin1'), Buffer.from(brand, 'latin1'), Buffer.alloc(4)]);

describe('sniffContainer', () => {
  it('knows MP4 and MOV by their ftyp box, old QuickTime by its first atom, WebM by the EBML magic', () => {
    expect(sniffContainer(box('ftyp', 'isom'))).toBe('mp4');
    expect(sniffContainer(box('ftyp', 'mp42'))).toBe('mp4');
    expect(sniffContainer(box('ftyp', 'qt  '))).toBe('mov');
    expect(sniffContainer(box('moov', '\0\0\0\0'))).toBe('mov');
    expect(sniffContainer(box('mdat', '\0\0\0\0'))).toBe('mov');
    expect(sniffContainer(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe('webm');
  });

  it('refuses anything else, however it is named', () => {
    const png = readFileSync(path.join(import.meta.dirname, '../../fixtures/avatar-48.png'));
    expect(sniffContainer(png)).toBeNull();
    expect(sniffContainer(Buffer.from('<html><body>not a video</body></html>'))).toBeNull();
    expect(sniffContainer(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBeNull();
    expect(sniffContainer(Buffer.from([0, 0, 0, 0x20, 0x66, 0x74]))).toBeNull();
    expect(sniffContainer(Buffer.alloc(0))).toBeNull();
  });
});

describe('ReelFiles.removeStaleIncoming', () => {
  it('removes half-received uploads older than the limit only', async () => {
    const files = new ReelFiles(await mkdtemp(path.join(os.tmpdir(), 'reel-files-')));
    await files.ensure();
    const old = files.incomingPath();
    const fresh = files.incomingPath();
    await writeFile(old, 'x');
    await writeFile(fresh, 'x');
    await writeFile(files.sourcePath('7'), 'x');
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await utimes(old, dayAgo, dayAgo);
    await utimes(files.sourcePath('7'), dayAgo, dayAgo);
    expect(await files.removeStaleIncoming()).toBe(1);
    expect((await readdir(files.uploadsDir)).sort()).toEqual([path.basename(fresh), 'r7.upload'].sort());
    await rm(files.dir, { recursive: true, force: true });
  });
});
