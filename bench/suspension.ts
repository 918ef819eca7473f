/**
 * `npm run bench:suspension`: an admin suspends the bench's hot project (DESIGN.md §18) while the API serves
 * visitors. 37,000 pledges on one funded campaign — 30,000 collected (to refund, each through the provider) and
 * 7,000 whose card was declined (to release) — on the PostgreSQL server; the built app serves a project page to 50
 * connections with autocannon while the suspension's refunds run in its background (the request only starts them).
 * Reports pledges per second from the request to the last refund against the budget (≥ 200/s), the API's p99 beside
 * it (< 100 ms), and checks with SQL that each pledge was refunded or released exactly once.
 */
import os from 'node:os';
import path from 'node:path';
import { tmpdir } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDatabase } from '../apps/api/src/db/database';
import { migrateToLatest } from '../apps/api/src/db/migrate';
import { createUser } from '../apps/api/src/db/seed/factories';
import { createServerDatabase } from '../apps/api/src/test/server-database';
import { startBuiltApp } from './app-process';
import { machineLine, seconds, table, writeSection } from './results';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const COLLECTED = Math.round(30_000 * SCALE);
const DECLINED = Math.round(7_000 * SCALE);
const PLEDGES = COLLECTED + DECLINED;
const BUDGET_PER_SECOND = 200;
const BUDGET_P99_MS = 100;
const CONNECTIONS = 50;
/** Visitors' requests per second beside the suspension (`BENCH_VISITORS_RATE`; 0: none): a busy hour's traffic. */
const VISITORS_RATE = Number(process.env.BENCH_VISITORS_RATE ?? 300);

const server = await createServerDatabase(ADMIN_URL, 'fundry_bench_suspension');
const database = await createDatabase({ kind: 'postgres', url: server.url }, 4);
const { db } = database;
try {
  await migrateToLatest(db);
  console.log(`${PLEDGES.toLocaleString('en-US')} pledges on one funded campaign, then its suspension…`);
  const admin = await createUser(db, { admin: true });
  const creator = await createUser(db);
  await sql`insert into users (username, email, full_name)
            select 'hot_' || i, 'hot_' || i || '@bench.test', 'Hot Backer ' || i
            from generate_series(1, ${PLEDGES}) i`.execute(db);
  const inserted = await sql<{ id: number }>`
    insert into projects (creator_id, title, description, description_text, risks_and_challenges, status,
                          funding_model, goal_cents, current_cents, backers_count, start_date, end_date,
                          activated_at, base_rate)
    values (${creator.id}, 'Hot project', '<p>Bench</p>', 'Bench', '<p>None</p>', 'SUCCESSFUL', 'all_or_nothing',
            100000, 0, 0, current_date - 40, current_date - 3, now(), 1),
           (${creator.id}, 'Visited project', '<p>Bench</p>', 'Bench', '<p>None</p>', 'ACTIVE', 'flexible',
            100000, 0, 0, current_date - 5, current_date + 25, now(), 1)
    returning id`.execute(db);
  const [hotId, visitedId] = inserted.rows.map((row) => row.id) as [number, number];
  // Collected pledges with their payment and ledger row (fees as the payment service writes them), then declined
  // ones still retried: what a funded campaign holds a few days after it ended.
  await sql`insert into donations (project_id, donor_id, amount_cents, status, funding_model, provider,
                                   payment_method, payment_customer, payment_reference, expires_at, pledged_at,
                                   succeeded_at)
            select ${hotId}, u.id, 500 + (u.id % 97) * 25,
                   case when row_number() over (order by u.id) <= ${COLLECTED} then 'SUCCEEDED' else 'PAYMENT_FAILED' end,
                   'all_or_nothing', 'sandbox', 'pm_sandbox_4242_bench', 'cus_sandbox_' || u.id,
                   'pi_sandbox_bench_' || u.id, now(), now() - interval '10 days', now() - interval '2 days'
            from users u where u.username like 'hot\\_%'`.execute(db);
  await sql`insert into ledger_entries (project_id, donation_id, currency, kind, gross_cents, processing_fee_cents,
                                        platform_fee_cents, net_cents)
            select project_id, id, 'USD', 'donation', amount_cents, round(amount_cents * 0.029) + 30,
                   round(amount_cents * 0.05), amount_cents - (round(amount_cents * 0.029) + 30) - round(amount_cents * 0.05)
            from donations where project_id = ${hotId} and status = 'SUCCEEDED'`.execute(db);
  await sql`update projects p set current_cents = s.cents, backers_count = s.n
            from (select sum(amount_cents) as cents, count(*) as n from donations where project_id = ${hotId}) s
            where p.id = ${hotId}`.execute(db);
  await sql`analyze`.execute(db);

  const app = await startBuiltApp(
    { DATABASE_URL: server.url },
    path.join(tmpdir(), `fundry-bench-suspension-${process.pid}.log`),
  );
  try {
    const login = await fetch(`${app.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const latencies: number[] = [];
    let requests = 0;
    let errors = 0;
    let finished!: () => void;
    const visitorsDone = new Promise<void>((resolve) => (finished = resolve));
    const visitors = autocannon(
      {
        url: `${app.url}/api/v1/projects/${visitedId}`,
        connections: CONNECTIONS,
        overallRate: Math.max(VISITORS_RATE, 1),
        duration: VISITORS_RATE > 0 ? 600 : 0.01,
        timeout: 30,
      },
      () => finished(),
    );
    visitors.on('response', (_client, status, _bytes, responseTime) => {
      requests += 1;
      if (status !== 200) errors += 1;
      latencies.push(responseTime);
    });
    // The API warmed up under the visitors' load before the suspension.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    latencies.length = 0;
    requests = 0;

    const loadBefore = os.loadavg()[0]!;
    const started = performance.now();
    const suspended = await fetch(`${app.url}/api/v1/admin/projects/${hotId}/suspend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ reason: 'fraud', message: 'Bench: the hot project is suspended.' }),
    });
    const requestMs = performance.now() - started;
    if (suspended.status !== 200) throw new Error(`suspend: ${suspended.status} ${await suspended.text()}`);
    for (;;) {
      const left = await sql<{ n: number }>`
        select count(*)::int as n from donations where project_id = ${hotId} and status = 'SUCCEEDED'`.execute(
        db,
      );
      if (left.rows[0]!.n === 0) break;
      if (performance.now() - started > 590_000)
        throw new Error(`${left.rows[0]!.n} pledges still to refund`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const elapsedMs = performance.now() - started;
    visitors.stop();
    await visitorsDone;
    const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0]!.toFixed(1)} after (1 min)`;

    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
    const check = await sql<{
      refunded: number;
      released: number;
      other: number;
      refund_rows: number;
      refund_cents: string;
      collected_cents: string;
      counter_cents: string;
      counter_backers: number;
      duplicates: number;
    }>`
      select (select count(*) from donations where project_id = ${hotId} and status = 'REFUNDED')::int as refunded,
             (select count(*) from donations where project_id = ${hotId} and status = 'RELEASED')::int as released,
             (select count(*) from donations where project_id = ${hotId}
               and status not in ('REFUNDED', 'RELEASED'))::int as other,
             (select count(*) from ledger_entries where project_id = ${hotId} and kind = 'refund')::int as refund_rows,
             (select coalesce(-sum(gross_cents), 0) from ledger_entries
               where project_id = ${hotId} and kind = 'refund') as refund_cents,
             (select coalesce(sum(gross_cents), 0) from ledger_entries
               where project_id = ${hotId} and kind = 'donation') as collected_cents,
             (select current_cents from projects where id = ${hotId}) as counter_cents,
             (select backers_count from projects where id = ${hotId}) as counter_backers,
             (select count(*) from (select donation_id from ledger_entries where project_id = ${hotId}
               and kind = 'refund' group by donation_id having count(*) > 1) d)::int as duplicates`.execute(
      db,
    );
    const figures = check.rows[0]!;
    const exactlyOnce =
      figures.refunded === COLLECTED &&
      figures.released === DECLINED &&
      figures.other === 0 &&
      figures.refund_rows === COLLECTED &&
      figures.duplicates === 0 &&
      figures.refund_cents === figures.collected_cents &&
      Number(figures.counter_cents) === 0 &&
      figures.counter_backers === 0;
    const perSecond = PLEDGES / (elapsedMs / 1000);
    const rateMet = perSecond >= BUDGET_PER_SECOND && exactlyOnce;
    const p99Met = p99 < BUDGET_P99_MS && errors === 0;
    console.log(
      `Suspended: ${PLEDGES} pledges in ${seconds(elapsedMs)} (${Math.round(perSecond)}/s; the request ` +
        `${Math.round(requestMs)} ms); the API beside it: ${requests} requests, p99 ${Math.round(p99)} ms, ${errors} errors`,
    );
    if (!exactlyOnce) console.error('Suspension check failed:', figures);

    await writeSection(
      'suspension',
      [
        '## Suspension of the hot project',
        '',
        machineLine(['PostgreSQL (server, same machine)', 'sandbox provider', load]),
        '',
        `${PLEDGES.toLocaleString('en-US')} pledges on one funded campaign (${COLLECTED.toLocaleString('en-US')} ` +
          `collected, ${DECLINED.toLocaleString('en-US')} declined and retried); \`POST admin/projects/{id}/suspend\` ` +
          'on the built app, which releases the declined pledges in the request and starts the refunds in its ' +
          'background (the `campaign-refunds` job: 8 refunds in flight, keyed); timed from the request to the last ' +
          `refund, while autocannon asks another project's data at ${VISITORS_RATE} requests/s over ${CONNECTIONS} connections.`,
        '',
        table(
          ['pledges', 'time', 'pledges/s', 'request', 'API beside it (p99)', 'once each', 'budget'],
          ['r', 'r', 'r', 'r', 'r', 'l', 'l'],
          [
            [
              PLEDGES.toLocaleString('en-US'),
              seconds(elapsedMs),
              Math.round(perSecond).toLocaleString('en-US'),
              `${Math.round(requestMs)} ms`,
              `${Math.round(p99)} ms (${requests.toLocaleString('en-US')} requests, ${errors} errors)`,
              exactlyOnce
                ? `yes: ${figures.refund_rows.toLocaleString('en-US')} refund rows, ` +
                  `${figures.released.toLocaleString('en-US')} released, counters 0`
                : 'NO',
              `${rateMet ? 'met' : 'MISSED'}: ≥ ${BUDGET_PER_SECOND}/s; ${p99Met ? 'met' : 'MISSED'}: p99 < ${BUDGET_P99_MS} ms`,
            ],
          ],
        ),
      ].join('\n'),
    );
    if (!exactlyOnce) process.exitCode = 1;
  } finally {
    await app.stop();
  }
} finally {
  await database.close();
  await server.drop();
}
