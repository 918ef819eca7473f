import type { FastifyBaseLogger } from 'fastify';
import { isbot } from 'isbot';
import type { Kysely } from 'kysely';
import { attributeSource, externalHostOf, REFERRAL_TAG_PATTERN } from '@fundry/shared';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { addVisits, existingProjectIds, listTagNames, type VisitCount } from './referrals.repository';

/** What a visit brings: the `ref` of its address and the header it came with, nothing of the person. */
export interface SeenVisit {
  projectId: number;
  ref: string | null | undefined;
  referer: string | null | undefined;
  userAgent: string | null | undefined;
}

/** Rows a statement adds at most; a larger batch is written in several. */
const ROWS_PER_STATEMENT = 500;
/** Distinct rows an instance holds between flushes at most; past them a flush starts at once. */
const FLUSH_AT_ROWS = 5_000;

/**
 * The visits an instance counted and has not written yet (DESIGN.md §19, decision 035): (project, day, ref, host) →
 * count, in memory, added on the answer's way out and written in batches, on an interval and when the app closes, by
 * one upsert that adds to the stored count. A request never waits on it. The tags are read when the batch is
 * written, once for all its projects, so a visit costs a map update and no read. A write that fails keeps its counts
 * for the next one: none lost, none twice.
 */
export class VisitCounter {
  private pending = new Map<
    string,
    { projectId: number; day: string; ref: string; host: string; count: number }
  >();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private readonly ownHost: string | null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    appUrl: string,
  ) {
    try {
      this.ownHost = new URL(appUrl).hostname;
    } catch {
      this.ownHost = null;
    }
  }

  /** Visits counted and not written yet. */
  get pendingVisits() {
    let total = 0;
    for (const entry of this.pending.values()) total += entry.count;
    return total;
  }

  /**
   * Counts a visit unless a robot made it (by its user agent; one without any is a script, not a browser). Never
   * throws: counting never fails a page.
   */
  see(visit: SeenVisit): boolean {
    try {
      const agent = visit.userAgent ?? '';
      if (!agent || isbot(agent)) return false;
      const ref = typeof visit.ref === 'string' && REFERRAL_TAG_PATTERN.test(visit.ref) ? visit.ref : '';
      const host = externalHostOf(visit.referer, this.ownHost) ?? '';
      const day = this.clock().toISOString().slice(0, 10);
      const key = `${visit.projectId} ${day} ${ref} ${host}`;
      const entry = this.pending.get(key);
      if (entry) entry.count++;
      else this.pending.set(key, { projectId: visit.projectId, day, ref, host, count: 1 });
      if (this.pending.size >= FLUSH_AT_ROWS) void this.flush();
      return true;
    } catch (error) {
      this.log.warn({ err: error }, 'a visit could not be counted');
      return false;
    }
  }

  /** Writes every visit counted so far (after any write under way); resolves when they are stored. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(batch: typeof this.pending) {
    try {
      const withRef = [...new Set([...batch.values()].filter((e) => e.ref).map((e) => e.projectId))];
      const tags = new Map<number, string[]>();
      for (const row of await listTagNames(this.db, withRef)) {
        const names = tags.get(row.project_id) ?? [];
        names.push(row.name);
        tags.set(row.project_id, names);
      }
      const projects = await existingProjectIds(this.db, [
        ...new Set([...batch.values()].map((e) => e.projectId)),
      ]);
      const rows = new Map<string, VisitCount>();
      for (const entry of batch.values()) {
        if (!projects.has(entry.projectId)) continue;
        const { source } = attributeSource({
          ref: entry.ref,
          externalHost: entry.host,
          tags: tags.get(entry.projectId) ?? [],
        });
        const key = `${entry.projectId} ${entry.day} ${source}`;
        const row = rows.get(key);
        if (row) row.visits += entry.count;
        else rows.set(key, { project_id: entry.projectId, day: entry.day, source, visits: entry.count });
      }
      const all = [...rows.values()];
      // One transaction: the batch is stored whole or not at all, so a retry never adds a part twice.
      await this.db.transaction().execute(async (trx) => {
        for (let start = 0; start < all.length; start += ROWS_PER_STATEMENT) {
          await addVisits(trx, all.slice(start, start + ROWS_PER_STATEMENT));
        }
      });
    } catch (error) {
      this.log.warn({ err: error, rows: batch.size }, 'visits not written yet; kept for the next batch');
      for (const [key, entry] of batch) {
        const now = this.pending.get(key);
        if (now) now.count += entry.count;
        else this.pending.set(key, entry);
      }
    }
  }

  /** Writes on an interval; `stop` writes what is left. */
  start(intervalMs: number) {
    this.timer ??= setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
