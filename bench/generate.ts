/**
 * `npm run bench:data`: the data generator alone, on a fresh PostgreSQL database and on PGlite, each timed and
 * verified; the databases are dropped afterwards. Results go to the data section of RESULTS.md.
 *
 * With `BENCH_REUSE=1` (kept.ts) it generates the kept database for later `bench:api` runs instead, if it is not
 * there yet, and keeps it (no PGlite).
 */
import { createDatabase } from '../apps/api/src/db/database';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { dataSection, diskUse, generateAndVerify, type Generated, generateOnPglite } from './dataset';
import { KEPT_NAME, keptGeneration, REUSE } from './kept';
import { machineLine, writeSection } from './results';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

if (REUSE) {
  const record = await keptGeneration(adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${KEPT_NAME}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString() }, 1);
  try {
    const disk = await diskUse(database.db);
    console.log(disk);
    await writeSection('data', dataSection([record], machineLine(), disk));
  } finally {
    await database.close();
  }
  console.log(`Kept in ${KEPT_NAME}; written to bench/RESULTS.md (data).`);
} else {
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
}
