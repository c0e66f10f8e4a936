// Page and API data is cached in memory until the data it was computed from changes:
// every write (an import batch, later a live ball) bumps the data version.
export class DataVersion {
  private current = 0;
  get value(): number {
    return this.current;
  }
  bump(): void {
    this.current += 1;
  }
}

/** Memoises async loaders per key, dropping everything when the data version moves. */
export class VersionedCache {
  private version = -1;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dataVersion: DataVersion,
    private readonly maxEntries = 500,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.version !== this.dataVersion.value) {
      this.entries.clear();
      this.version = this.dataVersion.value;
    }
    const hit = this.entries.get(key);
    if (hit) return hit as Promise<T>;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const pending = load();
    this.entries.set(key, pending);
    // A failed load is not cached: the next request tries again.
    pending.catch(() => this.entries.delete(key));
    return pending;
  }
}
