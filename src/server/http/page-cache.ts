// Rendered pages are kept in memory, with a gzip copy, until the change feed publishes a tag
// of the data they show: a warm page costs a map lookup instead of a render.
// - Only the routes of page-routes.ts are kept, keyed by the origin the page links to (site-origin.ts),
//   path, the query the page reads and the language cookie (which decides redirects); another query
//   gets a 301 to the canonical URL. What was rendered for one origin is never served for another.
// - A page's tags are those of every service read made while rendering it (tags-read.ts).
// - Only responses that say they may be shared are kept: status 200, `Cache-Control: public`,
//   no Set-Cookie; and not when a publication touching its tags came while it rendered.
// - A request with credentials (session cookie, Authorization) is rendered, never cached.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { ChangeFeed } from '../feed/change-feed.ts';
import { TaggedStore } from '../feed/tagged-store.ts';
import { collectTagsRead } from '../feed/tags-read.ts';
import { tags as tagNames } from '../feed/tags.ts';
import { splitLangPrefix } from '../../i18n/index.ts';
import { canonicalQuery, findPageRoute } from './page-routes.ts';

interface CachedPage {
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzipped: Buffer;
}

/** A render in progress: the tags it read so far, and those published since it started. */
interface Render {
  read: Set<string>;
  publishedSince: Set<string>;
}

const HOP_BY_HOP = new Set(['connection', 'transfer-encoding', 'keep-alive', 'content-length']);
const REDIRECT_MAX_AGE_S = 3600;

/** Whether the Accept-Encoding header allows gzip (q=0 refuses it; '*' stands for unlisted codings). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const codings = new Map<string, number>();
  for (const part of [header ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    codings.set(name, Number.isNaN(quality) ? 0 : quality);
  }
  const gzip = codings.get('gzip') ?? codings.get('x-gzip') ?? codings.get('*');
  return gzip !== undefined && gzip > 0;
}

type Plan = { kind: 'render' } | { kind: 'redirect'; location: string } | { kind: 'cache'; key: string };

/** What the server knows of a page request beyond its URL. */
export interface PageRequest {
  /** The answer is for one person (credentials): rendered, never served from nor kept in the cache. */
  signedIn: boolean;
  /** The origin the page's links are built from (site-origin.ts): part of the key. */
  origin: string;
}

export class PageCache {
  private readonly pages: TaggedStore<CachedPage>;
  private readonly rendering = new Set<Render>();

  constructor(feed: Pick<ChangeFeed, 'subscribe'>, maxPages = 300) {
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
      await render();
      return;
    }
    const page = this.pages.get(plan.key);
    if (page) {
      this.send(req, res, page);
      return;
    }
    const inProgress: Render = { read: new Set(), publishedSince: new Set() };
    this.rendering.add(inProgress);
    res.once('close', () => this.rendering.delete(inProgress));
    this.record(plan.key, inProgress, res);
    await collectTagsRead(inProgress.read, render);
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
    const route = findPageRoute(splitLangPrefix(url.pathname).path);
    if (!route) return { kind: 'render' };
    const { search, sortedSearch, canonical } = canonicalQuery(route, url.searchParams);
    if (!canonical) return { kind: 'redirect', location: url.pathname + search };
    if (req.method !== 'GET') return { kind: 'render' };
    const lang = /(?:^|;\s*)lang=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    return { kind: 'cache', key: `${request.origin}${url.pathname}${sortedSearch}|${lang}` };
  }

  private send(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    const body = gzip ? page.gzipped : page.body;
    res.writeHead(200, {
      ...page.headers,
      'content-length': String(body.length),
      vary: 'Accept-Encoding, Cookie',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(body);
  }

  /** Watches a response being rendered and keeps it if it may be shared. */
  private record(key: string, render: Render, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    // Astro passes its headers to writeHead(), where getHeaders() does not see them.
    const headers: Record<string, string | string[]> = {};
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const given = rest.find((arg) => typeof arg === 'object' && arg !== null);
      const entries = Array.isArray(given) ? pairs(given as string[]) : Object.entries((given ?? {}) as Record<string, unknown>);
      for (const [name, value] of entries) {
        if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
      }
      return writeHead(status, ...rest);
    }) as ServerResponse['writeHead'];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const collect = (chunk: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk);
      return write(chunk, ...rest);
    }) as ServerResponse['write'];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== 'function') collect(chunk);
      const result = end(chunk, ...rest);
      this.keep(key, render, res, headers, Buffer.concat(chunks));
      return result;
    }) as ServerResponse['end'];
  }

  private keep(
    key: string,
    render: Render,
    res: ServerResponse,
    written: Record<string, string | string[]>,
    body: Buffer,
  ): void {
    this.rendering.delete(render);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries({ ...res.getHeaders(), ...written })) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    const cacheControl = String(headers['cache-control'] ?? '');
    if (res.statusCode !== 200 || !/\bpublic\b/.test(cacheControl) || headers['set-cookie'] !== undefined) return;
    // What it read may be older than a change published while it rendered.
    const stale =
      render.publishedSince.has(tagNames.all) || [...render.read].some((tag) => render.publishedSince.has(tag));
    if (stale) return;
    this.pages.set(key, { headers, body, gzipped: gzipSync(body) }, [...render.read]);
  }
}

/** writeHead() also takes headers as a flat [name, value, name, value, ...] list. */
function pairs(flat: readonly string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) result.push([flat[i]!, flat[i + 1]!]);
  return result;
}
