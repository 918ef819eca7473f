/**
 * `BENCH_REUSE=1`: the generated data kept between runs. Generating ten times the data (`BENCH_SCALE=10`) takes
 * longer than a scenario run, so it is made once in a database of its own, `fundry_bench_kept_x{scale}`, marked as
 * complete by a comment on that database (the scale, the generator's timings and volumes, as JSON: the schema stays
 * the app's, with no table of the bench's). Each run then works on a copy of it (`create database … template`,
 * file by file), dropped at the end as usual, so every run starts from the same generated data.
 *
 * Drop the kept database when done: `psql … -c 'drop database fundry_bench_kept_x10'`.
 */
import pg from 'pg';
import { createDatabase } from '../apps/api/src/db/database';
import { type Generated, generateAndVerify, SCALE } from './dataset';
import { seconds } from './results';

export const REUSE = process.env.BENCH_REUSE === '1';
export const KEPT_NAME = `fundry_bench_kept_x${String(SCALE).replace('.', '_')}`;

/** What the marker keeps of a generation: all of `Generated` but the open database. */
export type GenerationRecord = Omit<Generated, 'database'> & { generatedAt?: string };

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const urlOf = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The kept database's generation, generating it first when it is missing or was left unfinished (no marker: it
 * is dropped and made again).
 */
export async function keptGeneration(adminUrl: string, log = console.log): Promise<GenerationRecord> {
  const marker = await withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [KEPT_NAME],
    );
    if (rows.length === 0) return undefined;
    const comment = rows[0]?.comment;
    if (comment) {
      const record = JSON.parse(comment) as GenerationRecord & { scale: number };
      if (record.scale === SCALE) return record;
    }
    log(`${KEPT_NAME} has no complete generation: dropping it`);
    await client.query(`drop database ${KEPT_NAME} with (force)`);
    return undefined;
  });
  if (marker) {
    log(`Reusing ${KEPT_NAME}, generated ${marker.generatedAt ?? ''} in ${seconds(marker.totalMs)}`);
    return marker;
  }
  await withAdmin(adminUrl, (client) => client.query(`create database ${KEPT_NAME}`));
  const database = await createDatabase({ kind: 'postgres', url: urlOf(adminUrl, KEPT_NAME) }, 4);
  let record: GenerationRecord;
  try {
    const { database: _open, ...rest } = await generateAndVerify(database, log);
    record = { ...rest, generatedAt: new Date().toISOString() };
  } finally {
    await database.close();
  }
  const comment = JSON.stringify({ scale: SCALE, ...record }).replaceAll("'", "''");
  await withAdmin(adminUrl, (client) => client.query(`comment on database ${KEPT_NAME} is '${comment}'`));
  return record;
}

/** A copy of the kept database for one run, made file by file (no WAL for its pages), with `drop()`. */
export async function copyOfKept(adminUrl: string, log = console.log) {
  const name = `fundry_bench_run_${Date.now().toString(36)}`;
  const started = performance.now();
  await withAdmin(adminUrl, (client) =>
    client.query(`create database ${name} template ${KEPT_NAME} strategy file_copy`),
  );
  const copyMs = performance.now() - started;
  log(`Copied ${KEPT_NAME} to ${name} in ${seconds(copyMs)}`);
  return {
    name,
    url: urlOf(adminUrl, name),
    copyMs,
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
