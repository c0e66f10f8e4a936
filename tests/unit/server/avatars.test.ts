import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AvatarRejected, AvatarStore, AVATAR_FILE_NAME, makeAvatar } from '../../../src/server/account/avatars.ts';
import { avatarUrl } from '../../../src/server/auth/index.ts';
import { exifHasGps, imageBombPng, photoWithGps } from '../../helpers/images.ts';

async function rejection(upload: Buffer): Promise<AvatarRejected> {
  const error = await makeAvatar(upload).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AvatarRejected);
  return error as AvatarRejected;
}

describe('makeAvatar', () => {
  it('turns a photo into a 256 px square WebP without its EXIF (GPS included)', async () => {
    const photo = await photoWithGps();
    expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true);
    const avatar = await makeAvatar(photo);
    const metadata = await sharp(avatar).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(avatar.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('takes PNG, GIF and WebP photos', async () => {
    const base = sharp({ create: { width: 300, height: 120, channels: 4, background: '#ff0000' } });
    for (const format of ['png', 'gif', 'webp'] as const) {
      const avatar = await makeAvatar(await base.clone().toFormat(format).toBuffer());
      expect((await sharp(avatar).metadata()).width, format).toBe(256);
    }
  });

  it('refuses a text file and an SVG as not photos (415), whatever they are called', async () => {
    expect((await rejection(Buffer.from('this is not a picture'))).statusCode).toBe(415);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>');
    const refused = await rejection(svg);
    expect([refused.statusCode, refused.message]).toEqual([415, 'only JPEG, PNG, WebP, GIF or AVIF photos are accepted']);
  });

  it('refuses an image bomb from its header, without decoding it', async () => {
    const bomb = imageBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1_000);
    const started = performance.now();
    const refused = await rejection(bomb);
    expect([refused.statusCode, refused.message]).toEqual([400, 'the image is too large (at most 24 megapixels)']);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses an image whose pixels cannot be decoded (400)', async () => {
    const photo = await photoWithGps();
    const refused = await rejection(photo.subarray(0, Math.floor(photo.length / 3)));
    expect(refused.statusCode).toBe(400);
  });
});

describe('AvatarStore', () => {
  let dir: string;
  let store: AvatarStore;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'crease-avatars-'));
    store = new AvatarStore(path.join(dir, 'avatars'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names a file by user and content, leaves no temporary file, and removes it on request', async () => {
    const bytes = Buffer.from('avatar bytes');
    const name = await store.save('12', bytes);
    expect(name).toMatch(AVATAR_FILE_NAME);
    expect(name.startsWith('u12-')).toBe(true);
    expect(await store.save('12', bytes)).toBe(name);
    expect(await readdir(store.dir)).toEqual([name]);
    expect(await readFile(path.join(store.dir, name))).toEqual(bytes);
    expect(avatarUrl(name)).toBe(`/media/avatars/${name}`);
    await store.remove(name);
    expect(await readdir(store.dir)).toEqual([]);
    expect(await store.open(name)).toBeNull();
  });

  it('opens only names of the avatar pattern', async () => {
    for (const name of ['../avatars/u1-0123456789abcdef.webp', 'u1-0123456789abcdef.png', '.u1-0123456789abcdef.webp.tmp', 'u1-0123456789ABCDEF.webp']) {
      expect(await store.open(name), name).toBeNull();
    }
  });
});
