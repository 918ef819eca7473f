import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { signedInUser } from '../../test/auth-helpers';
import { backProject, ledgerAgrees } from '../../test/backing';
import { databaseKinds } from '../../test/databases';
import { boardGameCampaign, SHIPPED_TO } from '../../test/survey';
import type { ChargeRequest, ChargeResult } from '../payments/provider';
import { SURVEY_CHARGE_LEASE_MS } from './survey-charges.service';
import { claimAddOnStock } from './surveys.repository';

type User = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 24 * 3_600_000;

/**
 * Decision 026: a survey add-on charge the provider did not answer stays pending and is resumed by the
 * `survey-charges` job with the same key; a pledge paid by several payments is refunded payment by payment.
 */
describe.each(databaseKinds)('survey add-on charges on %s', (kind) => {
  let ctx: TestContext;
  let now = Date.now();
  let creator: User;
  let bea: User;
  let ben: User;

  /**
   * The provider as a real one behaves: the same key answers what it did the first time, without charging again.
   * `made` is every charge it actually made; `calls` every request; `loseAnswers` drops the answer of the next calls
   * after the charge was made (a timeout, a reset connection): the caller cannot know what happened.
   */
  const made = new Map<string, ChargeResult>();
  const charges: { key: string; donationId: number; amountCents: number }[] = [];
  const calls: string[] = [];
  let loseAnswers = 0;
  /** The code the provider gives its next declines, as a real one names why (the sandbox gives the generic one). */
  let declineCode: string | null = null;
  /** Holds the answer of the next call until it resolves (a slow provider). */
  let slowAnswer: Promise<void> | null = null;

  beforeAll(async () => {
    ctx = await createTestApp(
      kind,
      { APP_URL: 'http://fundry.test', PAYMENTS_PROVIDER: 'sandbox' },
      undefined,
      { clock: () => new Date(now) },
    );
    creator = await signedInUser(ctx, { full_name: 'Cora Creator' });
    bea = await signedInUser(ctx, { full_name: 'Bea Backer' });
    ben = await signedInUser(ctx, { full_name: 'Ben Backer' });
    const provider = ctx.app.services.payments.provider;
    const charge = provider.charge.bind(provider);
    vi.spyOn(provider, 'charge').mockImplementation(async (request: ChargeRequest) => {
      calls.push(request.idempotencyKey);
      let result = made.get(request.idempotencyKey);
      if (!result) {
        result = await charge(request);
        if (result.outcome === 'declined' && declineCode) result = { ...result, code: declineCode };
        made.set(request.idempotencyKey, result);
        charges.push({
          key: request.idempotencyKey,
          donationId: request.donationId,
          amountCents: request.amountCents,
        });
      }
      if (slowAnswer) {
        const wait = slowAnswer;
        slowAnswer = null;
        await wait;
      }
      if (loseAnswers > 0) {
        loseAnswers -= 1;
        throw new Error('socket hang up');
      }
      return result;
    });
  });
  afterEach(() => {
    loseAnswers = 0;
    declineCode = null;
    slowAnswer = null;
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  /** The add-on charges the provider made for a pledge, whatever their keys. */
  const surveyChargesMade = (donationId: number) =>
    charges.filter((c) => c.donationId === donationId && c.key.startsWith('survey-charge-'));
  const callsFor = (key: string) => calls.filter((k) => k === key).length;

  /**
   * An all-or-nothing campaign with a shipped game, a mug (3 made, with the game) and a sticker; Bea backs the game,
   * Ben backs without a reward; the campaign succeeds, is collected, and its survey (one question) is sent.
   */
  async function collectedCampaign() {
    now = Date.now();
    const { projectId, game, mug, sticker } = await boardGameCampaign(ctx, creator, {
      title: 'Charge Saga',
      now,
      stickers: 10,
    });
    const beaPledge = await backProject(ctx, bea.headers, projectId, {
      amount: 45,
      reward_id: game,
      shipping_address: SHIPPED_TO,
    });
    const benPledge = await backProject(ctx, ben.headers, projectId, { amount: 10 });
    const url = `/projects/${projectId}/survey`;
    await call('PUT', url, creator.headers, { questions: [{ kind: 'text', prompt: 'Nickname?' }] });
    now = Date.now() + 4 * DAY;
    await ctx.app.services.projectLifecycle.settle();
    await ctx.app.services.collection.collect();
    const sent = await call('POST', `${url}/send`, creator.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    return { projectId, mug, sticker, beaPledge, benPledge };
  }

  const stockOf = async (addOnId: number) =>
    (
      await db()
        .selectFrom('add_ons')
        .select('quantity_claimed')
        .where('id', '=', addOnId)
        .executeTakeFirstOrThrow()
    ).quantity_claimed;
  const chargesOf = (donationId: number) =>
    db()
      .selectFrom('survey_charges')
      .select(['id', 'status', 'amount_cents', 'payment_reference', 'refund_reference'])
      .where('donation_id', '=', donationId)
      .orderBy('id')
      .execute();
  const pledgeOf = (donationId: number) =>
    db()
      .selectFrom('donations')
      .select(['amount_cents', 'has_add_ons', 'status'])
      .where('id', '=', donationId)
      .executeTakeFirstOrThrow();
  const surveyLedgerRows = (chargeId: number) =>
    db()
      .selectFrom('ledger_entries')
      .select('gross_cents')
      .where('survey_charge_id', '=', chargeId)
      .execute();
  const noticesOf = (userId: number, projectId: number, key: string) =>
    db()
      .selectFrom('notifications')
      .select(['message', 'message_values', 'link'])
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .where('message', '=', key)
      .execute();
  const resume = () => ctx.app.services.surveyCharges.resumeCharges();
  const pastLease = () => {
    now += SURVEY_CHARGE_LEASE_MS + 1_000;
  };

  it('keeps a charge the provider did not answer pending with its stock, then the job charges it once and tells the backer', async () => {
    const c = await collectedCampaign();
    const before = await ledgerAgrees(ctx, c.projectId);
    loseAnswers = 1;
    const answered = await call('PUT', `/backers/donations/${c.beaPledge}/survey`, bea.headers, {
      answers: [],
      add_ons: [{ add_on_id: c.mug, quantity: 2 }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().add_on_charge).toEqual({ status: 'pending', amount: 28, currency: 'USD' });
    expect(answered.json().message).toBe(
      'Your answers are saved. The payment for your add-ons is being confirmed: we will notify you of the result.',
    );
    const [charge] = await chargesOf(c.beaPledge);
    const key = `survey-charge-${charge!.id}`;
    // The provider made the charge, but nobody knows yet: nothing is added, nothing given back.
    expect(surveyChargesMade(c.beaPledge)).toEqual([{ key, donationId: c.beaPledge, amountCents: 2800 }]);
    expect(charge).toMatchObject({ status: 'pending', payment_reference: null });
    expect(await stockOf(c.mug)).toBe(2);
    expect(await surveyLedgerRows(charge!.id)).toEqual([]);
    expect(await pledgeOf(c.beaPledge)).toMatchObject({ amount_cents: 4500, has_add_ons: false });
    expect(await ledgerAgrees(ctx, c.projectId)).toEqual(before);
    // Asked again, the survey offers only the mug left.
    const offer = await call('GET', `/backers/donations/${c.beaPledge}/survey`, bea.headers);
    expect(offer.json().data.add_ons.find((a: { id: number }) => a.id === c.mug)?.max_quantity).toBe(1);

    // Within the lease the job leaves it to its caller.
    expect(await resume()).toEqual({ succeeded: 0, declined: 0, pending: 0 });
    expect(callsFor(key)).toBe(1);

    pastLease();
    expect(await resume()).toMatchObject({ succeeded: 1 });
    // Asked twice, charged once: the same key.
    expect(callsFor(key)).toBe(2);
    expect(surveyChargesMade(c.beaPledge)).toHaveLength(1);
    expect((await chargesOf(c.beaPledge))[0]).toMatchObject({
      status: 'succeeded',
      payment_reference: `pi_sandbox_${key}`,
    });
    expect(await stockOf(c.mug)).toBe(2);
    expect(await pledgeOf(c.beaPledge)).toMatchObject({ amount_cents: 4500 + 2800, has_add_ons: true });
    expect((await surveyLedgerRows(charge!.id)).map((r) => Number(r.gross_cents))).toEqual([2800]);
    const after = await ledgerAgrees(ctx, c.projectId);
    expect(after.ledgerGross).toBe(before.ledgerGross + 2800);
    expect(after.ledgerGross).toBe(after.collectedCents);
    expect(after.counters).toEqual({ cents: before.counters.cents + 2800, backers: before.counters.backers });
    expect(after.counters.cents).toBe(after.donations.cents);
    const notices = await noticesOf(bea.user.id, c.projectId, 'api.notification.surveyAddOnsCharged');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.link).toBe(`/backed-projects/${c.beaPledge}/survey`);
    const title = (
      await db()
        .selectFrom('projects')
        .select('title')
        .where('id', '=', c.projectId)
        .executeTakeFirstOrThrow()
    ).title;
    const inbox = await call('GET', '/notifications', bea.headers);
    expect(inbox.json().data.notifications.map((n: { message: string }) => n.message)).toContain(
      `Your add-ons for “${title}” were charged: $28.00.`,
    );

    // Settled: later runs find nothing.
    pastLease();
    expect(await resume()).toEqual({ succeeded: 0, declined: 0, pending: 0 });
    expect(callsFor(key)).toBe(2);
  });

  it('resumes a charge left pending by a crash once, however many runs race, and gives a declined one’s stock back', async () => {
    const c = await collectedCampaign();
    const before = await ledgerAgrees(ctx, c.projectId);
    // As backerPut leaves it when the process dies after its commit: stock claimed, a pending row, no provider call.
    const crashed = async (donationId: number, addOnId: number, quantity: number, priceCents: number) => {
      expect(await claimAddOnStock(db(), addOnId, quantity)).toBe(true);
      return (
        await db()
          .insertInto('survey_charges')
          .values({
            donation_id: donationId,
            project_id: c.projectId,
            amount_cents: priceCents * quantity,
            currency: 'USD',
            lines: JSON.stringify([
              { add_on_id: addOnId, quantity, price_cents: priceCents, shipping_cents: 0 },
            ]),
            attempted_at: new Date(now),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const beaCharge = await crashed(c.beaPledge, c.sticker, 2, 300);
    // Ben's saved card has since stopped working (the test card that declines every later charge).
    await db()
      .updateTable('donations')
      .set({ payment_method: 'pm_sandbox_0341_expired' })
      .where('id', '=', c.benPledge)
      .execute();
    const benCharge = await crashed(c.benPledge, c.sticker, 3, 300);
    expect(await stockOf(c.sticker)).toBe(5);

    pastLease();
    declineCode = 'insufficient_funds';
    const runs = await Promise.all([resume(), resume(), resume()]);
    const total = (outcome: 'succeeded' | 'declined' | 'pending') =>
      runs.reduce((sum, run) => sum + run[outcome], 0);
    expect([total('succeeded'), total('declined'), total('pending')]).toEqual([1, 1, 0]);
    for (const id of [beaCharge, benCharge]) expect(callsFor(`survey-charge-${id}`)).toBe(1);
    expect(surveyChargesMade(c.beaPledge)).toHaveLength(1);

    // Bea's: added once, with its ledger row.
    expect((await chargesOf(c.beaPledge))[0]).toMatchObject({ status: 'succeeded' });
    expect((await surveyLedgerRows(beaCharge)).map((r) => Number(r.gross_cents))).toEqual([600]);
    expect(await pledgeOf(c.beaPledge)).toMatchObject({ amount_cents: 4500 + 600, has_add_ons: true });
    const lines = await db()
      .selectFrom('donation_add_ons')
      .select(['add_on_id', 'quantity'])
      .where('donation_id', '=', c.beaPledge)
      .execute();
    expect(lines).toEqual([{ add_on_id: c.sticker, quantity: 2 }]);
    // Ben's: declined, its stock given back, nothing added, and he is told.
    expect((await chargesOf(c.benPledge))[0]).toMatchObject({ status: 'declined' });
    expect(await stockOf(c.sticker)).toBe(2);
    expect(await pledgeOf(c.benPledge)).toMatchObject({ amount_cents: 1000, has_add_ons: false });
    expect(await noticesOf(ben.user.id, c.projectId, 'api.notification.surveyAddOnsDeclined')).toHaveLength(
      1,
    );
    // The notification says why, in the reader's language.
    const declinedNote = async (language: string) =>
      (await call('GET', '/notifications/', { ...ben.headers, 'accept-language': language })).json().data
        .notifications[0].message as string;
    expect(await declinedNote('en')).toMatch(
      /^The add-ons of “Charge Saga .+” \(\$9\.00\) were not added: the payment did not go through\. Your card has insufficient funds\.$/,
    );
    expect(await declinedNote('de')).toMatch(
      /^Die Extras von „Charge Saga .+“ \(9,00\s\$\) wurden nicht hinzugefügt: Die Zahlung ist nicht durchgegangen\. Ihre Karte ist nicht ausreichend gedeckt\.$/,
    );
    expect(await noticesOf(bea.user.id, c.projectId, 'api.notification.surveyAddOnsCharged')).toHaveLength(1);
    const after = await ledgerAgrees(ctx, c.projectId);
    expect(after.ledgerGross).toBe(before.ledgerGross + 600);
    expect(after.ledgerGross).toBe(after.collectedCents);
    expect(after.counters.cents).toBe(after.donations.cents);

    // Another charge whose provider keeps failing stays pending, tried again after each lease, never twice at once.
    const again = await crashed(c.beaPledge, c.sticker, 1, 300);
    pastLease();
    loseAnswers = 10;
    expect(await resume()).toMatchObject({ pending: 1 });
    expect(await resume()).toMatchObject({ pending: 0 });
    expect(callsFor(`survey-charge-${again}`)).toBe(1);
    loseAnswers = 0;
    pastLease();
    expect(await resume()).toMatchObject({ succeeded: 1 });
    expect(surveyChargesMade(c.beaPledge).map((m) => m.key)).toEqual([
      `survey-charge-${beaCharge}`,
      `survey-charge-${again}`,
    ]);
    expect((await surveyLedgerRows(again)).map((r) => Number(r.gross_cents))).toEqual([300]);
  });

  it('settles once when a slow answer and the job race on the same charge', async () => {
    const c = await collectedCampaign();
    let answer!: () => void;
    slowAnswer = new Promise((resolve) => {
      answer = resolve;
    });
    const slow = call('PUT', `/backers/donations/${c.beaPledge}/survey`, bea.headers, {
      answers: [],
      add_ons: [{ add_on_id: c.sticker, quantity: 1 }],
    });
    await vi.waitFor(async () => expect(await chargesOf(c.beaPledge)).toHaveLength(1), { timeout: 10_000 });
    const [charge] = await chargesOf(c.beaPledge);
    await vi.waitFor(() => expect(callsFor(`survey-charge-${charge!.id}`)).toBe(1), { timeout: 10_000 });
    // The first caller waits on the provider past the lease: the job charges with the same key and settles it.
    pastLease();
    expect(await resume()).toMatchObject({ succeeded: 1 });
    answer();
    const answered = await slow;
    expect(answered.statusCode, answered.body).toBe(200);
    // The first caller finds it settled: nothing is added twice.
    expect(answered.json().add_on_charge).toMatchObject({ status: 'succeeded', amount: 3 });
    expect(surveyChargesMade(c.beaPledge)).toHaveLength(1);
    expect((await surveyLedgerRows(charge!.id)).map((r) => Number(r.gross_cents))).toEqual([300]);
    expect(await pledgeOf(c.beaPledge)).toMatchObject({ amount_cents: 4500 + 300 });
    expect(await stockOf(c.sticker)).toBe(1);
    const after = await ledgerAgrees(ctx, c.projectId);
    expect(after.ledgerGross).toBe(after.collectedCents);
    expect(after.counters.cents).toBe(after.donations.cents);
  });

  it('refunds a pledge with a survey charge payment by payment, once, and its ledger nets to zero', async () => {
    const c = await collectedCampaign();
    const bought = await call('PUT', `/backers/donations/${c.beaPledge}/survey`, bea.headers, {
      answers: [],
      add_ons: [{ add_on_id: c.mug, quantity: 2 }],
    });
    expect(bought.json().add_on_charge).toMatchObject({ status: 'succeeded', amount: 28 });
    const [charge] = await chargesOf(c.beaPledge);
    const first = await db()
      .selectFrom('donations')
      .select('payment_reference')
      .where('id', '=', c.beaPledge)
      .executeTakeFirstOrThrow();
    expect(await stockOf(c.mug)).toBe(2);

    // Ben's add-on charge is still being confirmed: his pledge cannot be refunded until it is settled.
    loseAnswers = 1;
    const pending = await call('PUT', `/backers/donations/${c.benPledge}/survey`, ben.headers, {
      answers: [],
      add_ons: [{ add_on_id: c.sticker, quantity: 1 }],
    });
    expect(pending.json().add_on_charge).toMatchObject({ status: 'pending' });

    const provider = ctx.app.services.payments.provider;
    const refunds = vi.spyOn(provider, 'refund');
    try {
      const early = await call('POST', `/backers/donations/${c.benPledge}/refund`, creator.headers);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'A payment for add-ons of this pledge is still being confirmed; try the refund again in a few minutes.',
      );
      expect(refunds).not.toHaveBeenCalled();
      expect((await pledgeOf(c.benPledge)).status).toBe('SUCCEEDED');

      const refunded = await call('POST', `/backers/donations/${c.beaPledge}/refund`, creator.headers);
      expect(refunded.statusCode, refunded.body).toBe(200);
      // Each payment for its own amount, against its own reference, with its own key.
      expect(refunds.mock.calls.map(([request]) => request)).toEqual([
        {
          paymentReference: first.payment_reference,
          amountCents: 4500,
          currency: 'USD',
          idempotencyKey: `refund-donation-${c.beaPledge}`,
        },
        {
          paymentReference: `pi_sandbox_survey-charge-${charge!.id}`,
          amountCents: 2800,
          currency: 'USD',
          idempotencyKey: `refund-survey-charge-${charge!.id}`,
        },
      ]);
      expect((await chargesOf(c.beaPledge))[0]?.refund_reference).toBe(
        `re_sandbox_refund-survey-charge-${charge!.id}`,
      );
      // A second refund does nothing.
      const twice = await call('POST', `/backers/donations/${c.beaPledge}/refund`, creator.headers);
      expect(twice.statusCode).toBe(409);
      expect(await ctx.app.services.refunds.refund(c.beaPledge)).toBe(false);
      expect(refunds).toHaveBeenCalledTimes(2);
    } finally {
      refunds.mockRestore();
    }

    expect(await pledgeOf(c.beaPledge)).toMatchObject({ status: 'REFUNDED', amount_cents: 7300 });
    // The ledger of the pledge — its payment, its survey charge and the one refund row — nets to zero.
    const rows = await db()
      .selectFrom('ledger_entries')
      .select(['kind', 'gross_cents', 'processing_fee_cents', 'platform_fee_cents', 'net_cents'])
      .where('donation_id', '=', c.beaPledge)
      .execute();
    expect(rows.filter((r) => r.kind === 'refund')).toHaveLength(1);
    const sum = (column: 'gross_cents' | 'processing_fee_cents' | 'platform_fee_cents' | 'net_cents') =>
      rows.reduce((total, r) => total + Number(r[column]), 0);
    expect([
      sum('gross_cents'),
      sum('processing_fee_cents'),
      sum('platform_fee_cents'),
      sum('net_cents'),
    ]).toEqual([0, 0, 0, 0]);
    // The add-ons bought in the survey are the pledge's lines: their stock goes back as the pledge's own would.
    expect(await stockOf(c.mug)).toBe(0);
    const after = await ledgerAgrees(ctx, c.projectId);
    expect(after.ledgerGross).toBe(after.collectedCents);
    expect(after.counters.cents).toBe(after.donations.cents);

    // Once Ben's charge is settled by the job, his pledge can be refunded too: two payments.
    pastLease();
    expect(await resume()).toMatchObject({ succeeded: 1 });
    const refunds2 = vi.spyOn(provider, 'refund');
    try {
      expect(await ctx.app.services.refunds.refund(c.benPledge)).toBe(true);
      expect(refunds2.mock.calls.map(([request]) => request.amountCents)).toEqual([1000, 300]);
    } finally {
      refunds2.mockRestore();
    }
    expect(await stockOf(c.sticker)).toBe(0);
    const final = await ledgerAgrees(ctx, c.projectId);
    expect(final.ledgerGross).toBe(final.collectedCents);
    expect(final.counters.cents).toBe(final.donations.cents);
  });

  it('is scheduled as the survey-charges job', async () => {
    const { scheduledJobs } = await import('../../services');
    const job = scheduledJobs(ctx.app.services).find((j) => j.name === 'survey-charges');
    expect(job?.cron).toBe('* * * * *');
  });
});
