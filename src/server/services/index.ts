// The services the pages and the provider API share (no HTTP hop between them).
import type { Db } from '../db/client.ts';
import { DataVersion, VersionedCache } from './cache.ts';
import { MatchService } from './matches.ts';

export interface Services {
  readonly db: Db;
  readonly dataVersion: DataVersion;
  readonly matches: MatchService;
}

export function createServices(db: Db): Services {
  const dataVersion = new DataVersion();
  const cache = new VersionedCache(dataVersion);
  return {
    db,
    dataVersion,
    matches: new MatchService(db.kysely, cache),
  };
}
