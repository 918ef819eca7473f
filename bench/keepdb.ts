import { createDatabase } from '../apps/api/src/db/database';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { generateAndVerify } from './dataset';
const server = await createServerDatabase('postgresql://postgres@127.0.0.1:5432/test', 'fundry_keep');
const database = await createDatabase({ kind: 'postgres', url: server.url }, 4);
await generateAndVerify(database);
await database.close();
console.log('URL', server.url);
