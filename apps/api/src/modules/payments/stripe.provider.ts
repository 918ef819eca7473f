import Stripe from 'stripe';
import { AppError } from '../../errors';
import { toStripeAmount } from './stripe-amounts';
import {
  type ChargeRequest,
  type ChargeResult,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentProvider,
  paymentErrorCode,
  TransferError,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | undefined;
  /** A local fake in tests (STRIPE_API_BASE); Stripe's own API otherwise. */
  apiBase: string | undefined;
}

export function createStripeClient({ secretKey, apiBase }: StripeSettings): Stripe {
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Stripe Checkout Sessions, refunds and signed webhooks; every write carries an idempotency key. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(
    readonly stripe: Stripe,
    private readonly webhookSecret: string | undefined,
  ) {}

  async createCheckout(request: CheckoutRequest) {
    const common = {
      client_reference_id: String(request.donationId),
      metadata: { donation_id: String(request.donationId) },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      expires_at: Math.floor(request.expiresAt.getTime() / 1000),
    };
    const params: Stripe.Checkout.SessionCreateParams =
      request.mode === 'setup'
        ? {
            ...common,
            mode: 'setup',
            currency: request.currency.toLowerCase(),
            ...(request.customerId ? { customer: request.customerId } : {}),
            setup_intent_data: { metadata: common.metadata, description: request.description },
          }
        : {
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency.toLowerCase(),
                  unit_amount: toStripeAmount(request.amountCents, request.currency),
                  product_data: { name: request.description },
                },
              },
            ],
            customer_email: request.customerEmail,
          };
    const session = await this.stripe.checkout.sessions.create(params, {
      idempotencyKey: request.idempotencyKey,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without an address');
    return { sessionId: session.id, url: session.url };
  }

  async createCustomer(request: { userId: number; email: string }) {
    const customer = await this.stripe.customers.create(
      { email: request.email, metadata: { user_id: String(request.userId) } },
      { idempotencyKey: `customer-user-${request.userId}` },
    );
    return { customerId: customer.id };
  }

  /**
   * An off-session PaymentIntent confirmed at once. A decline (or a bank asking the backer to authenticate)
   * comes back as a card error: an outcome the collection records, not a failure of the job.
   */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: toStripeAmount(request.amountCents, request.currency),
          currency: request.currency.toLowerCase(),
          ...(request.customerId ? { customer: request.customerId } : {}),
          payment_method: request.paymentMethod,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: { donation_id: String(request.donationId), attempt: String(request.attempt) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (intent.status === 'succeeded') return { outcome: 'succeeded', paymentReference: intent.id };
      // Only a bank asking the backer to confirm leaves an off-session intent neither paid nor failed.
      return { outcome: 'declined', code: 'authentication_required' };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        return { outcome: 'declined', code: paymentErrorCode(error) };
      }
      throw error;
    }
  }

  async expireCheckout(sessionId: string) {
    await this.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
  }

  async refund(request: {
    paymentReference: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }) {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: request.paymentReference,
        amount: toStripeAmount(request.amountCents, request.currency),
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return { refundId: refund.id };
  }

  async createConnectedAccount(request: { userId: number; email: string }) {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: request.email,
        capabilities: { transfers: { requested: true } },
        metadata: { user_id: String(request.userId) },
      },
      { idempotencyKey: `account-user-${request.userId}` },
    );
    return { accountId: account.id };
  }

  async onboardingLink(request: { accountId: string; returnUrl: string; refreshUrl: string }) {
    const link = await this.stripe.accountLinks.create({
      account: request.accountId,
      return_url: request.returnUrl,
      refresh_url: request.refreshUrl,
      type: 'account_onboarding',
    });
    return { url: link.url };
  }

  async accountStatus(accountId: string) {
    const account = await this.stripe.accounts.retrieve(accountId);
    return {
      payoutsEnabled: account.payouts_enabled ?? false,
      currentlyDue: account.requirements?.currently_due ?? [],
    };
  }

  async transfer(request: {
    accountId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }) {
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: toStripeAmount(request.amountCents, request.currency),
          currency: request.currency.toLowerCase(),
          destination: request.accountId,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { transferId: transfer.id, feeCents: 0 };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new TransferError(
          error.message,
          error.code === 'balance_insufficient' || error.code === 'insufficient_funds',
        );
      }
      throw error;
    }
  }

  async reverseTransfer(request: {
    transferId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }) {
    try {
      const reversal = await this.stripe.transfers.createReversal(
        request.transferId,
        { amount: toStripeAmount(request.amountCents, request.currency) },
        { idempotencyKey: request.idempotencyKey },
      );
      return { reversalId: reversal.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw new TransferError(
          error.message,
          error.code === 'balance_insufficient' || error.code === 'insufficient_funds',
        );
      }
      throw error;
    }
  }

  /** Verifies the signature on the raw body; an unsigned or tampered event is a 400. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.webhookSecret) throw new AppError('SERVICE_UNAVAILABLE', 'api.payments.webhooksNotConfigured');
    if (!signature) throw new AppError('VALIDATION_ERROR', 'api.payments.signatureMissing');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new AppError('VALIDATION_ERROR', 'api.payments.signatureInvalid');
    }
  }

  /** The payment events we act on; null for the rest (acknowledged, ignored). */
  async toPaymentEvent(event: Stripe.Event): Promise<PaymentEvent | null> {
    const reference = (value: string | { id: string } | null) =>
      typeof value === 'string' ? value : (value?.id ?? null);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.mode === 'setup') {
          const setupIntent =
            typeof session.setup_intent === 'string'
              ? await this.stripe.setupIntents.retrieve(session.setup_intent)
              : session.setup_intent;
          const paymentMethod = reference(setupIntent?.payment_method ?? null);
          if (!paymentMethod) return null;
          return {
            id: event.id,
            kind: 'card_saved',
            sessionId: session.id,
            donationId: Number(session.metadata?.donation_id ?? session.client_reference_id) || null,
            paymentMethod,
            customerId: reference(session.customer),
          };
        }
        // A completed session paid by a delayed method is not paid yet: async_payment_succeeded follows.
        if (session.payment_status !== 'paid') return null;
        return {
          id: event.id,
          kind: 'paid',
          sessionId: session.id,
          donationId: Number(session.metadata?.donation_id ?? session.client_reference_id) || null,
          paymentReference: reference(session.payment_intent),
          amountCents: session.amount_total ?? -1,
          currency: (session.currency ?? '').toUpperCase(),
        };
      }
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const donationId = Number(intent.metadata?.donation_id);
        const attempt = Number(intent.metadata?.attempt);
        // Only the off-session charges of a collection carry an attempt; Checkout's own intents are ignored.
        if (!donationId || !attempt) return null;
        return event.type === 'payment_intent.succeeded'
          ? {
              id: event.id,
              kind: 'charge_succeeded',
              donationId,
              attempt,
              paymentReference: intent.id,
              amountCents: intent.amount_received || intent.amount,
              currency: intent.currency.toUpperCase(),
            }
          : {
              id: event.id,
              kind: 'charge_failed',
              donationId,
              attempt,
              code: paymentErrorCode(intent.last_payment_error),
            };
      }
      case 'checkout.session.async_payment_failed':
        return { id: event.id, kind: 'failed', sessionId: event.data.object.id };
      case 'checkout.session.expired':
        return { id: event.id, kind: 'expired', sessionId: event.data.object.id };
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentReference = reference(charge.payment_intent);
        if (!paymentReference) return null;
        return {
          id: event.id,
          kind: 'refunded',
          paymentReference,
          amountCents: charge.amount_refunded,
          currency: charge.currency.toUpperCase(),
        };
      }
      default:
        return null;
    }
  }
}
