// Server-side guards for the account pages (frontmatter): the profile area renders only for a
// signed-in user, else 302 to /login?next=<path>; /login, /register and /forget_password send a
// signed-in user to /editProfile. A page rendered for a user is never stored by a cache.
import { localizePath, type Lang } from '../i18n/index.ts';
import { loginHref } from './account-rules.ts';

type SignedInUser = NonNullable<App.Locals['user']>;

interface PageContext {
  locals: App.Locals;
  url: URL;
  response: { headers: Headers };
  redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response;
}

function pageLang(context: PageContext): Lang {
  return context.locals.lang ?? 'en';
}

/** The signed-in user, or the redirect to the login page (which brings them back here). */
export function signedInOnly(context: PageContext): SignedInUser | Response {
  const user = context.locals.user ?? null;
  // The same URL shows one user's data or a redirect: neither may be kept by a shared cache.
  context.response.headers.set('cache-control', 'private, no-store');
  if (user) return user;
  const lang = pageLang(context);
  // The middleware has rewritten /hi/x to /x: the way back keeps the language.
  const requested = localizePath(context.url.pathname, lang) + context.url.search;
  return context.redirect(loginHref(localizePath('/login', lang), requested), 302);
}

/** A signed-in user on /login, /register or /forget_password goes to /editProfile. */
export function visitorsOnly(context: PageContext): Response | null {
  if (!context.locals.user) return null;
  context.response.headers.set('cache-control', 'private, no-store');
  return context.redirect(localizePath('/editProfile', pageLang(context)), 302);
}
