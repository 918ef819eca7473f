/**
 * Answers this instance worked out recently, each kept for `ttlMs`, at most `maxEntries` of them. A load in
 * progress is shared by everyone asking for the same key meanwhile; a failed one is not kept.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.dropExpiredOrOldest(now);
    const value = load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear() {
    this.entries.clear();
  }

  private dropExpiredOrOldest(now: number) {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
    const oldest = this.entries.keys().next();
    if (this.entries.size >= this.maxEntries && !oldest.done) this.entries.delete(oldest.value);
  }
}
