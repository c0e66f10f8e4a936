// Keeps this process's name book (src/i18n/names.ts) holding the Hindi names of player profiles
// (Wikidata's labels, through the profile format) over the shipped ones: loaded at start and again
// whenever the change feed says players changed (a profile import publishes tags.players).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ChangeFeed } from '../feed/change-feed.ts';
import { tags } from '../feed/tags.ts';
import { installLocalNames, type LocalNameRow } from '../../i18n/names.ts';

export class LocalNamesKeeper {
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Installs the profiles' Hindi names now; a load asked for while one runs runs once more after it. */
  load(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        const rows = await this.db
          .selectFrom('player_profiles as pp')
          .innerJoin('register_people as r', 'r.registry_id', 'pp.registry_id')
          .select(['pp.registry_id', 'r.name', 'pp.name_hi', 'pp.source'])
          .where('pp.name_hi', 'is not', null)
          .execute();
        installLocalNames(
          rows.map((row): LocalNameRow => ({ kind: 'player', key: row.registry_id, latin: row.name, hi: row.name_hi!, source: `Hindi name of the profile from ${row.source}` })),
        );
      } while (this.again);
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Reloads on every publication that may change profiles; returns the unsubscribe. */
  follow(feed: ChangeFeed, onError: (error: unknown) => void): () => void {
    return feed.subscribe((published) => {
      if (published.includes(tags.players) || published.includes(tags.all)) this.load().catch(onError);
    });
  }
}
