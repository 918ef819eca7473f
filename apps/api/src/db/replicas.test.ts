import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectList } from '@fundry/shared';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../test/databases';
import { databaseUrl, reachableTestReplica } from '../test/server-database';
import { observeReplicas, registry } from '../modules/metrics/metrics';
import { createDatabase } from './database';
import { createProjectRow, createUser } from './seed/factories';
import { signedInUser } from '../test/auth-helpers';
import { firstCategoryId, sendProject } from '../test/projects';
import { createTestApp, type TestContext } from '../test/app';

const replicaServer = await reachableTestReplica();
const replicaScript = path.resolve(import.meta.dirname, '../../../../scripts/replica.sh');
const run = promisify(execFile);

/** Polls `condition` every 20 ms until it holds, for at most `timeoutMs`. */
async function until(condition: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  // A replica stopped under the client ends its connection; the query in flight reports it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!replicaServer || !databaseKinds.includes('postgres'))('read replicas (decision 037)', () => {
  let primary: TestDatabase;
  let replicaUrl: string;
  /** Two instances sharing Redis, whose replica may lag a minute: a paused one still serves their public reads. */
  let tolerant: [TestContext, TestContext];
  /** An instance that leaves the replica out past 300 ms of lag. */
  let strict: TestContext;
  let creator: { id: number };
  let projectId: number;
  let categoryId: number;

  const instance = async (maxLagMs: number) => {
    const database = await createDatabase(
      { kind: 'postgres', url: primary.url!, replicas: { urls: [replicaUrl], maxLagMs } },
      10,
    );
    return createTestApp(
      { ...database, url: primary.url },
      {
        DATABASE_READ_URLS: replicaUrl,
        MAX_REPLICA_LAG_MS: String(maxLagMs),
        REDIS_URL: 'redis://127.0.0.1:6379',
        // One secret for the instances: a caller signed in on one is signed in on the other.
        JWT_SECRET: 'replica-test-secret-replica-test-secret-0123456789',
      },
    );
  };
  const onReplica = (text: string, values: unknown[] = []) => query(replicaUrl, text, values);
  const replicaState = async ({ app }: TestContext) =>
    (await app.inject('/readyz')).json<{ replicas: Array<{ state: string; lag_ms: number | null }> }>()
      .replicas[0]!;
  const search = async ({ app }: TestContext, words: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url: `/api/v1/projects?search=${words}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: ProjectList }>().data.projects.map((project) => project.id);
  };
  /** Backends of the read pools in this test's database on the replica, with the last statement each ran. */
  const replicaReads = (applicationName: string) =>
    onReplica(
      `select query from pg_stat_activity where datname = current_database() and application_name = $1`,
      [applicationName],
    );

  beforeAll(async () => {
    primary = await createTestDatabase('postgres');
    replicaUrl = databaseUrl(replicaServer!, new URL(primary.url!).pathname.slice(1));
    // The scratch database appears on the replica once its creation is replayed.
    await until(() =>
      onReplica('select 1').then(
        () => true,
        () => false,
      ),
    );
    const user = await createUser(primary.db, {
      username: 'replica_creator',
      email: 'replica.creator@example.com',
    });
    creator = { id: user.id };
    categoryId = await firstCategoryId({ database: primary } as TestContext);
    projectId = await createProjectRow(primary.db, {
      creatorId: creator.id,
      title: 'Lantern Orbit',
      categoryId,
    });
    await until(
      async () => (await onReplica('select 1 from projects where id = $1', [projectId])).length > 0,
    );
    tolerant = [await instance(60_000), await instance(60_000)];
    strict = await instance(300);
  }, 60_000);

  afterAll(async () => {
    // Whatever a failed test left, the replica replays and runs again for the next run.
    await onReplica('select pg_wal_replay_resume()').catch(() => undefined);
    for (const each of [...(tolerant ?? []), strict]) await each?.close();
    await primary?.close();
  });

  it('reads a public search on the replica: its read pool ran it there', async () => {
    expect(await replicaState(tolerant[0])).toMatchObject({ state: 'up' });
    expect(await search(tolerant[0], 'Orbit')).toEqual([projectId]);
    const reads = await replicaReads('fundry-search');
    expect(reads.some(({ query }) => /from "projects"/.test(query))).toBe(true);
  });

  it("reads a writer's next read on the primary, which has their write, while others read the paused replica", async () => {
    const writer = await signedInUser({ app: tolerant[0].app, database: primary } as TestContext, {
      username: 'replica_writer',
      email: 'replica.writer@example.com',
    });
    const own = {
      id: await createProjectRow(primary.db, {
        creatorId: writer.user.id,
        title: 'Kettle Comet',
        categoryId,
      }),
    };
    await until(async () => (await onReplica('select 1 from projects where id = $1', [own.id])).length > 0);
    await onReplica('select pg_wal_replay_pause()');
    try {
      const renamed = await sendProject(
        { app: tolerant[0].app } as TestContext,
        'PUT',
        `projects/${own.id}`,
        writer.headers,
        { title: 'Kettle Nebula' },
      );
      expect(renamed.statusCode, renamed.body).toBe(200);
      // The other instance: the replica, paused, has not the new title, yet the writer finds it there.
      expect(await search(tolerant[1], 'Nebula')).toEqual([]);
      expect(await search(tolerant[1], 'Nebula', writer.headers)).toEqual([own.id]);
      // The page cache heard of the change: it refills from the primary, not from the replica behind it.
      const page = await tolerant[1].app.inject(`/api/v1/projects/${own.id}`);
      expect(page.json<{ data: { title: string } }>().data.title).toBe('Kettle Nebula');
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    await until(async () => (await search(tolerant[1], 'Nebula')).length === 1);
  });

  it('leaves out a replica whose replay is paused once it lags more than MAX_REPLICA_LAG_MS, and takes it back', async () => {
    await until(async () => (await replicaState(strict)).state === 'up');
    await onReplica('select pg_wal_replay_pause()');
    try {
      await primary.db
        .updateTable('projects')
        .set({ title: 'Lantern Quasar' })
        .where('id', '=', projectId)
        .execute();
      await until(async () => (await replicaState(strict)).state === 'lagging', 5_000);
      expect((await replicaState(strict)).lag_ms).toBeGreaterThan(300);
      observeReplicas(strict.database.replicas!);
      const metrics = await registry.metrics();
      expect(metrics).toMatch(
        /fundry_db_replica_state\{replica="127\.0\.0\.1:5433\/\w+",state="lagging"\} 1/,
      );
      expect(metrics).toMatch(/fundry_db_replica_lag_seconds\{replica="[^"]+"\} (0\.[3-9]|[1-9])/);
      // Left out: everyone reads the primary.
      expect(await search(strict, 'Quasar')).toEqual([projectId]);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
    await until(async () => (await replicaState(strict)).state === 'up', 5_000);
    expect(await search(strict, 'Quasar')).toEqual([projectId]);
  });

  it('answers every request while the replica stops, readiness staying on the primary, and takes it back', async () => {
    const [{ app }] = tolerant;
    // The monitor has not noticed yet: reads on the pool's connections fail, and go to the primary.
    await run(replicaScript, ['kill']);
    try {
      const addresses = [
        '/api/v1/projects?search=Quasar',
        '/api/v1/projects',
        '/api/v1/categories',
        '/sitemap.xml',
      ];
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => app.inject(addresses[i % addresses.length]!)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      await until(async () => (await replicaState(tolerant[0])).state === 'down', 5_000);
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ok',
        database: 'up',
        replicas: [{ state: 'down', lag_ms: null }],
      });
      expect(await search(tolerant[0], 'Quasar')).toEqual([projectId]);
    } finally {
      await run(replicaScript, []);
    }
    // Started again after a crash, the replica replays the WAL written meanwhile: most of a minute on a server that
    // another bench keeps busy.
    await until(async () => (await replicaState(tolerant[0])).state === 'up', 120_000);
  }, 180_000);
});
