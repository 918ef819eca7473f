import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import { readHandle, ReplicaSet } from './replicas';
import type { DB } from './schema';

// bigint columns hold cents and counters, all far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Calendar dates stay strings (YYYY-MM-DD); no time zone may shift them.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface Database {
  db: Kysely<DB>;
  /**
   * For searches. On PostgreSQL, a pool of its own whose connections keep one generic plan per statement
   * (`plan_cache_mode`): a search's pick was planned again on every request, since no custom plan costs more than
   * the generic one PostgreSQL estimates for it, and planning took as long as running it (decision 008). Other
   * queries keep PostgreSQL's choice, which does better for those with a partial index or a skewed column.
   */
  searchDb: Kysely<DB>;
  /**
   * For the public reads that may lag a second (decision 037): a healthy read replica's connection when
   * DATABASE_READ_URLS names any, else the primary's (`db` itself without replicas). Never for writes or what a
   * transaction reads: a transaction begun on it runs on the primary.
   */
  readDb: Kysely<DB>;
  /** `searchDb`'s reads on a replica, as `readDb` is `db`'s. */
  readSearchDb: Kysely<DB>;
  /** The replicas and their monitor; null without any (and on PGlite). */
  replicas: ReplicaSet | null;
  /** The pool behind `db`, shared with the job runner so PGlite keeps its single connection. */
  pool: pg.Pool;
  /** The pool behind `searchDb`: on PGlite, `pool` itself. */
  searchPool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself, on PGlite (to take an image of it); null on a PostgreSQL server. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

export type DatabaseConfig = Config['database'];

/** How the search pool's connections name themselves to PostgreSQL (`pg_stat_activity`). */
export const SEARCH_APPLICATION_NAME = 'fundry-search';

/** Also the longest a request waits for a free connection of the pool before it is refused with 503. */
const CONNECT_TIMEOUT_MS = 10_000;
/**
 * A replica's pool waits this long for a connection before its read goes to the primary: a replica that does not
 * accept connections must not hold a request.
 */
const REPLICA_CONNECT_TIMEOUT_MS = 1_000;
/** How a read pool's connections name themselves on a replica (`pg_stat_activity`). */
export const READ_APPLICATION_NAME = 'fundry-read';

/**
 * Sends every parameterised query as a named prepared statement (one name per SQL text), so each connection
 * parses a query once and PostgreSQL may reuse its plan: for the short queries of a page, planning cost more
 * than running them. Queries without parameters may hold several statements and stay unnamed.
 */
class PreparingClient extends pg.Client {
  private static readonly names = new Map<string, string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection lost while someone holds the client between two statements (a transaction, a job's lock) has no
    // query to fail, and pg emits the error on the client: unheard, it ended the process (the fault test of a
    // database cut mid-job). The holder's next query fails instead, and the pool then drops the client.
    this.on('error', () => undefined);
  }

  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const config = { name: PreparingClient.nameOf(text), text, values };
      return (super.query as (...a: unknown[]) => never)(config, ...rest);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }

  private static nameOf(text: string) {
    let name = PreparingClient.names.get(text);
    if (!name) {
      name = `q${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
      PreparingClient.names.set(text, name);
    }
    return name;
  }
}

/**
 * The database of `config`. On PGlite, `image` (a `dumpDataDir` of another PGlite database) is its starting data:
 * the tests start each database from one that is already migrated, which takes a fraction of migrating it.
 */
export async function createDatabase(config: DatabaseConfig, poolSize = 10, image?: Blob): Promise<Database> {
  if (config.kind === 'postgres') {
    const db = postgresPool(config.url, poolSize);
    const searchSettings = {
      options: '-c plan_cache_mode=force_generic_plan',
      application_name: SEARCH_APPLICATION_NAME,
    };
    const searchDb = postgresPool(config.url, poolSize, searchSettings);
    const replicaSettings = { connectionTimeoutMillis: REPLICA_CONNECT_TIMEOUT_MS };
    const replicas = config.replicas
      ? new ReplicaSet(
          config.url,
          config.replicas.urls.map((url) => ({
            url,
            main: postgresPool(url, poolSize, { ...replicaSettings, application_name: READ_APPLICATION_NAME })
              .pool,
            search: postgresPool(url, poolSize, { ...replicaSettings, ...searchSettings }).pool,
          })),
          config.replicas.maxLagMs,
        )
      : null;
    await replicas?.start();
    return {
      db: db.kysely,
      pool: db.pool,
      searchDb: searchDb.kysely,
      searchPool: searchDb.pool,
      readDb: replicas ? readHandle(db.pool, replicas, 'main') : db.kysely,
      readSearchDb: replicas ? readHandle(searchDb.pool, replicas, 'search') : searchDb.kysely,
      replicas,
      kind: 'postgres',
      pglite: null,
      close: async () => {
        await replicas?.close();
        await Promise.all([db.kysely.destroy(), searchDb.kysely.destroy()]);
      },
    };
  }

  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: config.dataDir,
    extensions: { pg_trgm, btree_gin },
    ...(image ? { loadDataDir: image } : {}),
  });
  // PGlite is one in-process connection: a pool of one serialises every query and transaction.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    searchDb: db,
    searchPool: pool,
    readDb: db,
    readSearchDb: db,
    replicas: null,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

function postgresPool(
  url: string,
  size: number,
  settings: Pick<pg.PoolConfig, 'options' | 'application_name' | 'connectionTimeoutMillis'> = {},
) {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max: size,
    // A server that accepts the connection but never answers must not hold requests forever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...settings,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  return { pool, kysely: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }) };
}

export async function isDatabaseReachable(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
