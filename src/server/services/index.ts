// The services the pages and the provider API share (no HTTP hop between them).
import type { Db } from '../db/client.ts';
import { ChangeFeed } from '../feed/change-feed.ts';
import { AccountService } from './account.ts';
import { TaggedCache } from './cache.ts';
import { MatchService } from './matches.ts';
import { MatchCentreService } from './match-centre.ts';
import { NewsService } from './news.ts';
import { PlayerService } from './players.ts';
import { ReelService } from './reels.ts';
import { ScorerService } from './scorer.ts';
import { RecordsService } from './records.ts';
import { SearchService } from './search.ts';
import { TournamentService } from './tournaments.ts';
import { CorrectionService } from './corrections.ts';
import { ImportStatus } from '../ingest/progress.ts';
import { LocalNamesKeeper } from './local-names.ts';
import { WinProbRatings } from './winprob-ratings.ts';

export interface Services {
  readonly db: Db;
  /** Writers publish what they changed here; the caches (and the page cache) listen. */
  readonly feed: ChangeFeed;
  readonly matches: MatchService;
  readonly matchCentre: MatchCentreService;
  readonly players: PlayerService;
  readonly tournaments: TournamentService;
  /** Profiles, settings and contact queries of accounts. */
  readonly account: AccountService;
  /** What the scorer console reads (never cached: a scorer sees their last write). */
  readonly scorer: ScorerService;
  /** Players, teams, tournaments and venues by name (recent answers cached). */
  readonly search: SearchService;
  /** All-time records per type of cricket and per series across seasons. */
  readonly records: RecordsService;
  /** Reels, their likes and comments. */
  readonly reels: ReelService;
  /** The record beyond Cricsheet, as admins edit it (docs/decisions/034-corrections.md). */
  readonly corrections: CorrectionService;
  /** The start-up import this process is running, if any (the home page shows its progress). */
  readonly importStatus: ImportStatus;
  /** News articles: lists, article pages, the editor's desk and match reports. */
  readonly news: NewsService;
  /** Team ratings and competition pars following the stored results (win probability; decision 039). */
  readonly winProbRatings: WinProbRatings;
  /** The profiles' Hindi names in this process's name book (src/i18n/names.ts); load() once at start, then it follows the feed. */
  readonly localNames: LocalNamesKeeper;
}

/** Services over the database; without a feed, an in-process one (a single process). */
export function createServices(db: Db, feed: ChangeFeed = new ChangeFeed()): Services {
  const cache = new TaggedCache(feed);
  // Commentary of a Test is ~1 MB: 40 of them at most stay in memory.
  const commentaryCache = new TaggedCache(feed, 40);
  // Search answers are small (a few hits) and many (one per query typed).
  const searchCache = new TaggedCache(feed, 2000);
  const localNames = new LocalNamesKeeper(db.kysely);
  // A failed reload keeps the names installed before; the next publication tries again.
  localNames.follow(feed, () => undefined);
  // Loaded by the first win probability asked for (main.ts loads it at start), then follows the feed.
  const winProbRatings = new WinProbRatings(db.kysely);
  winProbRatings.follow(feed);
  return {
    db,
    feed,
    matches: new MatchService(db.kysely, cache),
    matchCentre: new MatchCentreService(db.kysely, cache, commentaryCache, winProbRatings),
    players: new PlayerService(db.kysely, cache),
    tournaments: new TournamentService(db.kysely, cache),
    account: new AccountService(db.kysely),
    scorer: new ScorerService(db.kysely),
    search: new SearchService(db.kysely, searchCache),
    records: new RecordsService(db.kysely, cache),
    reels: new ReelService(db.kysely, cache, feed),
    corrections: new CorrectionService(db, (changed) => feed.publish(changed)),
    importStatus: new ImportStatus(),
    news: new NewsService(db.kysely, cache, feed),
    localNames,
    winProbRatings,
  };
}
