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
    projectId = await createProjectRow(ctx.database.db, { creatorId: creator.user.id, goal: 1000 });
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
  const newPledge = async (amount = 42.5) => {
    const response = await pledge(ctx, backer, projectId, { amount });
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

  it('answers 503 with the SPEC message when the provider cannot open a checkout, freeing the reward', async () => {
    stripe.failNextCheckout();
    const response = await pledge(ctx, backer, projectId, { amount: 5 });
    expect([response.statusCode, response.json().message]).toEqual([
      503,
      'Unable to process payment at this time',
    ]);
  });
});
