import { createDatabase } from '../../src/db/database';
import { createServerDatabase, testServerUrl } from '../../src/test/server-database';

/**
 * A new, empty database on the PostgreSQL server for one suite; the instances migrate it when they start.
 * `db` lets a test set up fixtures and check effects directly.
 */
export async function createScratchDatabase() {
  const scratch = await createServerDatabase(testServerUrl, 'fundry_resilience');
  const url = new URL(scratch.url);
  const database = await createDatabase({ kind: 'postgres', url: scratch.url }, 4);
  return {
    url: scratch.url,
    /** Host and port of the server, for a proxy placed in front of it. */
    server: { host: url.hostname, port: Number(url.port || 5432) },
    /** The same database reached through another host and port (a proxy). */
    urlVia: (port: number, host = '127.0.0.1') => {
      const via = new URL(url);
      via.hostname = host;
      via.port = String(port);
      return via.toString();
    },
    db: database.db,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;
