import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { type FakeStripe, startFakeStripe, WEBHOOK_SECRET } from '../../test/fake-stripe';
import { inEnglish } from '../../test/i18n';

type Headers = Record<string, string>;

/**
 * A project of `creator` backed with `amounts`, then given `status`. A successful all-or-nothing campaign ends
 * for real: settled, and its saved cards collected by the job, so only collected money can be paid out.
 */
async function fundedProject(
  ctx: TestContext,
  creatorId: number,
  backer: Headers,
  amounts: number[],
  status: 'ACTIVE' | 'SUCCESSFUL' | 'FAILED' = 'SUCCESSFUL',
  fundingModel: 'all_or_nothing' | 'flexible' = 'all_or_nothing',
) {
  const id = await createProjectRow(ctx.database.db, { creatorId, goal: 10, fundingModel });
  for (const amount of amounts) await backProject(ctx, backer, id, { amount });
  if (status === 'SUCCESSFUL' && fundingModel === 'all_or_nothing' && amounts.length > 0) {
    await ctx.database.db
      .updateTable('projects')
      .set({ start_date: '2020-01-01', end_date: '2020-01-31' })
      .where('id', '=', id)
      .execute();
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
  }
  await ctx.database.db.updateTable('projects').set({ status }).where('id', '=', id).execute();
  return id;
}

async function connectInSandbox(ctx: TestContext, headers: Headers, outcome: 'complete' | 'incomplete') {
  const connect = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bank-accounts/connect-bank-account',
    headers,
  });
  const url = new URL(connect.json().data.url as string);
  const page = await ctx.app.inject(url.pathname);
  expect(page.body).toContain('Complete onboarding');
  const done = await ctx.app.inject({
    method: 'POST',
    url: `${url.pathname}/${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(done.headers.location).toMatch(/\/connect\/callback\?account_id=acct_sandbox_/);
}

describe.each(databaseKinds)('payouts on %s', (kind) => {
  let ctx: TestContext;
  let creator: Awaited<ReturnType<typeof signedInUser>>;
  let backer: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx);
    backer = await signedInUser(ctx);
    admin = await signedInUser(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  const eligibility = async (id: number, headers = creator.headers) =>
    (await ctx.app.inject({ url: `/api/v1/payouts/projects/${id}/payout/eligibility`, headers })).json().data;
  const requestPayout = (id: number, body: unknown, headers = creator.headers) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${id}/payouts`,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const status = async () =>
    (
      await ctx.app.inject({ url: '/api/v1/bank-accounts/bank-account-status', headers: creator.headers })
    ).json().data;

  it('walks the bank connection through not connected, incomplete and enabled', async () => {
    const project = await fundedProject(ctx, creator.user.id, backer.headers, [100]);
    expect(await status()).toEqual({
      account_connected: false,
      payouts_enabled: false,
      account_id: null,
      requirements: { currently_due: [] },
    });
    expect((await eligibility(project)).reason).toBe(inEnglish(PAYOUT_MESSAGES.notConnected));

    await connectInSandbox(ctx, creator.headers, 'incomplete');
    expect(await status()).toMatchObject({
      account_connected: true,
      payouts_enabled: false,
      requirements: { currently_due: ['external_account', 'individual.verification.document'] },
    });
    expect((await eligibility(project)).reason).toBe(inEnglish(PAYOUT_MESSAGES.notEnabled));

    await connectInSandbox(ctx, creator.headers, 'complete');
    expect(await status()).toMatchObject({ payouts_enabled: true, requirements: { currently_due: [] } });
    const ok = await eligibility(project);
    // $100: 2.9% + $0.30 = $3.20 processing, $5.00 platform → $91.80 available.
    expect(ok).toEqual({
      eligible: true,
      available_amount: 91.8,
      currency: 'USD',
      reason: null,
      funds_info: { total_donations: 100, platform_fee: 8.2, total_paid_out: 0 },
      to_come: [],
    });
  });

  it('gives every ineligibility reason', async () => {
    const running = await fundedProject(ctx, creator.user.id, backer.headers, [50], 'ACTIVE');
    expect((await eligibility(running)).reason).toBe(inEnglish(PAYOUT_MESSAGES.running));
    // Saved cards are not money: a running all-or-nothing campaign has collected nothing yet.
    expect((await eligibility(running)).funds_info.total_donations).toBe(0);
    const flexibleRunning = await fundedProject(
      ctx,
      creator.user.id,
      backer.headers,
      [50],
      'ACTIVE',
      'flexible',
    );
    expect((await eligibility(flexibleRunning)).eligible).toBe(true);
    const failed = await fundedProject(ctx, creator.user.id, backer.headers, [], 'FAILED');
    expect((await eligibility(failed)).reason).toBe(inEnglish(PAYOUT_MESSAGES.failed));
    const empty = await fundedProject(ctx, creator.user.id, backer.headers, []);
    expect((await eligibility(empty)).reason).toBe(inEnglish(PAYOUT_MESSAGES.nothing));
  });

  it('pays part, then the rest, then says all has been paid out', async () => {
    const project = await fundedProject(ctx, creator.user.id, backer.headers, [100]);
    const part = await requestPayout(project, { amount: 40.5 });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      message: inEnglish(PAYOUT_MESSAGES.requested),
      data: { amount: 40.5, fee_amount: 0, status: 'COMPLETED' },
    });
    expect((await eligibility(project)).available_amount).toBe(51.3);
    const rest = await requestPayout(project, undefined);
    expect(rest.json().data.amount).toBe(51.3);
    const after = await eligibility(project);
    expect([after.eligible, after.available_amount, after.reason, after.funds_info.total_paid_out]).toEqual([
      false,
      0,
      inEnglish(PAYOUT_MESSAGES.allPaid),
      91.8,
    ]);
    const history = await ctx.app.inject({
      url: `/api/v1/payouts/projects/${project}/payouts?page=1&per_page=10`,
      headers: creator.headers,
    });
    expect(history.json().data.payouts.map((p: { amount: number }) => p.amount)).toEqual([51.3, 40.5]);
    expect(history.json().data).toMatchObject({ total: 2, pages: 1 });
    const notes = await ctx.database.db
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', creator.user.id)
      .where('type', '=', 'PAYOUT')
      .execute();
    expect(notes.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad amounts and anyone but the creator', async () => {
    const project = await fundedProject(ctx, creator.user.id, backer.headers, [20]);
    for (const [body, code] of [
      [{ amount: 0 }, 400],
      [{ amount: -5 }, 400],
      [{ amount: 10.001 }, 400],
      [{ amount: '5' }, 400],
      [{ amount: 1000 }, 422],
    ] as const) {
      const response = await requestPayout(project, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), code]);
    }
    expect((await requestPayout(project, { amount: 1000 })).json().message).toBe(
      inEnglish(PAYOUT_MESSAGES.overAvailable),
    );
    expect((await requestPayout(project, { amount: 0 })).json().message).toBe(
      `amount: ${inEnglish(PAYOUT_MESSAGES.invalidAmount)}`,
    );
    const other = await signedInUser(ctx);
    for (const headers of [other.headers, backer.headers, admin.headers]) {
      expect((await requestPayout(project, { amount: 1 }, headers)).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ url: `/api/v1/payouts/projects/${project}/payout/eligibility`, headers }))
          .statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ url: `/api/v1/payouts/projects/${project}/payouts`, headers })).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/payouts/projects/${project}/payouts`,
          payload: { amount: 1 },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe.runIf(databaseKinds.includes('postgres'))('concurrent payouts on the PostgreSQL server', () => {
  it('never pays out more than is available, and the ledger agrees to the cent', async () => {
    const ctx = await createTestApp('postgres');
    try {
      const creator = await signedInUser(ctx);
      const backer = await signedInUser(ctx);
      await connectInSandbox(ctx, creator.headers, 'complete');
      const project = await fundedProject(ctx, creator.user.id, backer.headers, [100]);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          ctx.app.inject({
            method: 'POST',
            url: `/api/v1/payouts/projects/${project}/payouts`,
            headers: creator.headers,
            payload: { amount: 10 },
          }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(9);
      const paid = await ctx.database.db
        .selectFrom('payouts')
        .select((eb) => eb.fn.sum<number>('amount_cents').as('sum'))
        .where('project_id', '=', project)
        .where('status', '=', 'COMPLETED')
        .executeTakeFirstOrThrow();
      const ledger = await ctx.database.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.sum<number>('net_cents').as('net'))
        .where('project_id', '=', project)
        .executeTakeFirstOrThrow();
      expect(Number(paid.sum)).toBe(9000);
      expect(Number(ledger.net)).toBe(9180 - 9000);
    } finally {
      await ctx.close();
    }
  });
});

describe('payouts with Stripe Connect', () => {
  let ctx: TestContext;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    ctx = await createTestApp('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_fundry',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });

  it('creates the Express account once, keeps its status from account.updated, and handles a refused transfer', async () => {
    const creator = await signedInUser(ctx);
    const connect = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/bank-accounts/connect-bank-account',
        headers: creator.headers,
      });
    expect((await connect()).json().data.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_test_/);
    await connect();
    expect(stripe.accounts.size).toBe(1);
    const accountCreate = stripe.requests.filter((r) => r.path === '/v1/accounts');
    expect(accountCreate[0]?.idempotencyKey).toBe(`account-user-${creator.user.id}`);
    const [account] = [...stripe.accounts.values()];

    const statusBefore = (
      await ctx.app.inject({ url: '/api/v1/bank-accounts/bank-account-status', headers: creator.headers })
    ).json().data;
    expect(statusBefore).toMatchObject({
      account_connected: true,
      payouts_enabled: false,
      requirements: { currently_due: ['external_account'] },
    });

    Object.assign(account!, { payouts_enabled: true, requirements: { currently_due: [] } });
    const event = stripe.signedEvent('account.updated', account!);
    const delivered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: event.payload,
      headers: event.headers,
    });
    expect(delivered.json()).toMatchObject({ result: 'applied' });
    const row = await ctx.database.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('user_id', '=', creator.user.id)
      .executeTakeFirstOrThrow();
    expect([row.payouts_enabled, row.requirements_due]).toEqual([true, []]);

    const project = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      status: 'SUCCESSFUL',
    });
    await ctx.database.db
      .insertInto('ledger_entries')
      .values({
        project_id: project,
        donation_id: null,
        currency: 'USD',
        kind: 'donation',
        gross_cents: 10000,
        processing_fee_cents: 320,
        platform_fee_cents: 500,
        net_cents: 9180,
      })
      .execute();
    stripe.failNextTransfer('balance_insufficient');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${project}/payouts`,
      headers: creator.headers,
      payload: { amount: 50 },
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      inEnglish(PAYOUT_MESSAGES.insufficientFunds),
    ]);
    const failed = await ctx.database.db
      .selectFrom('payouts')
      .selectAll()
      .where('project_id', '=', project)
      .executeTakeFirstOrThrow();
    expect([failed.status, failed.failure_reason]).toEqual(['FAILED', 'insufficient_funds']);
    expect(
      (
        await ctx.app.inject({
          url: `/api/v1/payouts/projects/${project}/payout/eligibility`,
          headers: creator.headers,
        })
      ).json().data.available_amount,
    ).toBe(91.8);

    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${project}/payouts`,
      headers: creator.headers,
      payload: { amount: 50 },
    });
    expect(paid.json().data.status).toBe('COMPLETED');
    const transfer = stripe.requests.find(
      (r) => r.path === '/v1/transfers' && r.idempotencyKey === `payout-${paid.json().data.id}`,
    );
    expect(transfer).toBeTruthy();
    expect(stripe.transfers[0]).toMatchObject({ amount: 5000, destination: account!.id });
  });
});
