// Profile photos: whatever a user uploads is decoded under a pixel limit, stripped of its
// metadata (EXIF GPS included), cut to a square avatar and re-encoded as WebP, so the bytes we
// store and serve are ours, never the upload's. Files are named by their content, which lets
// them be cached for a year.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';

export const MAX_AVATAR_UPLOAD_BYTES = 5 * 1024 * 1024;
/** 24 megapixels: more than any phone camera, far less than an image bomb asks of memory. */
export const MAX_AVATAR_INPUT_PIXELS = 24_000_000;
export const AVATAR_SIZE = 256;
/** u<user id>-<16 hex digits of the content's sha256>.webp: nothing else is ever served. */
export const AVATAR_FILE_NAME = /^u\d{1,19}-[0-9a-f]{16}\.webp$/;

/** Formats sharp decodes that a photo comes in ('heif' is how sharp names AVIF). SVG is not one. */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export class AvatarRejected extends Error {
  constructor(
    readonly statusCode: 400 | 415,
    reason: string,
  ) {
    super(reason);
  }
}

/** A square WebP avatar from an uploaded photo; an AvatarRejected says why not. */
export async function makeAvatar(upload: Buffer): Promise<Buffer> {
  // The format is read from the bytes; the client's file name and MIME type are not trusted.
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so the limit is ours to check just below.
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new AvatarRejected(415, 'the file is not an image');
  }
  if (!PHOTO_FORMATS.has(metadata.format)) throw new AvatarRejected(415, 'only JPEG, PNG, WebP, GIF or AVIF photos are accepted');
  // The header's dimensions are checked before any pixel is decoded.
  if (metadata.width * (metadata.pageHeight ?? metadata.height) > MAX_AVATAR_INPUT_PIXELS) {
    throw new AvatarRejected(400, `the image is too large (at most ${MAX_AVATAR_INPUT_PIXELS / 1_000_000} megapixels)`);
  }
  try {
    return await sharp(upload, { limitInputPixels: MAX_AVATAR_INPUT_PIXELS, failOn: 'error' })
      .rotate() // EXIF orientation applied, since the EXIF block itself is not kept
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AvatarRejected(400, 'the image could not be read');
  }
}

/** The avatars folder (DATA_DIR/avatars). */
export class AvatarStore {
  constructor(readonly dir: string) {}

  /** Writes the avatar whole or not at all (temporary file, then rename); returns its file name. */
  async save(userId: string, avatar: Buffer): Promise<string> {
    const name = `u${userId}-${createHash('sha256').update(avatar).digest('hex').slice(0, 16)}.webp`;
    if (!AVATAR_FILE_NAME.test(name)) throw new Error(`not an avatar file name: ${name}`);
    await mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, avatar, { flag: 'wx' });
      await rename(temporary, path.join(this.dir, name));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return name;
  }

  async remove(fileName: string): Promise<void> {
    if (AVATAR_FILE_NAME.test(fileName)) await rm(path.join(this.dir, fileName), { force: true });
  }

  /** A stream of a stored avatar and its size, or null for a name that is not one. */
  async open(fileName: string): Promise<{ stream: ReadStream; size: number } | null> {
    if (!AVATAR_FILE_NAME.test(fileName)) return null;
    const file = path.join(this.dir, fileName);
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
