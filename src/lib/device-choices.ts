// A visitor's choices kept in the browser: the language (the lang cookie the server reads and
// the spec's localStorage.language) and the theme (localStorage.theme, read before first paint,
// and <html data-theme>). A small module of its own: every page's selectors load it.
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from '../i18n/lang-cookie.ts';
import { THEME_STORAGE_KEY } from '../styles/themes.ts';

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be blocked: the choice holds for this page (and, for the language, the cookie).
  }
}

export function applyLanguage(language: 'en' | 'hi'): void {
  document.cookie = `${LANG_COOKIE}=${language}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
  store('language', language);
}

export function applyTheme(theme: number): void {
  document.documentElement.dataset.theme = String(theme);
  store(THEME_STORAGE_KEY, String(theme));
}
