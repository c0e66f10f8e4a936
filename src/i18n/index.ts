// Translation helper and language-aware paths.
// English lives at unprefixed paths (/series), Hindi under /hi (/hi/series);
// src/middleware.ts strips the prefix and sets Astro.locals.lang.
import i18next from 'i18next';
import en, { type Dictionary } from './en.ts';
import hi from './hi.ts';

export const LANGS = ['en', 'hi'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Each language's name in its own script, as shown in the selector. */
export const LANG_NAMES: Record<Lang, string> = { en: 'English', hi: 'हिन्दी' };

/** Cookie that remembers the chosen language (set by the selector). */
export { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from './lang-cookie.ts';

/** Dotted paths to every string of the dictionary, e.g. 'nav.home'. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type TranslationKey = Leaves<Dictionary>;

const instance = i18next.createInstance();
void instance.init({
  resources: { en: { translation: en }, hi: { translation: hi } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  initAsync: false,
  // Astro escapes what it renders; the dictionaries are our own text.
  interpolation: { escapeValue: false },
});
const fixed = { en: instance.getFixedT('en'), hi: instance.getFixedT('hi') } satisfies Record<Lang, unknown>;

export function t(lang: Lang, key: TranslationKey, vars?: Record<string, string | number>): string {
  return fixed[lang](key, vars ?? {});
}

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** Splits '/hi/series' into { lang: 'hi', path: '/series' }; unprefixed paths are English. */
export function splitLangPrefix(pathname: string): { lang: Lang; path: string } {
  if (pathname === '/hi' || pathname.startsWith('/hi/')) {
    return { lang: 'hi', path: pathname.slice(3) || '/' };
  }
  return { lang: 'en', path: pathname };
}

/** The URL of an unprefixed path in the given language: ('/series', 'hi') -> '/hi/series'. */
export function localizePath(path: string, lang: Lang): string {
  // Collapse leading slashes: '//host' would be read as another site (open redirect).
  const bare = splitLangPrefix(path).path.replace(/^\/{2,}/, '/');
  if (lang === DEFAULT_LANG) return bare;
  return bare === '/' ? `/${lang}` : `/${lang}${bare}`;
}

/** The same page in every language, for <link rel="alternate" hreflang>. */
export function alternatePaths(path: string): Record<Lang, string> {
  return { en: localizePath(path, 'en'), hi: localizePath(path, 'hi') };
}

/**
 * The language of the current request. The middleware sets locals.lang; where it
 * has not run (an error page rendered outside it), the URL prefix decides.
 */
export function langOf(astro: { locals: Partial<App.Locals>; url: URL }): Lang {
  return astro.locals.lang ?? splitLangPrefix(astro.url.pathname).lang;
}

/** Pages that have a title and a one-line summary in the dictionary. */
export type PageKey = keyof Dictionary['pages'];

const DICTIONARIES: Record<Lang, Dictionary> = { en, hi };

/** A language's whole dictionary: pages hand an island the part it shows, translated on the server. */
export function dictionary(lang: Lang): Dictionary {
  return DICTIONARIES[lang];
}
