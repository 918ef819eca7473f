import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeDate, PLEDGE_MESSAGES, REWARD_MESSAGES, todayUtc } from '@fundry/shared';
import { insertReward } from '../rewards/rewards.repository';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees, pledge, saveCardInSandbox, TEST_CARDS } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { inEnglish } from '../../test/i18n';
import { address, DAY, openPledges, type Pledges } from './pledges.fixtures';

/** An all-or-nothing pledge from its checkout, where the card is saved and shipping priced, to its collection. */
describe.each(databaseKinds)('pledges on %s', (kind) => {
  let now = Date.now();
  let { ctx, creator, db, api, myPledge, statusOf, rewardRow, campaign } = {} as Pledges;

  beforeAll(async () => {
    ({ ctx, creator, db, api, myPledge, statusOf, rewardRow, campaign } = await openPledges(kind, {
      now: () => now,
      set: (ms) => (now = ms),
    }));
  });
  afterAll(() => ctx.close());

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
    await ctx.app.services.projectLifecycle.settle();
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
