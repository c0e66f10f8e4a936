// The hostile-input fuzzer (issue 24): every operation of the API's own openapi.json and every
// page route, in English and Hindi, gets hostile values in each parameter, header and body field,
// over real HTTP (so Node's parser and Fastify's see exactly what a stranger would send). Cases
// are drawn with a seeded generator: the same seed sends the same requests, in the same order.
// What must hold afterwards: no 5xx, no error logged, and the pages ordinary visitors get are
// the ones they got before. tests/integration/fuzz.test.ts runs a sample in CI; `npm run fuzz`
// runs every case (tests/fuzz/run.ts).
import { Agent, request as httpRequest } from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** A value in the two forms a request carries it: as URL text (already escaped) and as JSON. */
export interface Hostile {
  name: string;
  url: string;
  json: unknown;
}

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

export const HOSTILE: readonly Hostile[] = [
  { name: 'NUL', url: '%00', json: '\u0000' },
  { name: 'NUL inside', url: 'a%00b', json: 'a\u0000b' },
  { name: 'newline', url: '%0a', json: '\n' },
  { name: 'header injection', url: '%0d%0aSet-Cookie:%20x=1', json: '\r\nSet-Cookie: x=1' },
  { name: 'escaped percent', url: '%25', json: '%' },
  { name: 'bare percent', url: '%', json: '%25' },
  { name: 'broken escape', url: '%zz', json: '%zz' },
  { name: 'bad UTF-8', url: '%C3%28', json: '\u00c3(' },
  { name: 'overlong UTF-8', url: '%C0%AF', json: '\uFFFD' },
  { name: 'lone surrogate', url: '%ED%A0%80', json: '\ud800' },
  { name: 'lone low surrogate', url: '%ED%BF%BF', json: 'a\udfffb' },
  { name: '10k characters', url: 'x'.repeat(10_000), json: 'x'.repeat(10_000) },
  { name: '1M characters', url: 'y'.repeat(1_000_000), json: 'y'.repeat(1_000_000) },
  { name: 'huge number', url: '99999999999999999999999999', json: 1e308 },
  { name: 'beyond a double', url: '1e309', json: 9_007_199_254_740_993 },
  { name: 'negative', url: '-1', json: -1 },
  { name: 'huge negative', url: '-99999999999999999999', json: -1e308 },
  { name: 'fraction', url: '0.5', json: 0.5 },
  { name: 'NaN', url: 'NaN', json: 'NaN' },
  { name: 'empty', url: '', json: '' },
  { name: 'spaces', url: '%20%20', json: '  ' },
  { name: 'script', url: '%3Cscript%3Ealert(1)%3C%2Fscript%3E', json: '<script>alert(1)</script>' },
  { name: 'SQL', url: "'%20OR%201%3D1--", json: "' OR 1=1--" },
  { name: 'path traversal', url: '..%2F..%2Fetc%2Fpasswd', json: '../../etc/passwd' },
  { name: 'emoji', url: '%F0%9F%8F%8F', json: '🏏' },
  { name: 'null', url: 'null', json: null },
  { name: 'true', url: 'true', json: true },
  { name: 'array', url: '%5B%5D', json: ['a', 1, null] },
  { name: 'object', url: '%7B%7D', json: { a: { b: 1 } } },
  { name: 'prototype', url: '__proto__', json: { __proto__: { polluted: 1 }, constructor: { prototype: { polluted: 1 } } } },
];

/** Host headers the server must refuse with 400 (issue 24's list, and user info). */
export const BAD_HOSTS = ['x y', '%', '[::1', 'a<b', 'evil.example:99999', 'a?b', 'a#b', 'a:b:c', 'a"b', 'a@b'];

/** Headers a stranger may send with anything. */
const HOSTILE_HEADERS: readonly Record<string, string>[] = [
  { cookie: 'crease_session=%00%zz; lang=%E0%A4; crease_csrf=' },
  { cookie: `crease_session=${'k'.repeat(8000)}` },
  { cookie: 'lang=hi; lang=en; lang=xx' },
  { authorization: `Bearer ${'t'.repeat(8000)}` },
  { authorization: 'Basic %00' },
  { authorization: 'Bearer' },
  { 'accept-encoding': 'gzip;q=abc, br;q=-1, *;q=2' },
  { accept: 'text/html;q=NaN, */*;q=-1' },
  { 'x-forwarded-for': '::ffff:%00, not-an-address, 999.1.1.1' },
  { 'x-forwarded-host': 'evil.example' },
  { range: 'bytes=999999999999999-1' },
  { 'if-none-match': '"'.repeat(500) },
  { origin: 'null' },
];

export interface FuzzCase {
  /** What is being tried, for the report. */
  what: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A status the answer must have (bad Host values: 400); otherwise anything under 500. */
  expect?: number;
}

// ---------- seeded choice ----------

/** mulberry32: a small, fast generator; a seed gives one sequence, on any machine. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` items of `items` (all of them when count is Infinity), in a seeded order. */
function pick<T>(items: readonly T[], count: number, random: () => number): T[] {
  if (count >= items.length) return [...items];
  const pool = [...items];
  for (let index = pool.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [pool[index], pool[other]] = [pool[other]!, pool[index]!];
  }
  return pool.slice(0, count);
}

// ---------- targets ----------

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Target {
  method: string;
  /** The path with {name} placeholders. */
  template: string;
  pathParams: string[];
  query: string[];
  /** Body fields, when the operation takes JSON. */
  body: string[] | null;
  multipart: boolean;
  /** A plausible value for each path parameter and query field, so one field at a time is hostile. */
  plausible: Record<string, string>;
}

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the API document. */
export function apiTargets(doc: OpenApiDocument, plausible: Record<string, string>): Target[] {
  const targets: Target[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      targets.push({
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: json ? Object.keys(json.properties ?? {}) : null,
        multipart: 'multipart/form-data' in content,
        plausible,
      });
    }
  }
  return targets;
}

/** Query fields every page may be sent; each page's own come from its declaration (src/pages/_routes.ts). */
const PAGE_QUERY = ['q', 'next', 'page', 'tab', 'id', 'slug', 'lang', 'player_key', 'match_key', 'type', 'gender', 'date', 'stat', 'team', 'all'];

/** Every page file under src/pages as a route, in English and under /hi. */
export function pageTargets(pagesDir: string, plausible: Record<string, string>, queryOf: (pathname: string) => string[]): Target[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      // Files named _... are the pages' modules (their query declarations), not routes.
      else if (/\.(astro|ts)$/.test(name) && !name.startsWith('_')) files.push(path.relative(pagesDir, full));
    }
  };
  walk(pagesDir);
  const targets: Target[] = [];
  for (const file of files.sort()) {
    // The Hindi catch-all is every page again under /hi.
    if (file.startsWith('hi/')) continue;
    const route = `/${file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '')}`;
    const template = route.replace(/\[(?:\.\.\.)?(\w+)\]/g, '{$1}');
    const pathParams = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const example = template.replace(/\{(\w+)\}/g, (_, name: string) => plausible[name] ?? 'x');
    const query = [...new Set([...queryOf(example), ...PAGE_QUERY])];
    for (const prefix of ['', '/hi']) {
      targets.push({ method: 'GET', template: `${prefix}${template === '/' ? '' : template}` || '/', pathParams, query, body: null, multipart: false, plausible });
    }
  }
  return targets;
}

// ---------- cases ----------

function fillPath(target: Target, override: Record<string, string> = {}): string {
  return target.template.replace(/\{(\w+)\}/g, (_, name: string) => override[name] ?? encodeURIComponent(target.plausible[name] ?? 'x'));
}

function withQuery(url: string, query: string): string {
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

const baseQuery = (target: Target, skip?: string) =>
  target.query
    .filter((name) => name !== skip && target.plausible[name] !== undefined)
    .map((name) => `${name}=${encodeURIComponent(target.plausible[name]!)}`)
    .join('&');

const JSON_TYPE = { 'content-type': 'application/json' };

/** The whole-request attacks every operation that takes a body gets. */
function bodyAttacks(target: Target, url: string): FuzzCase[] {
  const as = (what: string, body: string | Buffer, headers: Record<string, string>): FuzzCase => ({ what: `${target.method} ${target.template}: ${what}`, method: target.method, url, body, headers });
  return [
    as('15k-deep JSON array', deep(15_000), JSON_TYPE),
    as('15k-deep JSON object', deepObject(15_000), JSON_TYPE),
    as('10 MB body', JSON.stringify({ big: 'z'.repeat(10 * 1024 * 1024) }), JSON_TYPE),
    as('broken JSON', '{"a":', JSON_TYPE),
    as('bad UTF-8 in JSON', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]), JSON_TYPE),
    as('JSON as text/plain', '{"a":1}', { 'content-type': 'text/plain' }),
    as('a form instead of JSON', 'a=1&a=2&b[]=3', { 'content-type': 'application/x-www-form-urlencoded' }),
    as('multipart without a boundary', '--x\r\n\r\n', { 'content-type': 'multipart/form-data' }),
    as('multipart with a broken part', '--b\r\nContent-Disposition: form-data; name="video"; filename="\u0000.mp4"\r\n\r\nxx\r\n--b', { 'content-type': 'multipart/form-data; boundary=b' }),
    as('an unknown content type', 'AAAA', { 'content-type': 'application/x-crease-%00' }),
    as('JSON in another charset', '{"a":1}', { 'content-type': 'application/json; charset=utf-16' }),
    as('a JSON array body', '[1,2,3]', JSON_TYPE),
    as('a JSON string body', '"\\u0000"', JSON_TYPE),
  ];
}

/** How much of a target to try: Infinity everywhere for every case. */
export interface Sample {
  /** Query and body fields tried (path parameters always are). */
  fields: number;
  /** Hostile values per field. */
  perField: number;
  /** Structural attacks (repeated and [] parameters, many parameters, headers, whole bodies). */
  perTarget: number;
}

export const EVERY_CASE: Sample = { fields: Infinity, perField: Infinity, perTarget: Infinity };

/**
 * The cases for one target: each path parameter, and `sample.fields` of its query and body
 * fields, in turn take `sample.perField` hostile values; then `sample.perTarget` structural attacks.
 */
export function casesFor(target: Target, random: () => number, sample: Sample, auth: Record<string, string>): FuzzCase[] {
  const { perField, perTarget } = sample;
  const cases: FuzzCase[] = [];
  const label = `${target.method} ${target.template}`;
  const headers = { ...auth, ...(target.body ? JSON_TYPE : {}) };
  const plainBody = target.body ? JSON.stringify(Object.fromEntries(target.body.map((field) => [field, target.plausible[field] ?? 'x']))) : undefined;
  const send = (what: string, url: string, extra: Partial<FuzzCase> = {}): FuzzCase => ({
    what: `${label}: ${what}`,
    method: target.method,
    url,
    headers,
    ...(plainBody === undefined ? {} : { body: plainBody }),
    ...extra,
  });
  const url = withQuery(fillPath(target), baseQuery(target));
  for (const name of target.pathParams) {
    for (const value of pick(HOSTILE, perField, random)) {
      // A path segment cannot hold an empty value or an unescaped '/' and stay on its route.
      cases.push(send(`path ${name} = ${value.name}`, withQuery(fillPath(target, { [name]: value.url || '%20' }), baseQuery(target))));
    }
  }
  const fields = new Set(pick([...target.query.map((name) => `query:${name}`), ...(target.body ?? []).map((name) => `body:${name}`)], sample.fields, random));
  for (const name of target.query.filter((name) => fields.has(`query:${name}`))) {
    for (const value of pick(HOSTILE, perField, random)) {
      cases.push(send(`query ${name} = ${value.name}`, withQuery(fillPath(target), [baseQuery(target, name), `${name}=${value.url}`].filter(Boolean).join('&'))));
    }
    cases.push(send(`query ${name} twice`, withQuery(url, `${name}=1&${name}=2`)));
    cases.push(send(`query ${name}[]`, withQuery(fillPath(target), `${name}[]=1&${name}[x]=2`)));
  }
  for (const field of (target.body ?? []).filter((name) => fields.has(`body:${name}`))) {
    for (const value of pick(HOSTILE, perField, random)) {
      const body = JSON.parse(plainBody ?? '{}') as Record<string, unknown>;
      body[field] = value.json;
      cases.push(send(`body ${field} = ${value.name}`, url, { body: JSON.stringify(body) }));
    }
  }
  const structural: FuzzCase[] = [
    send('1,000 parameters', withQuery(url, Array.from({ length: 1000 }, (_, index) => `p${index}=${index}`).join('&'))),
    send('an unknown parameter with a NUL', withQuery(url, 'zz%00=%00')),
    ...HOSTILE_HEADERS.map((extra) => send(`header ${Object.keys(extra)[0]}`, url, { headers: { ...headers, ...extra } })),
    ...(target.body !== null || target.method !== 'GET' ? bodyAttacks(target, url).map((attack) => ({ ...attack, headers: { ...auth, ...attack.headers } })) : []),
    ...(target.method === 'GET' ? [send('a body on a GET', url, { body: '{"a":1}', headers: { ...headers, ...JSON_TYPE } })] : []),
  ];
  cases.push(...pick(structural, perTarget, random));
  return cases;
}

/** The bad Host values against a target: each must be a 400. */
export function hostCases(target: Target, hosts: readonly string[]): FuzzCase[] {
  const url = withQuery(fillPath(target), baseQuery(target));
  return hosts.map((host) => ({ what: `${target.method} ${target.template}: Host ${host}`, method: target.method, url, headers: { host }, expect: 400 }));
}

// ---------- sending ----------

export interface Answer {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One request, exactly as given (the Host header included), over a kept-alive connection. */
export function send(port: number, fuzzCase: Pick<FuzzCase, 'method' | 'url' | 'headers' | 'body'>, ownHost: string): Promise<Answer> {
  const headers: Record<string, string | number> = { host: ownHost, ...fuzzCase.headers };
  if (fuzzCase.body !== undefined) headers['content-length'] = Buffer.byteLength(fuzzCase.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: fuzzCase.method, path: fuzzCase.url, headers, setHost: false, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }));
      res.on('error', reject);
    });
    // The server may answer (413, 431) and close before a large body is all sent.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve({ status: 0, body: error.code, headers: {} }) : reject(error)));
    if (fuzzCase.body !== undefined) req.write(fuzzCase.body);
    req.end();
  });
}

export interface Failure {
  what: string;
  url: string;
  status: number;
  detail: string;
}

/** Sends every case, `concurrency` at a time; the answers that break the rules. */
export async function runCases(port: number, ownHost: string, cases: readonly FuzzCase[], concurrency = 4): Promise<Failure[]> {
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++]!;
      const answer = await send(port, fuzzCase, ownHost).catch((error: unknown) => ({ status: -1, body: String(error), headers: {} }));
      const wrong = fuzzCase.expect !== undefined ? answer.status !== fuzzCase.expect : answer.status >= 500 || answer.status < 0;
      if (wrong) failures.push({ what: fuzzCase.what, url: fuzzCase.url.slice(0, 200), status: answer.status, detail: answer.body.slice(0, 200) });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failures;
}

export function closeConnections(): void {
  agent.destroy();
}
