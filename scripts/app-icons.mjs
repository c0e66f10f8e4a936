// Draws the installed app's icons (public/icons/*.png) from the site's ball (public/favicon.svg):
// 192 and 512 px for the manifest, a 512 px maskable one whose ball sits inside the safe zone
// (the middle 80 %) on the default theme's background, and Apple's 180 px touch icon. Run it
// again after changing the favicon: `node scripts/app-icons.mjs` (the PNGs are committed, so a
// build needs no image tools).
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public/icons');
// The night theme's page colour (src/styles/themes.ts, themes[0]); a test keeps the manifest in step.
const BACKGROUND = '#0e1016';

const ball = await readFile(path.join(root, 'public/favicon.svg'));
/** The ball, `size` px wide, as PNG bytes. */
const drawBall = (size) => sharp(ball, { density: Math.ceil((72 * size) / 32) }).resize(size, size).png().toBuffer();

await mkdir(out, { recursive: true });
const write = async (name, buffer) => {
  await writeFile(path.join(out, name), await sharp(buffer).png({ compressionLevel: 9, palette: true }).toBuffer());
  console.log(`public/icons/${name}`);
};

// 'any' icons: the ball on a transparent square, a little margin as launchers expect.
for (const size of [192, 512]) {
  const inner = Math.round(size * 0.92);
  const offset = Math.round((size - inner) / 2);
  const canvas = sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } });
  await write(`icon-${size}.png`, await canvas.composite([{ input: await drawBall(inner), top: offset, left: offset }]).png().toBuffer());
}

// Maskable and Apple: a full-bleed background (the platform cuts the shape), the ball within the safe zone.
for (const [name, size, share] of [['maskable-512.png', 512, 0.62], ['apple-touch-icon.png', 180, 0.72]]) {
  const inner = Math.round(size * share);
  const offset = Math.round((size - inner) / 2);
  const canvas = sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } });
  await write(name, await canvas.composite([{ input: await drawBall(inner), top: offset, left: offset }]).png().toBuffer());
}
