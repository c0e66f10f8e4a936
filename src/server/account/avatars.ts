// Profile photos: whatever a user uploads is decoded under a pixel limit, stripped of its
// metadata (EXIF GPS included), cut to a square avatar and re-encoded as WebP, so the bytes we
// store and serve are ours, never the upload's. Files are named by their content, which lets
// them be cached for a year.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';

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

/**
 * An uploaded photo checked from its bytes (format and pixel count from the header, before any
 * pixel is decoded) and ready to re-encode: EXIF orientation applied, metadata dropped. The
 * avatars and the news covers (src/server/news/covers.ts) both start here.
 */
export async function decodePhoto(upload: Buffer, maxPixels = MAX_AVATAR_INPUT_PIXELS): Promise<Sharp> {
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
  if (metadata.width * (metadata.pageHeight ?? metadata.height) > maxPixels) {
    throw new AvatarRejected(400, `the image is too large (at most ${maxPixels / 1_000_000} megapixels)`);
  }
  return sharp(upload, { limitInputPixels: maxPixels, failOn: 'error' }).rotate(); // EXIF orientation applied, since the EXIF block itself is not kept
}

/** Runs a re-encode of a decoded photo; a broken image becomes an AvatarRejected. */
export async function encodePhoto(pipeline: Sharp): Promise<Buffer> {
  try {
    return await pipeline.toBuffer();
  } catch {
    throw new AvatarRejected(400, 'the image could not be read');
  }
}

/** A square WebP avatar from an uploaded photo; an AvatarRejected says why not. */
export async function makeAvatar(upload: Buffer): Promise<Buffer> {
  const photo = await decodePhoto(upload);
  return encodePhoto(photo.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }));
}

/** Writes a file whole or not at all (a temporary file, then a rename). */
export async function writeWhole(dir: string, name: string, data: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, data, { flag: 'wx' });
    await rename(temporary, path.join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A stored file's stream and size, or null when there is none. */
export async function openStored(file: string): Promise<{ stream: ReadStream; size: number } | null> {
  try {
    const { size } = await stat(file);
    return { stream: createReadStream(file), size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The avatars folder (DATA_DIR/avatars). */
export class AvatarStore {
  constructor(readonly dir: string) {}

  /** Writes the avatar whole or not at all (temporary file, then rename); returns its file name. */
  async save(userId: string, avatar: Buffer): Promise<string> {
    const name = `u${userId}-${createHash('sha256').update(avatar).digest('hex').slice(0, 16)}.webp`;
    if (!AVATAR_FILE_NAME.test(name)) throw new Error(`not an avatar file name: ${name}`);
    await writeWhole(this.dir, name, avatar);
    return name;
  }

  async remove(fileName: string): Promise<void> {
    if (AVATAR_FILE_NAME.test(fileName)) await rm(path.join(this.dir, fileName), { force: true });
  }

  /** A stream of a stored avatar and its size, or null for a name that is not one. */
  async open(fileName: string): Promise<{ stream: ReadStream; size: number } | null> {
    if (!AVATAR_FILE_NAME.test(fileName)) return null;
    return openStored(path.join(this.dir, fileName));
  }
}
