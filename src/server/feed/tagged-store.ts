// A bounded map whose entries carry tags: the least recently used entry goes first when it is
// full, and a publication drops exactly the entries carrying one of its tags ('all': every one).
import { tags as tagNames } from './tags.ts';

interface Entry<V> {
  value: V;
  tags: readonly string[];
}

export class TaggedStore<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the oldest use first.
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keysByTag = new Map<string, Set<string>>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, tags: readonly string[]): void {
    this.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(key, { value, tags });
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Deletes the entry; with `only`, only while it still holds that value. */
  delete(key: string, only?: V): void {
    const entry = this.entries.get(key);
    if (!entry || (only !== undefined && entry.value !== only)) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  /** Drops every entry carrying one of the tags. */
  invalidate(tags: readonly string[]): void {
    if (tags.includes(tagNames.all)) {
      this.entries.clear();
      this.keysByTag.clear();
      return;
    }
    for (const tag of tags) {
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.delete(key);
    }
  }
}
