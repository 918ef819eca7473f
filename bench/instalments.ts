/**
 * `npm run bench:instalments`: the instalments job (DESIGN.md §20) at scale. 10,000 plans of pledges on one campaign
 * collected a month ago, each with its first instalment paid and its second due today; the built jobs entry point
 * (`npm run jobs -- instalments`, as an operator or the daily job runs it) charges every instalment due on the
 * sandbox. Reports the time and instalments per second against the budget, and checks each was charged once.
 */
import { execFileSync, execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { repoRoot } from './app-process';
import { budgetCell, machineLine, seconds, table, writeSection } from './results';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const PLANS = Math.round(10_000 * Number(process.env.BENCH_SCALE ?? 1));
const BUDGET_PER_SECOND = 200;

const server = await createServerDatabase(ADMIN_URL, 'fundry_bench_instalments');
const database = await createDatabase({ kind: 'postgres', url: server.url }, 4);
const { db } = database;
try {
  await migrateToLatest(db);
  console.log(
    `${PLANS.toLocaleString('en-US')} plans of instalments, each with its second instalment due today…`,
  );
  await sql`insert into users (username, email, full_name)
            select 'plan_' || i, 'plan_' || i || '@bench.test', 'Bench Backer ' || i
            from generate_series(0, ${PLANS}) i`.execute(db);
  const creator = await sql<{ id: number }>`select id from users where username = 'plan_0'`.execute(db);
  const creatorId = creator.rows[0]!.id;
  const project = await sql<{ id: number }>`
    insert into projects (creator_id, title, description, description_text, risks_and_challenges, status,
                          funding_model, goal_cents, start_date, end_date, activated_at, pledge_over_time)
    values (${creatorId}, 'Instalments bench', '<p>Bench</p>', 'Bench', '<p>None</p>', 'SUCCESSFUL',
            'all_or_nothing', 100000, current_date - 60, current_date - 31, now(), true)
    returning id`.execute(db);
  const projectId = project.rows[0]!.id;
  // Each plan: 15,000 to 17,400 cents in three, the remainder on the first; the first paid 30 days ago.
  await sql`insert into donations (project_id, donor_id, amount_cents, status, funding_model, provider,
                                   payment_method, payment_customer, expires_at, pledged_at, pay_over_time,
                                   collection_attempts)
            select ${projectId}, u.id, 15000 + (u.id % 97) * 25, 'COLLECTING', 'all_or_nothing', 'sandbox',
                   'pm_sandbox_4242_bench', 'cus_sandbox_' || u.id, now(), now() - interval '40 days', true, 1
            from users u where u.id <> ${creatorId}`.execute(db);
  await sql`insert into pledge_instalments (donation_id, number, amount_cents, due_on, status, charged_at, attempts)
            select d.id, n.number,
                   case when n.number = 1 then d.amount_cents - 2 * (d.amount_cents / 3) else d.amount_cents / 3 end,
                   current_date - 30 + (n.number - 1) * 30,
                   case when n.number = 1 then 'paid' else 'scheduled' end,
                   case when n.number = 1 then now() - interval '30 days' end,
                   case when n.number = 1 then 1 else 0 end
            from donations d cross join (values (1), (2), (3)) as n(number)
            where d.project_id = ${projectId}`.execute(db);
  await sql`update projects p set current_cents = s.cents, backers_count = s.n
            from (select sum(amount_cents) as cents, count(*) as n from donations where project_id = ${projectId}) s
            where p.id = ${projectId}`.execute(db);
  // What autovacuum does on a running database after a bulk load: the planner sees the rows just written.
  await sql`analyze`.execute(db);

  execSync('npm run build -w @fundry/api', { cwd: repoRoot, stdio: 'inherit' });
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/api/dist/jobs.js'), 'instalments'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: server.url, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const elapsedMs = performance.now() - started;
  const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (1 min)`;

  const check = await sql<{
    paid: number;
    other: number;
    ledger_rows: number;
    ledger_instalments: number;
    ledger_cents: number;
    due_cents: number;
    retried: number;
    third_touched: number;
  }>`
    select (select count(*) from pledge_instalments i join donations d on d.id = i.donation_id
             where d.project_id = ${projectId} and i.number = 2 and i.status = 'paid')::int as paid,
           (select count(*) from pledge_instalments i join donations d on d.id = i.donation_id
             where d.project_id = ${projectId} and i.number = 2 and i.status <> 'paid')::int as other,
           (select count(*) from ledger_entries where project_id = ${projectId} and kind = 'donation')::int
             as ledger_rows,
           (select count(distinct instalment_id) from ledger_entries where project_id = ${projectId})::int
             as ledger_instalments,
           (select coalesce(sum(gross_cents), 0) from ledger_entries
             where project_id = ${projectId} and kind = 'donation')::bigint as ledger_cents,
           (select sum(i.amount_cents) from pledge_instalments i join donations d on d.id = i.donation_id
             where d.project_id = ${projectId} and i.number = 2)::bigint as due_cents,
           (select count(*) from pledge_instalments i join donations d on d.id = i.donation_id
             where d.project_id = ${projectId} and i.number = 2 and i.attempts <> 1)::int as retried,
           (select count(*) from pledge_instalments i join donations d on d.id = i.donation_id
             where d.project_id = ${projectId} and i.number = 3 and i.status <> 'scheduled')::int
             as third_touched`.execute(db);
  const figures = check.rows[0]!;
  const exactlyOnce =
    figures.paid === PLANS &&
    figures.other === 0 &&
    figures.ledger_rows === PLANS &&
    figures.ledger_instalments === PLANS &&
    figures.retried === 0 &&
    figures.third_touched === 0 &&
    Number(figures.ledger_cents) === Number(figures.due_cents);
  const perSecond = PLANS / (elapsedMs / 1000);
  const budget = {
    met: perSecond >= BUDGET_PER_SECOND && exactlyOnce,
    text: `≥ ${BUDGET_PER_SECOND} instalments/s, each charged once (${Math.round(perSecond)}/s)`,
  };
  console.log(`Charged ${figures.paid} instalments in ${seconds(elapsedMs)}: ${Math.round(perSecond)}/s`);
  if (!exactlyOnce) console.error('Instalments check failed:', figures);
  await writeSection(
    'instalments',
    [
      '## Instalments of pledges paid over time',
      '',
      machineLine([`PostgreSQL (server, same machine)`, 'sandbox provider', load]),
      '',
      `${PLANS.toLocaleString('en-US')} plans of one campaign collected a month ago, each second instalment due ` +
        'today; one run of the built jobs entry point (`node apps/api/dist/jobs.js instalments`: claimed in ' +
        'batches of 200 with 16 charges in flight, each settled with its ledger row and receipt), timed from process ' +
        'start to exit.',
      '',
      table(
        ['instalments', 'time', 'instalments/s', 'charged once (ledger rows, cents)', 'budget'],
        ['r', 'r', 'r', 'l', 'l'],
        [
          [
            PLANS.toLocaleString('en-US'),
            seconds(elapsedMs),
            Math.round(perSecond).toLocaleString('en-US'),
            exactlyOnce
              ? `yes: ${figures.ledger_rows.toLocaleString('en-US')} ledger rows (one per instalment), one attempt ` +
                `each, none not due; ledger = instalments due = $${(
                  Number(figures.ledger_cents) / 100
                ).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
              : `NO: ${JSON.stringify(figures)}`,
            budgetCell(budget),
          ],
        ],
      ),
    ].join('\n'),
  );
  console.log('Written to bench/RESULTS.md (instalments).');
  if (!exactlyOnce) process.exitCode = 1;
} finally {
  await database.close();
  await server.drop();
}
