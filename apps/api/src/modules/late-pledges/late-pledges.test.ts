import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATE_PLEDGE_MESSAGES, PLEDGE_MESSAGES, todayUtc } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees, pledge } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { insertReward } from '../rewards/rewards.repository';

type User = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;

describe.each(databaseKinds)('late pledges on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let admin: User;
  let earlyBacker: User;

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, { clock: () => new Date(now) });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
    earlyBacker = await signedInUser(ctx);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const api = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/${url}`, headers, ...(payload ? { payload } : {}) });
  const setLate = (projectId: number, headers: Record<string, string>, body: object) =>
    api('PUT', `projects/${projectId}/late-pledges`, headers, body);
  const projectRow = (id: number) =>
    db()
      .selectFrom('projects')
      .select(['current_cents', 'backers_count', 'late_cents', 'late_backers_count', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /**
   * A campaign run for real: backed while it runs (40 USD by the early backer when `raised`), then ended and
   * settled, its saved cards collected. A reward of 25 (late: 30) and an add-on of 5 (late: 7).
   */
  async function endedCampaign(model: 'all_or_nothing' | 'flexible' = 'all_or_nothing', raised = true) {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal: 30,
      start: -5,
      end: 5,
      fundingModel: model,
    });
    const reward = await insertReward(db(), {
      project_id: projectId,
      title: 'Poster',
      description: 'A signed poster',
      minimum_cents: 2500,
      late_price_cents: 3000,
      quantity_available: 3,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
    });
    const addOn = await api('POST', `projects/${projectId}/add-ons`, creator.headers, {
      title: 'Sticker',
      price: 5,
      late_price: 7,
    });
    expect(addOn.statusCode, addOn.body).toBe(201);
    expect(addOn.json().data.late_price).toBe(7);
    if (raised) await backProject(ctx, earlyBacker.headers, projectId, { amount: 40, reward_id: reward.id });
    await db()
      .updateTable('projects')
      .set({ start_date: '2020-01-01', end_date: '2020-01-31' })
      .where('id', '=', projectId)
      .execute();
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    return { projectId, reward, addOnId: addOn.json().data.id as number };
  }

  it('lets only the creator (and an admin) open late pledges, and only after success or a flexible end', async () => {
    const { projectId } = await endedCampaign();
    expect((await projectRow(projectId)).status).toBe('SUCCESSFUL');
    const stranger = await signedInUser(ctx);
    const open = { open: true };
    expect((await setLate(projectId, {}, open)).statusCode).toBe(401);
    expect((await setLate(projectId, stranger.headers, open)).statusCode).toBe(403);
    expect((await setLate(projectId, earlyBacker.headers, open)).statusCode).toBe(403);
    const byCreator = await setLate(projectId, creator.headers, open);
    expect(byCreator.statusCode, byCreator.body).toBe(200);
    expect(byCreator.json().data).toMatchObject({ open: true, until: null, late_amount: 0 });
    const closedByAdmin = await setLate(projectId, admin.headers, { open: false });
    expect(closedByAdmin.statusCode).toBe(200);
    expect(closedByAdmin.json().data.open).toBe(false);

    // `until` must be a future date.
    const past = await setLate(projectId, creator.headers, { open: true, until: todayUtc(new Date(now)) });
    expect(past.statusCode).toBe(400);
    expect(past.json().details.until).toEqual([expect.any(String)]);
    const until = todayUtc(new Date(now + 10 * DAY));
    const withDate = await setLate(projectId, creator.headers, { open: true, until });
    expect(withDate.json().data).toMatchObject({ open: true, until });
    const page = (await api('GET', `projects/${projectId}`)).json().data;
    expect(page).toMatchObject({
      late_pledges: { open: true, until },
      late_amount: 0,
      late_backers_count: 0,
    });

    // A running campaign, a failed all-or-nothing one: 409; a flexible one that ended below its goal: allowed.
    const running = await createProjectRow(db(), { creatorId: creator.user.id, start: -1, end: 5 });
    const onRunning = await setLate(running, creator.headers, open);
    expect(onRunning.statusCode).toBe(409);
    expect(onRunning.json().message).toMatch(/running/i);
    const failed = await endedCampaign('all_or_nothing', false);
    expect((await projectRow(failed.projectId)).status).toBe('FAILED');
    const onFailed = await setLate(failed.projectId, creator.headers, open);
    expect(onFailed.statusCode).toBe(409);
    expect(onFailed.json().message).toMatch(/goal/i);
    const flexible = await endedCampaign('flexible', false);
    expect((await projectRow(flexible.projectId)).status).toBe('FAILED');
    expect((await setLate(flexible.projectId, creator.headers, open)).statusCode).toBe(200);
    const draft = await createProjectRow(db(), { creatorId: creator.user.id, status: 'DRAFT' });
    expect((await setLate(draft, creator.headers, open)).statusCode).toBe(409);
  });

  it('charges a late pledge at checkout at the late prices, counted apart from the funded total', async () => {
    const { projectId, reward, addOnId } = await endedCampaign();
    const before = await projectRow(projectId);
    const late = await signedInUser(ctx);
    const body = { reward_id: reward.id, add_ons: [{ add_on_id: addOnId, quantity: 2 }] };

    // Closed: the campaign has ended, as before late pledges.
    const closed = await pledge(ctx, late.headers, projectId, { ...body, amount: 50 });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('This project is not accepting pledges');
    await setLate(projectId, creator.headers, { open: true });

    // The late minimum: 30 + 2 × 7 = 44, not the campaign's 25 + 2 × 5 = 35.
    const below = await pledge(ctx, late.headers, projectId, { ...body, amount: 40 });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toContain('44');
    const donationId = await backProject(ctx, late.headers, projectId, { ...body, amount: 44 });
    const donation = (await api('GET', `backers/donations/${donationId}`, late.headers)).json().data;
    expect(donation).toMatchObject({
      status: 'SUCCEEDED',
      late: true,
      amount: 44,
      charge_date: null,
      can_change: false,
      can_cancel: false,
    });
    expect(donation.add_ons).toEqual([expect.objectContaining({ quantity: 2, price: 7 })]);
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select(['kind', 'gross_cents'])
      .where('donation_id', '=', donationId)
      .execute();
    expect(ledger.map((row) => [row.kind, Number(row.gross_cents)])).toEqual([['donation', 4400]]);

    const after = await projectRow(projectId);
    expect(Number(after.current_cents)).toBe(Number(before.current_cents));
    expect(after.backers_count).toBe(before.backers_count);
    expect([Number(after.late_cents), after.late_backers_count]).toEqual([4400, 1]);
    const counted = await ledgerAgrees(ctx, projectId);
    expect(counted.counters).toEqual(counted.donations);
    expect(counted.lateCounters).toEqual(counted.lateDonations);
    expect(counted.ledgerGross).toBe(counted.collectedCents);
    const page = (await api('GET', `projects/${projectId}`)).json().data;
    expect(page).toMatchObject({
      current_amount: 40,
      backers_count: 1,
      late_amount: 44,
      late_backers_count: 1,
    });
    // Stock claimed as for any pledge.
    const stock = await db()
      .selectFrom('rewards')
      .select('quantity_claimed')
      .where('id', '=', reward.id)
      .executeTakeFirstOrThrow();
    expect(stock.quantity_claimed).toBe(2);

    // Final: the backer can neither change nor cancel it; a second pledge is the usual 409.
    const change = await api('PUT', `backers/donations/${donationId}`, late.headers, {
      amount: 60,
      reward_id: reward.id,
      add_ons: [],
    });
    expect(change.statusCode).toBe(422);
    expect((await api('POST', `backers/donations/${donationId}/cancel`, late.headers)).statusCode).toBe(422);
    const again = await pledge(ctx, late.headers, projectId, { amount: 50 });
    expect(again.statusCode).toBe(409);
    expect(again.json().details.donation_id).toBe(donationId);
    const early = await pledge(ctx, earlyBacker.headers, projectId, { amount: 50 });
    expect(early.statusCode).toBe(409);

    // The creator refunds it: the late counters go down, the ledger with them.
    const refund = await api('POST', `backers/donations/${donationId}/refund`, creator.headers);
    expect(refund.statusCode, refund.body).toBeLessThan(300);
    const refunded = await projectRow(projectId);
    expect([Number(refunded.late_cents), refunded.late_backers_count]).toEqual([0, 0]);
    expect(Number(refunded.current_cents)).toBe(Number(before.current_cents));
    const recount = await ledgerAgrees(ctx, projectId);
    expect(recount.lateCounters).toEqual(recount.lateDonations);
    expect(recount.ledgerGross).toBe(recount.collectedCents);
  });

  it('refuses late pledges once closed or past their date', async () => {
    const { projectId } = await endedCampaign('flexible');
    const until = todayUtc(new Date(now + 2 * DAY));
    await setLate(projectId, creator.headers, { open: true, until });
    const backer = await signedInUser(ctx);
    now += 3 * DAY;
    const past = await pledge(ctx, backer.headers, projectId, { amount: 10 });
    expect(past.statusCode).toBe(422);
    expect((await api('GET', `projects/${projectId}`)).json().data.late_pledges).toEqual({
      open: false,
      until: null,
    });
    now = Date.now();
    await setLate(projectId, creator.headers, { open: false });
    expect((await pledge(ctx, backer.headers, projectId, { amount: 10 })).statusCode).toBe(422);
    expect(PLEDGE_MESSAGES.notActive).toBeTruthy();
  });

  it('pays the late money out and makes the late backer a backer for updates', async () => {
    const { projectId } = await endedCampaign();
    expect((await setLate(projectId, creator.headers, { open: true })).statusCode).toBe(200);
    const late = await signedInUser(ctx);
    const lateId = await backProject(ctx, late.headers, projectId, { amount: 20 });
    const charged = (await api('GET', `backers/donations/${lateId}`, late.headers)).json().data;
    expect(charged).toMatchObject({ status: 'SUCCEEDED', late: true });

    const update = await api('POST', `projects/${projectId}/updates`, creator.headers, {
      title: 'Late news',
      body: '<p>Only for backers: the poster is printed.</p>',
      visibility: 'backers',
    });
    expect(update.statusCode, update.body).toBe(201);
    const read = await api('GET', `projects/${projectId}/updates/${update.json().data.id}`, late.headers);
    expect(read.json().data).toMatchObject({ locked: false });
    const note = await db()
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', late.user.id)
      .where('type', '=', 'PROJECT_UPDATE')
      .execute();
    expect(note.length).toBe(1);

    // Payout: the balance holds the campaign's 40 and the late 20, less fees.
    const funds = (
      await api('GET', `payouts/projects/${projectId}/payout/eligibility`, creator.headers)
    ).json().data;
    const ledger = await db()
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('net_cents').as('net'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(funds.funds_info.total_donations).toBe(60);
    expect(Math.round(funds.available_amount * 100)).toBe(Number(ledger.net));
  });

  it('keeps late prices editable after the campaign, and nothing else', async () => {
    const { projectId, reward } = await endedCampaign();
    const body = {
      title: 'Poster',
      description: 'A signed poster',
      minimum_amount: 25,
      quantity_available: 3,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
    };
    const url = `rewards/projects/${projectId}/rewards/${reward.id}`;
    const lateOnly = await api('PUT', url, creator.headers, { ...body, late_price: 35 });
    expect(lateOnly.statusCode, lateOnly.body).toBe(200);
    expect(lateOnly.json().data.late_price).toBe(35);
    expect((await api('PUT', url, creator.headers, { ...body, minimum_amount: 20 })).statusCode).toBe(409);
    const stranger = await signedInUser(ctx);
    expect((await api('PUT', url, stranger.headers, { ...body, late_price: 36 })).statusCode).toBe(403);
    expect(LATE_PLEDGE_MESSAGES.final).toBeTruthy();
  });
});
