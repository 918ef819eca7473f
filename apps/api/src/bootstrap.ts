import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './db/seed';
import { createFileStorage } from './modules/media/create-file-storage';

/**
 * Opens the configured database and brings its schema up to date. Demo data goes into a database
 * that was new at this start (the embedded default), or into any empty one when SEED_DEMO_DATA=true.
 */
export async function openDatabase(config: Config, log?: FastifyBaseLogger): Promise<Database> {
  const database = await createDatabase(config.database);
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) log?.info({ migrations: applied }, 'migrations applied');
    const isNew = applied[0] === '0001_accounts';
    const shouldSeed = config.seedDemoData ?? (isNew && database.kind === 'pglite');
    if (shouldSeed && (await seedDemoData(database.db, createFileStorage(config), config.baseCurrency))) {
      log?.info('demo data seeded');
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
