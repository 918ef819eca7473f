import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { centsToDollars, chargeDate, formatDollars } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { findDonationBySession, findPledgeView, type PledgeView } from '../pledges/pledges.repository';
import type { PayoutService } from '../payouts/payouts.service';
import { formatDay, type PaymentService } from './payments.service';
import { sandboxPaymentMethod } from './sandbox.provider';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<title>${escape(title)} · Fundry sandbox checkout</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f3f5;color:#212529">
<div style="background:#fff3bf;color:#5c3c00;text-align:center;padding:8px;font-size:14px">Test mode: no real money moves. This sandbox charges no card and pays out nothing</div>
<main style="max-width:440px;margin:48px auto;background:#fff;border-radius:16px;padding:32px;box-shadow:0 4px 24px rgba(0,0,0,.08)">
<p style="margin:0 0 24px;font-weight:800;font-size:20px;color:#087f5b">Fundry</p>${body}</main></body></html>`;
}

const button = (label: string, action: string, primary: boolean) =>
  `<form method="post" action="${escape(action)}" style="margin:0"><button type="submit" style="width:100%;padding:14px;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer;${
    primary
      ? 'background:#087f5b;color:#fff;border:0'
      : 'background:#fff;color:#495057;border:1px solid #ced4da'
  }">${escape(label)}</button></form>`;

type CheckoutDonation = PledgeView;

/**
 * A setup checkout saves a card and charges nothing: an all-or-nothing pledge being made, a live pledge whose
 * backer changes card, or a declined one being fixed.
 */
const savesCard = (donation: CheckoutDonation) =>
  donation.funding_model === 'all_or_nothing' &&
  (donation.status === 'PENDING'
    ? donation.expires_at.getTime() >= Date.now()
    : donation.status === 'PLEDGED' || donation.status === 'PAYMENT_FAILED');

function cardPage(session: string, donation: CheckoutDonation, amount: string, error: string | null) {
  const fixing = donation.status === 'PAYMENT_FAILED';
  const when = donation.project_end_date ? formatDay(chargeDate(donation.project_end_date)) : null;
  const explanation = fixing
    ? `Your card was declined. Save a card to pay ${amount} now.`
    : donation.status === 'PLEDGED'
      ? `Save the card your pledge of ${amount} will be charged to. Nothing is charged now.`
      : `You will be charged ${amount} on ${when ?? 'the day after the campaign ends'} only if the project reaches its goal.`;
  return page(
    'Save a card',
    `<p style="color:#495057;margin:0">You are backing</p>
<h1 style="font-size:22px;margin:4px 0 16px">${escape(donation.project_title)}</h1>
${donation.reward_title ? `<p style="margin:0 0 8px">Reward: <strong>${escape(donation.reward_title)}</strong></p>` : ''}
<p style="font-size:36px;font-weight:800;margin:16px 0 8px" data-testid="amount">${escape(amount)}</p>
<p style="margin:0 0 20px" data-testid="charge-explanation">${escape(explanation)}</p>
${error ? `<p role="alert" style="color:#c92a2a;margin:0 0 12px">${escape(error)}</p>` : ''}
<form method="post" action="/sandbox/checkout/${escape(session)}/card" style="display:grid;gap:12px;margin:0 0 12px">
<label for="card_number" style="font-weight:600">Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242"
 style="padding:12px;border:1px solid #868e96;border-radius:10px;font-size:16px">
<button type="submit" style="width:100%;padding:14px;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer;background:#087f5b;color:#fff;border:0">${escape(fixing ? `Save card and pay ${amount}` : 'Save card')}</button>
</form>
${donation.status === 'PENDING' ? button('Cancel', `/sandbox/checkout/${session}/cancel`, false) : `<p style="text-align:center"><a href="/projects/${donation.project_id}">Back to the project</a></p>`}`,
  );
}

/**
 * The sandbox provider's checkout page (DESIGN.md §9): Pay completes the payment through the same event
 * handling as a real provider's webhook; Cancel returns to /donation/cancel.
 */
export const sandboxRoutes: FastifyPluginAsync<{
  db: Kysely<DB>;
  payments: PaymentService;
  payouts: PayoutService;
  appUrl: string;
}> = async (app, { db, payments, payouts, appUrl }) => {
  // The pages' buttons are plain HTML forms: a browser posts them url-encoded (the card form has one field).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const load = async (session: string) => {
    const ref = await findDonationBySession(db, session);
    return ref ? findPledgeView(db, { id: ref.id }) : undefined;
  };

  app.get('/checkout/:session', { schema: { hide: true } }, async (request, reply) => {
    const { session } = request.params as { session: string };
    const donation = await load(session);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!donation)
      return reply
        .status(404)
        .send(page('Not found', '<h1 style="font-size:22px">This checkout does not exist.</h1>'));
    const amount = formatDollars(centsToDollars(donation.amount_cents), 2);
    if (savesCard(donation)) return reply.send(cardPage(session, donation, amount, null));
    if (donation.status !== 'PENDING' || donation.expires_at.getTime() < Date.now()) {
      const state = donation.status === 'SUCCEEDED' ? 'has already been paid' : 'is no longer open';
      return reply.send(
        page(
          'Closed',
          `<h1 style="font-size:22px">This checkout ${state}.</h1><p><a href="${escape(`${appUrl}/projects/${donation.project_id}`)}">Back to the project</a></p>`,
        ),
      );
    }
    return reply.send(
      page(
        'Checkout',
        `<p style="color:#868e96;margin:0">You are backing</p>
<h1 style="font-size:22px;margin:4px 0 16px">${escape(donation.project_title)}</h1>
${donation.reward_title ? `<p style="margin:0 0 8px">Reward: <strong>${escape(donation.reward_title)}</strong></p>` : ''}
<p style="font-size:36px;font-weight:800;margin:16px 0 24px" data-testid="amount">${escape(amount)}</p>
<div style="display:grid;gap:12px">${button(`Pay ${amount}`, `/sandbox/checkout/${session}/pay`, true)}${button('Cancel', `/sandbox/checkout/${session}/cancel`, false)}</div>`,
      ),
    );
  });

  app.post('/checkout/:session/pay', { schema: { hide: true } }, async (request, reply) => {
    const { session } = request.params as { session: string };
    const donation = await load(session);
    if (!donation) return reply.redirect(`${appUrl}/donation/cancel`, 303);
    // A checkout that saves a card charges nothing: only its card form completes it.
    if (savesCard(donation)) return reply.redirect(`/sandbox/checkout/${session}`, 303);
    if (donation.status === 'PENDING' && donation.expires_at.getTime() >= Date.now()) {
      await payments.applyEvent({
        id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
        kind: 'paid',
        sessionId: session,
        donationId: donation.id,
        paymentReference: `pi_sandbox_${session}`,
        amountCents: donation.amount_cents,
        currency: donation.currency,
      });
    }
    return reply.redirect(`${appUrl}/donation/success?donation_id=${donation.id}`, 303);
  });

  /** The card form of a setup checkout: a test card is saved through the same event as Stripe's webhook. */
  app.post('/checkout/:session/card', { schema: { hide: true } }, async (request, reply) => {
    const { session } = request.params as { session: string };
    const donation = await load(session);
    if (!donation || !savesCard(donation)) return reply.redirect(`${appUrl}/donation/cancel`, 303);
    const { card_number: cardNumber = '' } = (request.body ?? {}) as { card_number?: string };
    const paymentMethod = sandboxPaymentMethod(cardNumber);
    if (!paymentMethod) {
      const amount = formatDollars(centsToDollars(donation.amount_cents), 2);
      return reply
        .status(422)
        .type('text/html; charset=utf-8')
        .send(
          cardPage(
            session,
            donation,
            amount,
            'This is the sandbox: use the test card 4242 4242 4242 4242, or 4000 0000 0000 0341 for a card that is declined when charged.',
          ),
        );
    }
    await payments.applyEvent({
      id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
      kind: 'card_saved',
      sessionId: session,
      donationId: donation.id,
      paymentMethod,
      customerId: donation.payment_customer,
    });
    return reply.redirect(`${appUrl}/donation/success?donation_id=${donation.id}`, 303);
  });

  app.post('/checkout/:session/cancel', { schema: { hide: true } }, async (request, reply) => {
    const { session } = request.params as { session: string };
    const donation = await load(session);
    if (donation) await payments.cancel(donation.id, donation.donor_id);
    return reply.redirect(`${appUrl}/donation/cancel${donation ? `?donation_id=${donation.id}` : ''}`, 303);
  });

  /** The sandbox provider's onboarding page: finish it, or leave details due, and return to the app. */
  app.get('/connect/:account', { schema: { hide: true } }, async (request, reply) => {
    const { account } = request.params as { account: string };
    const known = await db
      .selectFrom('bank_accounts')
      .select('account_id')
      .where('account_id', '=', account)
      .executeTakeFirst();
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!known)
      return reply
        .status(404)
        .send(page('Not found', '<h1 style="font-size:22px">This account does not exist.</h1>'));
    return reply.send(
      page(
        'Bank account',
        `<h1 style="font-size:22px;margin:0 0 8px">Connect your bank account</h1>
<p style="color:#495057">In the sandbox, no real details are needed. Choose how onboarding ends:</p>
<div style="display:grid;gap:12px;margin-top:24px">${button('Complete onboarding', `/sandbox/connect/${account}/complete`, true)}${button('Leave incomplete', `/sandbox/connect/${account}/incomplete`, false)}</div>`,
      ),
    );
  });

  for (const [action, enabled, due] of [
    ['complete', true, []],
    ['incomplete', false, ['external_account', 'individual.verification.document']],
  ] as const) {
    app.post(`/connect/:account/${action}`, { schema: { hide: true } }, async (request, reply) => {
      const { account } = request.params as { account: string };
      await payouts.accountUpdated(account, enabled, [...due]);
      return reply.redirect(`${appUrl}/connect/callback?account_id=${encodeURIComponent(account)}`, 303);
    });
  }
};
