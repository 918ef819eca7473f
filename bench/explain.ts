/**
 * `npm run bench:explain`: fills a fresh PostgreSQL database with 100,000 projects (set-based SQL), then prints
 * the plans of the public list, search and typeahead queries exactly as the app sends them, checks that each
 * uses an index, and times the typeahead. Results are appended to bench/RESULTS.md.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PUBLIC_STATUSES, todayUtc } from '../packages/shared/src';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import type { DB } from '../apps/api/src/db/schema';
import { listProjects, typeahead } from '../apps/api/src/modules/projects/projects.repository';

const PROJECTS = 100_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const name = `fundry_bench_${randomBytes(4).toString('hex')}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
// Dropping the database at the end ends idle connections; that is expected.
pool.on('error', () => undefined);
const captured: CompiledQuery[] = [];
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') captured.push(event.query);
  },
});

const words = [
  'Solar',
  'Pixel',
  'Harbour',
  'Atlas',
  'Lantern',
  'Garden',
  'Kettle',
  'Synth',
  'River',
  'Forest',
  'Camera',
  'Story',
  'Board',
  'Robot',
  'Coffee',
  'Bicycle',
  'Theatre',
  'Chess',
  'Ocean',
  'Mountain',
];
const lines: string[] = [];
const log = (line = '') => {
  console.log(line);
  lines.push(line);
};

try {
  await migrateToLatest(db);
  const started = Date.now();
  await sql`insert into categories (name) select 'Category ' || g from generate_series(1, 12) g`.execute(db);
  await sql`insert into users (username, email, full_name, email_verified_at)
    select 'bench_' || g, 'bench_' || g || '@example.test', 'Bench User ' || g, now() from generate_series(1, 5000) g`.execute(
    db,
  );
  await sql`
    insert into projects (creator_id, category_id, title, description, description_text, risks_and_challenges, status,
                          featured, goal_cents, current_cents, backers_count, start_date, end_date, created_at)
    select 1 + (g % 5000),
           1 + (g % 12),
           w1 || ' ' || w2 || ' ' || g,
           '<p>' || w2 || ' made with care: a ' || w1 || ' for everyone.</p>',
           w2 || ' made with care: a ' || w1 || ' for everyone.',
           '<p>Risks.</p>',
           case when g % 100 < 70 then 'ACTIVE' when g % 100 < 80 then 'SUCCESSFUL' when g % 100 < 88 then 'FAILED'
                when g % 100 < 93 then 'PENDING' when g % 100 < 97 then 'DRAFT' else 'REJECTED' end,
           g % 97 = 0,
           100000 + (g % 50) * 10000,
           (g * 7919) % 1200000,
           (g * 31) % 900,
           current_date - (g % 40),
           current_date + 1 + (g % 80),
           now() - (g || ' minutes')::interval
    from generate_series(1, ${PROJECTS}) g,
         lateral (select (${sql.val(words)}::text[])[1 + (g * 7) % 20] as w1, (${sql.val(words)}::text[])[1 + (g * 13) % 20] as w2) w`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  log(`## Query plans with ${PROJECTS.toLocaleString('en-US')} projects (PostgreSQL server)`);
  log();
  log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  const scenarios: [string, () => Promise<unknown>][] = [
    [
      'public list, newest',
      () =>
        listProjects(db, {
          statuses: PUBLIC_STATUSES,
          order: { by: 'created_at', direction: 'desc' },
          page: 1,
          perPage: 12,
        }),
    ],
    [
      'public list, popular',
      () =>
        listProjects(db, {
          statuses: PUBLIC_STATUSES,
          order: { by: 'backers_count', direction: 'desc' },
          page: 1,
          perPage: 12,
        }),
    ],
    [
      'ending soon (running)',
      () =>
        listProjects(db, {
          statuses: ['ACTIVE'],
          timing: { kind: 'running', today: todayUtc() },
          order: { by: 'end_date', direction: 'asc' },
          page: 1,
          perPage: 12,
        }),
    ],
    [
      'search + 2 categories + progress, ranked',
      () =>
        listProjects(db, {
          statuses: PUBLIC_STATUSES,
          search: 'solar lantern',
          categoryIds: [1, 2],
          progress: ['25to75'],
          order: { by: 'relevance' },
          page: 1,
          perPage: 12,
        }),
    ],
    ['typeahead', () => typeahead(db, 'harb', PUBLIC_STATUSES, 5)],
  ];
  let allIndexed = true;
  for (const [label, run] of scenarios) {
    captured.length = 0;
    await run();
    const query = captured[0]!;
    const plan = await pool.query(
      `explain (analyze, costs off, timing on) ${query.sql}`,
      query.parameters as unknown[],
    );
    const text = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    const indexed = /Index|Bitmap/.test(text);
    allIndexed &&= indexed;
    log();
    log(`### ${label} — ${indexed ? 'uses an index' : 'NO INDEX'}`);
    log('```');
    log(text);
    log('```');
  }

  const timings: number[] = [];
  for (let i = 0; i < 300; i++) {
    const prefix = words[i % words.length]!.slice(0, 3 + (i % 3)).toLowerCase();
    const t0 = performance.now();
    await typeahead(db, prefix, PUBLIC_STATUSES, 5);
    timings.push(performance.now() - t0);
  }
  timings.sort((a, b) => a - b);
  const pct = (p: number) =>
    timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!.toFixed(2);
  log();
  log(
    `Typeahead over ${timings.length} calls (one connection, no HTTP): p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms.`,
  );
  log();
  appendFileSync(path.join(import.meta.dirname, 'RESULTS.md'), `\n${lines.join('\n')}\n`);
  if (!allIndexed) process.exitCode = 1;
} finally {
  await db.destroy();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
