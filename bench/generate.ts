/**
 * `npm run bench:data`: the data generator alone, on a fresh PostgreSQL database and on PGlite, each timed and
 * verified; the databases are dropped afterwards. Results go to the data section of RESULTS.md.
 */
import { createDatabase } from '../apps/api/src/db/database';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { dataSection, generateAndVerify, type Generated, generateOnPglite } from './dataset';
import { machineLine, writeSection } from './results';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

const runs: Generated[] = [];
const server = await createServerDatabase(adminUrl, 'fundry_bench');
try {
  const database = await createDatabase({ kind: 'postgres', url: server.url }, 4);
  try {
    runs.push(await generateAndVerify(database));
  } finally {
    await database.close();
  }
} finally {
  await server.drop();
}
runs.push(await generateOnPglite());
await writeSection('data', dataSection(runs, machineLine()));
console.log('Written to bench/RESULTS.md (data).');
