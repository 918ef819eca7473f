import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemoData } from '../db/seed';
import { createFileStorage } from '../modules/media/create-file-storage';

const config = loadConfig();
const database = await createDatabase(config.database, 1);
try {
  await migrateToLatest(database.db);
  console.log(
    (await seedDemoData(database.db, createFileStorage(config), config.baseCurrency))
      ? 'Demo data seeded'
      : 'Database already has data; nothing seeded',
  );
} finally {
  await database.close();
}
