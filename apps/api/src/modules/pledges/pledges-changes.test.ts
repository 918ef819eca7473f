import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLEDGE_MESSAGES, REWARD_MESSAGES, todayUtc } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees, pledge } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { address, DAY, openPledges, type Pledges } from './pledges.fixtures';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** What a backer may do with their pledge while the campaign runs: change it, cancel it, and who else may not. */
describe.each(databaseKinds)('pledges on %s', (kind) => {
  let now = Date.now();
  let { ctx, creator, admin, db, api, myPledge, statusOf, rewardRow, campaign } = {} as Pledges;

  beforeAll(async () => {
    ({ ctx, creator, admin, db, api, myPledge, statusOf, rewardRow, campaign } = await openPledges(kind, {
      now: () => now,
      set: (ms) => (now = ms),
    }));
  });
  afterAll(() => ctx.close());

  it('changes amount, reward and address until the end; stock and counters move; nothing is charged', async () => {
    const { projectId, shipped, digital } = await campaign();
    const backer = await signedInUser(ctx);
    const rival = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 12, reward_id: digital });
    expect((await rewardRow(digital)).quantity_claimed).toBe(1);

    // The digital reward is sold out for anyone else now.
    const soldOut = await pledge(ctx, rival.headers, projectId, { amount: 12, reward_id: digital });
    expect([soldOut.statusCode, soldOut.json().message]).toEqual([409, inEnglish(REWARD_MESSAGES.soldOut)]);

    const change = (who: User, body: object) => api('PUT', `/donations/${id}`, who.headers, body);
    const noAddress = await change(backer, { amount: 40, reward_id: shipped });
    expect([noAddress.statusCode, noAddress.json().message]).toEqual([
      422,
      inEnglish(PLEDGE_MESSAGES.addressRequired),
    ]);
    const moved = await change(backer, { amount: 45, reward_id: shipped, shipping_address: address('GB') });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      message: 'Your pledge was updated.',
      data: { amount: 45, reward: { id: shipped, title: 'Kettle' }, shipping_amount: 20, status: 'PLEDGED' },
    });
    expect((await rewardRow(digital)).quantity_claimed).toBe(0);
    expect((await rewardRow(shipped)).quantity_claimed).toBe(1);
    expect((await ledgerAgrees(ctx, projectId)).counters).toEqual({ cents: 4500, backers: 1 });

    // Only the address changes: the reward and its price stay.
    const readdressed = await change(backer, {
      amount: 40,
      reward_id: shipped,
      shipping_address: address('US'),
    });
    expect(readdressed.json().data).toMatchObject({
      shipping_amount: 5,
      shipping_address: { country: 'US' },
    });
    const noReward = await change(backer, { amount: 8, reward_id: null });
    expect(noReward.json().data).toMatchObject({
      amount: 8,
      reward: null,
      shipping_amount: 0,
      shipping_address: null,
    });
    expect((await rewardRow(shipped)).quantity_claimed).toBe(0);
    const agree = await ledgerAgrees(ctx, projectId);
    expect(agree.counters).toEqual({ cents: 800, backers: 1 });
    expect(agree.ledgerGross).toBe(0);

    // The rival takes the last digital reward: the backer can no longer switch to it.
    await backProject(ctx, rival.headers, projectId, { amount: 10, reward_id: digital });
    const taken = await change(backer, { amount: 10, reward_id: digital });
    expect([taken.statusCode, taken.json().message]).toEqual([409, inEnglish(REWARD_MESSAGES.soldOut)]);

    // The campaign has ended: no more changes.
    now = Date.now() + 11 * DAY;
    const late = await change(backer, { amount: 9, reward_id: null });
    expect([late.statusCode, late.json().message]).toEqual([422, inEnglish(PLEDGE_MESSAGES.campaignEnded)]);
    expect((await myPledge(projectId, backer)).can_change).toBe(false);
  });

  it('cancels: the pledge leaves the counters, the reward is freed, and the backer may back again', async () => {
    const { projectId, digital } = await campaign();
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 15, reward_id: digital });
    const cancel = await api('POST', `/donations/${id}/cancel`, backer.headers);
    expect(cancel.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('CANCELED');
    expect((await rewardRow(digital)).quantity_claimed).toBe(0);
    expect((await ledgerAgrees(ctx, projectId)).counters).toEqual({ cents: 0, backers: 0 });
    expect(await myPledge(projectId, backer)).toBeNull();
    const cancelMail = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('recipient', '=', backer.user.email)
      .where('subject', 'like', '%was cancelled')
      .execute();
    expect(cancelMail).toHaveLength(1);
    // Cancelling twice is harmless; changing a cancelled pledge is refused.
    expect((await api('POST', `/donations/${id}/cancel`, backer.headers)).statusCode).toBe(200);
    const change = await api('PUT', `/donations/${id}`, backer.headers, { amount: 20 });
    expect([change.statusCode, change.json().message]).toEqual([
      422,
      inEnglish(PLEDGE_MESSAGES.notChangeable),
    ]);
    const again = await backProject(ctx, backer.headers, projectId, { amount: 20 });
    expect((await myPledge(projectId, backer)).id).toBe(again);
  });

  it('refuses, in the last 24 hours, a change or cancel that takes a funded campaign below its goal', async () => {
    const { projectId } = await campaign({ goal: 100, endsIn: 1 });
    const [a, b] = [await signedInUser(ctx), await signedInUser(ctx)];
    // The campaign ends at 23:59:59 UTC tomorrow: pretend it is 00:30 UTC tomorrow. The moment is ahead of the
    // real clock whenever the test runs (the sandbox's checkout expires by the real one).
    const lastDay = todayUtc(new Date(Date.now() + DAY));
    now = Date.parse(`${lastDay}T00:30:00Z`);
    const first = await backProject(ctx, a.headers, projectId, { amount: 60 });
    const second = await backProject(ctx, b.headers, projectId, { amount: 50 });
    const cancel = await api('POST', `/donations/${first}/cancel`, a.headers);
    expect([cancel.statusCode, cancel.json().message]).toEqual([422, inEnglish(PLEDGE_MESSAGES.lastDay)]);
    const lower = await api('PUT', `/donations/${second}`, b.headers, { amount: 39.99 });
    expect([lower.statusCode, lower.json().message]).toEqual([422, inEnglish(PLEDGE_MESSAGES.lastDay)]);
    // Still at or above the goal, or raising: allowed.
    expect((await api('PUT', `/donations/${second}`, b.headers, { amount: 40 })).statusCode).toBe(200);
    expect((await api('PUT', `/donations/${first}`, a.headers, { amount: 80 })).statusCode).toBe(200);
    expect((await ledgerAgrees(ctx, projectId)).counters.cents).toBe(12000);
    // Earlier in the campaign the same cancel would have been fine.
    now = Date.parse(`${lastDay}T00:00:00Z`) - 2 * DAY;
    expect((await api('POST', `/donations/${second}/cancel`, b.headers)).statusCode).toBe(200);
  });

  it('keeps flexible pledges final: charged at checkout, never changed or cancelled by the backer', async () => {
    const { projectId } = await campaign({ fundingModel: 'flexible' });
    const backer = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 25 });
    expect(await statusOf(id)).toBe('SUCCEEDED');
    expect(await myPledge(projectId, backer)).toMatchObject({
      funding_model: 'flexible',
      charge_date: null,
      can_change: false,
      can_cancel: false,
    });
    for (const [method, url, body] of [
      ['PUT', `/donations/${id}`, { amount: 30 }],
      ['POST', `/donations/${id}/cancel`, undefined],
      ['POST', `/donations/${id}/payment-method`, undefined],
    ] as const) {
      const response = await api(method, url, backer.headers, body);
      expect([url, response.statusCode, response.json().message]).toEqual([
        url,
        422,
        inEnglish(PLEDGE_MESSAGES.flexibleFinal),
      ]);
    }
    expect((await ledgerAgrees(ctx, projectId)).ledgerGross).toBe(2500);
  });

  it('lets only the backer see and manage their pledge', async () => {
    const { projectId } = await campaign();
    const backer = await signedInUser(ctx);
    const stranger = await signedInUser(ctx);
    const id = await backProject(ctx, backer.headers, projectId, { amount: 20 });
    const calls = [
      ['GET', `/donations/${id}`, undefined],
      ['PUT', `/donations/${id}`, { amount: 30 }],
      ['POST', `/donations/${id}/cancel`, undefined],
      ['POST', `/donations/${id}/payment-method`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect([url, (await api(method, url, {}, body)).statusCode]).toEqual([url, 401]);
      for (const who of [stranger, creator, admin]) {
        const response = await api(method, url, who.headers, body);
        expect([url, response.statusCode, response.json().message]).toEqual([url, 404, 'Donation not found']);
      }
    }
    expect((await api('GET', `/projects/${projectId}/my-pledge`, {})).statusCode).toBe(401);
    expect(await myPledge(projectId, stranger)).toBeNull();
    expect(await myPledge(projectId, creator)).toBeNull();
    expect((await myPledge(projectId, backer)).id).toBe(id);
    expect(await statusOf(id)).toBe('PLEDGED');
    expect((await ledgerAgrees(ctx, projectId)).counters.cents).toBe(2000);
    // A hidden project's pledge page is not found for anyone but its creator and admins.
    const hidden = await createProjectRow(db(), { creatorId: creator.user.id, status: 'PENDING' });
    expect((await api('GET', `/projects/${hidden}/my-pledge`, backer.headers)).statusCode).toBe(404);
  });
});
