import pino from 'pino';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createServices, scheduledJobs } from '../services';

/**
 * Runs scheduled jobs once, now, against the configured database: `npm run jobs -- campaign-settlement
 * pledge-collection`. For operators who cannot wait for the next minute, and for journeys that end a campaign.
 */
const names = process.argv.slice(2);
const config = loadConfig();
const log = pino({ level: config.logLevel });
const database = await createDatabase(config.database, 4);
try {
  await migrateToLatest(database.db);
  const services = createServices(config, database.db, log);
  const jobs = scheduledJobs(services);
  const unknown = names.filter((name) => !jobs.some((job) => job.name === name));
  if (names.length === 0 || unknown.length > 0) {
    console.error(
      `Usage: npm run jobs -- NAME…  (one or more of: ${jobs.map((job) => job.name).join(', ')})`,
    );
    process.exitCode = 2;
  } else {
    for (const name of names) {
      try {
        await jobs.find((job) => job.name === name)!.run();
        console.log(`${name}: done`);
      } catch (error) {
        // The job said why in the log; the exit status tells the operator's script that it failed.
        console.error(`${name}: failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      }
    }
    // The receipts and notices the jobs queued are on their way before the database closes.
    await services.mail.idle();
  }
} finally {
  await database.close();
}
