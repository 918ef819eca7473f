import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectRow } from '../../db/seed/factories';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { ledgerAgrees, pledge } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { type FakeStripe, startFakeStripe, WEBHOOK_SECRET } from '../../test/fake-stripe';

describe.each(databaseKinds)('Stripe provider on %s', (kind) => {
  let ctx: TestContext;
  let stripe: FakeStripe;
  let backer: Record<string, string>;
  let projectId: number;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    ctx = await createTestApp(kind, {
      STRIPE_SECRET_KEY: 'sk_test_fundry',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    const creator = await signedInUser(ctx);
    backer = (await signedInUser(ctx)).headers;
    projectId = await createProjectRow(ctx.database.db, {
      creatorId: creator.user.id,
      goal: 1000,
      fundingModel: 'flexible',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await stripe.close();
  });

  const deliver = (event: ReturnType<FakeStripe['signedEvent']>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: event.payload,
      headers: event.headers,
    });
  const statusOf = async (donationId: number) =>
    (
      await ctx.database.db
        .selectFrom('donations')
        .select('status')
        .where('id', '=', donationId)
        .executeTakeFirstOrThrow()
    ).status;
  /** A new backer's pledge (one live pledge per backer and project). */
  const newPledge = async (amount = 42.5) => {
    const response = await pledge(ctx, (await signedInUser(ctx)).headers, projectId, { amount });
    expect(response.statusCode).toBe(201);
    const { checkout_url, donation_id } = response.json().data as {
      checkout_url: string;
      donation_id: number;
    };
    const session = [...stripe.sessions.values()].find((s) => s.url === checkout_url)!;
    return { donationId: donation_id, session };
  };
  const paidSession = (session: Record<string, unknown>, overrides: Record<string, unknown> = {}) => ({
    ...session,
    payment_status: 'paid',
    status: 'complete',
    ...overrides,
  });

  it('opens a Checkout Session with the amount, an expiry and an idempotency key', async () => {
    const { donationId, session } = await newPledge(42.5);
    expect(session).toMatchObject({
      amount_total: 4250,
      currency: 'usd',
      metadata: { donation_id: String(donationId) },
    });
    expect(Number(session.expires_at) - Date.now() / 1000).toBeGreaterThan(29 * 60);
    const create = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.idempotencyKey === `checkout-donation-${donationId}`,
    );
    expect(create).toBeTruthy();
  });

  it('refuses an event with a bad signature (400) and applies nothing', async () => {
    const { donationId, session } = await newPledge();
    const event = stripe.signedEvent('checkout.session.completed', paidSession(session));
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: event.payload.replace('"paid"', '"paid" '),
      headers: event.headers,
    });
    expect([forged.statusCode, forged.json().message]).toEqual([400, 'Invalid webhook signature']);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments/webhook',
      payload: event.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(donationId)).toBe('PENDING');
  });

  it('applies the same event delivered five times exactly once', async () => {
    const { donationId, session } = await newPledge(10);
    const before = await ledgerAgrees(ctx, projectId);
    const event = stripe.signedEvent('checkout.session.completed', paidSession(session));
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await deliver(event)).json().result);
    expect(results).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const after = await ledgerAgrees(ctx, projectId);
    expect(after.counters.cents - before.counters.cents).toBe(1000);
    expect(after.ledgerGross).toBe(after.counters.cents);
    expect(await statusOf(donationId)).toBe('SUCCEEDED');
  });

  it('waits for async_payment_succeeded when a completed session is not paid yet', async () => {
    const { donationId, session } = await newPledge(12);
    await deliver(
      stripe.signedEvent('checkout.session.completed', {
        ...session,
        payment_status: 'unpaid',
        status: 'complete',
      }),
    );
    expect(await statusOf(donationId)).toBe('PENDING');
    await deliver(stripe.signedEvent('checkout.session.async_payment_succeeded', paidSession(session)));
    expect(await statusOf(donationId)).toBe('SUCCEEDED');
    const failing = await newPledge(13);
    await deliver(stripe.signedEvent('checkout.session.async_payment_failed', failing.session));
    expect(await statusOf(failing.donationId)).toBe('FAILED');
  });

  it('ends right whatever the order: completed before the session was stored, expired after completed', async () => {
    const { donationId, session } = await newPledge(15);
    // The webhook can beat our own bookkeeping: forget the session id, as if the event came first.
    await ctx.database.db
      .updateTable('donations')
      .set({ checkout_session_id: null })
      .where('id', '=', donationId)
      .execute();
    expect(
      (await deliver(stripe.signedEvent('checkout.session.completed', paidSession(session)))).json().result,
    ).toBe('applied');
    expect(await statusOf(donationId)).toBe('SUCCEEDED');
    expect(
      (
        await deliver(stripe.signedEvent('checkout.session.expired', { ...session, status: 'expired' }))
      ).json().result,
    ).toBe('ignored');
    expect(await statusOf(donationId)).toBe('SUCCEEDED');

    const other = await newPledge(16);
    await deliver(stripe.signedEvent('checkout.session.expired', { ...other.session, status: 'expired' }));
    expect(await statusOf(other.donationId)).toBe('EXPIRED');
  });

  it('refuses and logs an event whose amount or currency differs from the donation', async () => {
    const { donationId, session } = await newPledge(20);
    const wrongAmount = await deliver(
      stripe.signedEvent('checkout.session.completed', paidSession(session, { amount_total: 1 })),
    );
    expect([wrongAmount.statusCode, wrongAmount.json().error]).toEqual([422, 'UNPROCESSABLE']);
    const wrongCurrency = await deliver(
      stripe.signedEvent('checkout.session.completed', paidSession(session, { currency: 'eur' })),
    );
    expect(wrongCurrency.statusCode).toBe(422);
    expect(await statusOf(donationId)).toBe('PENDING');
  });

  it('records charge.refunded once, reversing counters and ledger', async () => {
    const { donationId, session } = await newPledge(30);
    await deliver(stripe.signedEvent('checkout.session.completed', paidSession(session)));
    const before = await ledgerAgrees(ctx, projectId);
    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: session.payment_intent,
      amount_refunded: 3000,
      currency: 'usd',
    };
    const refund = stripe.signedEvent('charge.refunded', charge);
    expect((await deliver(refund)).json().result).toBe('applied');
    expect((await deliver(refund)).json().result).toBe('duplicate');
    const after = await ledgerAgrees(ctx, projectId);
    expect(before.counters.cents - after.counters.cents).toBe(3000);
    expect(after.ledgerGross).toBe(after.counters.cents);
    expect(await statusOf(donationId)).toBe('REFUNDED');
  });

  it('refunds a pledge paid by two payments (survey add-ons) payment by payment, for partial amounts', async () => {
    const { donationId, session } = await newPledge(30);
    await deliver(stripe.signedEvent('checkout.session.completed', paidSession(session)));
    // Add-ons bought in the survey, paid by a payment of their own (as SurveyService settles one).
    const db = ctx.database.db;
    const charge = await db
      .insertInto('survey_charges')
      .values({
        donation_id: donationId,
        project_id: projectId,
        amount_cents: 500,
        currency: 'USD',
        lines: JSON.stringify([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('survey_charges')
      .set({ status: 'succeeded', payment_reference: 'pi_survey_add_ons' })
      .where('id', '=', charge.id)
      .execute();
    await db
      .updateTable('donations')
      .set((eb) => ({ amount_cents: eb('amount_cents', '+', 500) }))
      .where('id', '=', donationId)
      .execute();
    await db
      .insertInto('ledger_entries')
      .values({
        project_id: projectId,
        donation_id: donationId,
        survey_charge_id: charge.id,
        currency: 'USD',
        kind: 'donation',
        gross_cents: 500,
        processing_fee_cents: 45,
        platform_fee_cents: 25,
        net_cents: 430,
      })
      .execute();
    await db
      .updateTable('projects')
      .set((eb) => ({ current_cents: eb('current_cents', '+', 500) }))
      .where('id', '=', projectId)
      .execute();

    // One payment refunded at Stripe alone is each payment's own amount, not the pledge's: acknowledged, and
    // left to the pledge's refund (the pledge's other payment still stands).
    const alone = await deliver(
      stripe.signedEvent('charge.refunded', {
        id: 'ch_survey',
        object: 'charge',
        payment_intent: 'pi_survey_add_ons',
        amount_refunded: 500,
        currency: 'usd',
      }),
    );
    expect([alone.statusCode, alone.json().result]).toEqual([200, 'ignored']);
    expect(await statusOf(donationId)).toBe('SUCCEEDED');

    const before = stripe.refunds.length;
    expect(await ctx.app.services.refunds.refund(donationId)).toBe(true);
    expect(stripe.refunds.slice(before).map((r) => [r.payment_intent, r.amount])).toEqual([
      [session.payment_intent, 3000],
      ['pi_survey_add_ons', 500],
    ]);
    const keys = stripe.requests
      .filter((r) => r.path === '/v1/refunds')
      .slice(-2)
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual([`refund-donation-${donationId}`, `refund-survey-charge-${charge.id}`]);
    expect(await statusOf(donationId)).toBe('REFUNDED');
    // Stripe then reports each refund for its payment's amount: acknowledged, recorded once already.
    const first = await deliver(
      stripe.signedEvent('charge.refunded', {
        id: 'ch_first',
        object: 'charge',
        payment_intent: session.payment_intent,
        amount_refunded: 3000,
        currency: 'usd',
      }),
    );
    expect([first.statusCode, first.json().result]).toEqual([200, 'ignored']);
    const ledger = await ledgerAgrees(ctx, projectId);
    expect(ledger.ledgerGross).toBe(ledger.counters.cents);
  });

  it('answers 503 with the SPEC message when the provider cannot open a checkout, freeing the reward', async () => {
    stripe.failNextCheckout();
    const response = await pledge(ctx, backer, projectId, { amount: 5 });
    expect([response.statusCode, response.json().message]).toEqual([
      503,
      'Unable to process payment at this time',
    ]);
  });

  describe('all-or-nothing pledges: saved cards charged off-session', () => {
    let aonProject: number;
    const aonCampaign = async (goal: number) => {
      aonProject = await createProjectRow(ctx.database.db, {
        creatorId: (await signedInUser(ctx)).user.id,
        goal,
        start: -3,
        end: 5,
      });
      return aonProject;
    };
    /** Pledges, then completes the setup session at Stripe with a test payment method and delivers the webhook. */
    const savedCardPledge = async (amount: number, paymentMethod = 'pm_card_visa') => {
      const who = await signedInUser(ctx);
      const response = await pledge(ctx, who.headers, aonProject, { amount });
      expect(response.statusCode).toBe(201);
      const { checkout_url, donation_id } = response.json().data as {
        checkout_url: string;
        donation_id: number;
      };
      const session = [...stripe.sessions.values()].find((s) => s.url === checkout_url)!;
      const completed = stripe.completeSetup(session.id, paymentMethod);
      const event = stripe.signedEvent('checkout.session.completed', completed);
      expect((await deliver(event)).json().result).toBe('applied');
      return { donationId: donation_id, session, who };
    };
    const endCampaign = async () => {
      await ctx.database.db
        .updateTable('projects')
        .set({ start_date: '2020-01-01', end_date: '2020-01-31' })
        .where('id', '=', aonProject)
        .execute();
      await ctx.app.services.projectLifecycle.settle();
      return ctx.app.services.collection.collect();
    };

    it('saves a card in setup mode for one customer per user and charges nothing', async () => {
      await aonCampaign(100);
      const { donationId, session, who } = await savedCardPledge(60);
      expect(session).toMatchObject({ mode: 'setup', currency: 'usd' });
      expect(session.customer).toMatch(/^cus_test_/);
      expect(await statusOf(donationId)).toBe('PLEDGED');
      expect(
        stripe.paymentIntents.filter(
          (i) => i.metadata && (i.metadata as Record<string, string>).donation_id === String(donationId),
        ),
      ).toEqual([]);
      const agree = await ledgerAgrees(ctx, aonProject);
      expect(agree.counters).toEqual({ cents: 6000, backers: 1 });
      expect(agree.ledgerGross).toBe(0);
      // The same user's next pledge (another project) reuses their customer.
      const other = await createProjectRow(ctx.database.db, { creatorId: (await signedInUser(ctx)).user.id });
      const second = await pledge(ctx, who.headers, other, { amount: 5 });
      const secondSession = [...stripe.sessions.values()].find(
        (s) => s.url === second.json().data.checkout_url,
      )!;
      expect(secondSession.customer).toBe(session.customer);
      expect(
        stripe.requests.filter(
          (r) => r.path === '/v1/customers' && r.idempotencyKey === `customer-user-${who.user.id}`,
        ),
      ).toHaveLength(1);
    });

    it('collects off-session once per pledge and attempt; redelivered and stale events change nothing', async () => {
      await aonCampaign(100);
      const good = await savedCardPledge(70);
      const bad = await savedCardPledge(40, 'pm_card_chargeCustomerFail');
      const report = await endCampaign();
      expect(report).toMatchObject({ charged: 1, declined: 1 });
      expect(await statusOf(good.donationId)).toBe('SUCCEEDED');
      expect(await statusOf(bad.donationId)).toBe('PAYMENT_FAILED');
      const intents = stripe.paymentIntents.filter((i) =>
        [String(good.donationId), String(bad.donationId)].includes(
          (i.metadata as Record<string, string>).donation_id ?? '',
        ),
      );
      expect(intents.map((i) => [i.off_session, i.status])).toEqual([
        [true, 'succeeded'],
        [true, 'requires_payment_method'],
      ]);
      const key = stripe.requests.find((r) => r.path === '/v1/payment_intents')?.idempotencyKey;
      expect(key).toMatch(/^collect-donation-\d+-attempt-1$/);

      // Stripe's own webhooks for the same charges, delivered five times: nothing moves again.
      const succeeded = stripe.signedEvent('payment_intent.succeeded', intents[0]!);
      for (let i = 0; i < 5; i++)
        expect((await deliver(succeeded)).json().result).toMatch(/ignored|duplicate/);
      const agree = await ledgerAgrees(ctx, aonProject);
      expect(agree.ledgerGross).toBe(7000);
      expect(agree.counters).toEqual({ cents: 11000, backers: 2 });
      // A failure of an older attempt, arriving after a later success, is ignored.
      await ctx.database.db
        .updateTable('donations')
        .set({ next_collection_at: new Date(0) })
        .where('id', '=', bad.donationId)
        .execute();
      const retried = await ctx.app.services.collection.collect();
      expect(retried).toMatchObject({ declined: 1 });
      const paidLater = {
        ...intents[1]!,
        id: 'pi_paid_later',
        status: 'succeeded',
        amount_received: 4000,
        metadata: { donation_id: String(bad.donationId), attempt: '2' },
      };
      expect((await deliver(stripe.signedEvent('payment_intent.succeeded', paidLater))).json().result).toBe(
        'applied',
      );
      const staleFailure = stripe.signedEvent('payment_intent.payment_failed', {
        ...intents[1]!,
        metadata: { donation_id: String(bad.donationId), attempt: '1' },
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      });
      expect((await deliver(staleFailure)).json().result).toBe('ignored');
      expect(await statusOf(bad.donationId)).toBe('SUCCEEDED');
      const final = await ledgerAgrees(ctx, aonProject);
      expect(final.ledgerGross).toBe(11000);
      expect(final.counters).toEqual({ cents: 11000, backers: 2 });
    });

    it('stores the code of a decline, not Stripe’s English, and mails the backer why in their language', async () => {
      await aonCampaign(10);
      const poor = await savedCardPledge(25, 'pm_card_visa_chargeDeclinedInsufficientFunds');
      await ctx.database.db
        .updateTable('users')
        .set({ locale: 'de' })
        .where('id', '=', poor.who.user.id)
        .execute();
      const expired = await savedCardPledge(30, 'pm_card_chargeDeclinedExpiredCard');
      expect(await endCampaign()).toMatchObject({ declined: 2 });

      const view = await ctx.app.inject({
        url: `/api/v1/backers/donations/${poor.donationId}`,
        headers: poor.who.headers,
      });
      expect(view.json().data).toMatchObject({
        status: 'PAYMENT_FAILED',
        payment_error_code: 'insufficient_funds',
      });
      const stored = await ctx.database.db
        .selectFrom('donations')
        .select('payment_error_code')
        .where('id', 'in', [poor.donationId, expired.donationId])
        .orderBy('id')
        .execute();
      expect(stored.map((row) => row.payment_error_code)).toEqual(['insufficient_funds', 'expired_card']);

      const mail = await ctx.database.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('recipient', '=', poor.who.user.email)
        .where('subject', 'like', 'Handlungsbedarf%')
        .executeTakeFirstOrThrow();
      expect(mail.text_body).toContain('Ihre Karte ist nicht ausreichend gedeckt.');
      expect(mail.text_body).not.toContain('insufficient');
    });

    it('fixes a declined pledge with a new card, charged at once', async () => {
      await aonCampaign(10);
      const bad = await savedCardPledge(25, 'pm_card_chargeCustomerFail');
      await endCampaign();
      expect(await statusOf(bad.donationId)).toBe('PAYMENT_FAILED');
      const fix = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/backers/donations/${bad.donationId}/payment-method`,
        headers: bad.who.headers,
      });
      expect(fix.statusCode).toBe(200);
      const session = [...stripe.sessions.values()].find((s) => s.url === fix.json().data.checkout_url)!;
      expect(session.mode).toBe('setup');
      await deliver(
        stripe.signedEvent('checkout.session.completed', stripe.completeSetup(session.id, 'pm_card_visa')),
      );
      expect(await statusOf(bad.donationId)).toBe('SUCCEEDED');
      expect((await ledgerAgrees(ctx, aonProject)).ledgerGross).toBe(2500);
    });

    it('does not revive a lapsed checkout finished late over the backer’s newer pledge', async () => {
      await aonCampaign(100);
      const who = await signedInUser(ctx);
      const first = await pledge(ctx, who.headers, aonProject, { amount: 10 });
      const firstSession = [...stripe.sessions.values()].find(
        (s) => s.url === first.json().data.checkout_url,
      )!;
      // The reservation-expiry job closed it: the backer came back later and pledged again.
      await ctx.database.db
        .updateTable('donations')
        .set({ status: 'EXPIRED' })
        .where('id', '=', first.json().data.donation_id)
        .execute();
      const second = await pledge(ctx, who.headers, aonProject, { amount: 12 });
      const secondSession = [...stripe.sessions.values()].find(
        (s) => s.url === second.json().data.checkout_url,
      )!;
      await deliver(stripe.signedEvent('checkout.session.completed', stripe.completeSetup(secondSession.id)));
      const late = await deliver(
        stripe.signedEvent('checkout.session.completed', stripe.completeSetup(firstSession.id)),
      );
      expect(late.json().result).toBe('ignored');
      expect(await statusOf(first.json().data.donation_id)).toBe('EXPIRED');
      expect((await ledgerAgrees(ctx, aonProject)).counters).toEqual({ cents: 1200, backers: 1 });
    });
  });
});
