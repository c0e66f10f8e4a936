// The 10 colour themes: the one source for the CSS custom properties.
// Theme 0 is dark on a solid background; themes 1-9 use gradients.
// SiteLayout renders themeCss() into <head>; an inline script applies the
// stored index (localStorage.theme) as <html data-theme="N"> before first paint.
import type { Dictionary } from '../i18n/en.ts';

export const ACCENT = '#F44464';
export const THEME_STORAGE_KEY = 'theme';

/**
 * Colours shared by every theme. The brand accent (#F44464) gives white text only 3.6:1, so
 * anything that carries text on a coloured fill uses these darker shades (at least 4.5:1 with
 * white, checked by tests/unit/components/theme-contrast.test.ts); the bright accent stays
 * for borders and underlines.
 */
export const SHARED_COLOURS = {
  '--accent': ACCENT,
  '--accent-fill': '#C8103C',
  '--on-accent': '#fff',
  '--wicket': '#C62828',
  '--boundary': '#157A37',
  '--dot-ball': '#6B6B6B',
  '--on-badge': '#fff',
} as const;

export type ThemeName = Exclude<keyof Dictionary['theme'], 'label'>;

export interface Theme {
  /** Also the i18n key under `theme.` */
  name: ThemeName;
  /** Solid base colour: page background under the gradient, and the browser's theme-color. */
  backgroundColor: string;
  /** CSS custom properties plus color-scheme. */
  vars: Record<string, string>;
}

/**
 * The charts' two sides (team a, team b): a yellow and a light blue on dark themes, a rust and a
 * navy on light ones. Each keeps at least 3:1 against every colour of its themes' backgrounds
 * and surfaces (WCAG 1.4.11, tested), and the pair differs in hue along the blue-yellow axis that
 * red-green colour blindness keeps; lines of a side's second innings are dashed besides.
 */
const DARK_CHART = { '--chart-a': '#ffd166', '--chart-b': '#9be0ff' };
const LIGHT_CHART = { '--chart-a': '#a3330b', '--chart-b': '#1e3a8a' };

/** Surfaces are translucent so the gradient shows through cards and bars. */
function darkGradient(name: ThemeName, backgroundColor: string, gradient: string): Theme {
  return {
    name,
    backgroundColor,
    vars: {
      'color-scheme': 'dark',
      '--bg-gradient': gradient,
      '--surface': 'rgb(255 255 255 / 0.08)',
      '--surface-strong': 'rgb(8 8 16 / 0.6)',
      '--text': '#f7f7fb',
      '--text-muted': '#d0d2de',
      '--accent-text': '#FFD0DA',
      '--border': 'rgb(255 255 255 / 0.18)',
      '--skeleton': 'rgb(255 255 255 / 0.1)',
      '--skeleton-shine': 'rgb(255 255 255 / 0.2)',
      ...DARK_CHART,
    },
  };
}

function lightGradient(name: ThemeName, backgroundColor: string, gradient: string): Theme {
  return {
    name,
    backgroundColor,
    vars: {
      'color-scheme': 'light',
      '--bg-gradient': gradient,
      '--surface': 'rgb(255 255 255 / 0.7)',
      '--surface-strong': 'rgb(255 255 255 / 0.88)',
      '--text': '#1b1c26',
      '--text-muted': '#4c4f60',
      '--accent-text': '#B01036',
      '--border': 'rgb(0 0 0 / 0.12)',
      '--skeleton': 'rgb(0 0 0 / 0.07)',
      '--skeleton-shine': 'rgb(0 0 0 / 0.13)',
      ...LIGHT_CHART,
    },
  };
}

export const themes: readonly Theme[] = [
  {
    name: 'night',
    backgroundColor: '#0e1016',
    vars: {
      'color-scheme': 'dark',
      '--bg-gradient': 'none',
      '--surface': '#181b23',
      '--surface-strong': '#13151c',
      '--text': '#f1f2f6',
      '--text-muted': '#a7acbb',
      '--accent-text': '#FF7A93',
      '--border': '#2a2e3a',
      '--skeleton': '#22252e',
      '--skeleton-shine': '#2f333e',
      ...DARK_CHART,
    },
  },
  darkGradient('sunset', '#2b1055', 'linear-gradient(160deg, #2b1055 0%, #7a2048 55%, #8a2b21 100%)'),
  darkGradient('ocean', '#0b2545', 'linear-gradient(160deg, #0b2545 0%, #13315c 50%, #164f68 100%)'),
  darkGradient('forest', '#0f2a1d', 'linear-gradient(160deg, #0f2a1d 0%, #1f4d36 55%, #2a5537 100%)'),
  darkGradient('royal', '#1a1446', 'linear-gradient(160deg, #1a1446 0%, #3b1f7a 55%, #5e2784 100%)'),
  lightGradient('dawn', '#fff1e6', 'linear-gradient(160deg, #fff1e6 0%, #fde2e4 50%, #e2ece9 100%)'),
  lightGradient('sky', '#e0f2fe', 'linear-gradient(160deg, #e0f2fe 0%, #dbeafe 50%, #ede9fe 100%)'),
  lightGradient('rose', '#fff0f3', 'linear-gradient(160deg, #fff0f3 0%, #ffd6e0 60%, #ffe5d9 100%)'),
  lightGradient('mint', '#e8fff4', 'linear-gradient(160deg, #e8fff4 0%, #d1f5e6 55%, #e3f2fd 100%)'),
  lightGradient('sand', '#fbf6ec', 'linear-gradient(160deg, #fbf6ec 0%, #f3e7d3 55%, #ead8c0 100%)'),
];

/** One rule per theme; theme 0 is also the default (no script, or nothing stored). */
export function themeCss(): string {
  const rules = themes.map((theme, index) => {
    const selector = index === 0 ? ':root,[data-theme="0"]' : `[data-theme="${index}"]`;
    const declarations = Object.entries({ ...theme.vars, '--bg': theme.backgroundColor })
      .map(([property, value]) => `${property}:${value}`)
      .join(';');
    return `${selector}{${declarations}}`;
  });
  const shared = Object.entries(SHARED_COLOURS)
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
  return [`:root{${shared}}`, ...rules].join('\n');
}
