import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  chargeDate,
  INSTALMENT_COUNT,
  LOCALE_QUERY_PARAM,
  TEST_MODE_MESSAGE,
  type Translator,
} from '@fundry/shared';
import type { DB } from '../../db/schema';
import { amountWithCents } from '../../i18n';
import { findDonationBySession, findPledgeView, type PledgeView } from '../pledges/pledges.repository';
import type { PayoutService } from '../payouts/payouts.service';
import type { PaymentEventService } from './payment-events.service';
import type { PaymentService } from './payments.service';
import type { CardTestingGuard } from './card-testing.service';
import { isRunningPlan } from '../instalments/instalments.repository';
import { isDeclinedCard, sandboxPaymentMethod } from './sandbox.provider';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A sandbox page in the language of the request (`?lang` > cookie > Accept-Language), marked with it. */
function page(t: Translator, title: string, body: string) {
  return `<!doctype html><html lang="${t.locale}" dir="${t.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<title>${escape(t.t('sandbox.pageTitle', { title }))}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f3f5;color:#212529">
<div style="background:#fff3bf;color:#5c3c00;text-align:center;padding:8px;font-size:14px">${escape(t.t('sandbox.banner', { testMode: t.t(TEST_MODE_MESSAGE) }))}</div>
<main style="max-width:440px;margin:48px auto;background:#fff;border-radius:16px;padding:32px;box-shadow:0 4px 24px rgba(0,0,0,.08)">
<p style="margin:0 0 24px;font-weight:800;font-size:20px;color:#087f5b">Fundry</p>${body}</main></body></html>`;
}

/** A path of the sandbox's own pages that keeps the language the page was shown in. */
const inLanguage = (t: Translator, path: string) =>
  `${path}?${LOCALE_QUERY_PARAM}=${encodeURIComponent(t.locale)}`;

const button = (label: string, action: string, primary: boolean) =>
  `<form method="post" action="${escape(action)}" style="margin:0"><button type="submit" style="width:100%;padding:14px;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer;${
    primary
      ? 'background:#087f5b;color:#fff;border:0'
      : 'background:#fff;color:#495057;border:1px solid #ced4da'
  }">${escape(label)}</button></form>`;

type CheckoutDonation = PledgeView;

/**
 * A setup checkout saves a card and charges nothing: an all-or-nothing pledge being made, a live pledge whose
 * backer changes card (a running plan's too, DESIGN.md §20), or a declined one being fixed. A late pledge (DESIGN.md §16) is paid at once.
 */
const savesCard = (donation: CheckoutDonation) =>
  donation.funding_model === 'all_or_nothing' &&
  !donation.late &&
  (donation.status === 'PENDING'
    ? donation.expires_at.getTime() >= Date.now()
    : donation.status === 'PLEDGED' || donation.status === 'PAYMENT_FAILED' || isRunningPlan(donation));

/** What is being backed: the project, and the reward when there is one. */
const backing = (t: Translator, donation: CheckoutDonation, color: string) =>
  `<p style="color:${color};margin:0">${escape(t.t('sandbox.backing'))}</p>
<h1 style="font-size:22px;margin:4px 0 16px">${escape(donation.project_title)}</h1>
${donation.reward_title ? `<p style="margin:0 0 8px">${escape(t.t('sandbox.rewardLabel'))} <strong>${escape(donation.reward_title)}</strong></p>` : ''}`;

function cardPage(t: Translator, session: string, donation: CheckoutDonation, error: string | null) {
  const fixing = donation.status === 'PAYMENT_FAILED';
  const amount = amountWithCents(t, { cents: donation.amount_cents, currency: donation.currency });
  const explanation = fixing
    ? t.t('sandbox.card.fixing', { amount })
    : donation.status === 'PLEDGED' || isRunningPlan(donation)
      ? t.t('sandbox.card.changing', { amount })
      : donation.project_end_date
        ? t.t(donation.pay_over_time ? 'api.checkout.instalmentRule' : 'api.checkout.chargeRule', {
            amount,
            date: t.calendarDate(chargeDate(donation.project_end_date)),
            count: INSTALMENT_COUNT,
          })
        : t.t('sandbox.card.chargeAfterEnd', { amount });
  return page(
    t,
    t.t('sandbox.card.title'),
    `${backing(t, donation, '#495057')}
<p style="font-size:36px;font-weight:800;margin:16px 0 8px" data-testid="amount">${escape(amount)}</p>
<p style="margin:0 0 20px" data-testid="charge-explanation">${escape(explanation)}</p>
${error ? `<p role="alert" style="color:#c92a2a;margin:0 0 12px">${escape(error)}</p>` : ''}
<form method="post" action="${escape(inLanguage(t, `/sandbox/checkout/${session}/card`))}" style="display:grid;gap:12px;margin:0 0 12px">
<label for="card_number" style="font-weight:600">${escape(t.t('sandbox.card.number'))}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242" dir="ltr"
 style="padding:12px;border:1px solid #868e96;border-radius:10px;font-size:16px">
<button type="submit" style="width:100%;padding:14px;border-radius:10px;font-size:16px;font-weight:600;cursor:pointer;background:#087f5b;color:#fff;border:0">${escape(fixing ? t.t('sandbox.card.saveAndPay', { amount }) : t.t('sandbox.card.save'))}</button>
</form>
${donation.status === 'PENDING' ? button(t.t('sandbox.cancel'), `/sandbox/checkout/${session}/cancel`, false) : `<p style="text-align:center"><a href="/projects/${donation.project_id}">${escape(t.t('sandbox.backToProject'))}</a></p>`}`,
  );
}

/**
 * The sandbox provider's checkout page (DESIGN.md §9): Pay completes the payment through the same event
 * handling as a real provider's webhook; Cancel returns to /donation/cancel.
 */
export const sandboxRoutes: FastifyPluginAsync<{
  db: Kysely<DB>;
  payments: PaymentService;
  events: PaymentEventService;
  payouts: PayoutService;
  cardTesting: CardTestingGuard;
  appUrl: string;
}> = async (app, { db, payments, events, payouts, cardTesting, appUrl }) => {
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
    const t = app.translators.ofPageRequest(request);
    const donation = await load(session);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!donation)
      return reply
        .status(404)
        .send(
          page(
            t,
            t.t('sandbox.notFound'),
            `<h1 style="font-size:22px">${escape(t.t('sandbox.checkout.missing'))}</h1>`,
          ),
        );
    if (savesCard(donation)) return reply.send(cardPage(t, session, donation, null));
    if (donation.status !== 'PENDING' || donation.expires_at.getTime() < Date.now()) {
      const state = t.t(
        donation.status === 'SUCCEEDED' ? 'sandbox.checkout.paid' : 'sandbox.checkout.closed',
      );
      return reply.send(
        page(
          t,
          t.t('sandbox.checkout.closedTitle'),
          `<h1 style="font-size:22px">${escape(state)}</h1><p><a href="${escape(`${appUrl}/projects/${donation.project_id}`)}">${escape(t.t('sandbox.backToProject'))}</a></p>`,
        ),
      );
    }
    const amount = amountWithCents(t, { cents: donation.amount_cents, currency: donation.currency });
    return reply.send(
      page(
        t,
        t.t('sandbox.checkout.title'),
        `${backing(t, donation, '#868e96')}
<p style="font-size:36px;font-weight:800;margin:16px 0 24px" data-testid="amount">${escape(amount)}</p>
<div style="display:grid;gap:12px">${button(t.t('sandbox.checkout.pay', { amount }), inLanguage(t, `/sandbox/checkout/${session}/pay`), true)}${button(t.t('sandbox.cancel'), `/sandbox/checkout/${session}/cancel`, false)}</div>`,
      ),
    );
  });

  app.post('/checkout/:session/pay', { schema: { hide: true } }, async (request, reply) => {
    const { session } = request.params as { session: string };
    const donation = await load(session);
    if (!donation) return reply.redirect(`${appUrl}/donation/cancel`, 303);
    // A checkout that saves a card charges nothing: only its card form completes it.
    if (savesCard(donation)) {
      return reply.redirect(
        inLanguage(app.translators.ofPageRequest(request), `/sandbox/checkout/${session}`),
        303,
      );
    }
    if (donation.status === 'PENDING' && donation.expires_at.getTime() >= Date.now()) {
      await events.applyEvent({
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
    if (isDeclinedCard(cardNumber)) {
      // Declined as Stripe declines it (card_declined), and counted against card testing (DESIGN.md §18).
      await cardTesting.recordDecline({ userId: donation.donor_id, ip: request.ip });
      const t = app.translators.ofPageRequest(request);
      return reply
        .status(402)
        .type('text/html; charset=utf-8')
        .send(cardPage(t, session, donation, t.t('sandbox.card.declined')));
    }
    const paymentMethod = sandboxPaymentMethod(cardNumber);
    if (!paymentMethod) {
      const t = app.translators.ofPageRequest(request);
      return reply
        .status(422)
        .type('text/html; charset=utf-8')
        .send(cardPage(t, session, donation, t.t('sandbox.card.testCards')));
    }
    await events.applyEvent({
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
    const t = app.translators.ofPageRequest(request);
    const known = await db
      .selectFrom('bank_accounts')
      .select('account_id')
      .where('account_id', '=', account)
      .executeTakeFirst();
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!known)
      return reply
        .status(404)
        .send(
          page(
            t,
            t.t('sandbox.notFound'),
            `<h1 style="font-size:22px">${escape(t.t('sandbox.connect.missing'))}</h1>`,
          ),
        );
    return reply.send(
      page(
        t,
        t.t('sandbox.connect.title'),
        `<h1 style="font-size:22px;margin:0 0 8px">${escape(t.t('sandbox.connect.heading'))}</h1>
<p style="color:#495057">${escape(t.t('sandbox.connect.explain'))}</p>
<div style="display:grid;gap:12px;margin-top:24px">${button(t.t('sandbox.connect.complete'), `/sandbox/connect/${account}/complete`, true)}${button(t.t('sandbox.connect.incomplete'), `/sandbox/connect/${account}/incomplete`, false)}</div>`,
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
