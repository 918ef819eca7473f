/**
 * `npm run bench:replica` (opt-in, decision 037): the public list and search scenarios of bench/api.ts on the same
 * generated data, first with every read on the primary, then with `DATABASE_READ_URLS` naming a streaming replica of
 * it, and the CPU each request cost the primary's and the replica's backends of the bench database (read from /proc,
 * apart from any other work on the server). Needs a replica of the bench server: scripts/replica.sh makes one on port
 * 5433.
 *
 * BENCH_SCALE (the data's volume, as bench:api), BENCH_DURATION (10 s a scenario), BENCH_DATABASE_URL and
 * BENCH_REPLICA_URL (the two servers); BENCH_NO_WRITE=1 prints without writing RESULTS.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database';
import { createServerDatabase, databaseUrl } from '../apps/api/src/test/server-database';
import { startBuiltApp } from './app-process';
import { countBackendsCpu, countCpu } from './cpu';
import { generateAndVerify } from './dataset';
import { searchPath } from './requests';
import { machineLine, table, writeSection } from './results';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const REPLICA_ADMIN_URL = process.env.BENCH_REPLICA_URL ?? 'postgresql://postgres@127.0.0.1:5433/test';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
const CONNECTIONS = 50;

interface Scenario {
  name: string;
  shows: string;
  next: () => string;
}

interface Measured {
  answered: number;
  rps: number;
  p99: number;
  errors: number;
  appMs: number;
  primaryMs: number;
  replicaMs: number;
}

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The backends of `database` on the server of `adminUrl` (asked from its admin database, not counted). */
const backendsOf = (adminUrl: string, database: string) => async () =>
  (
    await query<{ pid: number }>(adminUrl, 'select pid from pg_stat_activity where datname = $1', [database])
  ).map((row) => row.pid);

function fire(url: string, scenario: Scenario, durationS: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: durationS,
        timeout: 30,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: scenario.next() }) }],
      },
      (error, result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
}

const server = await createServerDatabase(ADMIN_URL, 'fundry_bench_replica');
const database = await createDatabase({ kind: 'postgres', url: server.url }, 4);
try {
  await generateAndVerify(database);
  const { db } = database;
  const categoryIds = (await db.selectFrom('categories').select('id').orderBy('id').execute()).map(
    (c) => c.id,
  );
  const projects = (await sql<{ n: number }>`select count(*)::int as n from projects`.execute(db)).rows[0]!.n;

  // The replica must hold the data before it serves it: wait until it replayed the primary's position of now.
  const { lsn } = (await query<{ lsn: string }>(ADMIN_URL, 'select pg_current_wal_lsn()::text as lsn'))[0]!;
  const replicaUrl = databaseUrl(REPLICA_ADMIN_URL, server.name);
  for (;;) {
    const [row] = await query<{ caught: boolean }>(
      REPLICA_ADMIN_URL,
      'select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught',
      [lsn],
    );
    if (row?.caught) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const scenarios: Scenario[] = [
    { name: 'public list, default', shows: '`GET projects/`', next: () => '/api/v1/projects/' },
    {
      name: 'Explore, default (running, newest)',
      shows: '`GET projects/?status=active&sort=newest&page=1..50`',
      next: () => `/api/v1/projects/?status=active&sort=newest&page=${1 + Math.floor(Math.random() * 50)}`,
    },
    {
      name: 'search + 2 categories + progress, relevance',
      shows: '`GET projects/?search={2 words}&category={a}&category={b}&progress={bucket}`',
      next: () => searchPath(categoryIds),
    },
  ];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundry-bench-replica-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const loadBefore = os.loadavg()[0]!;
  const results = new Map<string, Map<string, Measured>>();
  for (const mode of ['primary only', 'reads on the replica'] as const) {
    const app = await startBuiltApp(
      {
        DATABASE_URL: server.url,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        JWT_SECRET: jwtSecret,
        ...(mode === 'reads on the replica' ? { DATABASE_READ_URLS: replicaUrl } : {}),
      },
      path.join(dataDir, `server-${mode === 'primary only' ? 'primary' : 'replica'}.log`),
    );
    try {
      const measured = new Map<string, Measured>();
      for (const scenario of scenarios) {
        await fire(app.url, scenario, WARMUP_S);
        const app0 = countCpu(app.pid);
        const primary = await countBackendsCpu(backendsOf(ADMIN_URL, server.name));
        const replica = await countBackendsCpu(backendsOf(REPLICA_ADMIN_URL, server.name));
        const result = await fire(app.url, scenario, DURATION_S);
        const answered = result['2xx'];
        measured.set(scenario.name, {
          answered,
          rps: answered / result.duration,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
          appMs: app0.stop().appMs,
          primaryMs: await primary.stop(),
          replicaMs: await replica.stop(),
        });
        const m = measured.get(scenario.name)!;
        console.log(
          `${mode}, ${scenario.name}: ${Math.round(m.rps)}/s, p99 ${m.p99} ms, ${m.errors} errors; CPU a request: ` +
            `app ${(m.appMs / answered).toFixed(2)} ms, primary ${(m.primaryMs / answered).toFixed(2)} ms, ` +
            `replica ${(m.replicaMs / answered).toFixed(2)} ms`,
        );
      }
      results.set(mode, measured);
    } finally {
      await app.stop();
    }
  }
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (1 min)`;
  const perRequest = (ms: number, m: Measured) => (m.answered > 0 ? (ms / m.answered).toFixed(2) : '—');
  const rows = scenarios.flatMap((scenario) =>
    (['primary only', 'reads on the replica'] as const).map((mode) => {
      const m = results.get(mode)!.get(scenario.name)!;
      return [
        mode === 'primary only' ? `${scenario.name}: ${scenario.shows}` : '',
        mode,
        Math.round(m.rps).toLocaleString('en-US'),
        `${m.p99} ms`,
        String(m.errors),
        perRequest(m.appMs, m),
        perRequest(m.primaryMs, m),
        perRequest(m.replicaMs, m),
      ];
    }),
  );
  if (process.env.BENCH_NO_WRITE !== '1') {
    await writeSection(
      'replica',
      [
        '## Reads on a streaming replica',
        '',
        machineLine([
          `PostgreSQL primary and a streaming replica of it (scripts/replica.sh) on the same machine`,
          `BENCH_SCALE=${process.env.BENCH_SCALE ?? '1'} (${projects.toLocaleString('en-US')} projects)`,
          load,
        ]),
        '',
        `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s a scenario after ${WARMUP_S} s of warm-up, on the ` +
          'built app: every read on the primary, then with `DATABASE_READ_URLS` naming the replica (decision 037). ' +
          "CPU a request is the app's, and the primary's and the replica's backends of the bench database (from " +
          '/proc, by `pg_stat_activity`), so work of other databases on the same server is left out; the app and ' +
          'both servers share the machine, and other work (another bench) may have run on it at the same time: ' +
          'requests per second and latencies are noisy, CPU a request much less so.',
        '',
        table(
          ['scenario', 'reads', 'req/s', 'p99', 'errors', 'app CPU ms', 'primary CPU ms', 'replica CPU ms'],
          ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
          rows,
        ),
      ].join('\n'),
    );
  }
} finally {
  await database.close();
  await server.drop();
}
