import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server that API tests also run against, or null when none answers. */
    postgresUrl: string | null;
  }
}

const DEFAULT_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
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

export default async function setup(project: TestProject) {
  // eslint-disable-next-line no-restricted-properties -- test harness, outside the app's config
  const explicit = process.env.TEST_DATABASE_URL;
  const url = explicit ?? DEFAULT_POSTGRES_URL;
  const ok = await reachable(url);
  if (explicit && !ok) throw new Error(`TEST_DATABASE_URL is set but ${url} does not answer`);
  if (!ok) console.warn(`No PostgreSQL server at ${url}: API tests run on PGlite only`);
  project.provide('postgresUrl', ok ? url : null);
}
