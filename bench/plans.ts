/**
 * The query plans behind each scenario: one request of the scenario goes through the app in process (the
 * current source, with a Kysely that records every query), and each SELECT it sent is run again under
 * EXPLAIN ANALYZE (in a transaction rolled back) on the same data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import type { DB } from '../apps/api/src/db/schema';
import { table } from './results';

export interface PlannedRequest {
  label: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Plans are shown in full for a scenario that missed its budget, and for any query this slow. */
const SLOW_QUERY_MS = 5;

interface ExplainedQuery {
  sql: string;
  executionMs: number;
  plan: string;
}

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

async function explain(pool: pg.Pool, query: CompiledQuery): Promise<ExplainedQuery> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off) ${query.sql}`,
      query.parameters as unknown[],
    );
    await client.query('rollback');
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
    return { sql: query.sql, executionMs, plan };
  } finally {
    client.release();
  }
}

export async function explainScenarios(
  env: Record<string, string>,
  requests: (PlannedRequest & { missed: boolean })[],
): Promise<string> {
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Plans need DATABASE_URL');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const captured: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundry-bench-plans-'));
  const app = await buildApp(loadConfig({ ...env, DATA_DIR: dataDir }), { db });
  const lines: string[] = [
    '## Query plans',
    '',
    'One request of each scenario through the app in process (the current source), recording the SQL it sends; ' +
      'each SELECT then runs again under `EXPLAIN (ANALYZE, BUFFERS)` on the data the load ran on (after the load). ' +
      `Full plans are shown for scenarios that missed a budget and for queries over ${SLOW_QUERY_MS} ms.`,
  ];
  try {
    for (const request of requests) {
      captured.length = 0;
      const response = await app.inject({
        method: request.method ?? 'GET',
        url: request.path,
        headers: request.headers,
        ...(request.body === undefined ? {} : { payload: request.body as Record<string, unknown> }),
      });
      const queries = captured.filter((query) => /^\s*(select|with)\b/i.test(query.sql));
      const writes = captured.length - queries.length;
      const explained: ExplainedQuery[] = [];
      for (const query of queries) explained.push(await explain(pool, query));
      const total = explained.reduce((sum, query) => sum + query.executionMs, 0);
      lines.push(
        '',
        `### ${request.label}${request.missed ? ' (missed its budget)' : ''}`,
        '',
        `\`${request.method ?? 'GET'} ${request.path}\` → ${response.statusCode}: ${captured.length} queries ` +
          `(${writes} writes, not explained); the SELECTs take ${total.toFixed(2)} ms in the database.`,
        '',
        table(
          ['#', 'query', 'execution ms', 'plan nodes'],
          ['r', 'l', 'r', 'l'],
          explained.map((query, i) => [
            i + 1,
            `\`${oneLine(query.sql, 110).replace(/\|/g, '\\|')}\``,
            query.executionMs.toFixed(2),
            [
              ...new Set(
                query.plan.match(
                  /(?:Seq Scan|Bitmap Heap Scan) on \w+|(?:Index Only Scan|Index Scan)(?: Backward)? using \w+ on \w+|Bitmap Index Scan on \w+/g,
                ),
              ),
            ]
              .join(', ')
              .replace(/\|/g, '\\|') || '—',
          ]),
        ),
      );
      for (const [i, query] of explained.entries()) {
        if (!request.missed && query.executionMs < SLOW_QUERY_MS) continue;
        lines.push(
          '',
          `<details><summary>Query ${i + 1}: ${query.executionMs.toFixed(2)} ms</summary>`,
          '',
          '```sql',
          query.sql,
          '```',
          '',
          '```',
          query.plan,
          '```',
          '',
          '</details>',
        );
      }
    }
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines.join('\n');
}
