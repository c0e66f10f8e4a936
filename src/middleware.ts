// Language routing. English pages live at unprefixed paths, Hindi ones under /hi.
// - /hi/...          -> locals.lang = 'hi', rendered by the unprefixed route (rewrite).
// - ...?lang=en|hi   -> the no-JavaScript language selector: remember the choice in
//                       the cookie, then redirect to that language's URL.
// - unprefixed page  -> if the cookie says 'hi', redirect to the /hi equivalent.
import { STATUS_CODES } from 'node:http';
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, AstroCookies, MiddlewareNext } from 'astro';
import {
  LANG_COOKIE,
  LANG_COOKIE_MAX_AGE,
  isLang,
  localizePath,
  splitLangPrefix,
  type Lang,
} from './i18n/index.ts';
import { readRoute } from './server/http/page-routes.ts';
import { ROUTES } from './pages/_routes.ts';

/** A browser navigation to a page (not an asset, API call or form post). */
function isPageGet(request: Request, pathname: string): boolean {
  return (
    request.method === 'GET' &&
    (request.headers.get('accept') ?? '').includes('text/html') &&
    !/\.[a-z0-9]+$/i.test(pathname) &&
    !pathname.startsWith('/_')
  );
}

function rememberLang(cookies: AstroCookies, lang: Lang): void {
  cookies.set(LANG_COOKIE, lang, { path: '/', maxAge: LANG_COOKIE_MAX_AGE, sameSite: 'lax' });
}

async function routeByLanguage(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { url, request, cookies } = context;
  const { lang, path } = splitLangPrefix(url.pathname);
  context.locals.lang = lang;
  // The page's query as it declares it (src/pages/_routes.ts), read once for the page and its components.
  context.locals.route = readRoute(ROUTES, path, url.searchParams);

  const chosen = url.searchParams.get('lang');
  if (isLang(chosen) && request.method === 'GET') {
    rememberLang(cookies, chosen);
    const rest = new URLSearchParams(url.searchParams);
    rest.delete('lang');
    const search = rest.size > 0 ? `?${rest}` : '';
    return context.redirect(localizePath(path, chosen) + search, 303);
  }

  if (lang !== 'en') {
    return next(new URL(path + url.search, url));
  }

  if (!isPageGet(request, path)) return next();

  const stored = cookies.get(LANG_COOKIE)?.value;
  const response =
    isLang(stored) && stored !== 'en'
      ? context.redirect(localizePath(path, stored) + url.search, 302)
      : await next();
  // The same URL answers differently depending on the cookie: keep caches honest.
  response.headers.append('Vary', 'Cookie');
  return response;
}

/**
 * A page that sets only Astro.response.status (404) keeps the default status text 'OK', which
 * Node would send as '404 OK'; give it the standard reason phrase.
 */
function withReasonPhrase(response: Response): Response {
  if (response.status === 200 || response.statusText !== 'OK') return response;
  return new Response(response.body, {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? '',
    headers: response.headers,
  });
}

/** A page rendered for a signed-in user (their name in the header, at least) is theirs alone. */
function privateWhenSignedIn(locals: App.Locals, response: Response): Response {
  if (locals.user) response.headers.set('cache-control', 'private, no-store');
  return response;
}

export const onRequest = defineMiddleware(async (context, next) =>
  withReasonPhrase(privateWhenSignedIn(context.locals, await routeByLanguage(context, next))),
);
