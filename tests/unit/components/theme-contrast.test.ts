// WCAG contrast of every theme, computed from the theme variables themselves, so a new or
// edited theme cannot ship text a fan cannot read. Text is checked on the page background
// (each gradient stop, the worst case along the gradient) and on both translucent surfaces
// laid over it; fills that carry text (accent pills, ball badges) against their text colour.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_COLOURS, themes } from '../../../src/styles/themes.ts';

type Rgba = [number, number, number, number];

function parseColour(value: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const rgb = /^rgb\((\d+) (\d+) (\d+)(?: \/ ([\d.]+))?\)$/.exec(value.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
  throw new Error(`unparsed colour ${value}`);
}

/** A translucent colour laid over an opaque one. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const NORMAL_TEXT = 4.5;

/** hsl() to sRGB, for the badges whose hue comes from a key. */
function hsl(hue: number, saturation: number, lightness: number): Rgba {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return [f(0), f(8), f(4), 1];
}

describe('contrast of the ten themes', () => {
  it('knows the colour maths (white on black is 21:1, the brand accent gives white 3.6:1)', () => {
    expect(contrast(parseColour('#fff'), parseColour('#000'))).toBeCloseTo(21, 5);
    expect(contrast(parseColour('#fff'), parseColour('#F44464'))).toBeCloseTo(3.59, 2);
    expect(over(parseColour('rgb(255 255 255 / 0.5)'), parseColour('#000'))[0]).toBeCloseTo(127.5, 5);
  });

  it.each(themes.map((theme) => [theme.name, theme] as const))(
    '%s: body, muted and accent text reach 4.5:1 on the background and on both surfaces',
    (_name, theme) => {
      const stops = [theme.backgroundColor, ...(theme.vars['--bg-gradient']!.match(/#[0-9a-f]{6}/gi) ?? [])].map(parseColour);
      const grounds = stops.flatMap((stop) => [
        stop,
        over(parseColour(theme.vars['--surface']!), stop),
        over(parseColour(theme.vars['--surface-strong']!), stop),
      ]);
      const failures: string[] = [];
      for (const token of ['--text', '--text-muted', '--accent-text']) {
        const ink = parseColour(theme.vars[token]!);
        for (const ground of grounds) {
          const ratio = contrast(ink, ground);
          if (ratio < NORMAL_TEXT) failures.push(`${token} on rgb(${ground.slice(0, 3).map(Math.round).join(' ')}): ${ratio.toFixed(2)}:1`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it.each([
    ['--on-accent', '--accent-fill'],
    ['--on-badge', '--wicket'],
    ['--on-badge', '--boundary'],
    ['--on-badge', '--dot-ball'],
  ] as const)('%s on %s reaches 4.5:1', (ink, fill) => {
    expect(contrast(parseColour(SHARED_COLOURS[ink]), parseColour(SHARED_COLOURS[fill]))).toBeGreaterThanOrEqual(NORMAL_TEXT);
  });

  it.each([
    ['team badges', 'src/styles/team-badge.css', /hsl\(var\(--badge-hue\) (\d+)% (\d+)%\)/],
    ['tournament cards', 'src/components/series/TournamentCarousel.astro', /hsl\(var\(--h\) (\d+)% (\d+)%\)/],
    // The gradient's first stop, its lighter one.
    ['fixtures tournament tiles', 'src/components/fixtures/TournamentCard.astro', /hsl\(var\(--tile-hue, 340\) (\d+)% (\d+)%\)/],
  ] as const)('white initials on %s reach 4.5:1 whatever the hue', (_what, file, pattern) => {
    const match = pattern.exec(readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8'));
    expect(match).not.toBeNull();
    const worst = Math.min(...Array.from({ length: 360 }, (_, hue) => contrast(parseColour('#fff'), hsl(hue, Number(match![1]), Number(match![2])))));
    expect(worst).toBeGreaterThanOrEqual(NORMAL_TEXT);
  });
});
