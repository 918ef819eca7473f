import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { grantRole } from '../modules/users/users.repository';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run admin -- --email ADDRESS');
  process.exit(2);
}

const config = loadConfig();
const database = await createDatabase(config.database, 1);
try {
  await migrateToLatest(database.db);
  const granted = await grantRole(database.db, values.email, 'Admin');
  if (!granted) {
    console.error(`No account with the e-mail address ${values.email}`);
    process.exitCode = 1;
  } else {
    console.log(`${values.email} is now an Admin`);
  }
} finally {
  await database.close();
}
