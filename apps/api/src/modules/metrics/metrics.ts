import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import type { ReplicaSet, ReplicaState } from '../../db/replicas';

/**
 * Everything the process measures, in one registry served on the metrics port (never on the public one).
 * The counters are module-level so that any service can count what it does with one line, after the
 * transaction that did it has committed.
 */
export const registry = new Registry();

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
  new Counter<L>({ name, help, labelNames, registers: [registry] });

export const platformMetrics = {
  /** A pledge (donation) moved from one state to another. */
  pledgeTransitions: counter('fundry_pledge_transitions_total', 'Pledges by state change', ['from', 'to']),
  /** An off-session charge of a saved card at the end of a successful campaign: `succeeded` or `failed`. */
  collections: counter('fundry_collections_total', 'Pledge collections by outcome', ['outcome']),
  paymentFailures: counter('fundry_payment_failures_total', 'Payments the provider reported as failed'),
  refunds: counter('fundry_refunds_total', 'Pledges refunded in full'),
  /** A transfer to a creator's bank account: `completed` or `failed`. */
  payouts: counter('fundry_payouts_total', 'Payouts by outcome', ['outcome']),
  /** One delivery attempt of an outbox mail: `sent` or `failed` (it is retried later). */
  mails: counter('fundry_mails_total', 'Mail delivery attempts by outcome', ['outcome']),
  jobFailures: counter('fundry_job_failures_total', 'Scheduled job runs that threw', ['job']),
};

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route template, method and status code',
  labelNames: ['route', 'method', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

let defaultsCollected = false;
/** Process and Node.js metrics (CPU, memory, handles, event-loop delay, GC), started once per process. */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

/**
 * The database pools' connections in use and requests waiting for one, read at each scrape, by pool: `main`, and
 * on a PostgreSQL server `search` (searches' own pool, decision 008). On PGlite the one pool has a single
 * connection, so `waiting` shows queries queueing behind it.
 */
export function observeDatabasePools(pools: { main: pg.Pool; search: pg.Pool }) {
  registry.removeSingleMetric('fundry_db_pool_connections_in_use');
  registry.removeSingleMetric('fundry_db_pool_requests_waiting');
  const observed = Object.entries(pools).filter(([name, pool]) => name === 'main' || pool !== pools.main);
  new Gauge({
    name: 'fundry_db_pool_connections_in_use',
    help: 'Database connections checked out of the pool',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [name, pool] of observed) this.set({ pool: name }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'fundry_db_pool_requests_waiting',
    help: 'Queries waiting for a free database connection',
    labelNames: ['pool'],
    registers: [registry],
    collect() {
      for (const [name, pool] of observed) this.set({ pool: name }, pool.waitingCount);
    },
  });
}

const REPLICA_STATES: readonly ReplicaState[] = ['up', 'lagging', 'down'];

/**
 * Each read replica as its monitor last saw it (decision 037): its state (1 for the one it is in) and its lag, by
 * `replica` (host, port and database). A replica that does not answer has no lag to report.
 */
export function observeReplicas(replicas: ReplicaSet) {
  registry.removeSingleMetric('fundry_db_replica_state');
  registry.removeSingleMetric('fundry_db_replica_lag_seconds');
  new Gauge({
    name: 'fundry_db_replica_state',
    help: 'Read replica state: 1 for the state it is in (up, lagging, down), 0 for the others',
    labelNames: ['replica', 'state'],
    registers: [registry],
    collect() {
      for (const { name, state } of replicas.status()) {
        for (const each of REPLICA_STATES) this.set({ replica: name, state: each }, each === state ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'fundry_db_replica_lag_seconds',
    help: 'How long the oldest change of the primary a read replica has not replayed has waited',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      this.reset();
      for (const { name, lagMs } of replicas.status()) {
        if (lagMs !== null) this.set({ replica: name }, lagMs / 1000);
      }
    },
  });
}

/** Jobs waiting in each queue, read at each scrape from the job runner. */
export function observeJobQueues(queues: string[], depth: (queue: string) => Promise<number>) {
  registry.removeSingleMetric('fundry_job_queue_depth');
  new Gauge({
    name: 'fundry_job_queue_depth',
    help: 'Jobs queued and not yet started, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const sizes = await Promise.all(queues.map(async (queue) => [queue, await depth(queue)] as const));
      for (const [queue, size] of sizes) this.set({ queue }, size);
    },
  });
}
