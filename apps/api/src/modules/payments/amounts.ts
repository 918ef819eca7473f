import {
  CURRENCY_DECIMALS_MESSAGE,
  exponent,
  hasValidDecimals,
  majorToMinor,
  type OfferableCurrency,
  PLEDGE_LIMITS,
} from '@fundry/shared';
import { AppError } from '../../errors';

/** The messages of a pledge-sized amount out of its currency's limits; they quote the limit and the currency. */
export interface LimitMessages {
  min: string;
  max: string;
}

function refuse(field: string, message: string, values: Record<string, unknown>): never {
  throw new AppError('VALIDATION_ERROR', message, { [field]: [message] }, undefined, values);
}

/**
 * An amount as the API sends it (major units of `currency`) as integer minor units, or the 400 naming the rule it
 * breaks: more decimals than the currency has (a decimal on JPY), or — when `limits` are given — out of the
 * currency's pledge limits. Request schemas cannot check these: the currency is the project's, known here.
 */
export function minorUnitsIn(
  amount: number,
  currency: string,
  field: string,
  limits?: LimitMessages,
): number {
  if (!hasValidDecimals(amount, currency)) {
    refuse(field, CURRENCY_DECIMALS_MESSAGE, { currency, decimals: exponent(currency) });
  }
  if (limits) {
    const { min, max } = PLEDGE_LIMITS[currency as OfferableCurrency];
    if (amount < min) refuse(field, limits.min, { MIN_PLEDGE_DOLLARS: min, PLEDGE_CURRENCY: currency });
    if (amount > max) refuse(field, limits.max, { MAX_PLEDGE_DOLLARS: max, PLEDGE_CURRENCY: currency });
  }
  return majorToMinor(amount, currency);
}
