import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createServerDatabase, reachableTestServer, testServerUrl } from './server-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server that API tests also run against, or null when none answers. */
    postgresUrl: string | null;
    /** A file holding an image of a migrated PGlite database, which each PGlite test database starts from. */
    pgliteImagePath: string;
    /** A migrated database on the server, which each server test database copies; null with no server. */
    postgresTemplate: string | null;
  }
}

/**
 * Migrates once per run, for every test database: on PGlite an image of a migrated database, on the server a
 * migrated template. Migrating each test's database took 4–15 s on PGlite and 2 s on the server, most of the
 * suite's time; the migrations themselves are still run from empty by migrate.test.ts.
 */
export default async function setup(project: TestProject) {
  const url = await reachableTestServer();
  if (!url) console.warn(`No PostgreSQL server at ${testServerUrl}: API tests run on PGlite only`);
  project.provide('postgresUrl', url);

  const pglite = await createDatabase({ kind: 'pglite', dataDir: undefined });
  await migrateToLatest(pglite.db);
  const image = await pglite.pglite!.dumpDataDir('none');
  await pglite.close();
  const imagePath = path.join(tmpdir(), `fundry-test-pglite-${process.pid}-${project.name}.tar`);
  await writeFile(imagePath, Buffer.from(await image.arrayBuffer()));
  project.provide('pgliteImagePath', imagePath);

  const template = url ? await createServerDatabase(url, 'fundry_template') : null;
  if (template) {
    const server = await createDatabase({ kind: 'postgres', url: template.url }, 1);
    await migrateToLatest(server.db);
    await server.close();
  }
  project.provide('postgresTemplate', template?.name ?? null);

  return async () => {
    await rm(imagePath, { force: true });
    await template?.drop();
  };
}
