// A visitor's choices kept in the browser: the language (the lang cookie the server reads and
// the spec's localStorage.language) and the theme (localStorage.theme, read before first paint,
// and <html data-theme>, with the browser's theme-color meta). A small module of its own: every
// page's selectors load it.
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

/** Applies a theme at once: <html data-theme>, the browser's theme-color (that theme's --bg, from themeCss()), and the device's choice. */
export function applyTheme(theme: number): void {
  const root = document.documentElement;
  root.dataset.theme = String(theme);
  const colour = getComputedStyle(root).getPropertyValue('--bg').trim();
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && colour) meta.content = colour;
  store(THEME_STORAGE_KEY, String(theme));
}
