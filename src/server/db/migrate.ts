// Versioned migrations, applied in order at start-up and by `npm run db:migrate`.
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './client.ts';
import * as cricketModel from './migrations/001-cricket-model.ts';
import * as importRuns from './migrations/002-import-runs.ts';
import * as matchCentreIndexes from './migrations/003-match-centre-indexes.ts';
import * as tournamentIndexes from './migrations/004-tournament-indexes.ts';
import * as writePath from './migrations/005-write-path.ts';
import * as accounts from './migrations/006-accounts.ts';
import * as live from './migrations/007-live.ts';
import * as ballDigest from './migrations/008-ball-digest.ts';
import * as jobs from './migrations/009-jobs.ts';
import * as formatTypes from './migrations/011-format-types.ts';
import * as search from './migrations/012-search.ts';
import * as updates from './migrations/013-updates.ts';
import * as news from './migrations/014-news.ts';
import * as fantasy from './migrations/015-fantasy.ts';
import * as reels from './migrations/017-reels.ts';
import * as bulkImport from './migrations/018-bulk-import.ts';
import * as limitCounters from './migrations/019-limit-counters.ts';
import * as peopleRegister from './migrations/021-people-register.ts';
import * as squadMarks from './migrations/022-squad-marks.ts';
import * as tokenScopes from './migrations/023-token-scopes.ts';
import * as countedMatches from './migrations/024-counted-matches.ts';
import * as fixtureFeeds from './migrations/025-fixture-feeds.ts';
import * as matchPreviews from './migrations/027-match-previews.ts';
import * as webPush from './migrations/028-web-push.ts';
import * as reportWording from './migrations/029-report-wording.ts';

const migrations: Record<string, Migration> = {
  '001-cricket-model': cricketModel,
  '002-import-runs': importRuns,
  '003-match-centre-indexes': matchCentreIndexes,
  '004-tournament-indexes': tournamentIndexes,
  '005-write-path': writePath,
  '006-accounts': accounts,
  '007-live': live,
  '008-ball-digest': ballDigest,
  '009-jobs': jobs,
  '011-format-types': formatTypes,
  '012-search': search,
  '013-updates': updates,
  '014-news': news,
  '015-fantasy': fantasy,
  '017-reels': reels,
  '018-bulk-import': bulkImport,
  '019-limit-counters': limitCounters,
  '021-people-register': peopleRegister,
  '022-squad-marks': squadMarks,
  '023-token-scopes': tokenScopes,
  '024-counted-matches': countedMatches,
  '025-fixture-feeds': fixtureFeeds,
  '027-match-previews': matchPreviews,
  '028-web-push': webPush,
  '029-report-wording': reportWording,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Numbers are handed out when features start, and features land in any order: a database that
 * already ran 017 still takes a 012 that lands later. Each migration touches its own tables.
 */
function migrator(db: Db): Migrator {
  return new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
}

/** Applies (or reverts to) the migrations up to and including `name`: for testing a migration on the data before it. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await migrator(db).migrateTo(name);
  if (error) throw error;
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    const where = failed ? ` in migration ${failed.migrationName}` : '';
    throw new Error(`Database migration failed${where}: ${String((error as Error).message ?? error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
