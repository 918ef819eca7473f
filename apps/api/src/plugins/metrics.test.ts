import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../db/seed/factories';
import { startJobRunner } from '../jobs/runner';
import { scheduledJobs } from '../services';
import { createTestApp, type TestContext } from '../test/app';
import { databaseKinds } from '../test/databases';
import { signedInUser } from '../test/auth-helpers';
import { backProject, payInSandbox, pledge } from '../test/backing';
import { type MetricsServer, startMetricsServer } from './metrics';

/** The value of one series in Prometheus' text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics', () => {
  let ctx: TestContext;
  let server: MetricsServer;
  let jobs: { stop(): Promise<void> };
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { METRICS_PORT: '0' });
    server = await startMetricsServer(ctx.config.metrics!, ctx.database);
    jobs = await startJobRunner(ctx.database, scheduledJobs(ctx.app.services), ctx.app.log);
  });
  afterAll(async () => {
    await jobs.stop();
    await server.close();
    await ctx.close();
  });

  const scrape = async (path = '/metrics') => fetch(`http://127.0.0.1:${server.port}${path}`);

  it('counts requests by route template and what the platform did, on the metrics port only', async () => {
    const creator = await signedInUser(ctx);
    const backer = await signedInUser(ctx);
    // Flexible: the pledge is charged at checkout, and the creator may take a payout while it runs.
    const projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, goal: 10 });
    await ctx.database.db
      .updateTable('projects')
      .set({ funding_model: 'flexible' })
      .where('id', '=', projectId)
      .execute();
    const pledged = await pledge(ctx, backer.headers, projectId, { amount: 25 });
    expect((await payInSandbox(ctx, pledged.json().data.checkout_url)).statusCode).toBe(303);
    await ctx.app.services.mail.idle();

    const connect = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bank-accounts/connect-bank-account',
      headers: creator.headers,
    });
    await ctx.app.inject({
      method: 'POST',
      url: `${new URL(connect.json().data.url as string).pathname}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const payout = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${projectId}/payouts`,
      headers: creator.headers,
    });
    expect(payout.statusCode).toBe(201);
    for (const id of [projectId, projectId, 999_999]) await ctx.app.inject(`/api/v1/projects/${id}`);

    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    const route = 'route="/api/v1/projects/:id",method="GET"';
    expect(sample(text, `http_request_duration_seconds_count{${route},status_code="200"}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_count{${route},status_code="404"}`)).toBe(1);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",${route},status_code="200"}`)).toBe(
      2,
    );
    expect(sample(text, 'fundry_pledge_transitions_total{from="PENDING",to="SUCCEEDED"}')).toBe(1);
    expect(sample(text, 'fundry_mails_total{outcome="sent"}')).toBeGreaterThan(0);
    expect(sample(text, 'fundry_payouts_total{outcome="completed"}')).toBe(1);
    expect(sample(text, 'fundry_refunds_total')).toBe(0);
    expect(sample(text, 'fundry_payment_failures_total')).toBe(0);
    expect(sample(text, 'fundry_db_pool_connections_in_use{pool="main"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'fundry_db_pool_requests_waiting{pool="main"}')).toBe(0);
    // PGlite's one connection serves searches too: no pool of their own to show.
    expect(sample(text, 'fundry_db_pool_connections_in_use{pool="search"}')).toBeUndefined();
    expect(sample(text, 'fundry_job_queue_depth{queue="mail-delivery"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    expect((await scrape('/')).status).toBe(404);
    expect((await ctx.app.inject('/metrics')).statusCode).toBe(404);
  });

  it('counts every state change of a saved-card pledge: cancelled, collected and released', async () => {
    const before = await (await scrape()).text();
    const creator = await signedInUser(ctx);
    const [stays, leaves, loser] = [
      await signedInUser(ctx),
      await signedInUser(ctx),
      await signedInUser(ctx),
    ];
    const funded = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, goal: 20 });
    const failed = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, goal: 1000 });
    await backProject(ctx, stays.headers, funded, { amount: 30 });
    const canceled = await backProject(ctx, leaves.headers, funded, { amount: 15 });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/backers/donations/${canceled}/cancel`,
          headers: leaves.headers,
        })
      ).statusCode,
    ).toBe(200);
    await backProject(ctx, loser.headers, failed, { amount: 40 });
    await ctx.database.db
      .updateTable('projects')
      .set({ start_date: '2026-01-01', end_date: '2026-01-31' })
      .where('id', 'in', [funded, failed])
      .execute();
    await ctx.app.services.projectLifecycle.settle();
    expect(await ctx.app.services.collection.collect()).toMatchObject({ charged: 1, declined: 0 });

    const after = await (await scrape()).text();
    const moved = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    const transition = (from: string, to: string) =>
      moved(`fundry_pledge_transitions_total{from="${from}",to="${to}"}`);
    expect(transition('PENDING', 'PLEDGED')).toBe(3);
    expect(transition('PLEDGED', 'CANCELED')).toBe(1);
    expect(transition('PLEDGED', 'RELEASED')).toBe(1);
    expect(transition('PLEDGED', 'COLLECTING')).toBe(1);
    expect(transition('COLLECTING', 'SUCCEEDED')).toBe(1);
    expect(moved('fundry_collections_total{outcome="succeeded"}')).toBe(1);
  });
});

describe.skipIf(!databaseKinds.includes('postgres'))('Prometheus metrics on a PostgreSQL server', () => {
  it("shows the searches' pool beside the main one", async () => {
    // As server.ts starts them: the job runner's gauges read this database too.
    const ctx = await createTestApp('postgres', { METRICS_PORT: '0' });
    const server = await startMetricsServer(ctx.config.metrics!, ctx.database);
    const jobs = await startJobRunner(ctx.database, scheduledJobs(ctx.app.services), ctx.app.log);
    try {
      expect((await ctx.app.inject('/api/v1/projects/?search=solar')).statusCode).toBe(200);
      const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
      for (const pool of ['main', 'search']) {
        expect(sample(text, `fundry_db_pool_connections_in_use{pool="${pool}"}`)).toBeGreaterThanOrEqual(0);
        expect(sample(text, `fundry_db_pool_requests_waiting{pool="${pool}"}`)).toBe(0);
      }
    } finally {
      await jobs.stop();
      await server.close();
      await ctx.close();
    }
  });
});
