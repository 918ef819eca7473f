import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';

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
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, policy: 'singleton' });
    await boss.schedule(job.name, job.cron);
    await boss.work(job.name, async () => {
      await job.run();
    });
  }
  return { stop: () => boss.stop({ graceful: true, timeout: 10_000, close: false }) };
}
