import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { isDatabaseUnreachable } from '../errors';
import { observeJobQueues, platformMetrics } from '../modules/metrics/metrics';

export interface ScheduledJob {
  name: string;
  /** Cron expression (UTC). pg-boss runs each tick once across every instance. */
  cron: string;
  run(): Promise<void>;
}

/** pg-boss over the application's own pool, so PGlite keeps its single connection. */
export async function startJobRunner(
  database: Database,
  jobs: ScheduledJob[],
  log: FastifyBaseLogger,
): Promise<{ stop(): Promise<void> }> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.pool.query(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: true,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job runner error'));
  await oneAtATime(database, async () => {
    await boss.start();
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, policy: 'singleton' });
      await boss.schedule(job.name, job.cron);
    }
  });
  for (const job of jobs) {
    await boss.work(job.name, async () => {
      try {
        await job.run();
      } catch (error) {
        platformMetrics.jobFailures.inc({ job: job.name });
        throw error;
      }
    });
  }
  observeJobQueues(
    jobs.map((job) => job.name),
    (queue) => boss.getQueueSize(queue),
  );
  return { stop: () => boss.stop({ graceful: true, timeout: 10_000, close: false }) };
}

/**
 * pg-boss 10 marks a job done (completed or failed) without waiting for it (`watch` in its manager.js): a database
 * lost at that moment left a rejection nobody handled, and Node ended the process with every request in flight
 * (the fault test of a database outage, on a busy machine). The job is safe without the mark: it expires and runs
 * again, and every job is idempotent. The server's process listens with this: only a rejection for a database that
 * is away is kept from ending it; any other still ends it, as Node would.
 */
export function survivingLostDatabase(log: FastifyBaseLogger) {
  return (reason: unknown) => {
    if (reason instanceof Error && isDatabaseUnreachable(reason)) {
      log.warn({ err: reason }, 'the database went away under a background write; it is retried later');
      return;
    }
    throw reason;
  };
}

/** Any fixed number, the same in every instance: the key of the lock that serialises pg-boss set-up. */
const JOB_RUNNER_SETUP_LOCK = 7_310_042;

/**
 * pg-boss creates its schema and each queue's table on first use. Two instances doing so at once on a new
 * database collide in PostgreSQL's catalog (a duplicate schema, or a deadlock between two queue tables),
 * and one of them fails to start; a session lock held across the set-up makes the second find it done.
 */
async function oneAtATime(database: Database, start: () => Promise<unknown>) {
  // PGlite is one connection in one process: holding one for the lock would leave none to start with.
  if (database.kind !== 'postgres') return start();
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [JOB_RUNNER_SETUP_LOCK]);
    await start();
  } finally {
    const unlocked = await client.query('select pg_advisory_unlock($1)', [JOB_RUNNER_SETUP_LOCK]).then(
      () => true,
      () => false,
    );
    // A connection that could not unlock is closed, which releases its lock too.
    client.release(!unlocked);
  }
}
