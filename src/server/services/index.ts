// The services the pages and the provider API share (no HTTP hop between them).
import type { Db } from '../db/client.ts';
import { DataVersion, VersionedCache } from './cache.ts';
import { MatchService } from './matches.ts';
import { MatchCentreService } from './match-centre.ts';
import { PlayerService } from './players.ts';
import { TournamentService } from './tournaments.ts';

export interface Services {
  readonly db: Db;
  readonly dataVersion: DataVersion;
  readonly matches: MatchService;
  readonly matchCentre: MatchCentreService;
  readonly players: PlayerService;
  readonly tournaments: TournamentService;
}

export function createServices(db: Db): Services {
  const dataVersion = new DataVersion();
  const cache = new VersionedCache(dataVersion);
  // Commentary of a Test is ~1 MB: 40 of them at most stay in memory.
  const commentaryCache = new VersionedCache(dataVersion, 40);
  return {
    db,
    dataVersion,
    matches: new MatchService(db.kysely, cache),
    matchCentre: new MatchCentreService(db.kysely, cache, commentaryCache),
    players: new PlayerService(db.kysely, cache),
    tournaments: new TournamentService(db.kysely, cache),
  };
}
