// The container of an upload is read from its first bytes (decision 041), never its name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
