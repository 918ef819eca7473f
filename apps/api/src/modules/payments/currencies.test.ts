import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENCY_DECIMALS_MESSAGE,
  PLEDGE_MESSAGES,
  PROJECT_MESSAGES,
  REWARD_MESSAGES,
  todayUtc,
} from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, pledge, TEST_CARDS } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { projectFields, sendProject } from '../../test/projects';

type User = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;

describe.each(databaseKinds)('money per currency on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp(kind, { CURRENCIES: 'USD,EUR,JPY' }, undefined, { clock: () => new Date(now) });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const message = (response: { json(): { message: string } }) => response.json().message;
  const statusOf = async (id: number) =>
    (await db().selectFrom('donations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  /** Counters, ledger and provider agree for one project, in its currency, to the smallest unit. */
  async function moneyAgrees(projectId: number, currency: string) {
    const project = await db()
      .selectFrom('projects')
      .select(['current_cents', 'backers_count'])
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['kind', 'currency', 'gross_cents', 'processing_fee_cents', 'platform_fee_cents', 'net_cents'])
      .where('project_id', '=', projectId)
      .orderBy('id')
      .execute();
    const donations = await db()
      .selectFrom('donations')
      .select(['status', 'amount_cents', 'currency'])
      .where('project_id', '=', projectId)
      .execute();
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const live = donations.filter((d) =>
      ['PLEDGED', 'COLLECTING', 'SUCCEEDED', 'PAYMENT_FAILED'].includes(d.status),
    );
    expect(new Set([...ledger.map((row) => row.currency), ...donations.map((d) => d.currency)])).toEqual(
      new Set(ledger.length + donations.length > 0 ? [currency] : []),
    );
    expect(Number(project.current_cents)).toBe(sum(live.map((d) => Number(d.amount_cents))));
    const moneyIn = ledger.filter((row) => row.kind === 'donation' || row.kind === 'refund');
    const collected = donations.filter((d) => d.status === 'SUCCEEDED');
    expect(sum(moneyIn.map((row) => Number(row.gross_cents)))).toBe(
      sum(collected.map((d) => Number(d.amount_cents))),
    );
    for (const row of ledger) {
      expect(Number.isInteger(Number(row.net_cents))).toBe(true);
      expect(Number(row.net_cents)).toBe(
        Number(row.gross_cents) - Number(row.processing_fee_cents) - Number(row.platform_fee_cents),
      );
    }
    return ledger;
  }

  it('creates a project in an offered currency, the first by default, and refuses any other', async () => {
    const create = async (overrides: Record<string, string>) =>
      sendProject(ctx, 'POST', 'projects/drafts', creator.headers, {
        ...(await projectFields(ctx)),
        ...overrides,
      });
    const byDefault = await create({});
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json().data).toMatchObject({ currency: 'USD', goal_amount: 5000 });
    const yen = await create({ currency: 'JPY', goal_amount: '1500000' });
    expect(yen.statusCode).toBe(201);
    expect(yen.json().data).toMatchObject({ currency: 'JPY', goal_amount: 1_500_000 });
    const row = await db()
      .selectFrom('projects')
      .select(['currency', 'goal_cents'])
      .where('id', '=', yen.json().data.id)
      .executeTakeFirstOrThrow();
    expect([row.currency, Number(row.goal_cents)]).toEqual(['JPY', 1_500_000]);

    const reais = await create({ currency: 'BRL' });
    expect(reais.statusCode).toBe(400);
    expect(message(reais)).toBe(
      inEnglish('api.projects.currencyNotOffered', { currency: 'BRL', offered: 'USD, EUR, and JPY' }),
    );
    expect(message(reais)).toContain('USD, EUR, and JPY');
    const halfYen = await create({ currency: 'JPY', goal_amount: '1000.5' });
    expect(halfYen.statusCode).toBe(400);
    expect(message(halfYen)).toBe(inEnglish(CURRENCY_DECIMALS_MESSAGE, { currency: 'JPY', decimals: 0 }));
    const thirdDecimal = await create({ currency: 'EUR', goal_amount: '10.005' });
    expect(message(thirdDecimal)).toBe(inEnglish(PROJECT_MESSAGES.goalDecimals));
  });

  it('lets only the creator change the currency, until the first pledge of any status', async () => {
    const created = await sendProject(ctx, 'POST', 'projects/drafts', creator.headers, {
      ...(await projectFields(ctx)),
      currency: 'EUR',
      goal_amount: '2500',
    });
    const id = created.json().data.id as number;
    const change = (headers: Record<string, string>, currency: string) =>
      sendProject(ctx, 'PUT', `projects/${id}`, headers, { currency });
    const stranger = await signedInUser(ctx);
    expect((await change(stranger.headers, 'JPY')).statusCode).toBe(404);
    expect((await change(admin.headers, 'JPY')).statusCode).toBe(403);
    const toYen = await change(creator.headers, 'JPY');
    expect(toYen.statusCode).toBe(200);
    // The goal keeps the figure the creator typed, in minor units of the new currency.
    expect(toYen.json().data).toMatchObject({ currency: 'JPY', goal_amount: 2500 });

    // Its rewards keep their figures too, shipping included; a figure the new currency cannot hold changes nothing.
    const rewards = `/api/v1/rewards/projects/${id}/rewards`;
    const made = await ctx.app.inject({
      method: 'POST',
      url: rewards,
      headers: creator.headers,
      payload: {
        title: 'Print',
        description: 'A signed print',
        minimum_amount: 300,
        estimated_delivery_date: todayUtc(new Date(Date.now() + 60 * DAY)),
        shipping_type: 'international',
        shipping_rules: [{ country: '*', cost: 150 }],
      },
    });
    expect(made.statusCode).toBe(201);
    const toEuros = await change(creator.headers, 'EUR');
    expect(toEuros.json().data).toMatchObject({ currency: 'EUR', goal_amount: 2500 });
    const inEuros = await ctx.app.inject({ method: 'GET', url: rewards, headers: creator.headers });
    expect(inEuros.json().data).toMatchObject([
      {
        currency: 'EUR',
        minimum_amount: 300,
        shipping_rules: [{ country: '*', cost: 150, currency: 'EUR' }],
      },
    ]);
    const row = await db()
      .selectFrom('rewards')
      .select(['minimum_cents', 'shipping_rules'])
      .where('project_id', '=', id)
      .executeTakeFirstOrThrow();
    expect([Number(row.minimum_cents), row.shipping_rules]).toEqual([
      30_000,
      [{ country: '*', cost_cents: 15_000 }],
    ]);
    await ctx.app.inject({
      method: 'PUT',
      url: `${rewards}/${made.json().data.id}`,
      headers: creator.headers,
      payload: {
        title: 'Print',
        description: 'A signed print',
        minimum_amount: 300,
        estimated_delivery_date: todayUtc(new Date(Date.now() + 60 * DAY)),
        shipping_type: 'international',
        shipping_rules: [{ country: '*', cost: 4.5 }],
      },
    });
    const halfYen = await change(creator.headers, 'JPY');
    expect([halfYen.statusCode, message(halfYen)]).toEqual([
      400,
      inEnglish(CURRENCY_DECIMALS_MESSAGE, { currency: 'JPY', decimals: 0 }),
    ]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: rewards, headers: creator.headers })).json().data,
    ).toMatchObject([{ currency: 'EUR', minimum_amount: 300, shipping_rules: [{ cost: 4.5 }] }]);
    expect((await change(creator.headers, 'USD')).statusCode).toBe(200);
    expect((await change(creator.headers, 'JPY')).statusCode).toBe(400);
    await ctx.app.inject({
      method: 'PUT',
      url: `${rewards}/${made.json().data.id}`,
      headers: creator.headers,
      payload: {
        title: 'Print',
        description: 'A signed print',
        minimum_amount: 300,
        estimated_delivery_date: todayUtc(new Date(Date.now() + 60 * DAY)),
      },
    });
    expect((await change(creator.headers, 'JPY')).statusCode).toBe(200);

    const backer = await signedInUser(ctx);
    await db()
      .insertInto('donations')
      .values({
        project_id: id,
        reward_id: null,
        donor_id: backer.user.id,
        amount_cents: 1000,
        currency: 'JPY',
        status: 'EXPIRED',
        funding_model: 'all_or_nothing',
        provider: 'sandbox',
        expires_at: new Date(),
      })
      .execute();
    const locked = await change(creator.headers, 'EUR');
    expect(locked.statusCode).toBe(409);
    expect(message(locked)).toBe(inEnglish('api.projects.currencyLocked', { currency: 'JPY' }));
    expect((await change(creator.headers, 'JPY')).statusCode).toBe(200);
  });

  it('refuses decimals a currency does not have, amounts out of its limits and another currency', async () => {
    now = Date.now();
    const yen = await createProjectRow(db(), { creatorId: creator.user.id, currency: 'JPY', goal: 100_000 });
    const reward = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/rewards/projects/${yen}/rewards`,
        headers: creator.headers,
        payload: {
          title: 'Tenugui',
          description: 'A cotton towel',
          estimated_delivery_date: todayUtc(new Date(Date.now() + 60 * DAY)),
          ...body,
        },
      });
    const decimalsInYen = inEnglish(CURRENCY_DECIMALS_MESSAGE, { currency: 'JPY', decimals: 0 });
    expect(message(await reward({ minimum_amount: 1500.5 }))).toBe(decimalsInYen);
    expect(
      message(
        await reward({
          minimum_amount: 1500,
          shipping_type: 'international',
          shipping_rules: [{ country: '*', cost: 800.25 }],
        }),
      ),
    ).toBe(decimalsInYen);
    expect(message(await reward({ minimum_amount: 50 }))).toBe(
      inEnglish(REWARD_MESSAGES.minimumTooLow, { MIN_PLEDGE_DOLLARS: 100, PLEDGE_CURRENCY: 'JPY' }),
    );
    const made = await reward({
      minimum_amount: 1500,
      shipping_type: 'international',
      shipping_rules: [{ country: '*', cost: 800 }],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({
      currency: 'JPY',
      minimum_amount: 1500,
      shipping_rules: [{ country: '*', cost: 800, currency: 'JPY' }],
    });

    // A reward read and sent back names its currency: the project's is accepted, another is not.
    const sentBack = await reward({
      minimum_amount: 1500,
      currency: 'JPY',
      shipping_type: 'international',
      shipping_rules: [{ country: '*', cost: 800, currency: 'JPY' }],
    });
    expect(sentBack.statusCode).toBe(201);
    const rewardsInYen = inEnglish(REWARD_MESSAGES.currency, { PLEDGE_CURRENCY: 'JPY' });
    expect(message(await reward({ minimum_amount: 1500, currency: 'EUR' }))).toBe(rewardsInYen);
    expect(
      message(
        await reward({
          minimum_amount: 1500,
          shipping_type: 'international',
          shipping_rules: [{ country: '*', cost: 800, currency: 'USD' }],
        }),
      ),
    ).toBe(rewardsInYen);

    const backer = await signedInUser(ctx);
    const cases: [object, string][] = [
      [{ amount: 1000.5, currency: 'JPY' }, decimalsInYen],
      [
        { amount: 99, currency: 'JPY' },
        inEnglish(PLEDGE_MESSAGES.amountMin, { MIN_PLEDGE_DOLLARS: 100, PLEDGE_CURRENCY: 'JPY' }),
      ],
      [
        { amount: 150_000_001, currency: 'JPY' },
        inEnglish(PLEDGE_MESSAGES.amountMax, { MAX_PLEDGE_DOLLARS: 150_000_000, PLEDGE_CURRENCY: 'JPY' }),
      ],
      [{ amount: 1000, currency: 'USD' }, inEnglish(PLEDGE_MESSAGES.currency, { PLEDGE_CURRENCY: 'JPY' })],
    ];
    for (const [body, expected] of cases) {
      const response = await pledge(ctx, backer.headers, yen, body as { amount: number });
      expect([JSON.stringify(body), response.statusCode, message(response)]).toEqual([
        JSON.stringify(body),
        400,
        expected,
      ]);
    }
    const euros = await createProjectRow(db(), { creatorId: creator.user.id, currency: 'EUR' });
    const thirdDecimal = await pledge(ctx, backer.headers, euros, { amount: 10.005, currency: 'EUR' });
    expect([thirdDecimal.statusCode, message(thirdDecimal)]).toEqual([
      400,
      `amount: ${inEnglish(PLEDGE_MESSAGES.decimals)}`,
    ]);
    expect(
      await db().selectFrom('donations').select('id').where('donor_id', '=', backer.user.id).execute(),
    ).toEqual([]);
  });

  it('pledges, changes, cancels and collects a yen campaign, a declined card included, to the yen', async () => {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      currency: 'JPY',
      goal: 5000,
      start: -2,
      end: 10,
    });
    const [changer, canceller, decliner] = [
      await signedInUser(ctx),
      await signedInUser(ctx),
      await signedInUser(ctx),
    ];
    const changed = await backProject(ctx, changer.headers, projectId, { amount: 3333, currency: 'JPY' });
    const canceled = await backProject(ctx, canceller.headers, projectId, { amount: 1000, currency: 'JPY' });
    const declined = await backProject(
      ctx,
      decliner.headers,
      projectId,
      { amount: 2001, currency: 'JPY' },
      TEST_CARDS.declinesLater,
    );
    const change = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/backers/donations/${changed}`,
      headers: changer.headers,
      payload: { amount: 4999 },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().data).toMatchObject({ currency: 'JPY', amount: 4999 });
    const changeInDecimals = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/backers/donations/${changed}`,
      headers: changer.headers,
      payload: { amount: 4999.5 },
    });
    expect(changeInDecimals.statusCode).toBe(400);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/donations/${canceled}/cancel`,
      headers: canceller.headers,
    });
    expect(cancel.statusCode).toBeLessThan(300);
    const project = await ctx.app.inject(`/api/v1/projects/${projectId}`);
    expect(project.json().data).toMatchObject({ currency: 'JPY', current_amount: 7000, goal_amount: 5000 });
    await moneyAgrees(projectId, 'JPY');

    now = Date.now() + 11 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    expect([await statusOf(changed), await statusOf(canceled), await statusOf(declined)]).toEqual([
      'SUCCEEDED',
      'CANCELED',
      'PAYMENT_FAILED',
    ]);
    const ledger = await moneyAgrees(projectId, 'JPY');
    // ¥4,999: 2.9% is ¥144.971 → ¥145, and 0.30 of a yen is nothing; 5% is ¥249.95 → ¥250.
    expect(ledger.map((row) => [row.kind, row.currency, Number(row.gross_cents)])).toEqual([
      ['donation', 'JPY', 4999],
    ]);
    expect([Number(ledger[0]!.processing_fee_cents), Number(ledger[0]!.platform_fee_cents)]).toEqual([
      145, 250,
    ]);
    const receipt = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', changer.user.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('¥4,999');
    expect(receipt.text_body).not.toContain('$');
  });

  it('charges, refunds and pays out a euro campaign in euros, with ledger and payouts in euros', async () => {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      currency: 'EUR',
      goal: 100,
      start: -2,
      end: 10,
      fundingModel: 'flexible',
    });
    const [kept, refunded] = [await signedInUser(ctx), await signedInUser(ctx)];
    const paid = await backProject(ctx, kept.headers, projectId, { amount: 100, currency: 'EUR' });
    const given = await backProject(ctx, refunded.headers, projectId, { amount: 19.99, currency: 'EUR' });
    expect([await statusOf(paid), await statusOf(given)]).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/backers/donations/${given}/refund`,
      headers: creator.headers,
    });
    expect(refund.json().data).toMatchObject({ currency: 'EUR', amount: 19.99, status: 'REFUNDED' });
    const ledger = await moneyAgrees(projectId, 'EUR');
    expect(ledger.map((row) => [row.kind, Number(row.gross_cents)])).toEqual([
      ['donation', 10000],
      ['donation', 1999],
      ['refund', -1999],
    ]);

    const connect = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/bank-accounts/connect-bank-account',
      headers: creator.headers,
    });
    const onboarding = new URL(connect.json().data.url as string);
    await ctx.app.inject({
      method: 'POST',
      url: `${onboarding.pathname}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const eligibility = await ctx.app.inject({
      url: `/api/v1/payouts/projects/${projectId}/payout/eligibility`,
      headers: creator.headers,
    });
    // €100: 2.9% + €0.30 = €3.20 processing, €5.00 platform → €91.80.
    expect(eligibility.json().data).toMatchObject({
      eligible: true,
      currency: 'EUR',
      available_amount: 91.8,
    });
    const tooFine = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${projectId}/payouts`,
      headers: creator.headers,
      payload: { amount: 10.005 },
    });
    expect(tooFine.statusCode).toBe(400);
    const payout = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payouts/projects/${projectId}/payouts`,
      headers: creator.headers,
      payload: {},
    });
    expect(payout.json().data).toMatchObject({ currency: 'EUR', amount: 91.8, status: 'COMPLETED' });
    const rows = await db()
      .selectFrom('payouts')
      .select(['currency', 'amount_cents'])
      .where('project_id', '=', projectId)
      .execute();
    expect(rows.map((row) => [row.currency, Number(row.amount_cents)])).toEqual([['EUR', 9180]]);
    const after = await moneyAgrees(projectId, 'EUR');
    expect(after.at(-1)).toMatchObject({ kind: 'payout', currency: 'EUR' });
    expect(Number(after.at(-1)!.gross_cents)).toBe(-9180);
  });

  it("keeps three pledges in three currencies at once on one backer's account apart", async () => {
    now = Date.now();
    const backer = await signedInUser(ctx);
    const projects = await Promise.all(
      (['USD', 'EUR', 'JPY'] as const).map((currency) =>
        createProjectRow(db(), { creatorId: creator.user.id, currency, fundingModel: 'flexible' }),
      ),
    );
    const amounts = { USD: 12.34, EUR: 56.78, JPY: 9100 };
    await Promise.all(
      projects.map((projectId, index) => {
        const currency = (['USD', 'EUR', 'JPY'] as const)[index]!;
        return backProject(ctx, backer.headers, projectId, { amount: amounts[currency], currency });
      }),
    );
    const minor = { USD: 1234, EUR: 5678, JPY: 9100 };
    for (const [index, currency] of (['USD', 'EUR', 'JPY'] as const).entries()) {
      const ledger = await moneyAgrees(projects[index]!, currency);
      expect(ledger.map((row) => [row.currency, Number(row.gross_cents)])).toEqual([
        [currency, minor[currency]],
      ]);
    }
    const backed = await ctx.app.inject({
      url: '/api/v1/backers/me/backed-projects',
      headers: backer.headers,
    });
    const pledges = (
      backed.json().data as { id: number; pledge: { currency: string; amount: number } }[]
    ).map((row) => [row.id, row.pledge.currency, row.pledge.amount]);
    expect(pledges).toEqual(
      expect.arrayContaining([
        [projects[0], 'USD', 12.34],
        [projects[1], 'EUR', 56.78],
        [projects[2], 'JPY', 9100],
      ]),
    );
  });
});
