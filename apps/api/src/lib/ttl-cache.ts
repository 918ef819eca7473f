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

/**
 * One value worked out by this instance, kept `ttlMs`; once older, it is still answered while the next one loads
 * (no request waits for a reload), for at most `staleMs` more: a value nobody asked for in longer than that is
 * waited for again. A reload is given the value it replaces, which it may keep when nothing changed. `clear()`
 * drops it: the next request waits for a fresh one, and a reload that began before is not kept.
 */
export class RefreshedValue<T> {
  private current: { value: Promise<T>; until: number } | undefined;
  private reloading = false;
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly load: (previous: T | undefined) => Promise<T>,
    private readonly staleMs = Number.POSITIVE_INFINITY,
  ) {}

  get(): Promise<T> {
    const now = this.now();
    if (!this.current || this.current.until + this.staleMs <= now) {
      const value = this.load(undefined);
      const held = { value, until: now + this.ttlMs };
      this.current = held;
      value.catch(() => {
        if (this.current === held) this.current = undefined;
      });
      return value;
    }
    if (this.current.until <= now && !this.reloading) this.reload(this.current.value);
    return this.current.value;
  }

  clear() {
    this.current = undefined;
    this.generation++;
  }

  private reload(previous: Promise<T>) {
    this.reloading = true;
    const generation = this.generation;
    previous
      .then((value) => this.load(value))
      .then((loaded) => {
        if (generation === this.generation)
          this.current = { value: Promise.resolve(loaded), until: this.now() + this.ttlMs };
      })
      // A failed reload keeps the last value; the next request after it tries again.
      .catch(() => undefined)
      .finally(() => {
        this.reloading = false;
      });
  }
}

/**
 * `RefreshedValue`s by key, at most `maxEntries` of them (the least recently made goes first): a value older than
 * `ttlMs` is answered while the next one loads, for at most `staleMs` more. Each key's value is loaded by the `load`
 * it was first asked with.
 */
export class RefreshedValues<T> {
  private readonly values = new Map<string, RefreshedValue<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly staleMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    let value = this.values.get(key);
    if (!value) {
      const oldest = this.values.keys().next();
      if (this.values.size >= this.maxEntries && !oldest.done) this.values.delete(oldest.value);
      value = new RefreshedValue(this.ttlMs, this.now, load, this.staleMs);
      this.values.set(key, value);
    }
    return value.get();
  }

  clear() {
    for (const value of this.values.values()) value.clear();
    this.values.clear();
  }
}
