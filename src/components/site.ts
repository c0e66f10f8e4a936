// Navigation and site-wide links shared by the header, footer, bottom bar and profile menu.
import type { TranslationKey } from '../i18n/index.ts';
import type { IconName } from './icons.ts';

export const CRICSHEET_URL = 'https://cricsheet.org/';
export const ODC_BY_URL = 'https://opendatacommons.org/licenses/by/1-0/';
export const CRICSHEET_REGISTER_URL = 'https://cricsheet.org/register/';
export const WIKIDATA_URL = 'https://www.wikidata.org/';
export const COMMONS_URL = 'https://commons.wikimedia.org/';

export interface NavLink {
  /** Unprefixed path; localizePath() adds the language prefix. */
  href: string;
  label: TranslationKey;
  /** Path prefixes that mark the link as current (default: href). */
  matches?: readonly string[];
}

export interface IconNavLink extends NavLink {
  icon: IconName;
}

export const PROFILE_SETTINGS_LINKS: readonly NavLink[] = [
  { href: '/profileMatchSetting', label: 'profileMenu.matchSettings' },
  { href: '/notification', label: 'profileMenu.notifications' },
  { href: '/speechSetting', label: 'profileMenu.speech' },
];

export const PROFILE_LINKS: readonly NavLink[] = [
  { href: '/editProfile', label: 'profileMenu.editProfile' },
  { href: '/themeProfile', label: 'profileMenu.theme' },
  { href: '/mail', label: 'profileMenu.email' },
];

const PROFILE_AREA = ['/profile', ...[...PROFILE_LINKS, ...PROFILE_SETTINGS_LINKS].map((l) => l.href)];

export const HEADER_LINKS: readonly NavLink[] = [
  { href: '/', label: 'nav.home' },
  { href: '/series', label: 'nav.series' },
  { href: '/stats', label: 'nav.stats' },
  { href: '/records', label: 'nav.records' },
  { href: '/fixtures', label: 'nav.fixtures' },
  { href: '/about', label: 'nav.about' },
];

export const FOOTER_LINKS: readonly NavLink[] = [...HEADER_LINKS, { href: '/news/allNews', label: 'nav.news' }];

export const BOTTOM_LINKS: readonly IconNavLink[] = [
  { href: '/news/allNews', label: 'nav.news', icon: 'news', matches: ['/news'] },
  { href: '/series', label: 'nav.series', icon: 'trophy' },
  { href: '/', label: 'nav.home', icon: 'home' },
  { href: '/fixtures', label: 'nav.fixtures', icon: 'calendar' },
  { href: '/editProfile', label: 'nav.profile', icon: 'user', matches: PROFILE_AREA },
];

/** Whether `link` is the current page (or its section) for the unprefixed `path`. */
export function isCurrent(path: string, link: NavLink): boolean {
  return (link.matches ?? [link.href]).some((prefix) =>
    prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`),
  );
}

/** The operator's contact address (CONTACT_EMAIL), or null when none is set up. */
export function contactEmail(locals: App.Locals): string | null {
  return locals.site?.contactEmail ?? null;
}

/** The operator's phone line and postal address (CONTACT_PHONE, CONTACT_ADDRESS); null: not shown. */
export function contactLines(locals: App.Locals): { phone: string | null; address: string | null } {
  return { phone: locals.site?.contactPhone ?? null, address: locals.site?.contactAddress ?? null };
}

/** The site's own Android app listing (ANDROID_APP_URL), or null: then no app or 'Rate Us' link is shown. */
export function androidAppUrl(locals: App.Locals): string | null {
  return locals.site?.androidAppUrl ?? null;
}

/**
 * An absolute URL on the site: canonical, alternates, og:url, feeds. Built from the origin the
 * server decided (never from the request's Host); a component test without a server uses the page's URL.
 */
export function absoluteUrl(locals: App.Locals, pageUrl: URL, pathAndQuery: string): string {
  return new URL(pathAndQuery, locals.site?.origin ?? pageUrl.origin).href;
}
