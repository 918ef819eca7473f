import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const database = await createDatabase(config.database, 1);
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Schema is up to date');
} finally {
  await database.close();
}
