import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { centsToDollars, formatDollars } from '@fundry/shared';
import type { DB } from '../../db/schema';
import { findDonationBySession, findDonationWithTitles } from '../backing/backing.repository';
import type { PayoutService } from '../payouts/payouts.service';
import type { PaymentService } from './payments.service';

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
<div style="background:#fff3bf;color:#5c3c00;text-align:center;padding:8px;font-size:14px">Sandbox checkout: test mode, no card is charged</div>
<main style="max-width:440px;margin:48px auto;background:#fff;border-radius:16px;padding:32px;box-shadow:0 4px 24px rgba(0,0,0,.08)">
<p style="margin:0 0 24px;font-weight:800;font-size:20px;color:#087f5b">Fundry</p>${body}</main></body></html>`;
}

const button = (label: string, action: string, primary: boolean) =>
  `<form method="post" action="${escape(action)}" style="margin:0"><button type="submit" style="width:100%;padding:14px;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer;${
    primary
      ? 'background:#087f5b;color:#fff;border:0'
      : 'background:#fff;color:#495057;border:1px solid #ced4da'
  }">${escape(label)}</button></form>`;

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
  // The pages' buttons are plain HTML forms: a browser posts them as (empty) url-encoded bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => {
      done(null, {});
    },
  );

  const load = async (session: string) => {
    const ref = await findDonationBySession(db, session);
    return ref ? findDonationWithTitles(db, ref.id) : undefined;
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
