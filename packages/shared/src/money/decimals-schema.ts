import type { z } from 'zod';
import { hasValidDecimals } from './amounts';
import { exponent } from './currencies';

/** The message of an amount with more decimals than its currency has; it names the currency and its decimals. */
export const CURRENCY_DECIMALS_MESSAGE = 'msg.money.decimals';

/**
 * A request schema's refinement that refuses an amount with more decimals than `currency` has (a cent on JPY, a
 * third decimal on EUR): `z.number().superRefine(currencyDecimals('JPY'))`, or, where a field of the body names
 * the currency, `currencyDecimals(body.currency, ['amount'])(body.amount, ctx)` in the object's `superRefine`.
 * The currency must already be known to be an ISO code (an offered one): an unknown code throws a RangeError.
 */
export function currencyDecimals(currency: string, path?: PropertyKey[]) {
  return (amount: number, ctx: z.RefinementCtx) => {
    if (hasValidDecimals(amount, currency)) return;
    ctx.addIssue({
      code: 'custom',
      message: CURRENCY_DECIMALS_MESSAGE,
      params: { currency, decimals: exponent(currency) },
      input: amount,
      ...(path ? { path } : {}),
    });
  };
}
