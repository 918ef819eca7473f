import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { seedPaidPledge } from '../../db/seed/backing';
import { backProject, ledgerAgrees, pledge, saveCardInSandbox } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { notificationText } from '../notifications/notifications.service';

const DAY = 86_400_000;

describe.each(databaseKinds)('settlement on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: Awaited<ReturnType<typeof signedInUser>>;
  let backers: Awaited<ReturnType<typeof signedInUser>>[];

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, { clock: () => new Date(now) });
    creator = await signedInUser(ctx);
    backers = await Promise.all([signedInUser(ctx), signedInUser(ctx), signedInUser(ctx)]);
  });
  afterAll(() => ctx.close());

  /** A running campaign ending in 5 days, backed with these amounts (one backer each). */
  async function campaign(
    goal: number,
    amounts: number[],
    fundingModel: 'all_or_nothing' | 'flexible' = 'all_or_nothing',
  ) {
    now = Date.now();
    const id = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      goal,
      start: -1,
      end: 5,
    });
    await ctx.database.db
      .updateTable('projects')
      .set({ funding_model: fundingModel })
      .where('id', '=', id)
      .execute();
    for (const [i, amount] of amounts.entries()) await backProject(ctx, backers[i]!.headers, id, { amount });
    return id;
  }
  const status = async (id: number) =>
    (
      await ctx.database.db
        .selectFrom('projects')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('leaves running campaigns alone and settles a funded one as SUCCESSFUL, telling creator and backers', async () => {
    const id = await campaign(100, [60, 50]);
    expect(await ctx.app.services.projectLifecycle.settle()).toMatchObject({ settled: 0 });
    now = Date.now() + 7 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    expect(await status(id)).toBe('SUCCESSFUL');
    const notes = await ctx.database.db
      .selectFrom('notifications')
      .select(['user_id', 'type'])
      .where('project_id', '=', id)
      .where('type', '=', 'CAMPAIGN_RESULT')
      .execute();
    expect(new Set(notes.map((n) => n.user_id))).toEqual(
      new Set([creator.user.id, backers[0]!.user.id, backers[1]!.user.id]),
    );
  });

  it('fails an unfunded all-or-nothing campaign: pledges released uncharged, old-model captures refunded', async () => {
    const id = await campaign(1000, [19.99, 250.01]);
    // A donation charged at checkout before pledges saved cards (migration 0010 kept it SUCCEEDED).
    await seedPaidPledge(ctx.database.db, id, backers[2]!.user.id, 199, 'all_or_nothing');
    const before = await ledgerAgrees(ctx, id);
    expect(before.counters.cents).toBe(1999 + 25001 + 199);
    expect(before.ledgerGross).toBe(199);
    now = Date.now() + 7 * DAY;
    const result = await ctx.app.services.projectLifecycle.settle();
    expect(result.refunded).toBe(1);
    expect(await status(id)).toBe('FAILED');
    const refunds = await ctx.database.db
      .selectFrom('ledger_entries')
      .select('gross_cents')
      .where('project_id', '=', id)
      .where('kind', '=', 'refund')
      .execute();
    expect(refunds.map((r) => Number(r.gross_cents))).toEqual([-199]);
    const after = await ledgerAgrees(ctx, id);
    expect(after.counters).toEqual({ cents: 0, backers: 0 });
    expect(after.ledgerGross).toBe(0);
    const donations = await ctx.database.db
      .selectFrom('donations')
      .select('status')
      .where('project_id', '=', id)
      .orderBy('id')
      .execute();
    expect(donations.map((d) => d.status)).toEqual(['RELEASED', 'RELEASED', 'REFUNDED']);
    const told = await ctx.database.db
      .selectFrom('notifications')
      .select(['message', 'message_values'])
      .where('project_id', '=', id)
      .where('user_id', '=', backers[0]!.user.id)
      .where('type', '=', 'CAMPAIGN_RESULT')
      .executeTakeFirstOrThrow();
    expect(notificationText(ctx.app.translators.for('en'), told)).toContain('you will not be charged');
  });

  it('keeps what a flexible campaign raised', async () => {
    const id = await campaign(1000, [10], 'flexible');
    now = Date.now() + 7 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    expect(await status(id)).toBe('FAILED');
    expect((await ledgerAgrees(ctx, id)).counters.cents).toBe(1000);
  });

  it('holds no card for a checkout finished after its all-or-nothing campaign failed', async () => {
    const id = await campaign(1000, [5]);
    const late = await pledge(ctx, backers[2]!.headers, id, { amount: 7 });
    now = Date.now() + 7 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    expect(await status(id)).toBe('FAILED');
    // The backer saves a card on a checkout opened before the end (it is still within its own expiry).
    await ctx.database.db
      .updateTable('donations')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where('id', '=', late.json().data.donation_id)
      .execute();
    await saveCardInSandbox(ctx, late.json().data.checkout_url);
    const donation = await ctx.database.db
      .selectFrom('donations')
      .select('status')
      .where('id', '=', late.json().data.donation_id)
      .executeTakeFirstOrThrow();
    expect(donation.status).toBe('EXPIRED');
    expect((await ledgerAgrees(ctx, id)).counters).toEqual({ cents: 0, backers: 0 });
  });

  it('settles once when two runs start at the same time', async () => {
    const id = await campaign(1000, [11, 12]);
    await seedPaidPledge(ctx.database.db, id, backers[2]!.user.id, 1300, 'all_or_nothing');
    now = Date.now() + 7 * DAY;
    const [a, b] = await Promise.all([
      ctx.app.services.projectLifecycle.settle(),
      ctx.app.services.projectLifecycle.settle(),
    ]);
    expect(a.refunded + b.refunded).toBe(1);
    expect(a.settled + b.settled).toBe(1);
    const rows = await ctx.database.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('project_id', '=', id)
      .execute();
    expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(1);
    const results = await ctx.database.db
      .selectFrom('notifications')
      .select('id')
      .where('project_id', '=', id)
      .where('type', '=', 'CAMPAIGN_RESULT')
      .where('user_id', '=', creator.user.id)
      .execute();
    expect(results).toHaveLength(1);
  });

  it('expires stale reservations and frees their rewards', async () => {
    now = Date.now();
    const id = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, goal: 100 });
    const reward = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/rewards/projects/${id}/rewards`,
      headers: creator.headers,
      payload: {
        title: 'One',
        description: 'Only one',
        minimum_amount: 5,
        quantity_available: 1,
        estimated_delivery_date: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      },
    });
    const rewardId = reward.json().data.id as number;
    const response = await pledge(ctx, backers[0]!.headers, id, { amount: 5, reward_id: rewardId });
    expect(response.statusCode).toBe(201);
    expect(await ctx.app.services.payments.expireStale()).toBe(0);
    now = Date.now() + 36 * 60_000;
    expect(await ctx.app.services.payments.expireStale()).toBe(1);
    const row = await ctx.database.db
      .selectFrom('rewards')
      .select(['quantity_reserved'])
      .where('id', '=', rewardId)
      .executeTakeFirstOrThrow();
    expect(row.quantity_reserved).toBe(0);
  });
});
