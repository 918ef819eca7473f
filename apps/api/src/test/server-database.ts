import { randomBytes } from 'node:crypto';
import pg from 'pg';

// eslint-disable-next-line no-restricted-properties -- test harness, outside the app's config
const namedServerUrl = process.env.TEST_DATABASE_URL;

/** The PostgreSQL server that tests use: TEST_DATABASE_URL, else the local one. */
export const testServerUrl = namedServerUrl ?? 'postgresql://postgres@127.0.0.1:5432/test';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `testServerUrl` when it answers, else null so that what needs it is skipped; named by TEST_DATABASE_URL (as CI
 * does), the server is required, and one that does not answer fails the run.
 */
export async function reachableTestServer(): Promise<string | null> {
  if (await answers(testServerUrl)) return testServerUrl;
  if (namedServerUrl) throw new Error(`TEST_DATABASE_URL is set but ${testServerUrl} does not answer`);
  return null;
}

// eslint-disable-next-line no-restricted-properties -- test harness, outside the app's config
const namedReplicaUrl = process.env.TEST_REPLICA_URL;

/**
 * The streaming replica of the test server (scripts/replica.sh) that the read replica tests use: TEST_REPLICA_URL
 * when set, and then required; null otherwise, and those tests are skipped.
 */
export async function reachableTestReplica(): Promise<string | null> {
  if (!namedReplicaUrl) return null;
  if (await answers(namedReplicaUrl)) return namedReplicaUrl;
  throw new Error(`TEST_REPLICA_URL is set but ${namedReplicaUrl} does not answer`);
}

/** `url` with the database `name` instead of its own. */
export function databaseUrl(url: string, name: string): string {
  const named = new URL(url);
  named.pathname = `/${name}`;
  return named.toString();
}

async function asAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL server of `adminUrl`, named `{prefix}_{random}`, for tests and benchmarks that
 * must not share one: empty, or a copy of `template`; `drop()` removes it, closing any connection still open to it.
 */
export async function createServerDatabase(adminUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    name,
    url: databaseUrl(adminUrl, name),
    drop: () => asAdmin(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
