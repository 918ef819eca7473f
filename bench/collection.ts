/**
 * `npm run bench:collection`: the collection of all-or-nothing pledges (DESIGN.md §10) at scale. 10,000 saved
 * cards on one campaign that ended yesterday with its goal met; the built jobs entry point (`npm run jobs`,
 * as an operator or the minute's job runs it) settles the campaign and charges every pledge on the sandbox.
 * Reports the time and pledges per second against the budget, and checks every pledge was charged once.
 */
import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { repoRoot } from './app-process';
import { type CpuProfile, summariseProfile } from './profile';
import { budgetCell, machineLine, seconds, table, writeSection } from './results';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const PLEDGES = Math.round(10_000 * Number(process.env.BENCH_SCALE ?? 1));
const BUDGET_PER_SECOND = 200;
/** `BENCH_PROFILE=on`: the jobs process runs under `node --cpu-prof`, and its summary is printed (not timed). */
const PROFILE = process.env.BENCH_PROFILE === 'on';

const server = await createServerDatabase(ADMIN_URL, 'fundry_bench_collection');
const database = await createDatabase({ kind: 'postgres', url: server.url }, 4);
const { db } = database;
try {
  await migrateToLatest(db);
  console.log(`${PLEDGES.toLocaleString('en-US')} saved-card pledges on one campaign that ended yesterday…`);
  await sql`insert into users (username, email, full_name)
            select 'collect_' || i, 'collect_' || i || '@bench.test', 'Bench Backer ' || i
            from generate_series(0, ${PLEDGES}) i`.execute(db);
  const creator = await sql<{ id: number }>`select id from users where username = 'collect_0'`.execute(db);
  const creatorId = creator.rows[0]!.id;
  const project = await sql<{ id: number }>`
    insert into projects (creator_id, title, description, description_text, risks_and_challenges, status,
                          funding_model, goal_cents, start_date, end_date, activated_at)
    values (${creatorId}, 'Collection bench', '<p>Bench</p>', 'Bench', '<p>None</p>', 'ACTIVE', 'all_or_nothing',
            100000, current_date - 30, current_date - 1, now())
    returning id`.execute(db);
  const projectId = project.rows[0]!.id;
  await sql`insert into donations (project_id, donor_id, amount_cents, status, funding_model, provider,
                                   payment_method, payment_customer, expires_at, pledged_at)
            select ${projectId}, u.id, 500 + (u.id % 97) * 25, 'PLEDGED', 'all_or_nothing', 'sandbox',
                   'pm_sandbox_4242_bench', 'cus_sandbox_' || u.id, now(), now() - interval '3 days'
            from users u where u.id <> ${creatorId}`.execute(db);
  await sql`update projects p set current_cents = s.cents, backers_count = s.n
            from (select sum(amount_cents) as cents, count(*) as n from donations where project_id = ${projectId}) s
            where p.id = ${projectId}`.execute(db);

  execSync('npm run build -w @fundry/api', { cwd: repoRoot, stdio: 'inherit' });
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'fundry-bench-collection-')) : null;
  execFileSync(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      path.join(repoRoot, 'apps/api/dist/jobs.js'),
      'campaign-settlement',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: server.url, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    },
  );
  const elapsedMs = performance.now() - started;
  // Other work on the machine slows the collection down: the load average says how busy it was.
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (1 min)`;
  if (profileDir) {
    const file = readdirSync(profileDir).find((entry) => entry.endsWith('.cpuprofile'));
    const profile = JSON.parse(readFileSync(path.join(profileDir, file!), 'utf8')) as CpuProfile;
    console.log(summariseProfile(profile, profile.startTime, profile.endTime));
    rmSync(profileDir, { recursive: true, force: true });
  }

  const check = await sql<{
    succeeded: number;
    other: number;
    ledger_rows: number;
    ledger_donations: number;
    ledger_cents: number;
    pledged_cents: number;
    counter_cents: number;
    counter_backers: number;
    events: number;
    duplicates: number;
    retried: number;
  }>`
    select (select count(*) from donations where project_id = ${projectId} and status = 'SUCCEEDED')::int as succeeded,
           (select count(*) from donations where project_id = ${projectId} and status <> 'SUCCEEDED')::int as other,
           (select count(*) from ledger_entries where project_id = ${projectId} and kind = 'donation')::int as ledger_rows,
           (select count(distinct donation_id) from ledger_entries where project_id = ${projectId})::int
             as ledger_donations,
           (select coalesce(sum(gross_cents), 0) from ledger_entries
             where project_id = ${projectId} and kind = 'donation')::bigint as ledger_cents,
           (select sum(amount_cents) from donations where project_id = ${projectId})::bigint as pledged_cents,
           (select current_cents from projects where id = ${projectId}) as counter_cents,
           (select backers_count from projects where id = ${projectId}) as counter_backers,
           (select count(*) from payment_events where id like 'collect-donation-%')::int as events,
           (select count(*) from (select donation_id from ledger_entries
              where project_id = ${projectId} and kind = 'donation' group by donation_id having count(*) > 1) d)::int
             as duplicates,
           (select count(*) from donations where project_id = ${projectId} and collection_attempts <> 1)::int
             as retried`.execute(db);
  const figures = check.rows[0]!;
  const exactlyOnce =
    figures.succeeded === PLEDGES &&
    figures.other === 0 &&
    figures.ledger_rows === PLEDGES &&
    figures.ledger_donations === PLEDGES &&
    figures.events === PLEDGES &&
    figures.duplicates === 0 &&
    figures.retried === 0 &&
    figures.counter_backers === PLEDGES &&
    Number(figures.ledger_cents) === Number(figures.pledged_cents) &&
    Number(figures.counter_cents) === Number(figures.pledged_cents);
  const perSecond = PLEDGES / (elapsedMs / 1000);
  const budget = {
    met: perSecond >= BUDGET_PER_SECOND && exactlyOnce,
    text: `≥ ${BUDGET_PER_SECOND} pledges/s, each charged once (${Math.round(perSecond)}/s)`,
  };
  console.log(`Collected ${figures.succeeded} pledges in ${seconds(elapsedMs)}: ${Math.round(perSecond)}/s`);
  if (!exactlyOnce) console.error('Collection check failed:', figures);

  if (PROFILE) console.log('Profiled: the time is not written to bench/RESULTS.md.');
  else
    await writeSection(
      'collection',
      [
        '## Collection of saved cards',
        '',
        machineLine([`PostgreSQL (server, same machine)`, 'sandbox provider', load]),
        '',
        `${PLEDGES.toLocaleString('en-US')} PLEDGED all-or-nothing pledges on one campaign that ended yesterday; one ` +
          'run of the built jobs entry point (`node apps/api/dist/jobs.js campaign-settlement`: settlement, then the ' +
          'collection in batches of 200 with 16 charges in flight), timed from process start to exit.',
        '',
        table(
          ['pledges', 'time', 'pledges/s', 'charged once (ledger rows, events, cents)', 'budget'],
          ['r', 'r', 'r', 'l', 'l'],
          [
            [
              PLEDGES.toLocaleString('en-US'),
              seconds(elapsedMs),
              Math.round(perSecond).toLocaleString('en-US'),
              exactlyOnce
                ? `yes: ${figures.ledger_rows.toLocaleString('en-US')} ledger rows (one per pledge), ` +
                  `${figures.events.toLocaleString('en-US')} events, one attempt each; ledger = counters = pledged ` +
                  `= $${(Number(figures.ledger_cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
                : `NO: ${JSON.stringify(figures)}`,
              budgetCell(budget),
            ],
          ],
        ),
      ].join('\n'),
    );
  if (!PROFILE) console.log('Written to bench/RESULTS.md (collection).');
  if (!exactlyOnce) process.exitCode = 1;
} finally {
  await database.close();
  await server.drop();
}
