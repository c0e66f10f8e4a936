// Where reels are kept (DATA_DIR/reels): uploads waiting for their transcoding job in uploads/,
// and what is served (GET /media/reels/<name>) in public/. A served file is written under a
// dot-name (never served) and renamed when whole; its name holds a random part, so an answer
// never changes and may be cached for a year.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export const REEL_URL_PREFIX = '/media/reels/';
/** r<reel id>-<16 hex digits>.mp4 or .jpg: nothing else is ever served. */
export const REEL_FILE_NAME = /^r\d{1,19}-[0-9a-f]{16}\.(?:mp4|jpg)$/;

export function reelFileUrl(name: string): string {
  return `${REEL_URL_PREFIX}${name}`;
}

export class ReelFiles {
  readonly dir: string;
  readonly uploadsDir: string;
  readonly publicDir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
    this.uploadsDir = path.join(this.dir, 'uploads');
    this.publicDir = path.join(this.dir, 'public');
  }

  async ensure(): Promise<void> {
    await mkdir(this.uploadsDir, { recursive: true });
    await mkdir(this.publicDir, { recursive: true });
  }

  /**
   * Removes uploads a stopped process left half received (older than `olderThanMs`: another
   * process sharing the folder may be receiving one now). Answers how many.
   */
  async removeStaleIncoming(olderThanMs = 6 * 60 * 60 * 1000): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.uploadsDir).catch(() => [] as string[])) {
      if (!name.startsWith('.incoming-')) continue;
      const file = path.join(this.uploadsDir, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
      if (Date.now() - mtimeMs < olderThanMs) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  /** A fresh path for an upload being received. */
  incomingPath(): string {
    return path.join(this.uploadsDir, `.incoming-${randomBytes(8).toString('hex')}`);
  }

  /** Where the upload of a reel waits for its job. */
  sourcePath(reelId: string): string {
    return path.join(this.uploadsDir, `r${reelId}.upload`);
  }

  async adoptUpload(incoming: string, reelId: string): Promise<void> {
    await rename(incoming, this.sourcePath(reelId));
  }

  /** New names for a reel's video and poster, and the temporary paths to write them to. */
  outputsFor(reelId: string) {
    const stem = `r${reelId}-${randomBytes(8).toString('hex')}`;
    const video = `${stem}.mp4`;
    const poster = `${stem}.jpg`;
    return {
      video,
      poster,
      videoTemp: path.join(this.publicDir, `.${video}.tmp`),
      posterTemp: path.join(this.publicDir, `.${poster}.tmp`),
      publish: async () => {
        await rename(path.join(this.publicDir, `.${poster}.tmp`), path.join(this.publicDir, poster));
        await rename(path.join(this.publicDir, `.${video}.tmp`), path.join(this.publicDir, video));
      },
      discard: async () => {
        await rm(path.join(this.publicDir, `.${video}.tmp`), { force: true });
        await rm(path.join(this.publicDir, `.${poster}.tmp`), { force: true });
      },
    };
  }

  async removeServed(...names: (string | null)[]): Promise<void> {
    for (const name of names) if (name && REEL_FILE_NAME.test(name)) await rm(path.join(this.publicDir, name), { force: true });
  }

  async removeSource(reelId: string): Promise<void> {
    await rm(this.sourcePath(reelId), { force: true });
  }
}
