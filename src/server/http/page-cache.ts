// Rendered pages are kept in memory until the data they show changes (the data version
// moves), with a gzip copy: a warm page costs a map lookup instead of a render.
// Only responses that say they may be shared are kept: status 200, `Cache-Control: public`,
// no Set-Cookie. The key includes the language cookie, which decides redirects.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { DataVersion } from '../services/cache.ts';

interface CachedPage {
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzipped: Buffer;
}

const HOP_BY_HOP = new Set(['connection', 'transfer-encoding', 'keep-alive', 'content-length']);

export class PageCache {
  private version = -1;
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly dataVersion: DataVersion,
    private readonly maxPages = 300,
  ) {}

  private keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET') return null;
    const lang = /(?:^|;\s*)lang=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    return `${req.url ?? ''}|${lang}`;
  }

  /** Answers from the cache when it can; returns whether it did. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.version !== this.dataVersion.value) {
      this.pages.clear();
      this.version = this.dataVersion.value;
    }
    const key = this.keyOf(req);
    const page = key === null ? undefined : this.pages.get(key);
    if (!page) return false;
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? page.gzipped : page.body;
    res.writeHead(200, {
      ...page.headers,
      'content-length': String(body.length),
      vary: 'Accept-Encoding, Cookie',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(body);
    return true;
  }

  /** Watches a response being rendered and keeps it if it may be shared. */
  record(req: IncomingMessage, res: ServerResponse): void {
    const key = this.keyOf(req);
    if (key === null) return;
    const version = this.dataVersion.value;
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
      this.keep(key, version, res, headers, Buffer.concat(chunks));
      return result;
    }) as ServerResponse['end'];
  }

  private keep(
    key: string,
    version: number,
    res: ServerResponse,
    written: Record<string, string | string[]>,
    body: Buffer,
  ): void {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries({ ...res.getHeaders(), ...written })) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    const cacheControl = String(headers['cache-control'] ?? '');
    if (res.statusCode !== 200 || !/\bpublic\b/.test(cacheControl) || headers['set-cookie'] !== undefined) return;
    if (version !== this.dataVersion.value || version !== this.version) return;
    if (this.pages.size >= this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.set(key, { headers, body, gzipped: gzipSync(body) });
  }
}

/** writeHead() also takes headers as a flat [name, value, name, value, ...] list. */
function pairs(flat: readonly string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) result.push([flat[i]!, flat[i + 1]!]);
  return result;
}
