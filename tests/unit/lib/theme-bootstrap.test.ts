// The inline theme bootstrap (src/shared/inline-scripts.ts), run as the page's head runs it: the
// stored theme goes on <html data-theme> and its colour on the browser's theme-color meta before
// the first paint; anything else stored, or storage refused, keeps the default theme and colour.
// (In Chromium: tests/e2e/home.spec.ts.)
import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../../../src/shared/inline-scripts.ts';
import { themes } from '../../../src/styles/themes.ts';

function bootstrap(stored: () => string | null): { theme: string | undefined; colour: string } {
  const meta = { content: themes[0]!.backgroundColor };
  const html = { dataset: {} as Record<string, string> };
  const document = {
    currentScript: { dataset: { storageKey: 'theme', colours: themes.map((theme) => theme.backgroundColor).join(',') } },
    documentElement: html,
    querySelector: (selector: string) => (selector === 'meta[name="theme-color"]' ? meta : null),
  };
  const localStorage = { getItem: (key: string) => (key === 'theme' ? stored() : null) };
  new Function('document', 'localStorage', inlineScripts.themeBootstrap)(document, localStorage);
  return { theme: html.dataset.theme, colour: meta.content };
}

describe('theme bootstrap', () => {
  it("applies the stored theme and gives theme-color that theme's colour", () => {
    const dawn = themes.findIndex((theme) => theme.name === 'dawn');
    expect(bootstrap(() => String(dawn))).toEqual({ theme: String(dawn), colour: '#fff1e6' });
    themes.forEach((theme, index) => expect(bootstrap(() => String(index))).toEqual({ theme: String(index), colour: theme.backgroundColor }));
  });

  it('keeps the default theme and colour for nothing stored, a value out of range, or storage refused', () => {
    const fallback = { theme: '0', colour: themes[0]!.backgroundColor };
    for (const stored of [null, '', String(themes.length), '-1', '2.5', 'dawn']) expect(bootstrap(() => stored), String(stored)).toEqual(fallback);
    expect(
      bootstrap(() => {
        throw new Error('SecurityError: storage is disabled');
      }),
    ).toEqual(fallback);
  });
});
