import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export type ReplicaState = 'up' | 'lagging' | 'down';

/** What the monitor last saw of a replica, for `/readyz` and the metrics. */
export interface ReplicaStatus {
  /** The replica's host, port and database: never its password. */
  name: string;
  state: ReplicaState;
  /** How long the oldest change of the primary that the replica has not replayed has been waiting; null when down. */
  lagMs: number | null;
}

/**
 * Where the reads of the work under way may go (decision 037). Outside any scope (jobs, start-up) the read handles
 * may use any healthy replica.
 */
export interface ReadScope {
  /** Whether they must stay on the primary: a request whose caller has just written. */
  onPrimary(): Promise<boolean>;
  /**
   * What they read is kept for others until a change notice forgets it (the page caches): only a replica that has
   * replayed every change this instance was told of may serve it, or a stale entry would outlive the notice.
   */
  toKeep?: boolean;
}

export const readScopes = new AsyncLocalStorage<ReadScope>();

const anywhere = () => Promise.resolve(false);
/**
 * Whether a replica set started in this process. Until one does, scopes are not opened: an AsyncLocalStorage in use
 * costs every promise of the process a little, for nothing where every read is on the primary.
 */
let scopesInUse = false;

/** Runs `work` with its reads marked as kept for others (`ReadScope.toKeep`), in the current request's scope. */
export function readingToKeep<T>(work: () => T): T {
  if (!scopesInUse) return work();
  const scope = readScopes.getStore();
  if (scope?.toKeep) return work();
  const onPrimary = scope ? () => scope.onPrimary() : anywhere;
  return readScopes.run({ onPrimary, toKeep: true }, work);
}

/** How long the monitor waits for a replica or the primary to answer before it counts it as down. */
const PROBE_TIMEOUT_MS = 2_000;
/** Samples of the primary's position kept per replica while it is behind; past this, resolution is lost, not safety. */
const MAX_PENDING_SAMPLES = 1_000;

interface Sample {
  lsn: bigint;
  at: number;
}

/** A byte position in the WAL (`pg_lsn`, `X/Y` in hexadecimal) as a number that compares. */
function lsnOf(text: string): bigint {
  const [high = '0', low = '0'] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

function probePool(url: string) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    query_timeout: PROBE_TIMEOUT_MS,
    application_name: 'fundry-replica-monitor',
  });
  pool.on('error', () => {
    // The probe's connection was lost; the next check connects again and says whether the server answers.
  });
  return pool;
}

export interface ReplicaPools {
  url: string;
  main: pg.Pool;
  search: pg.Pool;
}

/** One read replica: its pools, its drivers over them, and what the monitor knows of it. */
class Replica {
  state: ReplicaState = 'down';
  lagMs: number | null = null;
  /** How far it had replayed at the last check: what it holds now at least. */
  replayed = -1n;
  /** The primary's positions sampled since the replica last caught up, oldest first. */
  private pending: Sample[] = [];
  readonly name: string;
  readonly drivers: { main: PostgresDriver; search: PostgresDriver };
  private readonly probe: pg.Pool;

  constructor(readonly pools: ReplicaPools) {
    const url = new URL(pools.url);
    this.name = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
    this.drivers = {
      main: new PostgresDriver({ pool: pools.main }),
      search: new PostgresDriver({ pool: pools.search }),
    };
    this.probe = probePool(pools.url);
  }

  async init() {
    await Promise.all([this.drivers.main.init(), this.drivers.search.init()]);
  }

  /**
   * One check. `primary`: the primary's WAL position read just before, with the time it was asked; undefined when
   * the primary did not answer, and then only whether the replica answers and follows is known.
   */
  async check(primary: Sample | undefined, maxLagMs: number, now: () => number) {
    if (primary) this.remember(primary);
    let replayed: bigint;
    try {
      const { rows } = await this.probe.query<{ recovery: boolean; replayed: string | null }>(
        'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replayed',
      );
      // A server out of recovery was promoted, or is not a replica at all: it no longer follows this primary.
      if (!rows[0]?.recovery || rows[0].replayed === null) return this.down();
      replayed = lsnOf(rows[0].replayed);
    } catch {
      return this.down();
    }
    this.replayed = replayed;
    while (this.pending[0] && this.pending[0].lsn <= replayed) this.pending.shift();
    this.lagMs = this.pending[0] ? Math.max(0, now() - this.pending[0].at) : 0;
    this.state = this.lagMs > maxLagMs ? 'lagging' : 'up';
  }

  /** A query on it failed: left out at once, until the monitor sees it answer again. */
  down() {
    this.state = 'down';
    this.lagMs = null;
  }

  private remember(sample: Sample) {
    const last = this.pending.at(-1);
    if (last && last.lsn >= sample.lsn) return;
    // Dropping the second keeps the oldest, the one the lag is measured from.
    if (this.pending.length >= MAX_PENDING_SAMPLES) this.pending.splice(1, 1);
    this.pending.push(sample);
  }

  async close() {
    await Promise.all([this.pools.main.end(), this.pools.search.end(), this.probe.end()]);
  }
}

/**
 * The read replicas of one process and the monitor that watches them (decision 037): one timer, unref'd, that asks
 * the primary for its WAL position, then each replica whether it is in recovery and how far it has replayed. A
 * replica is `lagging` once the oldest position of the primary it has not replayed was seen more than `maxLagMs`
 * ago, which also catches a replica whose replay stopped while the primary is idle after a write; it is `down`
 * when it does not answer, or after a query on it failed. Reads go to `up` replicas only, in turn.
 */
export class ReplicaSet {
  private readonly replicas: Replica[];
  private readonly primaryProbe: pg.Pool;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private turn = 0;
  /** Change notices heard, and how many of them `floor` covers. */
  private changes = 0;
  private floorCovers = 0;
  /**
   * A position of the primary read after the last change notice this instance heard: a replica that has replayed
   * it holds every change the caches were told of, and may fill them.
   */
  private floor = -1n;
  /** How often the replicas are checked: a fifth of the lag allowed, at most every second. */
  readonly intervalMs: number;

  constructor(
    primaryUrl: string,
    replicas: ReplicaPools[],
    readonly maxLagMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.replicas = replicas.map((pools) => new Replica(pools));
    this.primaryProbe = probePool(primaryUrl);
    this.intervalMs = Math.max(20, Math.min(1_000, Math.floor(maxLagMs / 5)));
  }

  /** Checks every replica once, so reads find the healthy ones from the first request, then every interval. */
  async start() {
    scopesInUse = true;
    await Promise.all(this.replicas.map((replica) => replica.init()));
    await this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs).unref();
  }

  /**
   * How long a caller who wrote reads on the primary: by then an `up` replica has replayed the write, since its lag
   * was at most `maxLagMs` when last checked, which happened less than an interval ago, and the sample it is
   * measured from may be up to an interval younger than the write.
   */
  get writerWindowMs() {
    return this.maxLagMs + 3 * this.intervalMs;
  }

  /** One check of every replica; a check already under way is shared, not doubled. */
  check(): Promise<void> {
    this.checking ??= this.checkOnce().finally(() => (this.checking = undefined));
    return this.checking;
  }

  status(): ReplicaStatus[] {
    return this.replicas.map(({ name, state, lagMs }) => ({ name, state, lagMs }));
  }

  /**
   * A change notice was heard (or the feed was lost): until the next check reads the primary's position, no replica
   * is known to hold that change, and what is kept is read on the primary.
   */
  noteChange() {
    this.changes++;
  }

  /**
   * The replica the next read goes to: the `up` ones in turn; for what is kept (`toKeep`), only those that replayed
   * the floor; none when every one is left out.
   */
  pick(toKeep = false): Replica | undefined {
    const caughtUp = this.floorCovers === this.changes;
    const up = this.replicas.filter(
      (replica) => replica.state === 'up' && (!toKeep || (caughtUp && replica.replayed >= this.floor)),
    );
    if (up.length === 0) return undefined;
    this.turn = (this.turn + 1) % up.length;
    return up[this.turn];
  }

  async close() {
    clearInterval(this.timer);
    await this.checking;
    await Promise.all([...this.replicas.map((replica) => replica.close()), this.primaryProbe.end()]);
  }

  private async checkOnce() {
    const at = this.now();
    // Counted before the primary is asked: its answer is then later than every notice counted.
    const changes = this.changes;
    let primary: Sample | undefined;
    try {
      const { rows } = await this.primaryProbe.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      primary = rows[0] ? { lsn: lsnOf(rows[0].lsn), at } : undefined;
    } catch {
      primary = undefined;
    }
    if (primary && changes > this.floorCovers) [this.floor, this.floorCovers] = [primary.lsn, changes];
    await Promise.all(this.replicas.map((replica) => replica.check(primary, this.maxLagMs, this.now)));
  }
}

/**
 * A connection of a read handle: on a replica until it fails or a transaction begins, then on the primary. A
 * replica that fails a query (stopped, cut off, a query cancelled by recovery) is left out and the query runs again
 * on the primary, once, so the request does not see it.
 */
class ReadConnection implements DatabaseConnection {
  constructor(
    private inner: DatabaseConnection,
    private replica: Replica | undefined,
    private readonly driverOf: (replica: Replica | undefined) => Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.replica) return this.inner.executeQuery(query);
    try {
      return await this.inner.executeQuery(query);
    } catch {
      this.replica.down();
      await this.toPrimary();
      return this.inner.executeQuery(query);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }

  /** Every read in a transaction is on the primary, with its writes. */
  async toPrimary() {
    if (!this.replica) return;
    const primary = await this.driverOf(undefined).acquireConnection();
    await this.release();
    [this.inner, this.replica] = [primary, undefined];
  }

  release() {
    return this.driverOf(this.replica).releaseConnection(this.inner);
  }
}

class ReadDriver implements Driver {
  private readonly primary: PostgresDriver;

  constructor(
    primaryPool: pg.Pool,
    private readonly replicas: ReplicaSet,
    private readonly kind: 'main' | 'search',
  ) {
    this.primary = new PostgresDriver({ pool: primaryPool });
  }

  async init() {
    await this.primary.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = readScopes.getStore();
    const replica = (await scope?.onPrimary()) ? undefined : this.replicas.pick(scope?.toKeep);
    if (replica) {
      try {
        const driver = replica.drivers[this.kind];
        return new ReadConnection(await driver.acquireConnection(), replica, this.driverOf);
      } catch {
        // Refused, or its pool was busy for a second: this read goes to the primary, and the monitor, not one
        // busy moment, decides whether the replica is left out.
      }
    }
    return new ReadConnection(await this.primary.acquireConnection(), undefined, this.driverOf);
  }

  private readonly driverOf = (replica: Replica | undefined): Driver =>
    replica ? replica.drivers[this.kind] : this.primary;

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await (connection as ReadConnection).toPrimary();
    await this.primary.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.primary.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.primary.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.primary.savepoint(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.primary.rollbackToSavepoint(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.primary.releaseSavepoint(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection) {
    await (connection as ReadConnection).release();
  }

  async destroy() {
    // The pools belong to the database and the replica set, which close them.
  }
}

/**
 * A handle for reads that may lag (decision 037): each connection it takes is a healthy replica's, unless the work
 * under way must read on the primary (`readScopes`) or no replica is `up`.
 */
export function readHandle(primaryPool: pg.Pool, replicas: ReplicaSet, kind: 'main' | 'search'): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new ReadDriver(primaryPool, replicas, kind),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
