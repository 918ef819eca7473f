import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../../src/db/database';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';

async function asAdmin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server for one suite; the instances migrate it when they start.
 * `db` lets a test set up fixtures and check effects directly.
 */
export async function createScratchDatabase() {
  const name = `fundry_resilience_${randomBytes(6).toString('hex')}`;
  await asAdmin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await createDatabase({ kind: 'postgres', url: url.toString() }, 4);
  return {
    url: url.toString(),
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
      await asAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

export type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;
