// Remembering the chosen language in the browser: the lang cookie the server reads and the
// spec's localStorage.language. Its own small module: every page's language selector loads it.
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from '../i18n/lang-cookie.ts';

export function applyLanguage(language: 'en' | 'hi'): void {
  document.cookie = `${LANG_COOKIE}=${language}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
  try {
    localStorage.setItem('language', language);
  } catch {
    // Storage may be blocked; the cookie is enough.
  }
}
