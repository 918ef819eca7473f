import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDate, PLEDGE_MESSAGES, REWARD_MESSAGES, todayUtc } from '@fundry/shared';
import { createProjectRow } from '../../db/seed/factories';
import { insertReward } from '../rewards/rewards.repository';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees, pledge, saveCardInSandbox, TEST_CARDS } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';

type User = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;

const address = (country = 'US') => ({
  name: 'Bea Backer',
  line1: '1 Kettle Lane',
  line2: null,
  city: 'Portland',
  region: 'OR',
  postal_code: '97201',
  country,
});

describe.each(databaseKinds)('pledges on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let admin: User;

  beforeAll(async () => {
    ctx = await createTestApp(kind, {}, undefined, { clock: () => new Date(now) });
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    admin = await signedInUser(ctx, { admin: true });
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const api = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1/backers${url}`, headers, ...(payload ? { payload } : {}) });
  const myPledge = async (projectId: number, who: User) => {
    const response = await api('GET', `/projects/${projectId}/my-pledge`, who.headers);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const statusOf = async (id: number) =>
    (await db().selectFrom('donations').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const rewardRow = (id: number) =>
    db().selectFrom('rewards').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** An all-or-nothing campaign running now and ending in `endsIn` days, with a shipped and a digital reward. */
  async function campaign({
    goal = 100,
    endsIn = 10,
    fundingModel = 'all_or_nothing',
  }: { goal?: number; endsIn?: number; fundingModel?: 'all_or_nothing' | 'flexible' } = {}) {
    now = Date.now();
    const projectId = await createProjectRow(db(), {
      creatorId: creator.user.id,
      goal,
      start: -2,
      end: endsIn,
      fundingModel,
    });
    const reward = (values: Parameters<typeof insertReward>[1]) => insertReward(db(), values);
    const shipped = await reward({
      project_id: projectId,
      title: 'Kettle',
      description: 'The kettle, shipped',
      minimum_cents: 2500,
      quantity_available: 2,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
      shipping_type: 'international',
      shipping_rules: JSON.stringify([
        { country: 'US', cost_cents: 500 },
        { country: '*', cost_cents: 2000 },
      ]),
    });
    const digital = await reward({
      project_id: projectId,
      title: 'Thank-you video',
      description: 'A video',
      minimum_cents: 1000,
      quantity_available: 1,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
      shipping_type: 'none',
    });
    return { projectId, shipped: shipped.id, digital: digital.id };
  }

  it('saves a card at checkout: PLEDGED, counted, claimed, nothing charged, the backer told when', async () => {
    const { projectId, shipped } = await campaign({ endsIn: 10 });
    const backer = await signedInUser(ctx, { full_name: 'Bea Backer' });
    const response = await pledge(ctx, backer.headers, projectId, {
      amount: 30,
      reward_id: shipped,
      shipping_address: address('US'),
    });
    expect(response.statusCode).toBe(201);
    const { checkout_url, donation_id } = response.json().data;
    const page = await ctx.app.inject(new URL(checkout_url).pathname);
    const endDate = todayUtc(new Date(now + 10 * DAY));
    expect(page.body).toContain('Card number');
    expect(page.body).toMatch(
      /You will be charged \$30\.00 on [A-Z][a-z]+ \d+, \d{4} only if the project reaches its goal/,
    );
    // The flexible Pay button does not charge a card checkout.
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `${new URL(checkout_url).pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(await statusOf(donation_id)).toBe('PENDING');

    const refused = await saveCardInSandbox(ctx, checkout_url, '1234 5678 9012 3456');
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('4242 4242 4242 4242');
    expect(await statusOf(donation_id)).toBe('PENDING');

    const saved = await saveCardInSandbox(ctx, checkout_url, TEST_CARDS.good);
    expect([saved.statusCode, saved.headers.location]).toEqual([
      303,
      `http://localhost:5000/donation/success?donation_id=${donation_id}`,
    ]);
    const view = await myPledge(projectId, backer);
    expect(view).toMatchObject({
      id: donation_id,
      status: 'PLEDGED',
      amount: 30,
      funding_model: 'all_or_nothing',
      charge_date: chargeDate(endDate),
      reward: { id: shipped, title: 'Kettle' },
      shipping_amount: 5,
      shipping_address: address('US'),
      can_change: true,
      can_cancel: true,
      payment_error_code: null,
    });
    const agree = await ledgerAgrees(ctx, projectId);
    expect(agree.counters).toEqual({ cents: 3000, backers: 1 });
    expect(agree.ledgerGross).toBe(0);
    expect((await rewardRow(shipped)).quantity_claimed).toBe(1);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject'])
      .where('recipient', '=', backer.user.email)
      .execute();
    expect(mail.map((m) => m.subject)).toContain(
      `Your pledge to “${await projectTitle(projectId)}” is confirmed`,
    );
    const creatorNotes = await db()
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', creator.user.id)
      .where('project_id', '=', projectId)
      .execute();
    expect(creatorNotes.map((n) => n.type).sort()).toEqual(['BACKER_JOINED', 'DONATION']);

    // Backing again opens Manage pledge instead.
    const again = await pledge(ctx, backer.headers, projectId, { amount: 10 });
    expect([again.statusCode, again.json().message, again.json().details]).toEqual([
      409,
      inEnglish(PLEDGE_MESSAGES.alreadyBacked),
      { donation_id },
    ]);
  });

  const projectTitle = async (id: number) =>
    (await db().selectFrom('projects').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title;

  it('prices shipping: address required, a country a rule covers, the minimum plus its cost', async () => {
    const { projectId, shipped } = await campaign();
    const backer = await signedInUser(ctx);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: 30, reward_id: shipped }, 422, inEnglish(PLEDGE_MESSAGES.addressRequired)],
      [
        { amount: 29.99, reward_id: shipped, shipping_address: address('US') },
        422,
        inEnglish(PLEDGE_MESSAGES.belowRewardWithShipping),
      ],
      [
        { amount: 30, reward_id: shipped, shipping_address: address('FR') },
        422,
        inEnglish(PLEDGE_MESSAGES.belowRewardWithShipping),
      ],
      [
        { amount: 30, reward_id: shipped, shipping_address: { ...address(), country: 'XX' } },
        400,
        inEnglish(REWARD_MESSAGES.country),
      ],
      [
        { amount: 30, reward_id: shipped, shipping_address: { ...address(), line1: '' } },
        400,
        'Address is required',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await pledge(ctx, backer.headers, projectId, body as { amount: number });
      expect([JSON.stringify(body), response.statusCode, response.json().message]).toEqual([
        JSON.stringify(body),
        status,
        expect.stringContaining(message),
      ]);
    }
    const abroad = await pledge(ctx, backer.headers, projectId, {
      amount: 45,
      reward_id: shipped,
      shipping_address: address('FR'),
    });
    expect(abroad.statusCode).toBe(201);
    const row = await db()
      .selectFrom('donations')
      .select(['shipping_cents', 'shipping_address'])
      .where('id', '=', abroad.json().data.donation_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ shipping_cents: 2000, shipping_address: address('FR') });

    // A domestic reward ships to its one country only.
    const domestic = await insertReward(db(), {
      project_id: projectId,
      title: 'Local pickup box',
      description: 'US only',
      minimum_cents: 1000,
      quantity_available: null,
      estimated_delivery_date: todayUtc(new Date(now + 60 * DAY)),
      shipping_type: 'domestic',
      shipping_rules: JSON.stringify([{ country: 'US', cost_cents: 0 }]),
    });
    const other = await signedInUser(ctx);
    const refused = await pledge(ctx, other.headers, projectId, {
      amount: 50,
      reward_id: domestic.id,
      shipping_address: address('CA'),
    });
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      inEnglish(PLEDGE_MESSAGES.notShippedThere),
    ]);
  });

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

  it('collects a successful campaign once; a declined card is fixed, or dropped after 7 days', async () => {
    const { projectId, digital } = await campaign({ goal: 50 });
    const [good, fixer, dropper] = [
      await signedInUser(ctx),
      await signedInUser(ctx),
      await signedInUser(ctx),
    ];
    const paid = await backProject(ctx, good.headers, projectId, { amount: 30 });
    const fixed = await backProject(ctx, fixer.headers, projectId, { amount: 20 }, TEST_CARDS.declinesLater);
    const dropped = await backProject(
      ctx,
      dropper.headers,
      projectId,
      { amount: 10, reward_id: digital },
      TEST_CARDS.declinesLater,
    );

    now = Date.now() + 11 * DAY;
    await ctx.app.services.payments.settle();
    const [first, second] = await Promise.all([
      ctx.app.services.collection.collect(),
      ctx.app.services.collection.collect(),
    ]);
    expect(first.charged + second.charged).toBe(1);
    expect(first.declined + second.declined).toBe(2);
    expect(await statusOf(paid)).toBe('SUCCEEDED');
    expect(await statusOf(fixed)).toBe('PAYMENT_FAILED');
    const ledger = await db()
      .selectFrom('ledger_entries')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    expect(ledger.map((l) => [l.donation_id, l.kind, l.gross_cents])).toEqual([[paid, 'donation', 3000]]);
    const failedView = await api('GET', `/donations/${fixed}`, fixer.headers);
    expect(failedView.json().data).toMatchObject({
      status: 'PAYMENT_FAILED',
      payment_error_code: 'card_declined',
    });
    expect(Date.parse(failedView.json().data.fix_by) - now).toBe(7 * DAY);
    const notes = await db()
      .selectFrom('notifications')
      .select('type')
      .where('user_id', '=', fixer.user.id)
      .where('type', '=', 'PAYMENT_FAILED')
      .execute();
    expect(notes).toHaveLength(1);
    // The notification says why, as the mail does, in the reader's language.
    const listed = await ctx.app.inject({ url: '/api/v1/notifications/', headers: fixer.headers });
    const declinedNote = listed
      .json()
      .data.notifications.find((note: { type: string }) => note.type === 'PAYMENT_FAILED');
    expect(declinedNote.message).toMatch(
      /^Your payment of \$20\.00 for “.+” did not go through\. Your card was declined\. Fix it by .+ to keep your pledge\.$/,
    );
    const inGerman = await ctx.app.inject({
      url: '/api/v1/notifications/',
      headers: { ...fixer.headers, 'accept-language': 'de' },
    });
    expect(
      inGerman.json().data.notifications.find((note: { type: string }) => note.type === 'PAYMENT_FAILED')
        .message,
    ).toContain('ist nicht durchgegangen. Ihre Karte wurde abgelehnt. Korrigieren Sie sie');
    const fixMail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', fixer.user.email)
      .where('subject', 'like', 'Action needed%')
      .executeTakeFirstOrThrow();
    expect(fixMail.text_body).toContain(`/projects/${projectId}?manage_pledge=1`);
    expect(fixMail.text_body).toContain('Your card was declined.');
    // Nothing happens again until the daily retry is due.
    expect(await ctx.app.services.collection.collect()).toEqual({ charged: 0, declined: 0, deferred: 0 });

    // The fixer saves a good card: charged at once.
    const fix = await api('POST', `/donations/${fixed}/payment-method`, fixer.headers);
    const fixPage = await ctx.app.inject(new URL(fix.json().data.checkout_url).pathname);
    expect(fixPage.body).toContain('Save card and pay $20.00');
    await saveCardInSandbox(ctx, fix.json().data.checkout_url, TEST_CARDS.good);
    expect(await statusOf(fixed)).toBe('SUCCEEDED');

    // Daily retries decline; past 7 days the pledge is dropped, its reward freed, the counters lowered.
    for (let day = 1; day <= 7; day++) {
      now += DAY;
      await ctx.app.services.collection.collect();
    }
    expect(await statusOf(dropped)).toBe('DROPPED');
    const attempts = await db()
      .selectFrom('donations')
      .select('collection_attempts')
      .where('id', '=', dropped)
      .executeTakeFirstOrThrow();
    expect(attempts.collection_attempts).toBe(8);
    expect((await rewardRow(digital)).quantity_claimed).toBe(0);
    const agree = await ledgerAgrees(ctx, projectId);
    expect(agree.counters).toEqual({ cents: 5000, backers: 2 });
    expect(agree.ledgerGross).toBe(5000);
    expect(agree.collectedCents).toBe(5000);
  });
});
