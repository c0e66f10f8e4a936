// Where tests and benchmarks find the shared Cricsheet archives and the PostgreSQL test
// server: CRICSHEET_SOURCE and TEST_DATABASE_URL, read through the config module.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.ts';

const config = loadConfig();
const sharedFolder = path.resolve(import.meta.dirname, '../../../shared/data/cricsheet');

export const testDatabaseUrl = config.TEST_DATABASE_URL;

/** Every configured archive, else every zip in ../shared/data/cricsheet (empty when absent). */
export function sharedArchives(): string[] {
  if (config.CRICSHEET_SOURCE && config.CRICSHEET_SOURCE.length > 0) return config.CRICSHEET_SOURCE;
  if (!existsSync(sharedFolder)) return [];
  return readdirSync(sharedFolder)
    .filter((name) => name.endsWith('.zip'))
    .sort()
    .map((name) => path.join(sharedFolder, name));
}

/** The shared archive with this file name, from CRICSHEET_SOURCE or beside the repository. */
export function sharedArchive(fileName: string): string {
  return sharedArchives().find((entry) => entry.endsWith(fileName)) ?? path.join(sharedFolder, fileName);
}
