import { percentOfCents } from '@fundry/shared';

export interface CheckoutRequest {
  donationId: number;
  amountCents: number;
  currency: string;
  description: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

/** A provider event in the one shape the payment service understands, whatever the provider. */
export type PaymentEvent =
  | {
      id: string;
      kind: 'paid';
      sessionId: string;
      /** Our donation id from the session's metadata: the event may arrive before we stored the session id. */
      donationId: number | null;
      paymentReference: string | null;
      amountCents: number;
      currency: string;
    }
  | { id: string; kind: 'failed'; sessionId: string }
  | { id: string; kind: 'expired'; sessionId: string }
  | { id: string; kind: 'refunded'; paymentReference: string; amountCents: number; currency: string };

/** A transfer the provider refused; `insufficientFunds` gets its own message (SPEC §8). */
export class TransferError extends Error {
  constructor(
    message: string,
    readonly insufficientFunds: boolean,
  ) {
    super(message);
  }
}

/** The card payment provider (DESIGN.md §6): the built-in sandbox, or Stripe. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Ends an open checkout so it can no longer be paid. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Refunds a payment in full; the same key never refunds twice. */
  refund(request: {
    paymentReference: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /** A creator's connected account, made once per user. */
  createConnectedAccount(request: { userId: number; email: string }): Promise<{ accountId: string }>;
  /** Where the creator finishes (or resumes) the provider's onboarding. */
  onboardingLink(request: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  /** The provider's current word on the account, or null when our own row is the truth (sandbox). */
  accountStatus(accountId: string): Promise<{ payoutsEnabled: boolean; currentlyDue: string[] } | null>;
  /** Moves money to the connected account; throws TransferError when the provider refuses. */
  transfer(request: {
    accountId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ transferId: string; feeCents: number }>;
}

/** Card processing: 2.9% + $0.30 per successful charge (the sandbox's price, and Stripe's standard one). */
export const processingFeeCents = (grossCents: number) =>
  Math.min(grossCents, percentOfCents(grossCents, 2.9) + 30);
