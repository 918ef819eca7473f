import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossRate, PROJECT_STATUSES } from '@fundry/shared';
import { createTestApp, type TestContext } from '../../test/app';
import { ledgerAgrees } from '../../test/backing';
import { seedDemoData } from '.';
import { DEMO_PASSWORD } from './users';

describe('demo seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('pglite');
    expect(await seedDemoData(ctx.database.db, ctx.app.services.storage)).toBe(true);
  });
  afterAll(() => ctx.close());

  it('has projects in every status, each with a cover image that is served', async () => {
    const rows = await ctx.database.db
      .selectFrom('projects')
      .select(['status', 'image_url', 'image_card_url'])
      .execute();
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(PROJECT_STATUSES));
    for (const row of rows) {
      expect((await ctx.app.inject(row.image_card_url!)).statusCode).toBe(200);
    }
    const publicList = await ctx.app.inject('/api/v1/projects/?per_page=100');
    expect(publicList.json().data.total).toBe(
      rows.filter((r) => ['ACTIVE', 'SUCCESSFUL', 'FAILED'].includes(r.status)).length,
    );
  });

  it('has one silenced person, for two weeks, with an earlier silence an admin ended', async () => {
    const silenced = await ctx.database.db
      .selectFrom('users')
      .select(['id', 'username', 'silenced_until', 'suspended_at'])
      .where('silenced_until', 'is not', null)
      .execute();
    expect(silenced.map((user) => [user.username, user.suspended_at])).toEqual([['rafael', null]]);
    const days = (silenced[0]!.silenced_until!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13);
    expect(days).toBeLessThanOrEqual(14);
    const history = await ctx.database.db
      .selectFrom('user_sanctions')
      .select(['kind', 'ended_at'])
      .where('user_id', '=', silenced[0]!.id)
      .orderBy('created_at')
      .execute();
    expect(history.map((row) => [row.kind, row.ended_at !== null])).toEqual([
      ['silence', true],
      ['silence', false],
    ]);
  });

  it("has the demo's reference rates, and each launched project its rate to the base currency", async () => {
    const rates = await ctx.app.inject('/api/v1/fx-rates');
    expect(rates.statusCode).toBe(200);
    expect(rates.json().data).toMatchObject({ date: '2026-11-26', base: 'EUR', rates: { USD: 1.0412 } });
    const projects = await ctx.database.db
      .selectFrom('projects')
      .select(['currency', 'base_rate', 'activated_at'])
      .execute();
    // 1 EUR = 1.0412 USD = 162.5 JPY.
    const toDollars = { USD: '1', EUR: '1.0412', JPY: crossRate('162.5', '1.0412') };
    for (const project of projects) {
      const expected = toDollars[project.currency as keyof typeof toDollars];
      expect(project.base_rate === null ? null : Number(project.base_rate)).toBe(
        project.activated_at ? Number(expected) : null,
      );
    }
  });

  it('has projects in dollars, euros and yen: live ones with pledges, a funded one, amounts in their own units', async () => {
    const projects = await ctx.database.db
      .selectFrom('projects')
      .select(['id', 'title', 'currency', 'status', 'goal_cents', 'current_cents'])
      .execute();
    expect(new Set(projects.map((p) => p.currency))).toEqual(new Set(['USD', 'EUR', 'JPY']));
    for (const currency of ['EUR', 'JPY']) {
      const own = projects.filter((p) => p.currency === currency);
      expect(own.some((p) => p.status === 'ACTIVE' && p.current_cents > 0)).toBe(true);
    }
    const funded = projects.find((p) => p.currency === 'JPY' && p.status === 'SUCCESSFUL')!;
    expect(funded.current_cents).toBeGreaterThanOrEqual(funded.goal_cents!);
    // The yen has no minor unit: a ¥3,000,000 goal is 3,000,000 in the column, not 300,000,000.
    const lamp = projects.find((p) => p.title.startsWith('Kintsugi Lamp'))!;
    expect(lamp.goal_cents).toBe(3_000_000);
    const pledges = await ctx.database.db
      .selectFrom('donations as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .select(['d.currency', 'p.currency as project_currency', 'd.status'])
      .execute();
    expect(pledges.every((d) => d.currency === d.project_currency)).toBe(true);
    const states = (currency: string) =>
      new Set(pledges.filter((d) => d.currency === currency).map((d) => d.status));
    expect(states('JPY')).toEqual(
      new Set(['PLEDGED', 'CANCELED', 'EXPIRED', 'SUCCEEDED', 'DROPPED', 'PAYMENT_FAILED', 'COLLECTING']),
    );
    expect(states('EUR')).toEqual(new Set(['SUCCEEDED', 'REFUNDED', 'RELEASED']));
  });

  it('has backed projects whose counters agree with the ledger and the donations', async () => {
    const projects = await ctx.database.db
      .selectFrom('projects')
      .select(['id', 'current_cents', 'backers_count'])
      .execute();
    expect(projects.some((p) => p.current_cents > 0)).toBe(true);
    for (const project of projects) {
      const agree = await ledgerAgrees(ctx, project.id);
      expect(agree.counters).toEqual(agree.donations);
      expect(agree.ledgerGross).toBe(agree.collectedCents);
    }
    const rewards = await ctx.app.inject('/api/v1/rewards/projects/1/rewards');
    expect(rewards.json().data.length).toBeGreaterThan(0);
  });

  it('has a successful campaign whose rewards are on their way: one with a tracking link, one received', async () => {
    const book = await ctx.database.db
      .selectFrom('projects')
      .select(['id', 'rewards_sent', 'rewards_total'])
      .where('title', '=', 'Quiet Streets: a photo book')
      .executeTakeFirstOrThrow();
    expect(book).toMatchObject({ rewards_sent: 2, rewards_total: 3 });
    const sent = await ctx.database.db
      .selectFrom('donations')
      .select(['fulfilment_status', 'tracking_url'])
      .where('project_id', '=', book.id)
      .where('fulfilment_status', 'is not', null)
      .orderBy('fulfilment_status')
      .execute();
    expect(sent).toEqual([
      { fulfilment_status: 'received', tracking_url: null },
      { fulfilment_status: 'sent', tracking_url: 'https://tracking.example.com/parcels/RR123456789SE' },
    ]);
  });

  it('has a sent backer survey on the collected photo book, answered by some backers and not others', async () => {
    const book = await ctx.database.db
      .selectFrom('projects')
      .select('id')
      .where('title', '=', 'Quiet Streets: a photo book')
      .executeTakeFirstOrThrow();
    const survey = await ctx.database.db
      .selectFrom('surveys')
      .selectAll()
      .where('project_id', '=', book.id)
      .executeTakeFirstOrThrow();
    expect(survey.sent_at).not.toBeNull();
    expect(survey.locked_at).toBeNull();
    const responses = await ctx.database.db
      .selectFrom('survey_responses')
      .select('answered_at')
      .where('project_id', '=', book.id)
      .execute();
    expect(responses.filter((r) => r.answered_at !== null).length).toBeGreaterThan(0);
    expect(responses.filter((r) => r.answered_at === null).length).toBeGreaterThan(0);
    // Nobody is due a reminder the moment the demo starts.
    expect(await ctx.app.services.surveys.remind()).toBe(0);
  });

  it('shows pledges in every state a backer can meet, and none that a job would act on at once', async () => {
    const rows = await ctx.database.db
      .selectFrom('donations as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .select(['d.status', 'd.reward_id', 'd.shipping_address', 'p.status as project_status'])
      .execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set([
        'PLEDGED',
        'SUCCEEDED',
        'PAYMENT_FAILED',
        'DROPPED',
        'CANCELED',
        'RELEASED',
        'REFUNDED',
        'EXPIRED',
        // A plan of instalments running (DESIGN.md §20).
        'COLLECTING',
      ]),
    );
    expect(rows.some((r) => r.reward_id !== null && r.shipping_address !== null)).toBe(true);
    // Nothing left for the collection nor the instalments: the demo does not change under a new user's eyes.
    expect(await ctx.app.services.collection.collect()).toEqual({ charged: 0, declined: 0, deferred: 0 });
    expect(await ctx.app.services.instalments.run()).toEqual({
      charged: 0,
      declined: 0,
      defaulted: 0,
      deferred: 0,
    });
    expect(rows.filter((r) => r.status === 'PLEDGED').every((r) => r.project_status === 'ACTIVE')).toBe(true);
  });

  it('has a funded campaign that offered pledge over time: one plan part paid, one defaulted', async () => {
    const plans = await ctx.database.db
      .selectFrom('donations as d')
      .innerJoin('projects as p', 'p.id', 'd.project_id')
      .innerJoin('users as u', 'u.id', 'd.donor_id')
      .select(['d.id', 'u.email', 'p.pledge_over_time', 'p.creator_id'])
      .where('d.pay_over_time', '=', true)
      .orderBy('d.id')
      .execute();
    expect(plans.map((plan) => plan.pledge_over_time)).toEqual([true, true]);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: plans[0]!.email, password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().access_token as string}` };
    const running = (
      await ctx.app.inject({ url: `/api/v1/backers/donations/${plans[0]!.id}`, headers })
    ).json().data;
    expect(running).toMatchObject({ status: 'COLLECTING', amount: 45_000, pay_over_time: true });
    expect(running.instalments.map((line: { status: string }) => line.status)).toEqual([
      'paid',
      'paid',
      'scheduled',
    ]);
    const ended = await ctx.database.db
      .selectFrom('pledge_instalments')
      .select('status')
      .where('donation_id', '=', plans[1]!.id)
      .orderBy('number')
      .execute();
    expect(ended.map((line) => line.status)).toEqual(['paid', 'cancelled', 'cancelled']);
  });

  it('has a conversation on the campaigns and work waiting for the admin', async () => {
    const call = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ url: `/api/v1/${url}`, headers });
    const signIn = async (email: string) => {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      return { authorization: `Bearer ${login.json().access_token as string}` };
    };
    const suncell = await ctx.database.db
      .selectFrom('projects')
      .select('id')
      .where('title', 'like', 'SunCell%')
      .executeTakeFirstOrThrow();
    const updates = (await call(`projects/${suncell.id}/updates`)).json().data.updates;
    expect(updates.map((u: { locked: boolean }) => u.locked)).toEqual([true, false]);
    const comments = (await call(`projects/${suncell.id}/comments`)).json().data.comments;
    expect(comments.some((c: { removed: boolean }) => c.removed)).toBe(true);
    expect(comments.some((c: { replies: unknown[] }) => c.replies.length > 0)).toBe(true);
    expect((await call(`projects/${suncell.id}/faqs`)).json().data.faqs.length).toBeGreaterThan(0);
    const sofia = await signIn('sofia@fundry.dev');
    const forBacker = (await call(`projects/${suncell.id}/updates`, sofia)).json().data.updates;
    expect(forBacker[0].body).toContain('colour');
    const unread = (await call('notifications', sofia)).json().data.unread_count;
    expect(unread).toBeGreaterThan(0);

    const admin = await signIn('admin@fundry.dev');
    const pending = (await call('admin/queues/pending', admin)).json().data;
    expect(pending.length).toBe(2);
    expect(pending.every((p: { submitted_at: string | null }) => p.submitted_at !== null)).toBe(true);
    expect((await call('admin/reports?status=open', admin)).json().data).toHaveLength(2);
    expect((await call('admin/audit-log', admin)).json().data.length).toBeGreaterThan(0);
  });

  it('has rewards that ship within the US or anywhere at set prices, and digital ones without rules', async () => {
    const rewards = await ctx.database.db
      .selectFrom('rewards as r')
      .innerJoin('projects as p', 'p.id', 'r.project_id')
      .select(['r.shipping_type', 'r.shipping_rules', 'p.currency'])
      .execute();
    const ofType = (type: string) =>
      rewards.filter((reward) => reward.shipping_type === type && reward.currency === 'USD');
    expect(ofType('none').length).toBeGreaterThan(0);
    expect(ofType('none').every((reward) => reward.shipping_rules.length === 0)).toBe(true);
    expect(ofType('domestic').length).toBeGreaterThan(0);
    for (const reward of ofType('domestic'))
      expect(reward.shipping_rules).toEqual([{ country: 'US', cost_cents: 500 }]);
    expect(ofType('international').length).toBeGreaterThan(0);
    for (const reward of ofType('international')) {
      expect(reward.shipping_rules).toContainEqual({ country: '*', cost_cents: 2500 });
      expect(reward.shipping_rules).toContainEqual({ country: 'CA', cost_cents: 1200 });
    }
    // A reward of a project in yen ships at prices in yen, within Japan or anywhere.
    const inYen = rewards.filter((reward) => reward.currency === 'JPY' && reward.shipping_type !== 'none');
    expect(inYen.map((reward) => reward.shipping_rules)).toContainEqual([{ country: 'JP', cost_cents: 800 }]);
    expect(inYen.map((reward) => reward.shipping_rules)).toContainEqual([
      { country: 'JP', cost_cents: 800 },
      { country: 'US', cost_cents: 2500 },
      { country: '*', cost_cents: 3200 },
    ]);
  });

  it('has a running campaign past its goal with stretch goals on its bar, the first one reached', async () => {
    const atlas = await ctx.database.db
      .selectFrom('projects')
      .select(['id', 'status', 'goal_cents', 'current_cents'])
      .where('title', 'like', 'Open Atlas%')
      .executeTakeFirstOrThrow();
    expect(atlas.status).toBe('ACTIVE');
    expect(atlas.current_cents).toBeGreaterThan(atlas.goal_cents!);
    const listed = await ctx.app.inject(`/api/v1/projects/${atlas.id}/stretch-goals`);
    const goals = listed.json().data.stretch_goals as { amount: number; reached_at: string | null }[];
    expect(goals.map((goal) => [goal.amount, goal.reached_at !== null])).toEqual([
      [13_000, true],
      [18_000, false],
      [25_000, false],
    ]);
  });

  it('has a creator with her bank connected and a payout history: one paid, one refused and why', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'sofia@fundry.dev', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    const { id } = await ctx.database.db
      .selectFrom('projects')
      .select('id')
      .where('title', '=', 'Quiet Streets: a photo book')
      .executeTakeFirstOrThrow();
    const history = await ctx.app.inject({ url: `/api/v1/payouts/projects/${id}/payouts`, headers });
    expect(history.statusCode, history.body).toBe(200);
    const payouts = history.json().data.payouts as Array<{ status: string; failure_reason: string | null }>;
    expect(payouts.map((payout) => [payout.status, payout.failure_reason])).toEqual([
      ['FAILED', 'insufficient_funds'],
      ['COMPLETED', null],
    ]);
    const eligibility = await ctx.app.inject({
      url: `/api/v1/payouts/projects/${id}/payout/eligibility`,
      headers,
    });
    // The refused payout's amount is back in the balance, which stays open to take out.
    expect(eligibility.json().data).toMatchObject({ eligible: true });
    expect(eligibility.json().data.available_amount).toBeGreaterThan(0);
  });

  it('has an admin and creators who can sign in with the documented password', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'admin@fundry.dev', password: DEMO_PASSWORD },
    });
    expect(login.json().data.user.roles).toEqual(['Admin', 'User']);
  });
});
