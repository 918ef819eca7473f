import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLEDGE_MESSAGES, REWARD_MESSAGES } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { signedInUser } from '../../test/auth-helpers';
import {
  backerSummaryMismatches,
  backingMismatches,
  ledgerAgrees,
  payInSandbox,
  pledge,
} from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { type Backing, openBacking } from './backing.fixtures';

type Headers = Record<string, string>;

describe.each(databaseKinds)('backing on %s', (kind) => {
  let { ctx, creator, backer, projectId, createReward } = {} as Backing;

  beforeAll(async () => {
    ({ ctx, creator, backer, projectId, createReward } = await openBacking(kind));
  });
  afterAll(() => ctx.close());

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

    it('pages a backer’s projects newest backing first, summing each project, a revoked one on hold to them alone', async () => {
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
      expect(pageOne.meta).toMatchObject({ total: 4, pages: 2, page: 1, per_page: 2 });
      // A live campaign revoked is on hold (DESIGN.md §18): its backer still sees it, without the admin's words.
      const pageTwo = await backed('page=2&per_page=2');
      expect(pageTwo.data.map((p: { id: number }) => p.id)).toEqual([second, revoked]);
      expect(pageTwo.data.map((p: { on_hold: boolean }) => p.on_hold)).toEqual([false, true]);
      expect(pageTwo.data[1]).toMatchObject({ total_amount: 4, revocation_reason: null });
      expect(pageTwo.meta.total).toBe(4);
      const beyond = await backed('page=5&per_page=2');
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toMatchObject({ total: 4, pages: 2, page: 5 });
      // Anyone else's view of the backer leaves it out.
      const theirs = await ctx.app.inject({ url: `/api/v1/backers/users/${fan.user.id}/backed-projects` });
      expect(theirs.json().data.map((p: { id: number }) => p.id)).toEqual([first, third, second]);
      expect(theirs.json().meta.total).toBe(3);
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
