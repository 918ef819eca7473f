import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLEDGE_MESSAGES, REWARD_MESSAGES } from '@fundry/shared';
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

type Headers = Record<string, string>;

describe.each(databaseKinds)('backing on %s', (kind) => {
  let ctx: TestContext;
  let creator: { user: { id: number }; headers: Headers };
  let backer: { user: { id: number }; headers: Headers };
  let projectId: number;

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    creator = await signedInUser(ctx);
    backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    projectId = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      title: 'Solar kettle',
      goal: 100,
      // Paid at checkout: the saved-card pledges of all-or-nothing campaigns have their own tests (pledges.test.ts).
      fundingModel: 'flexible',
    });
  });
  afterAll(() => ctx.close());

  const createReward = async (body: Record<string, unknown>, headers = creator.headers, id = projectId) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/rewards/projects/${id}/rewards`,
      headers,
      payload: {
        title: 'Early bird',
        description: 'A kettle, first batch',
        minimum_amount: 25,
        estimated_delivery_date: inDays(60),
        ...body,
      },
    });

  describe('rewards', () => {
    it('creates rewards with the SPEC rules and derived fields, for the creator only', async () => {
      const created = await createReward({ quantity_available: 3, shipping_type: 'none' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        message: 'Reward created successfully!',
        data: {
          minimum_amount: 25,
          amount: 25,
          quantity_available: 3,
          remaining: 3,
          inventory: 3,
          is_available: true,
          is_digital: true,
          backers_count: 0,
        },
      });
      expect((await createReward({}, backer.headers)).statusCode).toBe(403);
      expect((await createReward({}, {})).statusCode).toBe(401);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: '' }, 'title', inEnglish(REWARD_MESSAGES.titleRequired)],
        [{ title: 'x'.repeat(101) }, 'title', inEnglish(REWARD_MESSAGES.titleLength)],
        [{ description: 'y'.repeat(501) }, 'description', inEnglish(REWARD_MESSAGES.descriptionLength)],
        [{ minimum_amount: 0.5 }, 'minimum_amount', inEnglish(REWARD_MESSAGES.minimumTooLow)],
        [{ minimum_amount: 10.999 }, 'minimum_amount', inEnglish(REWARD_MESSAGES.decimals)],
        [{ quantity_available: 0 }, 'quantity_available', inEnglish(REWARD_MESSAGES.quantityMin)],
        [
          { estimated_delivery_date: inDays(-1) },
          'estimated_delivery_date',
          inEnglish(REWARD_MESSAGES.deliveryPast),
        ],
        [
          { shipping_type: 'moon' },
          'shipping_type',
          'Invalid option: expected one of "none"|"domestic"|"international"',
        ],
      ];
      for (const [body, field, message] of cases) {
        const response = await createReward(body);
        expect([field, response.statusCode, response.json().details?.[field]]).toEqual([
          field,
          400,
          [message],
        ]);
      }
      const list = await ctx.app.inject(`/api/v1/rewards/projects/${projectId}/rewards`);
      expect(list.json().data.length).toBeGreaterThan(0);
    });

    it('updates a reward and refuses to delete one that has backers', async () => {
      const reward = (await createReward({ title: 'Sticker', minimum_amount: 5 })).json().data;
      const url = `/api/v1/rewards/projects/${projectId}/rewards/${reward.id}`;
      const updated = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: creator.headers,
        payload: {
          title: 'Sticker pack',
          description: 'Three stickers',
          minimum_amount: 6,
          quantity_available: null,
          estimated_delivery_date: inDays(30),
          shipping_type: 'domestic',
          shipping_rules: [{ country: 'US', cost: 4 }],
        },
      });
      expect(updated.json()).toMatchObject({
        message: 'Reward updated successfully!',
        data: {
          title: 'Sticker pack',
          is_digital: false,
          remaining: null,
          shipping_rules: [{ country: 'US', cost: 4 }],
        },
      });
      const fan = await signedInUser(ctx);
      const paid = await pledge(ctx, fan.headers, projectId, {
        amount: 10,
        reward_id: reward.id,
        shipping_address: {
          name: 'Fan',
          line1: '1 Main St',
          city: 'Austin',
          postal_code: '73301',
          country: 'US',
        },
      });
      await payInSandbox(ctx, paid.json().data.checkout_url);
      const refused = await ctx.app.inject({ method: 'DELETE', url, headers: creator.headers });
      expect([refused.statusCode, refused.json().message]).toEqual([
        409,
        inEnglish(REWARD_MESSAGES.hasBackers),
      ]);
      const spare = (await createReward({ title: 'Spare' })).json().data;
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/rewards/projects/${projectId}/rewards/${spare.id}`,
        headers: creator.headers,
      });
      expect(deleted.json()).toEqual({ message: 'Reward deleted successfully' });
    });
  });

  describe('pledges through the sandbox checkout', () => {
    it('pays: donation, reward claim, counters, ledger, notifications and receipt in one go', async () => {
      const reward = (
        await createReward({ title: 'Limited', minimum_amount: 19.99, quantity_available: 2 })
      ).json().data;
      const before = (await ctx.app.inject(`/api/v1/backers/projects/${projectId}/public-stats`)).json().data;

      const response = await pledge(ctx, backer.headers, projectId, { amount: 19.99, reward_id: reward.id });
      expect(response.statusCode).toBe(201);
      const { checkout_url, donation_id } = response.json().data;
      expect(checkout_url).toMatch(/\/sandbox\/checkout\/cs_sandbox_/);
      const page = await ctx.app.inject(new URL(checkout_url).pathname);
      expect(page.body).toContain('Pay $19.99');
      expect(page.body).toContain('Limited');

      const pending = await ctx.app.inject(`/api/v1/rewards/projects/${projectId}/rewards`);
      expect(pending.json().data.find((r: { id: number }) => r.id === reward.id).remaining).toBe(1);

      const paid = await payInSandbox(ctx, checkout_url);
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe(`http://localhost:5000/donation/success?donation_id=${donation_id}`);

      const donation = await ctx.app.inject({
        url: `/api/v1/backers/donations/${donation_id}`,
        headers: backer.headers,
      });
      expect(donation.json().data).toMatchObject({
        amount: 19.99,
        status: 'SUCCEEDED',
        project_id: projectId,
        reward_title: 'Limited',
      });
      expect(
        (await ctx.app.inject({ url: `/api/v1/backers/donations/${donation_id}`, headers: creator.headers }))
          .statusCode,
      ).toBe(404);

      const after = (await ctx.app.inject(`/api/v1/backers/projects/${projectId}/public-stats`)).json().data;
      expect(Math.round((after.total_amount - before.total_amount) * 100)).toBe(1999);
      const rewards = (await ctx.app.inject(`/api/v1/rewards/projects/${projectId}/rewards`)).json().data;
      expect(rewards.find((r: { id: number }) => r.id === reward.id)).toMatchObject({
        quantity_claimed: 1,
        remaining: 1,
        backers_count: 1,
      });

      const ledger = await ctx.database.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('donation_id', '=', donation_id)
        .executeTakeFirstOrThrow();
      // 2.9% of 1999 = 57.971 → 58, plus 30; 5% of 1999 = 99.95 → 100 (half-up).
      expect([
        ledger.gross_cents,
        ledger.processing_fee_cents,
        ledger.platform_fee_cents,
        ledger.net_cents,
      ]).toEqual([1999, 88, 100, 1811]);

      const notes = await ctx.app.inject({
        url: '/api/v1/notifications/?unread_only=true',
        headers: creator.headers,
      });
      const types = notes.json().data.notifications.map((n: { type: string }) => n.type);
      expect(types).toContain('DONATION');
      expect(
        notes.json().data.notifications.find((n: { type: string }) => n.type === 'DONATION').message,
      ).toContain('Bea Backer');

      const agree = await ledgerAgrees(ctx, projectId);
      expect(agree.counters).toEqual(agree.donations);
      expect(agree.ledgerGross).toBe(agree.counters.cents);

      // Paying again on the same page changes nothing.
      await payInSandbox(ctx, checkout_url);
      expect((await ledgerAgrees(ctx, projectId)).counters).toEqual(agree.counters);
    });

    it('cancels: nothing changes and the reservation is released', async () => {
      const reward = (
        await createReward({ title: 'One only', minimum_amount: 10, quantity_available: 1 })
      ).json().data;
      const before = await ledgerAgrees(ctx, projectId);
      const leaver = await signedInUser(ctx);
      const response = await pledge(ctx, leaver.headers, projectId, { amount: 10, reward_id: reward.id });
      const { checkout_url, donation_id } = response.json().data;
      const soldOut = await pledge(
        ctx,
        creator.headers === backer.headers ? {} : (await signedInUser(ctx)).headers,
        projectId,
        { amount: 10, reward_id: reward.id },
      );
      expect([soldOut.statusCode, soldOut.json().message]).toEqual([409, inEnglish(REWARD_MESSAGES.soldOut)]);

      const cancel = await ctx.app.inject({
        method: 'POST',
        url: `${new URL(checkout_url).pathname}/cancel`,
      });
      expect(cancel.headers.location).toBe(
        `http://localhost:5000/donation/cancel?donation_id=${donation_id}`,
      );
      expect(
        (
          await ctx.app.inject({ url: `/api/v1/backers/donations/${donation_id}`, headers: leaver.headers })
        ).json().data.status,
      ).toBe('CANCELED');
      expect((await ledgerAgrees(ctx, projectId)).counters).toEqual(before.counters);
      const rewards = (await ctx.app.inject(`/api/v1/rewards/projects/${projectId}/rewards`)).json().data;
      expect(rewards.find((r: { id: number }) => r.id === reward.id).remaining).toBe(1);
      // A closed checkout cannot be paid afterwards.
      await payInSandbox(ctx, checkout_url);
      expect(
        (
          await ctx.app.inject({ url: `/api/v1/backers/donations/${donation_id}`, headers: leaver.headers })
        ).json().data.status,
      ).toBe('CANCELED');
    });

    it('checks every pledge rule on the server', async () => {
      const reward = (await createReward({ minimum_amount: 50 })).json().data;
      const newcomer = await signedInUser(ctx);
      const cases: [Headers, number, Record<string, unknown>, number, string][] = [
        [creator.headers, projectId, { amount: 10 }, 403, inEnglish(PLEDGE_MESSAGES.ownProject)],
        [
          newcomer.headers,
          projectId,
          { amount: 10, reward_id: reward.id },
          422,
          inEnglish(PLEDGE_MESSAGES.belowReward),
        ],
        [newcomer.headers, projectId, { amount: 0.5 }, 400, inEnglish(PLEDGE_MESSAGES.amountMin)],
        [newcomer.headers, projectId, { amount: 0 }, 400, inEnglish(PLEDGE_MESSAGES.amountMin)],
        [newcomer.headers, projectId, { amount: -5 }, 400, inEnglish(PLEDGE_MESSAGES.amountMin)],
        [newcomer.headers, projectId, { amount: 10.001 }, 400, inEnglish(PLEDGE_MESSAGES.decimals)],
        [newcomer.headers, projectId, { amount: '10' }, 400, 'Must be a number'],
        [newcomer.headers, projectId, { amount: 'NaN' }, 400, 'Must be a number'],
        [newcomer.headers, projectId, { amount: 1e15 }, 400, inEnglish(PLEDGE_MESSAGES.amountMax)],
        [
          newcomer.headers,
          projectId,
          { amount: 10, currency: 'EUR' },
          400,
          inEnglish(PLEDGE_MESSAGES.currency),
        ],
        [newcomer.headers, projectId, { amount: 10, reward_id: 999999 }, 404, 'Reward not found'],
        [backer.headers, projectId, { amount: 10 }, 409, inEnglish(PLEDGE_MESSAGES.alreadyBacked)],
      ];
      for (const [headers, id, body, status, message] of cases) {
        const response = await pledge(ctx, headers, id, body as { amount: number });
        expect([JSON.stringify(body), response.statusCode, response.json().message]).toEqual([
          JSON.stringify(body),
          status,
          expect.stringContaining(message),
        ]);
      }
      expect((await pledge(ctx, {}, projectId, { amount: 10 })).statusCode).toBe(401);

      const db = ctx.database.db;
      const upcoming = await createProjectRow(db, { creatorId: creator.user.id, start: 3, end: 30 });
      const pending = await createProjectRow(db, { creatorId: creator.user.id, status: 'PENDING' });
      const ended = await createProjectRow(db, {
        creatorId: creator.user.id,
        status: 'SUCCESSFUL',
        start: -40,
        end: -1,
      });
      expect((await pledge(ctx, backer.headers, upcoming, { amount: 10 })).json().message).toBe(
        inEnglish(PLEDGE_MESSAGES.notRunning),
      );
      expect((await pledge(ctx, backer.headers, pending, { amount: 10 })).statusCode).toBe(404);
      expect((await pledge(ctx, backer.headers, ended, { amount: 10 })).json().message).toBe(
        inEnglish(PLEDGE_MESSAGES.notActive),
      );
    });

    it('lists my backed projects with my own total, and someone else’s without amounts', async () => {
      const mine = await ctx.app.inject({
        url: '/api/v1/backers/me/backed-projects?page=1&per_page=20&status=active',
        headers: backer.headers,
      });
      expect(mine.statusCode).toBe(200);
      const body = mine.json();
      expect(body.data[0]).toMatchObject({ id: projectId, title: 'Solar kettle' });
      expect(body.data[0].total_amount).toBeGreaterThan(0);
      expect(body.data[0].pledge).toMatchObject({ status: 'SUCCEEDED', charge_date: null });
      expect(body.meta).toMatchObject({ total: 1, pages: 1 });
      expect(body.meta.first_backed_at).toBeTruthy();
      const failed = await ctx.app.inject({
        url: '/api/v1/backers/me/backed-projects?status=FAILED',
        headers: backer.headers,
      });
      expect(failed.json().data).toEqual([]);
      const theirs = await ctx.app.inject(`/api/v1/backers/users/${backer.user.id}/backed-projects`);
      expect(theirs.json().data[0].total_amount).toBeNull();
      expect(theirs.json().data[0].pledge).toBeNull();
      expect(theirs.json().meta.total_amount).toBeNull();
      const profile = await ctx.app.inject({ url: '/api/v1/profile/', headers: backer.headers });
      expect(profile.json().data.user).toMatchObject({ backed_projects_count: 1 });
      expect(profile.json().data.user.total_donations).toBeGreaterThan(0);
    });

    it('answers a page past the end with the totals, and someone else’s list only for a user who is there', async () => {
      const mine = await ctx.app.inject({
        url: '/api/v1/backers/me/backed-projects?page=9&per_page=20',
        headers: backer.headers,
      });
      expect(mine.json().data).toEqual([]);
      expect(mine.json().meta).toMatchObject({ total: 1, pages: 1, page: 9 });
      expect(mine.json().meta.total_amount).toBeGreaterThan(0);
      expect(mine.json().meta.first_backed_at).toBeTruthy();

      const nobody = await signedInUser(ctx);
      const theirs = (id: number) => ctx.app.inject(`/api/v1/backers/users/${id}/backed-projects`);
      expect((await theirs(nobody.user.id)).json()).toMatchObject({ data: [], meta: { total: 0 } });
      await ctx.database.db
        .updateTable('users')
        .set({ deleted_at: new Date() })
        .where('id', '=', nobody.user.id)
        .execute();
      expect((await theirs(nobody.user.id)).statusCode).toBe(404);
      expect((await theirs(nobody.user.id + 1000)).statusCode).toBe(404);
    });

    it('pages a backer’s projects newest backing first, summing each project and leaving out revoked ones', async () => {
      const db = ctx.database.db;
      const fan = await signedInUser(ctx);
      const newProject = () => createProjectRow(db, { creatorId: creator.user.id, fundingModel: 'flexible' });
      const [first, second, third, revoked] = [
        await newProject(),
        await newProject(),
        await newProject(),
        await newProject(),
      ];
      const back = async (id: number, amount: number) => {
        const response = await pledge(ctx, fan.headers, id, { amount });
        expect((await payInSandbox(ctx, response.json().data.checkout_url)).statusCode).toBe(303);
      };
      // Backed in this order, so `first` is the newest backing.
      for (const [id, amount] of [
        [revoked, 4],
        [second, 20],
        [third, 30],
        [first, 25],
      ] as const)
        await back(id, amount);
      await db
        .updateTable('projects')
        .set({ status: 'REJECTED', revocation_reason: 'Not as described' })
        .where('id', '=', revoked)
        .execute();

      const backed = async (query: string) => {
        const response = await ctx.app.inject({
          url: `/api/v1/backers/me/backed-projects?${query}`,
          headers: fan.headers,
        });
        expect(response.statusCode).toBe(200);
        return response.json();
      };
      const pageOne = await backed('page=1&per_page=2');
      expect(pageOne.data.map((p: { id: number }) => p.id)).toEqual([first, third]);
      expect(pageOne.data.map((p: { total_amount: number }) => p.total_amount)).toEqual([25, 30]);
      expect(pageOne.meta).toMatchObject({ total: 3, pages: 2, page: 1, per_page: 2 });
      const pageTwo = await backed('page=2&per_page=2');
      expect(pageTwo.data.map((p: { id: number }) => p.id)).toEqual([second]);
      expect(pageTwo.meta.total).toBe(3);
      const beyond = await backed('page=5&per_page=2');
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toMatchObject({ total: 3, pages: 2, page: 5 });
    });

    it('keeps a backer’s projects with every change of a pledge or a project’s status, whoever writes it', async () => {
      const db = ctx.database.db;
      const fan = await signedInUser(ctx);
      const id = await createProjectRow(db, { creatorId: creator.user.id, fundingModel: 'flexible' });
      const response = await pledge(ctx, fan.headers, id, { amount: 12 });
      const backed = async (status: string) =>
        (
          await ctx.app.inject({
            url: `/api/v1/backers/me/backed-projects?status=${status}`,
            headers: fan.headers,
          })
        ).json();
      // An open checkout is not a backing yet.
      expect((await backed('ACTIVE')).meta.total).toBe(0);
      await payInSandbox(ctx, response.json().data.checkout_url);
      expect((await backed('ACTIVE')).data.map((p: { total_amount: number }) => p.total_amount)).toEqual([
        12,
      ]);

      // The settlement job and moderation change statuses in SQL of their own: the filters follow.
      await db.updateTable('projects').set({ status: 'SUCCESSFUL' }).where('id', '=', id).execute();
      expect((await backed('ACTIVE')).meta.total).toBe(0);
      expect((await backed('SUCCESSFUL')).data.map((p: { id: number }) => p.id)).toEqual([id]);

      const donation = response.json().data.donation_id as number;
      await db.updateTable('donations').set({ status: 'REFUNDED' }).where('id', '=', donation).execute();
      expect((await backed('SUCCESSFUL')).meta.total).toBe(0);
      expect((await backed('ALL')).meta).toMatchObject({ total: 0, total_amount: 0 });
      expect(await backerSummaryMismatches(ctx)).toEqual([]);
      expect(await backingMismatches(ctx)).toEqual([]);
    });

    it('marks notifications read, one or all, own only', async () => {
      const list = (await ctx.app.inject({ url: '/api/v1/notifications/', headers: creator.headers })).json()
        .data;
      const first = list.notifications[0];
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/v1/notifications/${first.id}/read`,
            headers: backer.headers,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: `/api/v1/notifications/${first.id}/read`,
            headers: creator.headers,
          })
        ).statusCode,
      ).toBe(200);
      const after = (await ctx.app.inject({ url: '/api/v1/notifications/', headers: creator.headers })).json()
        .data;
      expect(after.unread_count).toBe(list.unread_count - 1);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/notifications/read-all',
        headers: creator.headers,
      });
      expect(
        (
          await ctx.app.inject({ url: '/api/v1/notifications/?unread_only=true', headers: creator.headers })
        ).json().data.notifications,
      ).toEqual([]);
    });
  });
});

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
