import { buildApp } from './app';
import { openDatabase } from './bootstrap';
import { loadConfig } from './config';
import { startJobRunner } from './jobs/runner';
import { scheduledJobs } from './services';

const SHUTDOWN_GRACE_MS = 15_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp(config, { db: database.db });
  const jobs = await startJobRunner(database, scheduledJobs(app.services), app.log);
  app.services.mail.kick();

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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
