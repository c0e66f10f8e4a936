// A test's own database holding only the matches it needs from a shared archive: the archive's
// files that `select` keeps (read-archive.ts), imported into a fresh PGlite, with the services on it.
import { rm } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { importSources } from '../../src/server/ingest/importer.ts';
import { createServices, type Services } from '../../src/server/services/index.ts';
import { extractArchive } from './read-archive.ts';
import { freshDatabase } from './test-db.ts';

export interface RealSubset<T extends object> {
  db: Db;
  services: Services;
  /** The selected match files, parsed, to compare the product's figures with. */
  matches: (T & { id: number })[];
  /** Closes the database and removes the extracted files. */
  close(): Promise<void>;
}

export async function importRealSubset<T extends object>(archive: string, select: (text: string) => boolean): Promise<RealSubset<T>> {
  const { folder, matches } = await extractArchive<T>(archive, select);
  const db = await freshDatabase();
  expect((await importSources(db, [folder])).failedSources).toEqual([]);
  return {
    db,
    services: createServices(db),
    matches,
    close: async () => {
      await db.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
