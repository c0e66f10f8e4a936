// Reading people beyond the match files (docs/decisions/055-people-register-and-profiles.md):
// Cricsheet's register (people.csv, names.csv) and player profiles (the profile format, CSV or
// JSON lines). Every row is checked on its own: a bad one is reported by its line and skipped,
// the rest import. Pure parsing; the writes are store/people-writer.ts.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { normaliseBattingStyle, normaliseBowlingStyle, normalisePlayingRole } from '../domain/player-styles.ts';
import { csvObjects } from './csv.ts';

/** Larger than any of these files will be for years (people.csv is 1.2 MB, a full profile file about 5 MB). */
export const MAX_PEOPLE_SOURCE_BYTES = 64 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface RowProblem {
  line: number;
  message: string;
}

export interface Parsed<T> {
  rows: T[];
  problems: RowProblem[];
}

/** A file's text and its fingerprint (sha1), from a path or an http(s) URL. */
export async function readPeopleSource(location: string, signal?: AbortSignal): Promise<{ text: string; fingerprint: string }> {
  let bytes: Buffer;
  if (/^https?:\/\//i.test(location)) {
    const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
    const response = await fetch(location, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    if (!response.ok) throw new Error(`download failed: HTTP ${response.status} ${response.statusText}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_PEOPLE_SOURCE_BYTES) throw new Error(`larger than ${MAX_PEOPLE_SOURCE_BYTES} bytes`);
    bytes = Buffer.from(await response.arrayBuffer());
  } else {
    bytes = await readFile(location);
  }
  if (bytes.length > MAX_PEOPLE_SOURCE_BYTES) throw new Error(`larger than ${MAX_PEOPLE_SOURCE_BYTES} bytes`);
  return { text: bytes.toString('utf8'), fingerprint: createHash('sha1').update(bytes).digest('hex') };
}

const REGISTRY_ID = /^[0-9a-f]{8}$/;
/** Register columns that are another site's id: key_cricinfo, key_cricbuzz, key_bcci_2 ... */
const KEY_COLUMN = /^key_[a-z0-9_]+$/;

/** One person of Cricsheet's register. */
export interface RegisterPerson {
  registryId: string;
  name: string;
  uniqueName: string;
  keyCricinfo: string | null;
  /** Every other id the register gives, by its column name. */
  otherKeys: Record<string, string>;
}

/** people.csv: identifier, name, unique_name, key_* columns. */
export function parseRegisterPeople(text: string): Parsed<RegisterPerson> {
  const { header, rows } = csvObjects(text);
  for (const column of ['identifier', 'name']) {
    if (!header.includes(column)) return { rows: [], problems: [{ line: 1, message: `no ${column} column: not Cricsheet's people.csv` }] };
  }
  const keyColumns = header.filter((name) => KEY_COLUMN.test(name) && name !== 'key_cricinfo');
  const parsed: RegisterPerson[] = [];
  const problems: RowProblem[] = [];
  const seen = new Set<string>();
  for (const { line, values } of rows) {
    const registryId = values.identifier!.toLowerCase();
    const name = values.name!;
    if (!REGISTRY_ID.test(registryId)) problems.push({ line, message: `identifier '${values.identifier}' is not 8 hex digits` });
    else if (name === '' || name.length > 200) problems.push({ line, message: 'name missing or too long' });
    else if (seen.has(registryId)) problems.push({ line, message: `identifier ${registryId} listed twice` });
    else {
      seen.add(registryId);
      const otherKeys: Record<string, string> = {};
      for (const column of keyColumns) if (values[column]) otherKeys[column] = values[column]!;
      parsed.push({ registryId, name, uniqueName: values.unique_name || name, keyCricinfo: values.key_cricinfo || null, otherKeys });
    }
  }
  return { rows: parsed, problems };
}

/** One name a person has appeared under (names.csv). */
export interface RegisterName {
  registryId: string;
  name: string;
}

/** names.csv: identifier, name (a person once per name). */
export function parseRegisterNames(text: string): Parsed<RegisterName> {
  const { header, rows } = csvObjects(text);
  for (const column of ['identifier', 'name']) {
    if (!header.includes(column)) return { rows: [], problems: [{ line: 1, message: `no ${column} column: not Cricsheet's names.csv` }] };
  }
  const parsed: RegisterName[] = [];
  const problems: RowProblem[] = [];
  const seen = new Set<string>();
  for (const { line, values } of rows) {
    const registryId = values.identifier!.toLowerCase();
    const name = values.name!;
    const key = `${registryId}\u0000${name}`;
    if (!REGISTRY_ID.test(registryId)) problems.push({ line, message: `identifier '${values.identifier}' is not 8 hex digits` });
    else if (name === '' || name.length > 200) problems.push({ line, message: 'name missing or too long' });
    else if (!seen.has(key)) {
      seen.add(key);
      parsed.push({ registryId, name });
    }
  }
  return { rows: parsed, problems };
}

// ---------- the profile format ----------

/** Licences under which a photo may be shown on the site (with its author and licence beside it). */
const FREE_LICENCE = /^(cc0|cc[ -]zero|public domain|pd([ -].*)?|cc[ -]by(-sa)?([ -]\d(\.\d)?)?([ -][a-z]{2,})?)$/i;

/** Where a profile's photo may be served from (the pages' Content-Security-Policy allows these hosts). */
export const PHOTO_HOSTS = ['https://upload.wikimedia.org', 'https://commons.wikimedia.org'] as const;

/** Whether a photo's URL is on a host the pages may load it from. */
export function photoHostAllowed(url: string): boolean {
  return PHOTO_HOSTS.some((host) => url.startsWith(`${host}/`));
}

/** Whether a photo's licence lets the site show it: public domain, CC0, CC BY, CC BY-SA (not NC or ND). */
export function photoLicenceAllows(licence: string | null | undefined): boolean {
  return !!licence && FREE_LICENCE.test(licence.trim());
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

const isoDay = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullish()
  .transform((value) => value ?? null)
  .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), 'date_of_birth must be YYYY-MM-DD');

/** Either id as text; JSON lines may give numbers. */
const idText = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((value) => String(value).trim())
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * One row of the profile format (README, 'Player profiles'). The column names of the shared test
 * file (cricsheet_id, dob, name) are read as their equivalents.
 */
export const profileRowSchema = z
  .object({
    registry_id: idText,
    cricinfo_id: idText,
    full_name: optionalText(200),
    known_as: optionalText(200),
    date_of_birth: isoDay,
    birthplace: optionalText(200),
    country: optionalText(100),
    batting_style: optionalText(100),
    bowling_style: optionalText(200),
    playing_role: optionalText(100),
    name_hi: optionalText(200),
    photo_url: optionalText(1000),
    photo_licence: optionalText(100),
    photo_author: optionalText(300),
    photo_page: optionalText(1000),
    source: optionalText(200),
  })
  .refine((row) => row.registry_id !== null || row.cricinfo_id !== null, 'a registry_id or a cricinfo_id is needed')
  .refine((row) => row.registry_id === null || REGISTRY_ID.test(row.registry_id), 'registry_id must be 8 hex digits')
  .refine((row) => row.cricinfo_id === null || /^\d{1,10}$/.test(row.cricinfo_id), 'cricinfo_id must be digits')
  .refine((row) => row.photo_url === null || /^https:\/\//.test(row.photo_url), 'photo_url must be an https URL')
  .refine((row) => row.photo_page === null || /^https?:\/\//.test(row.photo_page), 'photo_page must be an http(s) URL')
  .refine((row) => row.name_hi === null || /\p{Script=Devanagari}/u.test(row.name_hi), 'name_hi must be in Devanagari');

const COLUMN_ALIASES: Record<string, string> = { cricsheet_id: 'registry_id', identifier: 'registry_id', dob: 'date_of_birth', name: 'known_as' };

/** A profile as stored: facts normalised to the site's vocabulary, a photo only with a licence that allows it. */
export interface Profile {
  registryId: string | null;
  cricinfoId: string | null;
  fullName: string | null;
  knownAs: string | null;
  dateOfBirth: string | null;
  birthplace: string | null;
  country: string | null;
  battingStyle: string | null;
  bowlingStyle: string | null;
  playingRole: string | null;
  nameHi: string | null;
  photo: { url: string; licence: string; author: string | null; page: string | null } | null;
  source: string;
}

export interface ParsedProfiles extends Parsed<Profile> {
  /** Photos left out: a licence missing or not allowing them, or a host other than Wikimedia Commons. */
  photosRefused: number;
}

function toProfile(raw: z.infer<typeof profileRowSchema>, defaultSource: string): { profile: Profile; photoRefused: boolean } {
  const photoAllowed = raw.photo_url !== null && photoLicenceAllows(raw.photo_licence) && photoHostAllowed(raw.photo_url);
  return {
    profile: {
      registryId: raw.registry_id,
      cricinfoId: raw.cricinfo_id,
      fullName: raw.full_name,
      knownAs: raw.known_as,
      dateOfBirth: raw.date_of_birth,
      birthplace: raw.birthplace,
      country: raw.country,
      battingStyle: normaliseBattingStyle(raw.batting_style),
      bowlingStyle: normaliseBowlingStyle(raw.bowling_style),
      playingRole: normalisePlayingRole(raw.playing_role),
      nameHi: raw.name_hi,
      photo: photoAllowed ? { url: raw.photo_url!, licence: raw.photo_licence!, author: raw.photo_author, page: raw.photo_page } : null,
      source: raw.source ?? defaultSource,
    },
    photoRefused: raw.photo_url !== null && !photoAllowed,
  };
}

/**
 * Profiles from a file of the profile format: CSV with a header row, or JSON lines (one object a
 * line; told apart by the first character). `defaultSource` names rows that say no source.
 */
export function parseProfiles(text: string, defaultSource: string): ParsedProfiles {
  const body = text.replace(/^\uFEFF/, '');
  const records: { line: number; values: Record<string, unknown> }[] = [];
  const problems: RowProblem[] = [];
  if (body.trimStart().startsWith('{')) {
    body.split('\n').forEach((lineText, at) => {
      if (lineText.trim() === '') return;
      try {
        const value: unknown = JSON.parse(lineText);
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
        records.push({ line: at + 1, values: value as Record<string, unknown> });
      } catch {
        problems.push({ line: at + 1, message: 'not a JSON object' });
      }
    });
  } else {
    records.push(...csvObjects(body).rows);
  }
  const rows: Profile[] = [];
  let photosRefused = 0;
  for (const { line, values } of records) {
    const renamed: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(values)) {
      const name = COLUMN_ALIASES[column] ?? column;
      // A proper column wins over an alias of it.
      if (!(name in renamed) || column === name) renamed[name] = value;
    }
    const parsed = profileRowSchema.safeParse(renamed);
    if (!parsed.success) {
      problems.push({ line, message: parsed.error.issues.map((issue) => issue.message).join('; ') });
      continue;
    }
    const { profile, photoRefused } = toProfile(parsed.data, defaultSource);
    if (photoRefused) photosRefused++;
    rows.push(profile);
  }
  return { rows, problems: problems.sort((x, y) => x.line - y.line), photosRefused };
}
