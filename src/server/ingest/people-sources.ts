// Reading people beyond the match files (docs/decisions/055-people-register-and-profiles.md):
// Cricsheet's register (people.csv, names.csv) and player profiles (the profile format, CSV or
// JSON lines). Every row is checked on its own: a bad one is reported by its line and skipped,
// the rest import. Pure parsing; the writes are store/people-writer.ts.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PlayerProfilesTable } from '../db/schema.ts';
import { normaliseBattingStyle, normaliseBowlingStyle, normalisePlayingRole } from '../domain/player-styles.ts';
import type { Profile, RegisterName, RegisterPerson } from '../store/people-writer.ts';
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

/** A text field: trimmed, empty as null, at most `max` characters. */
function text(value: unknown, name: string, max: number, problems: string[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') {
    problems.push(`${name} must be text`);
    return null;
  }
  const trimmed = String(value).trim();
  if (trimmed.length > max) problems.push(`${name} must be at most ${max} characters`);
  return trimmed === '' ? null : trimmed;
}

/** One row of the profile format before normalising (README, 'Player profiles'): the profile table's columns and the Cricinfo id, as text or empty. */
export type ProfileRow = Record<Exclude<keyof PlayerProfilesTable, 'updated_at'> | 'cricinfo_id', string | null>;

const TEXT_LIMITS: Record<Exclude<keyof ProfileRow, 'registry_id' | 'cricinfo_id'>, number> = {
  full_name: 200,
  known_as: 200,
  date_of_birth: 10,
  birthplace: 200,
  country: 100,
  batting_style: 100,
  bowling_style: 200,
  playing_role: 100,
  name_hi: 200,
  photo_url: 1000,
  photo_licence: 100,
  photo_author: 300,
  photo_page: 1000,
  source: 200,
};

/**
 * Checks one row of the profile format (a plain function: 16,000 rows through a schema library
 * took seconds). Returns the row, or the problems that keep it out.
 */
export function checkProfileRow(values: Record<string, unknown>): { row: ProfileRow } | { problems: string[] } {
  const problems: string[] = [];
  const row = { registry_id: text(values.registry_id, 'registry_id', 8, problems), cricinfo_id: text(values.cricinfo_id, 'cricinfo_id', 10, problems) } as ProfileRow;
  for (const [name, max] of Object.entries(TEXT_LIMITS) as [keyof typeof TEXT_LIMITS, number][]) row[name] = text(values[name], name, max, problems);
  if (row.registry_id === null && row.cricinfo_id === null) problems.push('a registry_id or a cricinfo_id is needed');
  if (row.registry_id !== null && !REGISTRY_ID.test(row.registry_id)) problems.push('registry_id must be 8 hex digits');
  if (row.cricinfo_id !== null && !/^\d{1,10}$/.test(row.cricinfo_id)) problems.push('cricinfo_id must be digits');
  if (row.date_of_birth !== null && !(/^\d{4}-\d{2}-\d{2}$/.test(row.date_of_birth) && isRealDay(row.date_of_birth))) problems.push('date_of_birth must be YYYY-MM-DD');
  if (row.photo_url !== null && !/^https:\/\//.test(row.photo_url)) problems.push('photo_url must be an https URL');
  if (row.photo_page !== null && !/^https?:\/\//.test(row.photo_page)) problems.push('photo_page must be an http(s) URL');
  if (row.name_hi !== null && !/\p{Script=Devanagari}/u.test(row.name_hi)) problems.push('name_hi must be in Devanagari');
  return problems.length > 0 ? { problems } : { row };
}

/** '1988-11-05' is a day of the calendar ('1988-13-45' is not). */
function isRealDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

const COLUMN_ALIASES: Record<string, string> = { cricsheet_id: 'registry_id', identifier: 'registry_id', dob: 'date_of_birth', name: 'known_as' };

export interface ParsedProfiles extends Parsed<Profile> {
  /** Photos left out: a licence missing or not allowing them, or a host other than Wikimedia Commons. */
  photosRefused: number;
}

interface Vocabulary {
  batting: (text: string | null) => string | null;
  bowling: (text: string | null) => string | null;
  role: (text: string | null) => string | null;
}

/** Styles and roles repeat (about 70 spellings among 16,000 players): each is normalised once. */
function memo<T>(normalise: (text: string) => T): (text: string | null) => T | null {
  const seen = new Map<string, T>();
  return (text) => {
    if (text === null) return null;
    let value = seen.get(text);
    if (value === undefined) seen.set(text, (value = normalise(text)));
    return value;
  };
}

function toProfile(raw: ProfileRow, defaultSource: string, vocabulary: Vocabulary): { profile: Profile; photoRefused: boolean } {
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
      battingStyle: vocabulary.batting(raw.batting_style),
      bowlingStyle: vocabulary.bowling(raw.bowling_style),
      playingRole: vocabulary.role(raw.playing_role),
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
  const vocabulary: Vocabulary = { batting: memo(normaliseBattingStyle), bowling: memo(normaliseBowlingStyle), role: memo(normalisePlayingRole) };
  for (const { line, values } of records) {
    const renamed: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(values)) {
      const name = COLUMN_ALIASES[column] ?? column;
      // A proper column wins over an alias of it.
      if (!(name in renamed) || column === name) renamed[name] = value;
    }
    const checked = checkProfileRow(renamed);
    if ('problems' in checked) {
      problems.push({ line, message: checked.problems.join('; ') });
      continue;
    }
    const { profile, photoRefused } = toProfile(checked.row, defaultSource, vocabulary);
    if (photoRefused) photosRefused++;
    rows.push(profile);
  }
  return { rows, problems: problems.sort((x, y) => x.line - y.line), photosRefused };
}
