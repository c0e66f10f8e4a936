// The installable app's files as shipped (docs/decisions/068-installable-app.md): the service
// worker's size budget, its words against the dictionaries, and the manifest against the site's
// theme and the icons it names. What the worker does is tested in Chromium
// (tests/e2e/install.spec.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/en.ts';
import hi from '../../../src/i18n/hi.ts';
import { themes } from '../../../src/styles/themes.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file));
// The worker and the push handlers it imports (importScripts('/sw-push.js')): one budget for both.
const worker = Buffer.concat([read('public/sw.js'), read('public/sw-push.js')]);

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('service worker (public/sw.js)', () => {
  it('stays under 10 KB gzipped, with the push handlers it imports', () => {
    expect(read('public/sw.js').toString()).toContain("importScripts('/sw-push.js')");
    const gzipped = gzipSync(worker, { level: 9 }).length;
    expect(gzipped).toBeLessThan(10 * 1024);
    // The budget is meant to hold: a worker many times its present size would be another design.
    expect(worker.length).toBeGreaterThan(1024);
  });

  it('says what the dictionaries say, in both languages', () => {
    const source = worker.toString('utf8');
    const table = /const TEXT = (\{[\s\S]*?\n\});/.exec(source)?.[1];
    expect(table).toBeDefined();
    const text = new Function(`return ${table};`)() as Record<'en' | 'hi', Record<string, string>>;
    for (const [lang, dictionary] of [['en', en], ['hi', hi]] as const) {
      const { offline, nav } = dictionary;
      expect(text[lang]).toEqual({ ...offline, home: nav.home });
    }
    expect(en.offline.scorecard.replace('{{time}}', '14:05')).toBe('Offline: scorecard as of 14:05');
  });

  it('never answers the API or Socket.IO from a cache: only pages, built assets and the shell are handled', () => {
    const source = read('public/sw.js').toString('utf8');
    expect(source).not.toMatch(/\/user\/v1|socket\.io/);
    expect(source).toMatch(/request\.mode === 'navigate'/);
    // No workbox; one import, the push handlers, which answer no request.
    expect(source).not.toMatch(/workbox/);
    expect(source.match(/importScripts\([^)]*\)/g)).toEqual(["importScripts('/sw-push.js')"]);
    expect(read('public/sw-push.js').toString('utf8')).not.toMatch(/addEventListener\('fetch'/);
  });
});

describe('web app manifest (public/manifest.webmanifest)', () => {
  const manifest = JSON.parse(read('public/manifest.webmanifest').toString('utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };

  it('names the site, starts at home and opens standalone in the default theme’s colours', () => {
    expect(manifest.name).toBe(en.site.name);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe(themes[0]!.backgroundColor);
    expect(manifest.background_color).toBe(themes[0]!.backgroundColor);
  });

  it('lists 192 and 512 px PNG icons and a maskable one, each the size it says', () => {
    const sizes = manifest.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      expect(icon.type).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(read(`public${icon.src}`))).toEqual({ width, height });
    }
    expect(pngSize(read('public/icons/apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
  });

  it('is precompressed with the other text files at build time', () => {
    const text = /const TEXT = (\/.*\/);/.exec(read('scripts/precompress.mjs').toString('utf8'))?.[1];
    const pattern = new Function(`return ${text};`)() as RegExp;
    expect(pattern.test('manifest.webmanifest')).toBe(true);
    expect(pattern.test('sw.js')).toBe(true);
  });
});
