// The cookie that remembers the chosen language, in a module of its own so browser code can
// set it without bundling i18next and the dictionaries.
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
