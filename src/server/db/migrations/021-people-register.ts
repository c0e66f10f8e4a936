// People beyond the match files (issue 31; docs/decisions/055-people-register-and-profiles.md):
// - register_people: Cricsheet's register (people.csv): every person's identifier, the name the
//   match files use, and the same person's ids on other sites (ESPNcricinfo's indexed: profiles
//   and Wikidata name players by it);
// - register_names: every name a person has appeared under (names.csv), searched as aliases;
// - player_profiles: who a player is (full name, birth, styles, role, Hindi name, photo and its
//   licence), one row per register id, each with the source it came from;
// - register_imports: the fingerprint of each source last imported, so an unchanged file is not
//   written again at every start;
// - search_entries.full_name: the name a player's hit shows above the scorecard name;
// - search_versions: what the stored search rows were built with (the terms rule, the shipped
//   Hindi names), so a server built with other ones rebuilds them in the background.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table register_people (
      registry_id text primary key,
      name text not null,
      unique_name text not null,
      key_cricinfo text,
      -- Every other site's id as the register names its column (key_cricbuzz, key_bcci, ...).
      other_keys jsonb not null default '{}'
    );
    create index register_people_cricinfo on register_people (key_cricinfo) where key_cricinfo is not null;

    create table register_names (
      registry_id text not null,
      name text not null,
      primary key (registry_id, name)
    );

    create table player_profiles (
      registry_id text primary key,
      full_name text,
      known_as text,
      date_of_birth date,
      birthplace text,
      country text,
      batting_style text,
      bowling_style text,
      playing_role text,
      name_hi text,
      photo_url text,
      photo_licence text,
      photo_author text,
      photo_page text,
      -- Where the row comes from ('Wikidata Q213854', a file's name): shown beside each fact.
      source text not null,
      updated_at timestamptz not null default now()
    );

    create table register_imports (
      source_kind text primary key check (source_kind in ('people', 'names', 'profiles')),
      location text not null,
      fingerprint text not null,
      rows integer not null,
      imported_at timestamptz not null default now()
    );

    alter table search_entries add column full_name text;

    create table search_versions (
      id boolean primary key default true check (id),
      version text not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table search_versions;
    alter table search_entries drop column full_name;
    drop table register_imports;
    drop table player_profiles;
    drop table register_names;
    drop table register_people;
  `.execute(db);
}
