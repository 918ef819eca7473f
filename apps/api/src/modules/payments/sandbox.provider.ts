import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, PaymentProvider } from './provider';

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
}
