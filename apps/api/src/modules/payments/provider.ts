import { exponent, GENERIC_DECLINE_CODE, percentOfMinor } from '@fundry/shared';

export interface CheckoutRequest {
  donationId: number;
  /** `payment` charges now (flexible); `setup` saves a card for a later charge (all-or-nothing, DESIGN.md §10). */
  mode: 'payment' | 'setup';
  /** The provider's customer the saved card belongs to (setup mode). */
  customerId: string | null;
  /** Keys the provider's idempotency: one checkout per pledge, and one per card change. */
  idempotencyKey: string;
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
  | {
      id: string;
      kind: 'card_saved';
      sessionId: string;
      donationId: number | null;
      paymentMethod: string;
      customerId: string | null;
    }
  | {
      id: string;
      kind: 'charge_succeeded';
      donationId: number;
      attempt: number;
      paymentReference: string;
      amountCents: number;
      currency: string;
    }
  | { id: string; kind: 'charge_failed'; donationId: number; attempt: number; code: string }
  | { id: string; kind: 'failed'; sessionId: string }
  | { id: string; kind: 'expired'; sessionId: string }
  | { id: string; kind: 'refunded'; paymentReference: string; amountCents: number; currency: string };

/** An off-session charge of a saved card (collection of an all-or-nothing pledge). */
export interface ChargeRequest {
  donationId: number;
  attempt: number;
  customerId: string | null;
  paymentMethod: string;
  amountCents: number;
  currency: string;
  description: string;
  /** One per pledge and attempt: the same attempt, resumed after a crash, never charges twice. */
  idempotencyKey: string;
}

/** A decline carries the provider's code (`insufficient_funds`), each reader's page and mail saying it in words. */
export type ChargeResult =
  { outcome: 'succeeded'; paymentReference: string } | { outcome: 'declined'; code: string };

/**
 * The code a declined charge stores: Stripe's `decline_code` (the bank's reason) over its error `code` (which says
 * `card_declined` for every bank decline), the generic one when neither says more. Anything that is not shaped as a
 * code is not one, so no provider's sentence is ever stored.
 */
export function paymentErrorCode(
  error: { decline_code?: string | null; code?: string | null } | null | undefined,
) {
  const code = [error?.decline_code, error?.code].find((c) => c && c !== 'generic_decline');
  return code && /^[a-z0-9_]{1,64}$/.test(code) ? code : GENERIC_DECLINE_CODE;
}

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
  /** The provider's customer of a user, made once (the same key returns the same customer). */
  createCustomer(request: { userId: number; email: string }): Promise<{ customerId: string }>;
  /** Charges a saved card off-session; a decline is an outcome, not an error. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** Ends an open checkout so it can no longer be paid. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Refunds a payment in full; the same key never refunds twice. */
  refund(request: {
    paymentReference: string;
    /** Minor units of `currency`, the payment's. */
    amountCents: number;
    currency: string;
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
    /** Minor units of `currency`, the project's: the transfer is made in it. */
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ transferId: string; feeCents: number }>;
  /**
   * Takes a transfer back from the connected account (a suspended project's payouts, DESIGN.md §18); the same key
   * never reverses twice. Throws TransferError when the provider refuses (the account's balance no longer has it).
   */
  reverseTransfer(request: {
    transferId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ reversalId: string }>;
}

/**
 * Card processing: 2.9% + 0.30 of a unit of the charge's currency per successful charge ($0.30: the sandbox's price,
 * and Stripe's standard one), each rounded half-up to the currency's smallest unit (¥0.30 is nothing).
 */
export const processingFeeCents = (grossCents: number, currency: string) =>
  Math.min(grossCents, percentOfMinor(grossCents, 2.9) + percentOfMinor(10 ** exponent(currency), 30));
