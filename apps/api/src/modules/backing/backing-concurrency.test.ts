import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLEDGE_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import {
  backerSummaryMismatches,
  backingMismatches,
  ledgerAgrees,
  payInSandbox,
  pledge,
} from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inDays } from '../../test/projects';
import { inEnglish } from '../../test/i18n';

describe.runIf(databaseKinds.includes('postgres'))('concurrency on the PostgreSQL server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp('postgres');
  });
  afterAll(() => ctx.close());

  it('50 concurrent pledges for a reward with 10 left reserve exactly 10', async () => {
    const creator = await signedInUser(ctx);
    const projectId = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      fundingModel: 'flexible',
    });
    const reward = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/rewards/projects/${projectId}/rewards`,
      headers: creator.headers,
      payload: {
        title: 'Ten only',
        description: 'Numbered',
        minimum_amount: 5,
        quantity_available: 10,
        estimated_delivery_date: inDays(30),
      },
    });
    const rewardId = reward.json().data.id as number;
    const backers = await Promise.all(Array.from({ length: 50 }, () => signedInUser(ctx)));
    const results = await Promise.all(
      backers.map((b) => pledge(ctx, b.headers, projectId, { amount: 5, reward_id: rewardId })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    const row = await ctx.database.db
      .selectFrom('rewards')
      .selectAll()
      .where('id', '=', rewardId)
      .executeTakeFirstOrThrow();
    expect(row.quantity_reserved + row.quantity_claimed).toBe(10);
  });

  it('200 concurrent pledges of 40 backers: one live pledge each, and the payments agree with the ledger', async () => {
    const creator = await signedInUser(ctx);
    const projectId = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      goal: 100,
      fundingModel: 'flexible',
    });
    const backers = await Promise.all(Array.from({ length: 40 }, () => signedInUser(ctx)));
    // Each backer clicks Back five times at once: one checkout stays open, the others are replaced or refused.
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        pledge(ctx, backers[i % 40]!.headers, projectId, { amount: 1 + (i % 40) + 0.99 }),
      ),
    );
    const open = await ctx.database.db
      .selectFrom('donations')
      .select(['id', 'donor_id', 'checkout_session_id'])
      .where('project_id', '=', projectId)
      .where('status', '=', 'PENDING')
      .execute();
    expect(open).toHaveLength(40);
    expect(new Set(open.map((d) => d.donor_id)).size).toBe(40);
    await Promise.all(
      open.map((d) => payInSandbox(ctx, `http://localhost:5000/sandbox/checkout/${d.checkout_session_id}`)),
    );
    const again = await pledge(ctx, backers[0]!.headers, projectId, { amount: 5 });
    expect([again.statusCode, again.json().message]).toEqual([409, inEnglish(PLEDGE_MESSAGES.alreadyBacked)]);
    expect(again.json().details.donation_id).toBe(open.find((d) => d.donor_id === backers[0]!.user.id)!.id);
    const agree = await ledgerAgrees(ctx, projectId);
    expect(agree.donations.backers).toBe(40);
    expect(agree.counters).toEqual(agree.donations);
    expect(agree.ledgerGross).toBe(agree.counters.cents);
    expect(await backerSummaryMismatches(ctx)).toEqual([]);
    expect(await backingMismatches(ctx)).toEqual([]);
    const amounts = await ctx.database.db
      .selectFrom('donations')
      .select('amount_cents')
      .where('project_id', '=', projectId)
      .where('status', '=', 'SUCCEEDED')
      .execute();
    expect(amounts).toHaveLength(40);
    expect(agree.counters.cents).toBe(amounts.reduce((sum, d) => sum + d.amount_cents, 0));
    // Exactly one GOAL_REACHED for the creator, however the payments interleaved.
    const goal = await ctx.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', creator.user.id)
      .where('type', '=', 'GOAL_REACHED')
      .execute();
    expect(goal).toHaveLength(1);
  }, 120_000);
});
