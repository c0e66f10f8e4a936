// Service data is cached in memory until the change feed says it changed. Each entry carries
// the tags its service method declares (tags.match(key) for a match's scorecard, ...), and a
// publication drops only entries carrying one of its tags: a ball in one match keeps the others.
import type { ChangeFeed } from '../feed/change-feed.ts';
import { TaggedStore } from '../feed/tagged-store.ts';
import { noteTagsRead } from '../feed/tags-read.ts';

/** Memoises async loaders per key, least recently used dropped first. */
export class TaggedCache {
  private readonly store: TaggedStore<Promise<unknown>>;

  constructor(feed: Pick<ChangeFeed, 'subscribe'>, maxEntries = 500) {
    this.store = new TaggedStore(maxEntries);
    feed.subscribe((tags) => this.store.invalidate(tags));
  }

  get<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    noteTagsRead(tags);
    const hit = this.store.get(key);
    if (hit) return hit as Promise<T>;
    // The load is stored while it runs, so a publication meanwhile drops it like any entry:
    // what it read may be older than the change, and it is never kept after it.
    const pending = load();
    this.store.set(key, pending, tags);
    // A failed load is not cached: the next request tries again.
    pending.catch(() => this.store.delete(key, pending));
    return pending;
  }
}
