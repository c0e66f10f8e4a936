// A fresh, migrated in-memory PGlite database for a test.
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { fromTemplate, unpackTemplate } from './templates.ts';

/** The PostgreSQL test database (TEST_DATABASE_URL), emptied: an empty public schema, not yet migrated. */
export async function emptiedPostgres(url: string): Promise<Db> {
  const db = await openDatabase({ url, dataDir: '' });
  await sql`drop schema public cascade; create schema public`.execute(db.kysely);
  return db;
}

/** A fresh, migrated in-memory PGlite (in integration runs a copy of the run's migrated template). */
export async function freshDatabase(): Promise<Db> {
  return fromTemplate('migrated', migratedInMemory);
}

/**
 * Makes `dataDir` hold a migrated PGlite database (in integration runs the run's migrated template,
 * unpacked), for a command or server started on it as a child process: a child that found an empty
 * folder would spend most of its start in initdb.
 */
export async function migratedDataFolder(dataDir: string): Promise<void> {
  if (await unpackTemplate('migrated', migratedInMemory, dataDir)) return;
  const db = await openDatabase({ dataDir });
  await migrateToLatest(db);
  await db.close();
}

async function migratedInMemory(): Promise<Db> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(db);
  return db;
}

/** Rows of a plain SQL query (for tables the Kysely schema does not type). */
export async function queryRows<R = Record<string, unknown>>(db: Db, text: string): Promise<R[]> {
  return (await sql.raw<R>(text).execute(db.kysely)).rows;
}

/** The single number a count(*)-style query returns. */
export async function queryNumber(db: Db, text: string): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, text);
  return Number(Object.values(row ?? {})[0]);
}

/** Removes all cricket data (every match table cascades from these). */
export async function emptyDatabase(db: Db): Promise<void> {
  await sql`truncate matches, people, teams, team_names, venues, tournaments restart identity cascade`.execute(db.kysely);
}
