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

/**
 * The shared archive with this file name: one CRICSHEET_SOURCE names, else the one in the folder
 * of the configured archives (the five sit together), else beside the repository.
 */
export function sharedArchive(fileName: string): string {
  const archives = sharedArchives();
  const named = archives.find((entry) => path.basename(entry) === fileName);
  if (named) return named;
  const beside = archives.map((entry) => path.join(path.dirname(entry), fileName)).find((candidate) => existsSync(candidate));
  return beside ?? path.join(sharedFolder, fileName);
}

/**
 * The shared archive a test needs, or null (skip, with a message) when it is not there; in CI
 * (CI=true) a missing archive fails the run instead.
 */
export function requiredArchive(fileName: string, what: string): string | null {
  const archive = sharedArchive(fileName);
  if (existsSync(archive)) return archive;
  const reason = `${archive} is not there (set CRICSHEET_SOURCE or add ../shared/data/cricsheet)`;
  if (config.CI) throw new Error(`The ${what} need ${fileName} in CI: ${reason}`);
  console.warn(`Skipping the ${what}: ${reason}.`);
  return null;
}
