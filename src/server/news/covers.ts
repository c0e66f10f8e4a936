// News covers (docs/decisions/036-news.md): an editor's upload is checked from its bytes and
// re-encoded like a profile photo (src/server/account/avatars.ts), cut to 16:9 and written as
// WebP at each responsive width. Files are named by their content, so they may be cached for a
// year; nothing of the upload itself is ever served.
import { createHash } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { decodePhoto, encodePhoto, openStored, writeWhole } from '../account/avatars.ts';
import { COVER_NAME, COVER_WIDTHS } from '../../shared/news-view.ts';

export const MAX_COVER_UPLOAD_BYTES = 10 * 1024 * 1024;
/** 40 megapixels: a camera's full frame, far less than an image bomb asks of memory. */
export const MAX_COVER_INPUT_PIXELS = 40_000_000;
const COVER_FILE = /^(c-[0-9a-f]{16})-(320|640|1280)\.webp$/;

export interface Cover {
  /** The base name the article stores (c-<hash>). */
  name: string;
  files: { width: (typeof COVER_WIDTHS)[number]; data: Buffer }[];
}

/** Every width of a cover from an upload; an AvatarRejected (400/415) says why not. */
export async function makeCover(upload: Buffer): Promise<Cover> {
  const photo = await decodePhoto(upload, MAX_COVER_INPUT_PIXELS);
  const files = [];
  for (const width of COVER_WIDTHS) {
    const data = await encodePhoto(photo.clone().resize(width, Math.round((width * 9) / 16), { fit: 'cover', position: 'attention' }).webp({ quality: 80 }));
    files.push({ width, data });
  }
  const largest = files[files.length - 1]!.data;
  return { name: `c-${createHash('sha256').update(largest).digest('hex').slice(0, 16)}`, files };
}

/** The covers folder (DATA_DIR/news-covers). */
export class CoverStore {
  constructor(readonly dir: string) {}

  async save(cover: Cover): Promise<string> {
    if (!COVER_NAME.test(cover.name)) throw new Error(`not a cover name: ${cover.name}`);
    for (const file of cover.files) await writeWhole(this.dir, `${cover.name}-${file.width}.webp`, file.data);
    return cover.name;
  }

  /** Whether every width of a cover is stored (an article may only name a cover that exists). */
  async has(name: string): Promise<boolean> {
    if (!COVER_NAME.test(name)) return false;
    const found = await Promise.all(COVER_WIDTHS.map((width) => stat(path.join(this.dir, `${name}-${width}.webp`)).then(() => true, () => false)));
    return found.every(Boolean);
  }

  /** A stream of one stored width and its size, or null for a name that is not one. */
  async open(fileName: string): Promise<{ stream: ReadStream; size: number } | null> {
    if (!COVER_FILE.test(fileName)) return null;
    return openStored(path.join(this.dir, fileName));
  }
}
