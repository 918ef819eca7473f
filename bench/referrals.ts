/**
 * `npm run bench:referrals`: a burst of cached project pages with visit counting on (DESIGN.md §19, decision 035)
 * against a no-op route (`/healthz`) on the same built app and PostgreSQL server. Budgets: the pages' requests per
 * second ≥ ×0.4 of the no-op's, their p99 < 50 ms, and after the app's graceful shutdown (which writes the last
 * batch) the visits stored equal the pages answered: none lost, none doubled.
 *
 * BENCH_REQUESTS (a burst, 50,000), BENCH_CONNECTIONS (50); BENCH_WEB_DIST reuses a built web app instead of building
 * one; BENCH_NO_WRITE=1 prints without writing RESULTS.md.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { createProjectRow, createUser } from '../apps/api/src/db/seed/factories';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { buildWebApp, startBuiltApp } from './app-process';
import { machineLine, table, writeSection } from './results';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUDGET_RATIO = 0.4;
const BUDGET_P99_MS = 50;
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

interface Burst {
  ok: number;
  other: number;
  rps: number;
  p99: number;
}

/**
 * A fixed number of requests, asked as a browser asks (HTML, compressed, as the pages bench does), so that every
 * request sent is answered and counted: a burst cut off by time leaves up to one request a connection answered by
 * the app but not seen by autocannon, which the exact count would take for a visit counted twice.
 */
async function burst(url: string): Promise<Burst> {
  let ok = 0;
  let other = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        amount: REQUESTS,
        timeout: 30,
        headers: { 'user-agent': BROWSER, accept: 'text/html', 'accept-encoding': 'gzip, br' },
      },
      (error, done) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client, status) => {
      if (status === 200) ok += 1;
      else other += 1;
    });
  });
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  return { ok, other, rps: ok / seconds, p99: result.latency.p99 };
}

const server = await createServerDatabase(ADMIN_URL, 'fundry_bench_referrals');
const database = await createDatabase({ kind: 'postgres', url: server.url }, 2);
const { db } = database;
try {
  await migrateToLatest(db);
  const creator = await createUser(db);
  const projectId = await createProjectRow(db, {
    creatorId: creator.id,
    title: 'Visited',
    start: -3,
    end: 20,
  });
  await db.insertInto('referral_tags').values({ project_id: projectId, name: 'newsletter' }).execute();
  const webDistDir =
    process.env.BENCH_WEB_DIST ??
    buildWebApp(mkdtempSync(path.join(tmpdir(), 'fundry-bench-referrals-web-')));
  const app = await startBuiltApp(
    { DATABASE_URL: server.url, WEB_DIST_DIR: webDistDir, REFERRAL_FLUSH_MS: '1000' },
    path.join(tmpdir(), `fundry-bench-referrals-${process.pid}.log`),
  );
  let noop: Burst;
  let pages: Burst;
  const loadBefore = os.loadavg()[0]!;
  try {
    const pageUrl = `${app.url}/projects/${projectId}?ref=newsletter`;
    // The page is rendered once and kept; its first visits (and their count) are left out of the comparison.
    for (let i = 0; i < 5; i++) await fetch(pageUrl, { headers: { 'user-agent': 'bench-warmup-bot' } });
    noop = await burst(`${app.url}/healthz`);
    pages = await burst(pageUrl);
  } finally {
    // SIGTERM: the graceful shutdown writes the visits still in memory.
    await app.stop();
  }
  const stored = await sql<{ visits: number }>`
    select coalesce(sum(visits), 0)::int as visits from referral_visits where project_id = ${projectId}`.execute(
    db,
  );
  const counted = stored.rows[0]!.visits;
  const sources = await db.selectFrom('referral_visits').select('source').distinct().execute();
  const exact = counted === pages.ok && sources.every((row) => row.source === 'newsletter');
  const ratio = pages.rps / noop.rps;
  const met = ratio >= BUDGET_RATIO && pages.p99 < BUDGET_P99_MS && exact && pages.other === 0;
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (1 min)`;
  console.log(
    `No-op: ${Math.round(noop.rps)}/s, p99 ${noop.p99} ms; cached project page with counting: ` +
      `${Math.round(pages.rps)}/s (×${ratio.toFixed(2)}), p99 ${pages.p99} ms; ${pages.ok} pages answered, ` +
      `${counted} visits stored (${exact ? 'exact' : 'NOT EXACT'}); ${load}`,
  );
  if (process.env.BENCH_NO_WRITE !== '1') {
    await writeSection(
      'referrals',
      [
        '## Visits counted beside cached project pages',
        '',
        machineLine(['PostgreSQL (server, same machine)', load]),
        '',
        `autocannon, ${REQUESTS.toLocaleString('en-US')} requests over ${CONNECTIONS} connections each, as a browser asks (HTML, compressed): \`/healthz\` (no-op), then one project's ` +
          'page kept by the page cache, with `?ref=` of one of its tags, each answer counted after it is sent and ' +
          'written in batches (1 s here); the stored visits read after the graceful shutdown wrote the last batch.',
        '',
        table(
          ['route', 'requests/s', 'p99', 'visits stored', 'budget'],
          ['l', 'r', 'r', 'l', 'l'],
          [
            ['no-op (`/healthz`)', Math.round(noop.rps).toLocaleString('en-US'), `${noop.p99} ms`, '', ''],
            [
              'cached project page, counted',
              `${Math.round(pages.rps).toLocaleString('en-US')} (×${ratio.toFixed(2)})`,
              `${pages.p99} ms`,
              `${counted.toLocaleString('en-US')} of ${pages.ok.toLocaleString('en-US')} answered ${exact ? '(exact)' : '(NOT EXACT)'}`,
              `${met ? 'met' : 'MISSED'}: ≥ ×${BUDGET_RATIO}, p99 < ${BUDGET_P99_MS} ms, none lost or doubled`,
            ],
          ],
        ),
      ].join('\n'),
    );
  }
  if (!exact) process.exitCode = 1;
} finally {
  await database.close();
  await server.drop();
}
