import { describe, expect, it } from 'vitest';
import { paymentErrorCode } from './provider';

describe('paymentErrorCode', () => {
  it('keeps the bank’s decline code over Stripe’s error code, which is card_declined for every bank decline', () => {
    expect(paymentErrorCode({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'insufficient_funds',
    );
    expect(paymentErrorCode({ code: 'expired_card' })).toBe('expired_card');
    expect(paymentErrorCode({ code: 'card_declined', decline_code: 'generic_decline' })).toBe(
      'card_declined',
    );
  });

  it('keeps a code it does not know (the reader sees the generic decline), but never words', () => {
    expect(paymentErrorCode({ code: 'card_declined', decline_code: 'new_kind_of_decline' })).toBe(
      'new_kind_of_decline',
    );
    expect(paymentErrorCode({ code: 'Your card was declined.' })).toBe('card_declined');
    expect(paymentErrorCode({})).toBe('card_declined');
    expect(paymentErrorCode(null)).toBe('card_declined');
  });
});
