import { PUBLIC_STATUSES } from '@fundry/shared';
import { readingToKeep } from '../../db/replicas';
import type { ProjectChangeListener } from './project-changes';
import type { ProjectRecord } from './projects.repository';

type Part = 'project' | 'creator' | 'rewards' | 'fulfilment' | 'stretchGoals' | 'team' | 'visitorAnswer';

interface Entry {
  until: number;
  parts: Map<Part, Promise<unknown>>;
}

/** Enough for every project a busy hour visits; past it the oldest entry leaves. */
const MAX_PROJECTS = 10_000;

/**
 * The public part of project pages — the project's row, its creator's card, its rewards, how many were sent and its
 * stretch goals — kept in this instance's
 * memory (issue 17, decision 016). List pages and discovery read their cards' rows through it too. It is only trusted while the instance hears of every change from the database
 * (`ProjectChangeFeed`, migration 0017): until then, and whenever the feed is lost, every read goes to the database.
 * Each entry also expires after `ttlMs`, a safety net for what no notification announces (a creator's counts).
 *
 * Only projects anyone may see are kept, and only what is the same for every visitor: the caller's own pledge,
 * saved state and roles are never read through here. A change forgets the whole entry; a read that began before
 * the change belongs to the forgotten entry and never comes back into the map.
 */
export class ProjectPageCache implements ProjectChangeListener {
  private readonly entries = new Map<number, Entry>();
  private trusted = false;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** The project's row; kept only while the project is public. */
  project(id: number, load: () => Promise<ProjectRecord | undefined>): Promise<ProjectRecord | undefined> {
    const entry = this.current(id) ?? this.open(id);
    if (!entry) return load();
    const row = this.remember(id, entry, 'project', load);
    row.then(
      (loaded) => {
        if (!loaded || !(PUBLIC_STATUSES as readonly string[]).includes(loaded.status)) this.close(id, entry);
      },
      () => undefined,
    );
    return row;
  }

  /** Other public data of a project whose row this cache holds; read through otherwise. */
  part<T>(id: number, part: Exclude<Part, 'project'>, load: () => Promise<T>): Promise<T> {
    const entry = this.current(id);
    return entry?.parts.has('project') ? this.remember(id, entry, part, load) : load();
  }

  forgetProject(id: number) {
    this.entries.delete(id);
  }

  forgetAll() {
    this.entries.clear();
  }

  /** Called as the change feed starts listening (true) or loses its connection (false). */
  trust(trusted: boolean) {
    this.trusted = trusted && this.ttlMs > 0;
    this.entries.clear();
  }

  private current(id: number): Entry | undefined {
    if (!this.trusted) return undefined;
    const entry = this.entries.get(id);
    if (entry && entry.until <= this.now()) this.entries.delete(id);
    else return entry;
  }

  private open(id: number): Entry | undefined {
    if (!this.trusted) return undefined;
    if (this.entries.size >= MAX_PROJECTS) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry: Entry = { until: this.now() + this.ttlMs, parts: new Map() };
    this.entries.set(id, entry);
    return entry;
  }

  private close(id: number, entry: Entry) {
    if (this.entries.get(id) === entry) this.entries.delete(id);
  }

  private remember<T>(id: number, entry: Entry, part: Part, load: () => Promise<T>): Promise<T> {
    const held = entry.parts.get(part);
    if (held) return held as Promise<T>;
    // Kept until a change notice: read where that change is sure to be (decision 037).
    const value = readingToKeep(load);
    entry.parts.set(part, value);
    // A failed read is not kept: the next visitor tries again.
    value.catch(() => this.close(id, entry));
    return value;
  }
}
