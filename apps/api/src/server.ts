import { buildApp, databaseDeps } from './app';
import { openDatabase } from './bootstrap';
import { loadConfig } from './config';
import { startJobRunner, survivingLostDatabase } from './jobs/runner';
import { startMetricsServer } from './plugins/metrics';
import { scheduledJobs } from './services';

const SHUTDOWN_GRACE_MS = 15_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp(config, databaseDeps(database));
  process.on('unhandledRejection', survivingLostDatabase(app.log));
  const jobs = await startJobRunner(database, scheduledJobs(app.services), app.log);
  app.services.mail.kick();
  const metrics = config.metrics ? await startMetricsServer(config.metrics, database) : undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await metrics?.close();
      await jobs.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Fundry is running at ${config.appUrl}`);
  void app.services.discovery.prepare();
  if (metrics) app.log.info(`Prometheus metrics at http://${config.metrics?.host}:${metrics.port}/metrics`);
  if (config.payments.provider === 'sandbox') {
    app.log.warn(
      'Test mode: no real money moves. The sandbox payment provider takes the pledges; set STRIPE_SECRET_KEY for real payments',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
