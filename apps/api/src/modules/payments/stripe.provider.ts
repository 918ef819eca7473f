import Stripe from 'stripe';
import { AppError } from '../../errors';
import { type CheckoutRequest, type PaymentEvent, type PaymentProvider, TransferError } from './provider';

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
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
          },
        ],
        customer_email: request.customerEmail,
        client_reference_id: String(request.donationId),
        metadata: { donation_id: String(request.donationId) },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      },
      { idempotencyKey: `checkout-donation-${request.donationId}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without an address');
    return { sessionId: session.id, url: session.url };
  }

  async expireCheckout(sessionId: string) {
    await this.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
  }

  async refund(request: { paymentReference: string; amountCents: number; idempotencyKey: string }) {
    const refund = await this.stripe.refunds.create(
      { payment_intent: request.paymentReference, amount: request.amountCents },
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

  async transfer(request: { accountId: string; amountCents: number; idempotencyKey: string }) {
    try {
      const transfer = await this.stripe.transfers.create(
        { amount: request.amountCents, currency: 'usd', destination: request.accountId },
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

  /** Verifies the signature on the raw body; an unsigned or tampered event is a 400. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!this.webhookSecret)
      throw new AppError('SERVICE_UNAVAILABLE', 'Webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    if (!signature) throw new AppError('VALIDATION_ERROR', 'Missing Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new AppError('VALIDATION_ERROR', 'Invalid webhook signature');
    }
  }

  /** The payment events we act on; null for the rest (acknowledged, ignored). */
  toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
    const reference = (value: string | { id: string } | null) =>
      typeof value === 'string' ? value : (value?.id ?? null);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
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
