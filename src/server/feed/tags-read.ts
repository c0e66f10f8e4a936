// Which tagged data a piece of work read: a page render runs inside collectTagsRead(), and every
// service cache read made for it (hits too) adds its entry's tags. Those are the page's tags,
// so a page cannot show data whose change would not drop it.
import { AsyncLocalStorage } from 'node:async_hooks';

const reading = new AsyncLocalStorage<Set<string>>();

/** Runs work, adding to `into` the tags of every cached read it makes. */
export function collectTagsRead<T>(into: Set<string>, work: () => T): T {
  return reading.run(into, work);
}

/** Called by caches on every read. */
export function noteTagsRead(tags: readonly string[]): void {
  const collected = reading.getStore();
  if (collected) for (const tag of tags) collected.add(tag);
}
