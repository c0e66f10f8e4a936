// Rendered pages are kept in memory, with brotli and gzip copies, until the change feed publishes
// a tag of the data they show: a warm page costs a map lookup instead of a render.
// - Every answer of a page render is held until it is whole and sent compressed when the browser
//   accepts it (brotli, else gzip), the first time as from memory: live pages are re-rendered
//   after every ball, so their fans would otherwise get them uncompressed most often.
// - Requests for a page being rendered wait for that render instead of starting their own: after
//   a ball drops a page, the crowd asking for it costs one render (issue 26's thundering herd).
// - Only the pages' declared routes (page-routes.ts) are kept, keyed by the origin the page links to (site-origin.ts),
//   path, the query the page reads and the language cookie (which decides redirects); another query
//   gets a 301 to the canonical URL. What was rendered for one origin is never served for another.
// - A page's tags are those of every service read made while rendering it (tags-read.ts).
// - Only responses that say they may be shared are kept: status 200, `Cache-Control: public`,
//   no Set-Cookie; and not when a publication touching its tags came while it rendered.
// - Each answer of a page the cache may keep says how it was made (`x-page-cache`): `hit` from
//   memory, `wait` from another request's render, `render` rendered for it. Operators (and
//   bench:live's Scoreboard row) count renders with it.
// - A signed-in request (a session that resolved) is rendered, never cached; a bogus session
//   cookie or Authorization header, or an unknown language cookie, changes nothing and gets the
//   cached page (none of them can force a render per request).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ChangeFeed } from '../feed/change-feed.ts';
import { TaggedStore } from '../feed/tagged-store.ts';
import { collectTagsRead } from '../feed/tags-read.ts';
import { tags as tagNames } from '../feed/tags.ts';
import { isLang, LANG_COOKIE, splitLangPrefix } from '../../i18n/index.ts';
import { readCookie } from '../auth/cookies.ts';
import { canonicalQuery, findPageRoute, type PageRoute } from './page-routes.ts';

/** A whole answer of the renderer, held before it is sent. */
interface HeldAnswer {
  status: number;
  statusMessage: string | undefined;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** A page as it is kept and sent: its compressed copies made once, when first asked for. */
class CachedPage {
  private readonly encoded = new Map<Coding, Buffer>();

  constructor(
    readonly headers: Record<string, string | string[]>,
    readonly body: Buffer,
  ) {}

  encodedAs(coding: Coding): Buffer {
    let copy = this.encoded.get(coding);
    if (!copy) {
      copy = coding === 'br' ? brotliCompressSync(this.body, BROTLI_OPTIONS) : gzipSync(this.body);
      this.encoded.set(coding, copy);
    }
    return copy;
  }
}

type Coding = 'br' | 'gzip';

// Quality 5 of 11: within a few percent of the best size for HTML at a small part of its time,
// which matters for a page made after every ball.
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };
/** Smaller answers (a redirect, an empty page) gain nothing from compression. */
const MIN_COMPRESSED_BYTES = 512;

/** A render in progress: the tags it read so far, and those published since it started. */
interface Render {
  read: Set<string>;
  publishedSince: Set<string>;
}

const HOP_BY_HOP = new Set(['connection', 'transfer-encoding', 'keep-alive', 'content-length']);
const REDIRECT_MAX_AGE_S = 3600;

/** The qualities an Accept-Encoding header gives each coding (names lower-cased). */
function codingQualities(header: string | string[] | undefined): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    codings.set(name, Number.isNaN(quality) ? 0 : quality);
  }
  return codings;
}

/**
 * The coding to send a page in: brotli where the header allows it, else gzip, else none
 * (q=0 refuses a coding; '*' stands for those not listed).
 */
export function preferredCoding(header: string | string[] | undefined): Coding | null {
  const codings = codingQualities(header);
  const allowed = (...names: string[]) => {
    const quality = names.map((name) => codings.get(name)).find((value) => value !== undefined) ?? codings.get('*');
    return quality !== undefined && quality > 0;
  };
  if (allowed('br')) return 'br';
  if (allowed('gzip', 'x-gzip')) return 'gzip';
  return null;
}

type Plan = { kind: 'render' } | { kind: 'redirect'; location: string } | { kind: 'cache'; key: string };

/** What the server knows of a page request beyond its URL. */
export interface PageRequest {
  /** A session resolved: the answer is for one person, rendered, never served from nor kept in the cache. */
  signedIn: boolean;
  /** The origin the page's links are built from (site-origin.ts): part of the key. */
  origin: string;
}

export class PageCache {
  private readonly pages: TaggedStore<CachedPage>;
  private readonly rendering = new Set<Render>();
  /** Renders of shareable pages in progress, by key: what a request for the same page waits for. */
  private readonly inFlight = new Map<string, Promise<CachedPage | null>>();

  constructor(
    feed: Pick<ChangeFeed, 'subscribe'>,
    private readonly routes: readonly PageRoute[],
    maxPages = 300,
  ) {
    this.pages = new TaggedStore(maxPages);
    feed.subscribe((published) => {
      this.pages.invalidate(published);
      for (const render of this.rendering) for (const tag of published) render.publishedSince.add(tag);
    });
  }

  /** Answers a page request from memory, with a redirect to its canonical URL, or by rendering it. */
  async handle(req: IncomingMessage, res: ServerResponse, request: PageRequest, render: () => Promise<void>): Promise<void> {
    const plan = this.plan(req, request);
    if (plan.kind === 'redirect') {
      res.writeHead(301, { location: plan.location, 'cache-control': `public, max-age=${REDIRECT_MAX_AGE_S}` });
      res.end();
      return;
    }
    if (plan.kind === 'render') {
      sendHeld(req, res, await hold(res, render));
      return;
    }
    const kept = this.pages.get(plan.key);
    if (kept) {
      sendPage(req, res, kept, 'hit');
      return;
    }
    const shared = this.inFlight.get(plan.key);
    if (shared) {
      const page = await shared;
      // The render waited for made an answer not to be shared (or one outdated while it ran): render this one.
      if (page) sendPage(req, res, page, 'wait');
      else sendHeld(req, res, await hold(res, render), 'render');
      return;
    }
    const inProgress: Render = { read: new Set(), publishedSince: new Set() };
    this.rendering.add(inProgress);
    const rendered = (async () => {
      try {
        const answer = await hold(res, () => collectTagsRead(inProgress.read, render));
        return { answer, page: this.keep(plan.key, inProgress, answer) };
      } finally {
        this.rendering.delete(inProgress);
      }
    })();
    const page = rendered.then(({ page }) => page, () => null);
    this.inFlight.set(plan.key, page);
    try {
      const { answer, page: kept } = await rendered;
      if (kept) sendPage(req, res, kept, 'render');
      else sendHeld(req, res, answer, 'render');
    } finally {
      if (this.inFlight.get(plan.key) === page) this.inFlight.delete(plan.key);
    }
  }

  private plan(req: IncomingMessage, request: PageRequest): Plan {
    // A signed-in visitor's page is theirs alone: never served from, nor kept in, the cache.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || request.signedIn) return { kind: 'render' };
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://page.invalid');
    } catch {
      return { kind: 'render' };
    }
    const route = findPageRoute(this.routes, splitLangPrefix(url.pathname).path);
    if (!route) return { kind: 'render' };
    const { search, sortedSearch, canonical } = canonicalQuery(route, url.searchParams);
    if (!canonical) return { kind: 'redirect', location: url.pathname + search };
    if (req.method !== 'GET') return { kind: 'render' };
    // Only a language that changes the answer (a redirect to /hi) is part of the key.
    const chosen = readCookie(req.headers.cookie, LANG_COOKIE);
    const lang = isLang(chosen) && chosen !== 'en' ? chosen : '';
    return { kind: 'cache', key: `${request.origin}${url.pathname}${sortedSearch}|${lang}` };
  }

  /** Keeps a rendered answer if it may be shared and is still current; the page kept, or null. */
  private keep(key: string, render: Render, answer: HeldAnswer | null): CachedPage | null {
    if (!answer) return null;
    const cacheControl = String(answer.headers['cache-control'] ?? '');
    if (answer.status !== 200 || !/\bpublic\b/.test(cacheControl) || answer.headers['set-cookie'] !== undefined) return null;
    // What it read may be older than a change published while it rendered.
    const stale =
      render.publishedSince.has(tagNames.all) || [...render.read].some((tag) => render.publishedSince.has(tag));
    if (stale) return null;
    const page = new CachedPage(answer.headers, answer.body);
    this.pages.set(key, page, [...render.read]);
    return page;
  }
}

/** How a cacheable page's answer was made (the `x-page-cache` header). */
type Made = 'hit' | 'wait' | 'render';

/** Sends a kept page, compressed as the request allows. */
function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, made: Made): void {
  const coding = page.body.length >= MIN_COMPRESSED_BYTES ? preferredCoding(req.headers['accept-encoding']) : null;
  const body = coding ? page.encodedAs(coding) : page.body;
  res.writeHead(200, {
    ...page.headers,
    'content-length': String(body.length),
    vary: 'Accept-Encoding, Cookie',
    'x-page-cache': made,
    ...(coding ? { 'content-encoding': coding } : {}),
  });
  res.end(body);
}

/** Sends an answer that is not kept (a signed-in page, a 404, a redirect), compressed when it is text worth it. */
function sendHeld(req: IncomingMessage, res: ServerResponse, answer: HeldAnswer | null, made?: Made): void {
  if (!answer) return;
  const type = String(answer.headers['content-type'] ?? res.getHeader('content-type') ?? '');
  const compressible = answer.body.length >= MIN_COMPRESSED_BYTES && /^text\/|json|xml/.test(type) && answer.headers['content-encoding'] === undefined;
  const coding = compressible && req.method !== 'HEAD' ? preferredCoding(req.headers['accept-encoding']) : null;
  const body = coding ? new CachedPage(answer.headers, answer.body).encodedAs(coding) : answer.body;
  const headers = {
    ...answer.headers,
    ...(req.method === 'HEAD' ? {} : { 'content-length': String(body.length) }),
    ...(compressible ? { vary: [res.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', ') } : {}),
    ...(coding ? { 'content-encoding': coding } : {}),
    ...(made ? { 'x-page-cache': made } : {}),
  };
  if (answer.statusMessage) res.writeHead(answer.status, answer.statusMessage, headers);
  else res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Runs the renderer with the response's head and body held back, and returns them whole (null
 * when the client went away first). The response's own methods are restored afterwards, whether
 * the render succeeded or not, so the caller (or an error handler) writes to it as usual.
 */
async function hold(res: ServerResponse, render: () => Promise<void>): Promise<HeldAnswer | null> {
  const chunks: Buffer[] = [];
  // Astro passes its headers to writeHead(), where getHeaders() does not see them.
  const written: Record<string, string | string[]> = {};
  let status = 200;
  let statusMessage: string | undefined;
  const own = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  const collect = (chunk: unknown, encoding?: unknown) => {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  let finished!: () => void;
  const ended = new Promise<void>((resolve) => (finished = resolve));
  // A client that goes away mid-render: the renderer may stop without ending the answer.
  let aborted = false;
  const onClose = () => {
    aborted = true;
    finished();
  };
  res.once('close', onClose);
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    if (typeof rest[0] === 'string') statusMessage = rest[0];
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null);
    const entries = Array.isArray(given) ? pairs(given as string[]) : Object.entries((given ?? {}) as Record<string, unknown>);
    for (const [name, value] of entries) {
      if (value !== undefined) written[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
    }
    return res;
  }) as ServerResponse['writeHead'];
  res.flushHeaders = () => {};
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    const done = [encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk !== undefined && typeof chunk !== 'function') collect(chunk, encoding);
    const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    finished();
    return res;
  }) as ServerResponse['end'];
  try {
    // The renderer may resolve before its last write (a streamed body ends on a later tick).
    await render();
    await ended;
  } finally {
    Object.assign(res, own);
    res.off('close', onClose);
  }
  if (aborted) return null;
  if (res.statusCode !== 200 && status === 200) status = res.statusCode;
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries({ ...res.getHeaders(), ...written })) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  // Headers set on the response are sent with it anyway; only those the renderer passed are repeated.
  return { status, statusMessage, headers, body: Buffer.concat(chunks) };
}

/** writeHead() also takes headers as a flat [name, value, name, value, ...] list. */
function pairs(flat: readonly string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) result.push([flat[i]!, flat[i + 1]!]);
  return result;
}
