import type { FastifyInstance } from 'fastify';
import { buildApp, databaseDeps } from '../app';
import { type Config, loadConfig } from '../config';
import type { ServiceOverrides } from '../services';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * The whole app over a fresh migrated database of the kind given, driven with `inject` (no port is opened); or over
 * a database the test opened itself (with read replicas, say, or on a server database other instances share). `close`
 * closes the database with the app.
 */
export async function createTestApp(
  kindOrDatabase: DatabaseKind | TestDatabase,
  env: Record<string, string> = {},
  /** Extra routes a test needs before the app is sealed (e.g. a probe for the error handler). */
  extend?: (app: FastifyInstance) => Promise<void> | void,
  overrides: ServiceOverrides = {},
): Promise<TestContext> {
  const database =
    typeof kindOrDatabase === 'string' ? await createTestDatabase(kindOrDatabase) : kindOrDatabase;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ':memory:',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
    // PGlite runs inside the test process: while it migrates one app's database, another app's event loop
    // lags by seconds, and shedding on lag would answer the test's own requests with 503.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Pages render in this thread, where a test's stand-in render bundle can be watched; the render workers have
    // their own tests (render-workers.test.ts).
    RENDER_WORKERS: '0',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const app = await buildApp(config, { ...databaseDeps(database), ...overrides });
  await extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
