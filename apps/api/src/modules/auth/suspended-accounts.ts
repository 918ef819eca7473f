import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { suspendedUserIds } from '../sanctions/sanctions.repository';

/** How often each instance re-reads the suspended accounts: well inside DESIGN.md §18's 5 seconds. */
export const SUSPENDED_REFRESH_MS = 1_000;

/**
 * The accounts suspended right now, held in memory so that every signed-in request is checked without a query
 * (DESIGN.md §18, decision 030). Each instance re-reads the list from the database every second (a partial index
 * holds only suspended ids, so the read costs what the list is long); the instance that suspends or reinstates
 * changes its own copy at once. A change made here while a read is on its way is applied again over that read's
 * answer, which may predate it.
 */
export class SuspendedAccounts {
  private ids = new Set<number>();
  private readonly localChanges = new Map<number, { suspended: boolean; sequence: number }>();
  private sequence = 0;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly refreshMs = SUSPENDED_REFRESH_MS,
  ) {}

  has(userId: number) {
    return this.ids.has(userId);
  }

  /** This instance suspended the account: refused here from now on. */
  add(userId: number) {
    this.change(userId, true);
  }

  /** This instance reinstated the account. */
  remove(userId: number) {
    this.change(userId, false);
  }

  /** Reads the list once, then every `refreshMs` until `stop`. */
  async start() {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((error: unknown) =>
        this.log.warn({ err: error }, 'could not read the suspended accounts; keeping the last list'),
      );
    }, this.refreshMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reading?.catch(() => undefined);
  }

  /** One read of the list; a read already on its way is shared rather than doubled. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read() {
    const startedAt = this.sequence;
    const next = new Set(await suspendedUserIds(this.db));
    for (const [userId, local] of this.localChanges) {
      if (local.sequence > startedAt) {
        if (local.suspended) next.add(userId);
        else next.delete(userId);
      } else {
        // The database has answered since this change was made: its answer is the truth from now on.
        this.localChanges.delete(userId);
      }
    }
    this.ids = next;
  }

  private change(userId: number, suspended: boolean) {
    this.sequence += 1;
    this.localChanges.set(userId, { suspended, sequence: this.sequence });
    if (suspended) this.ids.add(userId);
    else this.ids.delete(userId);
  }
}
