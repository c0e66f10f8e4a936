import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/en.ts';
import hi from '../../../src/i18n/hi.ts';
import { alternatePaths, localizePath, splitLangPrefix, t } from '../../../src/i18n/index.ts';
import { BOTTOM_LINKS, HEADER_LINKS, isCurrent } from '../../../src/components/site.ts';
import { ACCENT, themeCss, themes } from '../../../src/styles/themes.ts';

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('language paths', () => {
  it('splits the /hi prefix only as a whole segment', () => {
    expect(splitLangPrefix('/hi/series/abc')).toEqual({ lang: 'hi', path: '/series/abc' });
    expect(splitLangPrefix('/hi')).toEqual({ lang: 'hi', path: '/' });
    expect(splitLangPrefix('/hi/')).toEqual({ lang: 'hi', path: '/' });
    expect(splitLangPrefix('/hindi')).toEqual({ lang: 'en', path: '/hindi' });
    expect(splitLangPrefix('/series')).toEqual({ lang: 'en', path: '/series' });
  });

  it('localizes from either form and never yields a protocol-relative URL', () => {
    expect(localizePath('/', 'hi')).toBe('/hi');
    expect(localizePath('/series', 'hi')).toBe('/hi/series');
    expect(localizePath('/hi/series', 'en')).toBe('/series');
    expect(localizePath('/hi', 'en')).toBe('/');
    expect(localizePath('//evil.example/x', 'en')).toBe('/evil.example/x');
    expect(localizePath('/hi//evil.example', 'hi')).toBe('/hi/evil.example');
  });

  it('lists the page in every language', () => {
    expect(alternatePaths('/hi/stats/ipl')).toEqual({ en: '/stats/ipl', hi: '/hi/stats/ipl' });
  });
});

describe('dictionaries', () => {
  it('have the same keys and no empty strings', () => {
    const enKeys = leaves(en).map(([key]) => key);
    expect(leaves(hi).map(([key]) => key)).toEqual(enKeys);
    for (const [key, value] of [...leaves(en), ...leaves(hi)]) expect(value, key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const hiValues = new Map(leaves(hi));
    for (const [key, value] of leaves(en)) expect(vars(hiValues.get(key) ?? ''), key).toEqual(vars(value));
  });

  it('translates and interpolates', () => {
    expect(t('en', 'nav.series')).toBe('Series');
    expect(t('hi', 'nav.series')).toBe('सीरीज़');
    expect(t('en', 'matchCentre.inningsOf', { team: 'IND', n: 2 })).toBe('IND innings 2');
    expect(t('hi', 'matchCentre.inningsOf', { team: 'IND', n: 2 })).toContain('IND');
    expect(t('en', 'footer.copyright', { year: 2030 })).toBe('© 2030 Crease');
  });
});

describe('navigation', () => {
  it('marks the current section', () => {
    const [home, series, stats] = HEADER_LINKS;
    expect(isCurrent('/', home!)).toBe(true);
    expect(isCurrent('/series', home!)).toBe(false);
    expect(isCurrent('/series/abc', series!)).toBe(true);
    expect(isCurrent('/statsweb', stats!)).toBe(false);
    const profile = BOTTOM_LINKS.find((link) => link.href === '/editProfile')!;
    expect(isCurrent('/notification', profile)).toBe(true);
    const news = BOTTOM_LINKS.find((link) => link.href === '/news/allNews')!;
    expect(isCurrent('/news/description', news)).toBe(true);
  });
});

describe('themes', () => {
  it('defines 10 themes with the same variables, dark first', () => {
    expect(themes).toHaveLength(10);
    const names = Object.keys(themes[0]!.vars).sort();
    for (const theme of themes) expect(Object.keys(theme.vars).sort()).toEqual(names);
    expect(themes[0]!.vars['color-scheme']).toBe('dark');
    expect(themes[0]!.vars['--bg-gradient']).toBe('none');
    for (const theme of themes.slice(1)) expect(theme.vars['--bg-gradient']).toMatch(/gradient/);
  });

  it('renders one rule per theme plus the accent', () => {
    const css = themeCss();
    expect(css).toContain(`--accent:${ACCENT}`);
    for (let index = 0; index < 10; index += 1) expect(css).toContain(`[data-theme="${index}"]{`);
  });
});
