// Player profiles from Wikidata (CC0) for every registered person with an ESPNcricinfo id
// (docs/decisions/055-people-register-and-profiles.md; npm run profiles:wikidata). Wikidata's items
// carry the ESPNcricinfo player id (property P2697): one SPARQL query per batch of ids reads each
// item's English and Hindi labels, birth name (P1477), date of birth at day precision (P569),
// place of birth (P19), country for sport (P1532), image (P18), position (P413) and bowling style
// (P2545). Wikimedia Commons' API then gives each image's licence and author; a photo goes into
// the profile only when its licence allows showing it (people-sources.ts photoLicenceAllows).
//
// Polite: one request at a time, at least `minIntervalMs` apart, a User-Agent naming the tool,
// Retry-After honoured on 429 and 503. Resumable and cached: every answer is kept in `cacheDir`
// under the hash of its request, so a run cut short (or run again) asks only what it has not.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { photoHostAllowed, photoLicenceAllows, type ProfileRow } from './people-sources.ts';

export interface WikidataOptions {
  /** SPARQL endpoint (WIKIDATA_SPARQL_URL): https://query.wikidata.org/sparql. */
  sparqlUrl: string;
  /** Commons' API (COMMONS_API_URL): https://commons.wikimedia.org/w/api.php. */
  commonsUrl: string;
  /** Where answers are kept between runs. */
  cacheDir: string;
  /** ESPNcricinfo ids per SPARQL query. */
  batchSize?: number;
  /** Least time between two requests. */
  minIntervalMs?: number;
  userAgent: string;
  signal?: AbortSignal;
  log?: (message: string) => void;
}

/** A registered person to look for: his register id and his ESPNcricinfo ids (the register may give up to three). */
export interface WikidataPerson {
  registryId: string;
  cricinfoIds: string[];
}

/** One profile in the profile format (README, 'Player profiles'), written as a JSON line: Wikidata has no batting style. */
export type WikidataProfile = Omit<ProfileRow, 'registry_id' | 'cricinfo_id' | 'batting_style' | 'source'> & {
  registry_id: string;
  cricinfo_id: string;
  source: string;
};

export interface WikidataSummary {
  profiles: WikidataProfile[];
  requests: number;
  fromCache: number;
  /** ESPNcricinfo ids that more than one item carries: left out rather than guessed. */
  ambiguous: string[];
  photosRefused: number;
}

const DEFAULT_BATCH = 200;
const DEFAULT_INTERVAL_MS = 1000;
const COMMONS_BATCH = 50;
const MAX_TRIES = 5;
/** Wikidata's day precision of a time value. */
const DAY_PRECISION = 11;

// ---------- the answers, as Wikidata and Commons document them ----------

const term = z.object({ type: z.string(), value: z.string() }).passthrough();
/** SPARQL 1.1 Query Results JSON Format (application/sparql-results+json). */
const sparqlResults = z.object({
  head: z.object({ vars: z.array(z.string()) }),
  results: z.object({ bindings: z.array(z.record(z.string(), term)) }),
});

/** MediaWiki action=query&prop=imageinfo&iiprop=url|extmetadata answer. */
const commonsAnswer = z.object({
  query: z
    .object({
      normalized: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
      pages: z.record(
        z.string(),
        z.object({
          title: z.string(),
          missing: z.unknown().optional(),
          imageinfo: z
            .array(
              z.object({
                url: z.string().optional(),
                thumburl: z.string().optional(),
                descriptionurl: z.string().optional(),
                extmetadata: z.record(z.string(), z.object({ value: z.unknown() }).passthrough()).optional(),
              }),
            )
            .optional(),
        }),
      ),
    })
    .optional(),
});

/** The SPARQL query of one batch of ESPNcricinfo ids. */
export function profileQuery(cricinfoIds: readonly string[]): string {
  const values = cricinfoIds.map((id) => JSON.stringify(id)).join(' ');
  return `SELECT ?item ?cricinfo ?labelEn ?labelHi ?birthName ?dob ?dobPrecision ?birthplaceLabel ?countryLabel ?image ?positionLabel ?bowlingLabel WHERE {
  VALUES ?cricinfo { ${values} }
  ?item wdt:P2697 ?cricinfo .
  OPTIONAL { ?item rdfs:label ?labelEn . FILTER(LANG(?labelEn) = "en") }
  OPTIONAL { ?item rdfs:label ?labelHi . FILTER(LANG(?labelHi) = "hi") }
  OPTIONAL { ?item wdt:P1477 ?birthName . }
  OPTIONAL { ?item p:P569/psv:P569 [ wikibase:timeValue ?dob ; wikibase:timePrecision ?dobPrecision ] . }
  OPTIONAL { ?item wdt:P19 ?birthplace . ?birthplace rdfs:label ?birthplaceLabel . FILTER(LANG(?birthplaceLabel) = "en") }
  OPTIONAL { ?item wdt:P1532 ?country . ?country rdfs:label ?countryLabel . FILTER(LANG(?countryLabel) = "en") }
  OPTIONAL { ?item wdt:P18 ?image . }
  OPTIONAL { ?item wdt:P413 ?position . ?position rdfs:label ?positionLabel . FILTER(LANG(?positionLabel) = "en") }
  OPTIONAL { ?item wdt:P2545 ?bowling . ?bowling rdfs:label ?bowlingLabel . FILTER(LANG(?bowlingLabel) = "en") }
}`;
}

/** 'http://www.wikidata.org/entity/Q213854' -> 'Q213854'. */
function itemId(uri: string): string {
  return uri.slice(uri.lastIndexOf('/') + 1);
}

/** A Commons file name from P18's value ('http://commons.wikimedia.org/wiki/Special:FilePath/Virat%20Kohli.jpg'). */
export function commonsFileOf(imageUri: string): string {
  const name = decodeURIComponent(imageUri.slice(imageUri.lastIndexOf('/') + 1)).replace(/_/g, ' ');
  return `File:${name}`;
}

/** Text of an extmetadata value: Commons gives HTML ('<a href="...">Name</a>'). */
function plainText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text.slice(0, 300);
}

interface ItemFacts {
  item: string;
  cricinfo: string;
  labelEn: string | null;
  labelHi: string | null;
  birthName: string | null;
  dob: string | null;
  birthplace: string | null;
  country: string | null;
  image: string | null;
  position: string | null;
  bowling: string | null;
}

/** The rows of one SPARQL answer folded per item: the first value of each fact (optionals multiply rows). */
export function itemsOf(answer: z.infer<typeof sparqlResults>): ItemFacts[] {
  const items = new Map<string, ItemFacts>();
  for (const row of answer.results.bindings) {
    const item = row.item ? itemId(row.item.value) : null;
    const cricinfo = row.cricinfo?.value ?? null;
    if (!item || !cricinfo) continue;
    const facts = items.get(item) ?? {
      item,
      cricinfo,
      labelEn: null,
      labelHi: null,
      birthName: null,
      dob: null,
      birthplace: null,
      country: null,
      image: null,
      position: null,
      bowling: null,
    };
    facts.labelEn ??= row.labelEn?.value ?? null;
    facts.labelHi ??= row.labelHi?.value ?? null;
    facts.birthName ??= row.birthName?.value ?? null;
    // Only a date known to the day: a year alone (precision 9) would read as 1 January.
    if (facts.dob === null && row.dob && Number(row.dobPrecision?.value) === DAY_PRECISION) {
      const day = /^\+?(\d{4}-\d{2}-\d{2})T/.exec(row.dob.value)?.[1];
      facts.dob = day ?? null;
    }
    facts.birthplace ??= row.birthplaceLabel?.value ?? null;
    facts.country ??= row.countryLabel?.value ?? null;
    facts.image ??= row.image?.value ?? null;
    facts.position ??= row.positionLabel?.value ?? null;
    facts.bowling ??= row.bowlingLabel?.value ?? null;
    items.set(item, facts);
  }
  return [...items.values()];
}

/** One request at a time, spaced, cached on disk, retried when the server asks to wait. */
class PoliteClient {
  requests = 0;
  fromCache = 0;
  private last = 0;

  constructor(private readonly options: WikidataOptions) {}

  async ask(url: string, init: { method: 'GET' | 'POST'; body?: string; accept: string }): Promise<unknown> {
    const key = createHash('sha1').update(`${init.method} ${url}\n${init.body ?? ''}`).digest('hex');
    const file = path.join(this.options.cacheDir, `${key}.json`);
    try {
      const cached: unknown = JSON.parse(await readFile(file, 'utf8'));
      this.fromCache++;
      return cached;
    } catch {
      // Not asked before (or a half-written file): ask now.
    }
    for (let attempt = 1; ; attempt++) {
      await this.pace();
      this.requests++;
      const response = await fetch(url, {
        method: init.method,
        headers: {
          'user-agent': this.options.userAgent,
          accept: init.accept,
          ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(init.body ? { body: init.body } : {}),
        signal: this.options.signal ? AbortSignal.any([this.options.signal, AbortSignal.timeout(120_000)]) : AbortSignal.timeout(120_000),
      });
      if ((response.status === 429 || response.status >= 500) && attempt < MAX_TRIES) {
        const wait = Number(response.headers.get('retry-after'));
        const ms = Number.isFinite(wait) && wait > 0 ? Math.min(wait, 300) * 1000 : 2 ** attempt * 1000;
        this.options.log?.(`${url}: HTTP ${response.status}, waiting ${ms} ms (try ${attempt} of ${MAX_TRIES})`);
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, ms));
        continue;
      }
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${response.statusText}`);
      const answer: unknown = await response.json();
      // Written whole, then renamed: a run killed mid-write leaves no half answer to read.
      await writeFile(`${file}.tmp`, JSON.stringify(answer));
      await rename(`${file}.tmp`, file);
      return answer;
    }
  }

  private async pace(): Promise<void> {
    const wait = this.last + (this.options.minIntervalMs ?? DEFAULT_INTERVAL_MS) - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.last = Date.now();
  }
}

/** Licence, author and URLs of Commons files, by file title. */
async function commonsFacts(client: PoliteClient, options: WikidataOptions, files: readonly string[]) {
  const facts = new Map<string, { url: string; licence: string | null; author: string | null; page: string | null }>();
  for (let at = 0; at < files.length; at += COMMONS_BATCH) {
    const titles = files.slice(at, at + COMMONS_BATCH);
    const params = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '1',
      prop: 'imageinfo',
      iiprop: 'url|extmetadata',
      iiurlwidth: '400',
      iiextmetadatafilter: 'LicenseShortName|Artist',
      titles: titles.join('|'),
    });
    const answer = commonsAnswer.parse(await client.ask(`${options.commonsUrl}?${params}`, { method: 'GET', accept: 'application/json' }));
    const renamed = new Map((answer.query?.normalized ?? []).map((entry) => [entry.to, entry.from]));
    for (const page of Object.values(answer.query?.pages ?? {})) {
      const info = page.imageinfo?.[0];
      if (!info) continue;
      const url = info.thumburl ?? info.url;
      if (!url) continue;
      const title = renamed.get(page.title) ?? page.title;
      facts.set(title, {
        url,
        licence: plainText(info.extmetadata?.LicenseShortName?.value),
        author: plainText(info.extmetadata?.Artist?.value),
        page: info.descriptionurl ?? null,
      });
    }
  }
  return facts;
}

/**
 * Profiles of the people given, from Wikidata and Commons. A person whose ESPNcricinfo id no item
 * carries gets none; an id two items carry is reported as ambiguous and left out.
 */
export async function buildWikidataProfiles(people: readonly WikidataPerson[], options: WikidataOptions): Promise<WikidataSummary> {
  await mkdir(options.cacheDir, { recursive: true });
  const client = new PoliteClient(options);
  const owner = new Map<string, string>();
  for (const person of people) for (const id of person.cricinfoIds) if (!owner.has(id)) owner.set(id, person.registryId);
  const ids = [...owner.keys()];
  const size = options.batchSize ?? DEFAULT_BATCH;
  const found: ItemFacts[] = [];
  for (let at = 0; at < ids.length; at += size) {
    options.signal?.throwIfAborted();
    const batch = ids.slice(at, at + size);
    const body = new URLSearchParams({ query: profileQuery(batch), format: 'json' }).toString();
    const answer = sparqlResults.parse(await client.ask(options.sparqlUrl, { method: 'POST', body, accept: 'application/sparql-results+json' }));
    found.push(...itemsOf(answer));
    options.log?.(`Wikidata: ${Math.min(at + size, ids.length)} of ${ids.length} ESPNcricinfo ids asked, ${found.length} items found`);
  }
  // An id on two items names nobody for sure; a person found under two of his ids keeps the first.
  const itemsById = new Map<string, ItemFacts[]>();
  for (const facts of found) itemsById.set(facts.cricinfo, [...(itemsById.get(facts.cricinfo) ?? []), facts]);
  const ambiguous = [...itemsById].filter(([, items]) => items.length > 1).map(([id]) => id);
  const chosen = new Map<string, ItemFacts>();
  for (const [id, items] of itemsById) {
    if (items.length !== 1) continue;
    const registryId = owner.get(id)!;
    if (!chosen.has(registryId)) chosen.set(registryId, items[0]!);
  }
  const files = [...new Set([...chosen.values()].flatMap((facts) => (facts.image ? [commonsFileOf(facts.image)] : [])))];
  const photos = files.length > 0 ? await commonsFacts(client, options, files) : new Map();
  let photosRefused = 0;
  const profiles = [...chosen].map(([registryId, facts]): WikidataProfile => {
    const photo = facts.image ? photos.get(commonsFileOf(facts.image)) : undefined;
    const allowed = photo !== undefined && photoLicenceAllows(photo.licence) && photoHostAllowed(photo.url);
    if (facts.image && !allowed) photosRefused++;
    return {
      registry_id: registryId,
      cricinfo_id: facts.cricinfo,
      full_name: facts.birthName ?? facts.labelEn,
      known_as: facts.labelEn,
      date_of_birth: facts.dob,
      birthplace: facts.birthplace,
      country: facts.country,
      playing_role: facts.position,
      bowling_style: facts.bowling,
      name_hi: facts.labelHi && /\p{Script=Devanagari}/u.test(facts.labelHi) ? facts.labelHi : null,
      photo_url: allowed ? photo.url : null,
      photo_licence: allowed ? photo.licence : null,
      photo_author: allowed ? photo.author : null,
      photo_page: allowed ? photo.page : null,
      source: `Wikidata ${facts.item}`,
    };
  });
  return { profiles, requests: client.requests, fromCache: client.fromCache, ambiguous, photosRefused };
}

/** The profiles as the profile format's JSON lines. */
export function profileJsonLines(profiles: readonly WikidataProfile[]): string {
  return profiles.map((profile) => JSON.stringify(profile)).join('\n') + (profiles.length > 0 ? '\n' : '');
}
