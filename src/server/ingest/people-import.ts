// Importing people beyond the match files (docs/decisions/055-people-register-and-profiles.md):
// Cricsheet's register and player profiles, read (people-sources.ts) and written through the
// people writer. A source whose file is the one imported last time is not written again.
import type { Db } from '../db/client.ts';
import type { PublishTags } from '../store/write-transaction.ts';
import { PeopleWriter } from '../store/people-writer.ts';
import { parseProfiles, parseRegisterNames, parseRegisterPeople, readPeopleSource, type RowProblem } from './people-sources.ts';

export interface PeopleImportOptions {
  publish: PublishTags;
  signal?: AbortSignal;
  /** Write even when the file is the one imported last time. */
  force?: boolean;
}

export interface RegisterSummary {
  people: number;
  names: number | null;
  /** People new or changed, names lists changed. */
  changed: number;
  /** Nothing read differed from the last import. */
  unchanged: boolean;
  problems: (RowProblem & { file: string })[];
  /** names.csv could not be read (it is optional beside a local people.csv). */
  namesSkipped: string | null;
}

/** Where names.csv is beside people.csv: the same folder or URL path. */
export function namesBeside(peopleLocation: string): string {
  return peopleLocation.replace(/people\.csv(\?.*)?$/i, 'names.csv$1');
}

/**
 * Cricsheet's register: `people` (people.csv) and `names` (names.csv; null looks beside people.csv
 * and goes on without it when there is none).
 */
export async function importRegister(db: Db, locations: { people: string; names?: string | null }, options: PeopleImportOptions): Promise<RegisterSummary> {
  const writer = new PeopleWriter(db, options.publish);
  const people = await readPeopleSource(locations.people, options.signal);
  const namesLocation = locations.names ?? (namesBeside(locations.people) === locations.people ? null : namesBeside(locations.people));
  let names: Awaited<ReturnType<typeof readPeopleSource>> | null = null;
  let namesSkipped: string | null = null;
  if (namesLocation) {
    try {
      names = await readPeopleSource(namesLocation, options.signal);
    } catch (error) {
      // Named explicitly, a missing names.csv is an error; beside people.csv it is optional.
      if (locations.names) throw error;
      namesSkipped = `${namesLocation}: ${(error as Error).message}`;
    }
  }
  const peopleSame = !options.force && (await writer.alreadyImported('people', people.fingerprint));
  const namesSame = names === null || (!options.force && (await writer.alreadyImported('names', names.fingerprint)));
  const parsedPeople = parseRegisterPeople(people.text);
  const parsedNames = names ? parseRegisterNames(names.text) : null;
  const problems = [
    ...parsedPeople.problems.map((problem) => ({ ...problem, file: locations.people })),
    ...(parsedNames?.problems ?? []).map((problem) => ({ ...problem, file: namesLocation ?? '' })),
  ];
  if (parsedPeople.rows.length === 0) throw new Error(`${locations.people}: no register rows (${parsedPeople.problems[0]?.message ?? 'empty file'})`);
  if (peopleSame && namesSame) {
    return { people: parsedPeople.rows.length, names: parsedNames?.rows.length ?? null, changed: 0, unchanged: true, problems, namesSkipped };
  }
  const result = await writer.writeRegister(
    peopleSame ? null : { rows: parsedPeople.rows, mark: { location: locations.people, fingerprint: people.fingerprint } },
    namesSame || !parsedNames || !names ? null : { rows: parsedNames.rows, mark: { location: namesLocation!, fingerprint: names.fingerprint } },
  );
  return { people: parsedPeople.rows.length, names: parsedNames?.rows.length ?? null, changed: result.changed, unchanged: result.unchanged, problems, namesSkipped };
}

export interface ProfilesSummary {
  rows: number;
  written: number;
  unchanged: number;
  unknown: number;
  photosRefused: number;
  /** The file is the one imported last time: nothing was written. */
  sameFile: boolean;
  problems: RowProblem[];
}

/** A file of the profile format (CSV or JSON lines), from a path or an http(s) URL. */
export async function importProfiles(db: Db, location: string, options: PeopleImportOptions): Promise<ProfilesSummary> {
  const writer = new PeopleWriter(db, options.publish);
  const source = await readPeopleSource(location, options.signal);
  const parsed = parseProfiles(source.text, location.split(/[/\\]/).pop() ?? location);
  const base = { rows: parsed.rows.length, photosRefused: parsed.photosRefused, problems: parsed.problems };
  if (!options.force && (await writer.alreadyImported('profiles', source.fingerprint))) {
    return { ...base, written: 0, unchanged: parsed.rows.length, unknown: 0, sameFile: true };
  }
  const result = await writer.writeProfiles(parsed.rows, { location, fingerprint: source.fingerprint });
  return { ...base, ...result, sameFile: false };
}

/** Where people come from besides the match files (config: CRICSHEET_REGISTER, PLAYER_PROFILES). */
export interface PeopleSources {
  /** people.csv (names.csv beside it), or null. */
  register: string | null;
  /** A file of the profile format, or null. */
  profiles: string | null;
}

export interface PeopleLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

const isUrl = (location: string): boolean => /^https?:\/\//i.test(location);

/**
 * The register, then the profiles (which the register resolves): at start (`atStart`), a URL
 * already imported once is left to the scheduled update, files are read (an unchanged one is
 * not written); on the scheduled update both are read. A source that fails is logged and the
 * other still runs: people are an addition to the matches, never a reason to stop.
 */
export async function keepPeopleCurrent(db: Db, sources: PeopleSources, options: PeopleImportOptions & { atStart: boolean; logger?: PeopleLogger }): Promise<void> {
  const writer = new PeopleWriter(db, options.publish);
  const due = async (kind: 'people' | 'profiles', location: string) => !options.atStart || !isUrl(location) || !(await writer.lastImportOf(kind));
  if (sources.register && (await due('people', sources.register))) {
    try {
      const summary = await importRegister(db, { people: sources.register }, options);
      options.logger?.info(
        { source: sources.register, people: summary.people, names: summary.names, changed: summary.changed, problems: summary.problems.length, namesSkipped: summary.namesSkipped },
        summary.unchanged ? 'register unchanged' : 'register imported',
      );
    } catch (error) {
      options.logger?.warn({ source: sources.register, err: error }, 'register not imported');
    }
  }
  if (sources.profiles && (await due('profiles', sources.profiles))) {
    try {
      const summary = await importProfiles(db, sources.profiles, options);
      options.logger?.info(
        { source: sources.profiles, rows: summary.rows, written: summary.written, unknown: summary.unknown, photosRefused: summary.photosRefused, problems: summary.problems.length },
        summary.sameFile ? 'profiles unchanged' : 'profiles imported',
      );
    } catch (error) {
      options.logger?.warn({ source: sources.profiles, err: error }, 'profiles not imported');
    }
  }
}
