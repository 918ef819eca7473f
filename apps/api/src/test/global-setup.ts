import type { TestProject } from 'vitest/node';
import { reachableTestServer, testServerUrl } from './server-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server that API tests also run against, or null when none answers. */
    postgresUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const url = await reachableTestServer();
  if (!url) console.warn(`No PostgreSQL server at ${testServerUrl}: API tests run on PGlite only`);
  project.provide('postgresUrl', url);
}
