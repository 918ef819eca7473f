import { randomBytes } from 'node:crypto';
import { GENERIC_DECLINE_CODE } from '@fundry/shared';
import type { ChargeRequest, ChargeResult, CheckoutRequest, PaymentProvider } from './provider';

/**
 * Stripe's test cards: the first succeeds everywhere; the second is saved but every later charge is declined; the
 * third is declined at checkout (card_declined), as Stripe declines it.
 */
export const SANDBOX_CARDS = {
  succeeds: '4242424242424242',
  declinesLater: '4000000000000341',
  declined: '4000000000000002',
} as const;

/** A test card number as typed, without its spaces and dashes. */
export const cardDigits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

/** Whether the number is the test card that checkout declines. */
export const isDeclinedCard = (cardNumber: string) => cardDigits(cardNumber) === SANDBOX_CARDS.declined;

/** The saved card a test card number stands for; null for a number that is not one of the test cards. */
export function sandboxPaymentMethod(cardNumber: string): string | null {
  const digits = cardDigits(cardNumber);
  if (digits !== SANDBOX_CARDS.succeeds && digits !== SANDBOX_CARDS.declinesLater) return null;
  return `pm_sandbox_${digits.slice(-4)}_${randomBytes(6).toString('hex')}`;
}

/**
 * The built-in provider: its checkout page is served by this app (sandbox.routes.ts) and its Pay button
 * drives the same event handling as a real provider's webhooks. Nothing leaves the machine.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly appUrl: string) {}

  async createCheckout(_request: CheckoutRequest) {
    const sessionId = `cs_sandbox_${randomBytes(12).toString('hex')}`;
    return { sessionId, url: `${this.appUrl}/sandbox/checkout/${sessionId}` };
  }

  async createCustomer(request: { userId: number }) {
    return { customerId: `cus_sandbox_${request.userId}` };
  }

  /** Deterministic per key, as a real provider's idempotency makes it: the card decides the outcome. */
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (request.paymentMethod.startsWith('pm_sandbox_0341_')) {
      return { outcome: 'declined', code: GENERIC_DECLINE_CODE };
    }
    return { outcome: 'succeeded', paymentReference: `pi_sandbox_${request.idempotencyKey}` };
  }

  async expireCheckout() {
    // A sandbox session is only a row of ours: its donation's state decides whether it can be paid.
  }

  async refund(request: { paymentReference: string; idempotencyKey: string }) {
    // Deterministic per key, as a real provider's idempotency makes it.
    return { refundId: `re_sandbox_${request.idempotencyKey}` };
  }

  async createConnectedAccount() {
    return { accountId: `acct_sandbox_${randomBytes(8).toString('hex')}` };
  }

  async onboardingLink(request: { accountId: string }) {
    return { url: `${this.appUrl}/sandbox/connect/${request.accountId}` };
  }

  async accountStatus() {
    // The sandbox onboarding page writes the account's state straight to our row.
    return null;
  }

  async transfer(request: { idempotencyKey: string }) {
    return { transferId: `tr_sandbox_${request.idempotencyKey}`, feeCents: 0 };
  }

  async reverseTransfer(request: { idempotencyKey: string }) {
    return { reversalId: `trr_sandbox_${request.idempotencyKey}` };
  }
}
