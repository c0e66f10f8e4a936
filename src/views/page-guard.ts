// Server-side guards for the account pages (frontmatter): the profile area renders only for a
// signed-in user, else 302 to /login?next=<path>; /login, /register and /forget_password send a
// signed-in user to /editProfile. A page rendered for a user is never stored by a cache.
import { dictionary, langOf, localizePath, type Lang } from '../i18n/index.ts';
import { scorerStrings } from '../i18n/scorer.ts';
import { loginHref } from '../shared/account-rules.ts';

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

// The same URL shows one user's page or a redirect that depends on the cookie: no cache keeps either.
const PRIVATE = 'private, no-store';

function privateRedirect(context: PageContext, location: string): Response {
  const response = context.redirect(location, 302);
  response.headers.set('cache-control', PRIVATE);
  return response;
}

/** The signed-in user, or the redirect to the login page (which brings them back here). */
export function signedInOnly(context: PageContext): SignedInUser | Response {
  const user = context.locals.user ?? null;
  if (!user) {
    const lang = pageLang(context);
    // The middleware has rewritten /hi/x to /x: the way back keeps the language.
    const requested = localizePath(context.url.pathname, lang) + context.url.search;
    return privateRedirect(context, loginHref(localizePath('/login', lang), requested));
  }
  context.response.headers.set('cache-control', PRIVATE);
  return user;
}

/** What a signed-in page reads: the user, the page's language and its dictionary; or the login redirect. */
export function signedInPage(context: PageContext): { user: SignedInUser; lang: Lang; dict: ReturnType<typeof dictionary> } | Response {
  const user = signedInOnly(context);
  if (user instanceof Response) return user;
  const lang = langOf(context);
  return { user, lang, dict: dictionary(lang) };
}

/** A signed-in user on /login, /register or /forget_password goes to /editProfile. */
export function visitorsOnly(context: PageContext): Response | null {
  if (!context.locals.user) return null;
  return privateRedirect(context, localizePath('/editProfile', pageLang(context)));
}

/** A role's page: what signedInPage gives, and whether the user has the role. */
type RolePage = Exclude<ReturnType<typeof signedInPage>, Response> & { allowed: boolean };

/**
 * The signed-in user and whether they may use the scorer console (scorers and admins); a visitor
 * gets the login redirect. A user without the role is answered 403.
 */
export function scorerOnly(context: PageContext & { response: { headers: Headers; status?: number } }): RolePage | Response {
  return roleOnly(context, ['scorer', 'admin']);
}

/** A page of the scorer console: scorerOnly's answer and the console's words in the page's language. */
export function scorerPage(
  context: PageContext & { response: { headers: Headers; status?: number } },
): (RolePage & { labels: (typeof scorerStrings)[Lang] }) | Response {
  const guard = scorerOnly(context);
  return guard instanceof Response ? guard : { ...guard, labels: scorerStrings[guard.lang] };
}

/** The same for the editor's desks, news and reels (editors and admins). */
export function editorOnly(context: PageContext & { response: { headers: Headers; status?: number } }): RolePage | Response {
  return roleOnly(context, ['editor', 'admin']);
}

/** The same for the admin pages (corrections, contact queries): admins only. */
export function adminOnly(context: PageContext & { response: { headers: Headers; status?: number } }): RolePage | Response {
  return roleOnly(context, ['admin']);
}

function roleOnly(
  context: PageContext & { response: { headers: Headers; status?: number } },
  roles: readonly SignedInUser['role'][],
): RolePage | Response {
  const page = signedInPage(context);
  if (page instanceof Response) return page;
  const allowed = roles.includes(page.user.role);
  if (!allowed) context.response.status = 403;
  return { ...page, allowed };
}
