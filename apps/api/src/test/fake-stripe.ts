import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_fundry_test_secret';

type StripeObject = Record<string, unknown> & { id: string };

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A small local stand-in for the parts of Stripe's API the app calls, so tests run the official SDK over HTTP
 * without a network. It honours idempotency keys the way Stripe does (same key, same answer), and signs
 * webhook events with the SDK's own test header helper.
 */
/** Where each call that moves money carries its amount and currency. */
const MONEY_FIELDS: Record<string, { amount: string; currency: string; charge: boolean }> = {
  '/v1/checkout/sessions': {
    amount: 'line_items[0][price_data][unit_amount]',
    currency: 'line_items[0][price_data][currency]',
    charge: true,
  },
  '/v1/payment_intents': { amount: 'amount', currency: 'currency', charge: true },
  '/v1/transfers': { amount: 'amount', currency: 'currency', charge: false },
};

/**
 * Stripe's minimum charge in the smallest unit of a few currencies (https://stripe.com/docs/currencies#minimum-and-
 * maximum-charge-amounts): an amount sent in the wrong unit (¥500 as 5) falls below it.
 */
const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, jpy: 50, brl: 50, cad: 50 };

function moneyProblem(currency: string | null, amount: string | null, charge: boolean): string | null {
  if (!currency || !/^[a-z]{3}$/.test(currency)) return `Invalid currency: ${currency}`;
  if (!(currency in MINIMUM_CHARGE)) return `Currency not supported by this fake: ${currency}`;
  if (!amount || !/^\d+$/.test(amount)) return `Invalid integer: ${amount}`;
  const minimum = charge ? MINIMUM_CHARGE[currency]! : 1;
  if (Number(amount) < minimum) return `Amount must be at least ${minimum}`;
  return null;
}

/**
 * Stripe's test payment methods that are saved but decline every charge, each with the error Stripe answers: its
 * code, the bank's decline code and Stripe's English message (which Fundry must not store).
 */
const DECLINING_PAYMENT_METHODS: Record<string, { code: string; decline_code?: string; message: string }> = {
  pm_card_chargeCustomerFail: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', message: 'Your card has expired.' },
};

export async function startFakeStripe({
  /** Time each PaymentIntent takes, as a real network round trip does (it widens a crash window in tests). */
  paymentIntentDelayMs = 0,
  /** Time each refund takes, likewise. */
  refundDelayMs = 0,
}: { paymentIntentDelayMs?: number; refundDelayMs?: number } = {}) {
  const sessions = new Map<string, StripeObject>();
  const refunds: StripeObject[] = [];
  const byIdempotencyKey = new Map<string, StripeObject>();
  const inFlight = new Set<string>();
  const requests: { method: string; path: string; idempotencyKey: string | undefined }[] = [];
  let failNextCheckout = false;
  let failNextTransfer: string | null = null;
  const accounts = new Map<string, StripeObject>();
  const transfers: StripeObject[] = [];
  const reversals: StripeObject[] = [];
  let failNextReversal = false;
  const customers = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  /** Every PaymentIntent made, one per idempotency key: the provider's own record of what it charged. */
  const paymentIntents: StripeObject[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      const key = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path, idempotencyKey: key });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(4).toString('hex')}`,
        });
        response.end(JSON.stringify(body));
      };
      if (key && byIdempotencyKey.has(key)) {
        const stored = byIdempotencyKey.get(key)!;
        return send('error' in stored ? 402 : 200, stored);
      }
      // As Stripe answers a key whose first request is still being processed.
      if (key && inFlight.has(key)) {
        return send(409, {
          error: {
            type: 'idempotency_error',
            message: 'There is currently another in-progress request using this Idempotent Key.',
          },
        });
      }
      if (key) inFlight.add(key);
      response.once('finish', () => key && inFlight.delete(key));
      const form = request.method === 'POST' ? await readForm(request) : new URLSearchParams();
      const remember = (object: StripeObject) => {
        if (key) byIdempotencyKey.set(key, object);
        return send(200, object);
      };
      // As Stripe does: a known currency in lower case, and an amount of at least its minimum charge.
      const money = MONEY_FIELDS[path];
      if (request.method === 'POST' && money && form.has(money.amount)) {
        const problem = moneyProblem(form.get(money.currency), form.get(money.amount), money.charge);
        if (problem) return send(400, { error: { type: 'invalid_request_error', message: problem } });
      }

      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        if (failNextCheckout) {
          failNextCheckout = false;
          return send(400, { error: { type: 'invalid_request_error', message: 'Simulated failure' } });
        }
        const id = `cs_test_${randomBytes(10).toString('hex')}`;
        if (form.get('mode') === 'setup') {
          const setupIntent: StripeObject = {
            id: `seti_test_${randomBytes(10).toString('hex')}`,
            object: 'setup_intent',
            customer: form.get('customer'),
            payment_method: null,
            status: 'requires_payment_method',
            metadata: { donation_id: form.get('setup_intent_data[metadata][donation_id]') },
          };
          setupIntents.set(setupIntent.id, setupIntent);
          const session: StripeObject = {
            id,
            object: 'checkout.session',
            mode: 'setup',
            url: `https://checkout.stripe.test/c/setup/${id}`,
            currency: form.get('currency'),
            customer: form.get('customer'),
            setup_intent: setupIntent.id,
            status: 'open',
            client_reference_id: form.get('client_reference_id'),
            metadata: { donation_id: form.get('metadata[donation_id]') },
            success_url: form.get('success_url'),
            cancel_url: form.get('cancel_url'),
            expires_at: Number(form.get('expires_at')),
          };
          sessions.set(id, session);
          return remember(session);
        }
        const session: StripeObject = {
          id,
          mode: 'payment',
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: `pi_test_${randomBytes(10).toString('hex')}`,
          client_reference_id: form.get('client_reference_id'),
          metadata: { donation_id: form.get('metadata[donation_id]') },
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          expires_at: Number(form.get('expires_at')),
        };
        sessions.set(id, session);
        return remember(session);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (request.method === 'POST' && expire?.[1]) {
        const session = sessions.get(expire[1]);
        if (!session)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
        session.status = 'expired';
        return remember(session);
      }
      if (request.method === 'POST' && path === '/v1/customers') {
        const customer: StripeObject = {
          id: `cus_test_${randomBytes(8).toString('hex')}`,
          object: 'customer',
          email: form.get('email'),
        };
        customers.set(customer.id, customer);
        return remember(customer);
      }
      const setupIntent = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && setupIntent?.[1]) {
        const found = setupIntents.get(setupIntent[1]);
        return found
          ? send(200, found)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such setup intent' } });
      }
      if (request.method === 'POST' && path === '/v1/payment_intents') {
        if (paymentIntentDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, paymentIntentDelayMs));
        const decline = DECLINING_PAYMENT_METHODS[form.get('payment_method') ?? ''];
        const declined = decline !== undefined;
        const intent: StripeObject = {
          id: `pi_test_${randomBytes(10).toString('hex')}`,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          amount_received: declined ? 0 : Number(form.get('amount')),
          currency: form.get('currency'),
          customer: form.get('customer'),
          payment_method: form.get('payment_method'),
          off_session: form.get('off_session') === 'true',
          status: declined ? 'requires_payment_method' : 'succeeded',
          metadata: {
            donation_id: form.get('metadata[donation_id]'),
            attempt: form.get('metadata[attempt]'),
          },
        };
        paymentIntents.push(intent);
        const body = declined
          ? {
              error: { type: 'card_error', ...decline, payment_intent: intent },
            }
          : intent;
        if (key) byIdempotencyKey.set(key, body as StripeObject);
        return send(declined ? 402 : 200, body);
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        if (refundDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, refundDelayMs));
        const refund: StripeObject = {
          id: `re_test_${randomBytes(10).toString('hex')}`,
          object: 'refund',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        };
        refunds.push(refund);
        return remember(refund);
      }
      if (request.method === 'POST' && path === '/v1/accounts') {
        const account: StripeObject = {
          id: `acct_test_${randomBytes(8).toString('hex')}`,
          object: 'account',
          email: form.get('email'),
          payouts_enabled: false,
          requirements: { currently_due: ['external_account'] },
        };
        accounts.set(account.id, account);
        return remember(account);
      }
      const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && account?.[1]) {
        const found = accounts.get(account[1]);
        return found
          ? send(200, found)
          : send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
      }
      if (request.method === 'POST' && path === '/v1/account_links') {
        return send(200, {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/${form.get('account')}`,
          return_url: form.get('return_url'),
        });
      }
      const reversalOf = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
      if (request.method === 'POST' && reversalOf?.[1]) {
        if (failNextReversal) {
          failNextReversal = false;
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'insufficient_funds',
              message: 'The connected account does not have enough funds for this reversal.',
            },
          });
        }
        const reversal: StripeObject = {
          id: `trr_test_${randomBytes(8).toString('hex')}`,
          object: 'transfer_reversal',
          amount: Number(form.get('amount')),
          transfer: reversalOf[1],
        };
        reversals.push(reversal);
        return remember(reversal);
      }
      if (request.method === 'POST' && path === '/v1/transfers') {
        if (failNextTransfer) {
          const code = failNextTransfer;
          failNextTransfer = null;
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code,
              message: 'Your balance is too low for this transfer.',
            },
          });
        }
        const transfer: StripeObject = {
          id: `tr_test_${randomBytes(8).toString('hex')}`,
          object: 'transfer',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          destination: form.get('destination'),
        };
        transfers.push(transfer);
        return remember(transfer);
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unknown route ${request.method} ${path}` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sdk = new Stripe('sk_test_fundry');

  return {
    url,
    sessions,
    customers,
    setupIntents,
    paymentIntents,
    /** Completes a setup session with a test payment method, as Stripe's hosted page does. */
    completeSetup(sessionId: string, paymentMethod = 'pm_card_visa') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No setup session ${sessionId}`);
      const intent = setupIntents.get(String(session.setup_intent));
      if (!intent) throw new Error(`No setup intent for ${sessionId}`);
      intent.payment_method = paymentMethod;
      intent.status = 'succeeded';
      session.status = 'complete';
      return session;
    },
    /** What the provider holds as charged: succeeded PaymentIntents, in cents. */
    chargedCents: () =>
      paymentIntents
        .filter((intent) => intent.status === 'succeeded')
        .reduce((sum, i) => sum + Number(i.amount), 0),
    refunds,
    requests,
    accounts,
    transfers,
    reversals,
    /** The next transfer reversal is refused, as Stripe refuses one the connected account can no longer cover. */
    failNextReversal: () => {
      failNextReversal = true;
    },
    failNextTransfer: (code = 'balance_insufficient') => {
      failNextTransfer = code;
    },
    failNextCheckout: () => {
      failNextCheckout = true;
    },
    /** A signed webhook delivery, as Stripe would send it. */
    signedEvent(
      type: string,
      object: Record<string, unknown>,
      id = `evt_${randomBytes(10).toString('hex')}`,
    ) {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type,
        api_version: '2024-06-20',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const signature = sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return { id, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
