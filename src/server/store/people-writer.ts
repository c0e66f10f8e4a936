// The write path of people beyond the match files (docs/decisions/055-people-register-and-profiles.md):
// Cricsheet's register and player profiles. Each write is one transaction that also rebuilds the
// search rows of the people it changed, then publishes the tags of what changed (player:{key},
// players), so cached answers and pages of every process follow through the change feed.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { tags } from '../feed/tags.ts';
import type { PlayerProfileFacts } from '../domain/types.ts';
import type { PublishTags } from './write-transaction.ts';
import { refreshSearchIndex, SEARCH_ROWS_VERSION } from './search-index.ts';

export type PeopleSourceKind = 'people' | 'names' | 'profiles';

// What the writer takes; the parsers of the register and profile files (ingest/people-sources.ts) make them.
/** One person of Cricsheet's register. */
export interface RegisterPerson {
  registryId: string;
  name: string;
  uniqueName: string;
  keyCricinfo: string | null;
  /** Every other id the register gives, by its column name. */
  otherKeys: Record<string, string>;
}

/** One name a person has appeared under (names.csv). */
export interface RegisterName {
  registryId: string;
  name: string;
}

/** A profile as stored: facts normalised to the site's vocabulary, a photo only with a licence that allows it. */
export interface Profile extends PlayerProfileFacts {
  registryId: string | null;
  cricinfoId: string | null;
}

/** A source as read: where it came from and its fingerprint (an unchanged file is not written again). */
export interface SourceMark {
  location: string;
  fingerprint: string;
}

export interface RegisterWriteResult {
  /** Register people and name lists new or changed. */
  changed: number;
  unchanged: boolean;
}

export interface ProfilesWriteResult {
  written: number;
  unchanged: number;
  /** Profiles whose ids the register does not know (no such register id, or no person with that ESPNcricinfo id). */
  unknown: number;
}

/** Rows per statement: bounds the size of one statement's arrays. */
const CHUNK = 5000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += CHUNK) out.push(rows.slice(at, at + CHUNK));
  return out;
}

export class PeopleWriter {
  constructor(
    private readonly db: Db,
    private readonly publish: PublishTags,
  ) {}

  private get kysely(): Kysely<Database> {
    return this.db.kysely;
  }

  /** Whether `kind` was last imported from a file with this fingerprint. */
  async alreadyImported(kind: PeopleSourceKind, fingerprint: string): Promise<boolean> {
    const row = await this.kysely.selectFrom('register_imports').select('fingerprint').where('source_kind', '=', kind).executeTakeFirst();
    return row?.fingerprint === fingerprint;
  }

  /** When `kind` was last imported, or null: never. */
  async lastImportOf(kind: PeopleSourceKind): Promise<Date | null> {
    const row = await this.kysely.selectFrom('register_imports').select('imported_at').where('source_kind', '=', kind).executeTakeFirst();
    return row?.imported_at ?? null;
  }

  /**
   * Cricsheet's register: people.csv's rows (new and changed ones written, none removed) and, when
   * given, names.csv's whole list (each person's names replaced by the file's).
   */
  async writeRegister(people: { rows: readonly RegisterPerson[]; mark: SourceMark } | null, names: { rows: readonly RegisterName[]; mark: SourceMark } | null): Promise<RegisterWriteResult> {
    const { changedIds, total } = await this.kysely.transaction().execute(async (trx) => {
      const changed = new Set<string>();
      if (people) {
        for (const part of chunks(people.rows)) {
          const { rows } = await sql<{ registry_id: string }>`
            insert into register_people (registry_id, name, unique_name, key_cricinfo, other_keys)
            select r.registry_id, r.name, r.unique_name, r.key_cricinfo, r.other_keys::jsonb
            from unnest(${part.map((p) => p.registryId)}::text[], ${part.map((p) => p.name)}::text[], ${part.map((p) => p.uniqueName)}::text[],
                        ${part.map((p) => p.keyCricinfo)}::text[], ${part.map((p) => JSON.stringify(p.otherKeys))}::text[])
              as r(registry_id, name, unique_name, key_cricinfo, other_keys)
            on conflict (registry_id) do update set name = excluded.name, unique_name = excluded.unique_name,
              key_cricinfo = excluded.key_cricinfo, other_keys = excluded.other_keys
            where (register_people.name, register_people.unique_name, register_people.key_cricinfo, register_people.other_keys)
              is distinct from (excluded.name, excluded.unique_name, excluded.key_cricinfo, excluded.other_keys)
            returning registry_id`.execute(trx);
          for (const row of rows) changed.add(row.registry_id);
        }
        await this.mark(trx, 'people', people.mark, people.rows.length);
      }
      if (names) {
        // The people whose list of names differs are the ones whose search rows change.
        const before = await trx.selectFrom('register_names').select(['registry_id', 'name']).execute();
        const listOf = (rows: readonly { registry_id?: string; registryId?: string; name: string }[]) => {
          const lists = new Map<string, string[]>();
          for (const row of rows) {
            const id = row.registry_id ?? row.registryId!;
            lists.set(id, [...(lists.get(id) ?? []), row.name]);
          }
          for (const list of lists.values()) list.sort();
          return lists;
        };
        const old = listOf(before);
        const fresh = listOf(names.rows);
        for (const id of new Set([...old.keys(), ...fresh.keys()])) {
          if ((old.get(id) ?? []).join('\u0000') !== (fresh.get(id) ?? []).join('\u0000')) changed.add(id);
        }
        await trx.deleteFrom('register_names').execute();
        for (const part of chunks(names.rows)) {
          await sql`insert into register_names (registry_id, name)
            select * from unnest(${part.map((n) => n.registryId)}::text[], ${part.map((n) => n.name)}::text[])`.execute(trx);
        }
        await this.mark(trx, 'names', names.mark, names.rows.length);
      }
      await this.refreshSearch(trx, [...changed]);
      return { changedIds: [...changed], total: changed.size };
    });
    await this.publishPeople(changedIds);
    return { changed: total, unchanged: total === 0 };
  }

  /**
   * Player profiles: each row found by its register id, else by its ESPNcricinfo id through the
   * register; a profile replaces the player's earlier one (whatever its source) when it differs.
   */
  async writeProfiles(profiles: readonly Profile[], mark: SourceMark): Promise<ProfilesWriteResult> {
    const result = await this.kysely.transaction().execute(async (trx) => {
      // ESPNcricinfo ids to register ids: the register's main column, then its second and third.
      const cricinfoIds = [...new Set(profiles.flatMap((p) => (p.registryId === null && p.cricinfoId !== null ? [p.cricinfoId] : [])))];
      const byCricinfo = new Map<string, string>();
      for (const part of chunks(cricinfoIds)) {
        const { rows } = await sql<{ cricinfo: string; registry_id: string }>`
          select k.cricinfo, r.registry_id from unnest(${part}::text[]) as k(cricinfo)
          join register_people r on r.key_cricinfo = k.cricinfo
            or r.other_keys ->> 'key_cricinfo_2' = k.cricinfo or r.other_keys ->> 'key_cricinfo_3' = k.cricinfo`.execute(trx);
        for (const row of rows) if (!byCricinfo.has(row.cricinfo)) byCricinfo.set(row.cricinfo, row.registry_id);
      }
      const resolved = new Map<string, Profile>();
      let unknown = 0;
      for (const profile of profiles) {
        const id = profile.registryId ?? (profile.cricinfoId === null ? undefined : byCricinfo.get(profile.cricinfoId));
        if (id === undefined) unknown++;
        // A later row for the same player wins, as a later file does.
        else resolved.set(id, profile);
      }
      const rows = [...resolved];
      // Register ids the register does not know are kept out: a profile names a registered person.
      const known = new Set<string>();
      for (const part of chunks(rows.map(([id]) => id))) {
        // One array parameter, not thousands of bound values.
        const found = await sql<{ registry_id: string }>`select registry_id from register_people where registry_id = any(${part}::text[])`.execute(trx);
        for (const row of found.rows) known.add(row.registry_id);
      }
      const kept = rows.filter(([id]) => known.has(id));
      unknown += rows.length - kept.length;
      const changed: string[] = [];
      for (const part of chunks(kept)) {
        const column = <T>(pick: (p: Profile) => T) => part.map(([, p]) => pick(p));
        const { rows: written } = await sql<{ registry_id: string }>`
          insert into player_profiles (registry_id, full_name, known_as, date_of_birth, birthplace, country, batting_style, bowling_style,
            playing_role, name_hi, photo_url, photo_licence, photo_author, photo_page, source)
          select * from unnest(${part.map(([id]) => id)}::text[], ${column((p) => p.fullName)}::text[], ${column((p) => p.knownAs)}::text[],
            ${column((p) => p.dateOfBirth)}::date[], ${column((p) => p.birthplace)}::text[], ${column((p) => p.country)}::text[],
            ${column((p) => p.battingStyle)}::text[], ${column((p) => p.bowlingStyle)}::text[], ${column((p) => p.playingRole)}::text[],
            ${column((p) => p.nameHi)}::text[], ${column((p) => p.photo?.url ?? null)}::text[], ${column((p) => p.photo?.licence ?? null)}::text[],
            ${column((p) => p.photo?.author ?? null)}::text[], ${column((p) => p.photo?.page ?? null)}::text[], ${column((p) => p.source)}::text[])
          on conflict (registry_id) do update set full_name = excluded.full_name, known_as = excluded.known_as,
            date_of_birth = excluded.date_of_birth, birthplace = excluded.birthplace, country = excluded.country,
            batting_style = excluded.batting_style, bowling_style = excluded.bowling_style, playing_role = excluded.playing_role,
            name_hi = excluded.name_hi, photo_url = excluded.photo_url, photo_licence = excluded.photo_licence,
            photo_author = excluded.photo_author, photo_page = excluded.photo_page, source = excluded.source, updated_at = now()
          where (player_profiles.full_name, player_profiles.known_as, player_profiles.date_of_birth, player_profiles.birthplace,
                 player_profiles.country, player_profiles.batting_style, player_profiles.bowling_style, player_profiles.playing_role,
                 player_profiles.name_hi, player_profiles.photo_url, player_profiles.photo_licence, player_profiles.photo_author,
                 player_profiles.photo_page, player_profiles.source)
            is distinct from (excluded.full_name, excluded.known_as, excluded.date_of_birth, excluded.birthplace, excluded.country,
                 excluded.batting_style, excluded.bowling_style, excluded.playing_role, excluded.name_hi, excluded.photo_url,
                 excluded.photo_licence, excluded.photo_author, excluded.photo_page, excluded.source)
          returning registry_id`.execute(trx);
        changed.push(...written.map((row) => row.registry_id));
      }
      await this.mark(trx, 'profiles', mark, kept.length);
      await this.refreshSearch(trx, changed);
      return { changed, written: changed.length, unchanged: kept.length - changed.length, unknown };
    });
    await this.publishPeople(result.changed);
    return { written: result.written, unchanged: result.unchanged, unknown: result.unknown };
  }

  /**
   * Rebuilds every search row when they were built by another terms rule or other shipped Hindi
   * names (SEARCH_ROWS_VERSION), or were never built for the stored matches (migration 012 leaves
   * them to this); true when it did. A database with no match only records the version.
   */
  async rebuildStaleSearch(): Promise<boolean> {
    const rebuilt = await this.kysely.transaction().execute(async (trx) => {
      const stored = await trx.selectFrom('search_versions').select('version').forUpdate().executeTakeFirst();
      if (stored?.version === SEARCH_ROWS_VERSION) return false;
      const any = await trx.selectFrom('matches').select('id').limit(1).executeTakeFirst();
      if (any) await refreshSearchIndex(trx, null);
      await trx
        .insertInto('search_versions')
        .values({ version: SEARCH_ROWS_VERSION })
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ version: SEARCH_ROWS_VERSION }))
        .execute();
      return any !== undefined;
    });
    if (rebuilt) await this.publish([tags.players]);
    return rebuilt;
  }

  private async mark(trx: Transaction<Database>, kind: PeopleSourceKind, mark: SourceMark, rows: number): Promise<void> {
    await trx
      .insertInto('register_imports')
      .values({ source_kind: kind, location: mark.location, fingerprint: mark.fingerprint, rows })
      .onConflict((conflict) =>
        conflict.column('source_kind').doUpdateSet({ location: mark.location, fingerprint: mark.fingerprint, rows, imported_at: sql<Date>`now()` }),
      )
      .execute();
  }

  /** Rebuilds, in the write's transaction, the search rows of the people changed (those with matches). */
  private async refreshSearch(trx: Transaction<Database>, registryIds: readonly string[]): Promise<void> {
    if (registryIds.length === 0) return;
    const people: number[] = [];
    for (const part of chunks(registryIds)) {
      const { rows } = await sql<{ id: number }>`select id from people where registry_id = any(${[...part]}::text[])`.execute(trx);
      people.push(...rows.map((row) => row.id));
    }
    await refreshSearchIndex(trx, { people, teams: [], tournaments: [], venues: [] });
  }

  /** After the commit: the changed players' pages, and search. */
  private async publishPeople(registryIds: readonly string[]): Promise<void> {
    if (registryIds.length > 0) await this.publish([...registryIds.map(tags.player), tags.players]);
  }
}
