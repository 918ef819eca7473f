import { fromMinorUnits, hasAtMostDecimals, percentOfMinor, toMinorUnits } from './amounts';

/**
 * SPEC's dollars: the USD case of amounts.ts (DESIGN.md §15), for the code written before currencies. They name
 * USD's two decimals rather than look them up, so a page that only shows dollars does not load the ISO table.
 */

const USD_DECIMALS = 2;

export function dollarsToCents(dollars: number): number {
  return toMinorUnits(dollars, USD_DECIMALS);
}

export function centsToDollars(cents: number): number {
  return fromMinorUnits(cents, USD_DECIMALS);
}

/** True when a dollar figure has at most two decimals (0.1 + 0.2 style noise is tolerated); size is another rule. */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  return hasAtMostDecimals(dollars, USD_DECIMALS);
}

/** A percentage of an amount in cents, rounded half-up to the cent. */
export function percentOfCents(cents: number, percent: number): number {
  return percentOfMinor(cents, percent);
}
