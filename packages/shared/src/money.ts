/**
 * Money crosses the API as dollars (at most 2 decimals) and is stored as integer cents.
 * Conversions go through the decimal string so that 19.99 is always 1999, never 1998.
 */

const MAX_CENTS = 100_000_000_000; // $1,000,000,000.00: far beyond any campaign, far below 2^53

export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('Amount must be a finite number');
  if (Math.abs(dollars) > MAX_CENTS / 100) throw new RangeError('Amount is too large');
  // 15 significant digits drop binary noise (0.1 + 0.2) while keeping every real cent.
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(dollars.toPrecision(15));
  if (!match) throw new RangeError('Amount must be a number');
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) {
    throw new RangeError('Amount must have at most 2 decimal places');
  }
  const value = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return sign === '-' && value !== 0 ? -value : value;
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** True when a dollar figure has at most two decimals (0.1 + 0.2 style noise is tolerated); size is another rule. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  if (Math.abs(dollars) > MAX_CENTS / 100) return Number.isInteger(dollars);
  try {
    dollarsToCents(dollars);
    return true;
  } catch {
    return false;
  }
}

/** A percentage of an amount in cents, rounded half-up to the cent. */
export function percentOfCents(cents: number, percent: number): number {
  return Math.floor((cents * percent) / 100 + 0.5);
}
